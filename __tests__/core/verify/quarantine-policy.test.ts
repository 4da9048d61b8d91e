/** What the quarantine decides (docs/design.md §1 "Quarantine and flaky gates"): entry states, matching, and when a failure is excused. */
import { parseQuarantine } from '../../../src/core/quarantine/parse.js'
import { schemaLibrary } from '../../../src/core/base/schema-library.js'
import { entryMatches, entryState, excusedFailure } from '../../../src/core/verify/quarantine-policy.js'
import { excuseOf, flakyGate } from '../../../src/core/verify/quarantine-step.js'
import type { AttemptResult } from '../../../src/core/attempt/result.js'
import type { RunSettings } from '../../../src/core/inputs/settings.js'
import { failedAttempt } from '../../helpers/attempts.js'

/** zod's members, as the quarantine file's reader is given them. */
const library = await schemaLibrary()

const ENTRY = { test: 'net fetches config', owner: '@team', reason: 'proxy', added: '2026-12-01', expires: '2026-12-20' }

describe('entryState', () => {
  test.each([
    ['2026-12-12', { kind: 'active' }],
    ['2026-12-13', { kind: 'expiring', daysLeft: 7 }],
    ['2026-12-20', { kind: 'expiring', daysLeft: 0 }],
    ['2026-12-21', { kind: 'expired', since: 1 }]
  ])('on %s', (today, state) => {
    expect(entryState(ENTRY, today)).toEqual(state)
  })
})

test('an entry matches its name, and its file and suite when it gives them', () => {
  expect(entryMatches(ENTRY, { name: 'net fetches config' })).toBe(true)
  expect(entryMatches(ENTRY, { name: 'net fetches config ' })).toBe(false)
  const pinned = { ...ENTRY, file: 'src/net.test.js', suite: 'net' }
  expect(entryMatches(pinned, { name: 'net fetches config', file: 'src/net.test.js', classname: 'net' })).toBe(true)
  expect(entryMatches(pinned, { name: 'net fetches config', file: 'src/other.test.js', classname: 'net' })).toBe(false)
  expect(entryMatches(pinned, { name: 'net fetches config', file: 'src/net.test.js', classname: 'other' })).toBe(false)
})

/** A failed attempt whose results name `names` as failed. */
function attempt(names: string[], changes: Partial<AttemptResult> = {}, counted = names.length): AttemptResult {
  return failedAttempt({
    tests: {
      files: ['junit.xml'],
      total: 10,
      passed: 10 - counted,
      failed: counted,
      errors: 0,
      skipped: 0,
      failedTests: names.map(name => ({ name, outcome: 'failed' as const })),
      recovered: [],
      warnings: []
    },
    ...changes
  })
}

describe('excusedFailure: only a failure that is entirely quarantined tests', () => {
  test('every failed test quarantined: excused, with its entry', () => {
    expect(excusedFailure(attempt(['net fetches config']), [ENTRY])).toEqual([
      { test: { name: 'net fetches config', outcome: 'failed' }, entry: ENTRY }
    ])
  })
  test.each([
    ['another test failed too', attempt(['net fetches config', 'api returns the user'])],
    ['the results list fewer failures than they count', attempt(['net fetches config'], {}, 2)],
    ['no results', attempt([], { tests: undefined })],
    ['every test passed (a crash after the tests)', attempt([])],
    ['the attempt timed out', attempt(['net fetches config'], { timedOut: true })],
    [
      'expect-file failed as well',
      attempt(['net fetches config'], {
        checks: [
          { expectation: 'expect-exit', ok: false, detail: '' },
          { expectation: 'expect-file', ok: false, detail: '' }
        ]
      })
    ]
  ])('not when %s', (_label, failed) => {
    expect(excusedFailure(failed, [ENTRY])).toBeUndefined()
  })
})

describe('flakyGate', () => {
  const settings = (failOnFlaky: boolean, maxFlakyTests?: number) =>
    ({ failOnFlaky, ...(maxFlakyTests !== undefined && { maxFlakyTests }) }) as RunSettings
  const context = { entries: [ENTRY], today: '2026-12-02' }
  test('no gate set: nothing', () => {
    expect(flakyGate(settings(false), ['a'], undefined)).toBeUndefined()
  })
  test('fail-on-flaky: fails an unquarantined flaky test, and a flaky pass no result names', () => {
    expect(flakyGate(settings(true), ['a', 'net fetches config'], context)).toMatchObject({ gate: 'fail-on-flaky', tests: ['a'] })
    expect(flakyGate(settings(true), ['net fetches config'], context)).toBeUndefined()
    expect(flakyGate(settings(true), [], context)?.message).toContain('the command (its results name no flaky test)')
  })
  test('an expired entry does not cover a flaky test', () => {
    expect(flakyGate(settings(true), ['net fetches config'], { ...context, today: '2027-01-01' })).toMatchObject({ gate: 'fail-on-flaky' })
  })
  test('max-flaky-tests counts the unquarantined flaky tests', () => {
    expect(flakyGate(settings(false, 1), ['a', 'b'], context)).toMatchObject({ gate: 'max-flaky-tests', tests: ['a', 'b'] })
    expect(flakyGate(settings(false, 1), ['a', 'net fetches config'], context)).toBeUndefined()
    expect(flakyGate(settings(false, 0), [], context)).toMatchObject({ gate: 'max-flaky-tests' })
  })
})

describe('parseQuarantine', () => {
  // A day after every `added` below.
  const parse = (text: string, today = '2027-01-01') => parseQuarantine(text, 'quarantine: q.yml', today, library)
  test('an empty file, or an empty list, quarantines nothing', () => {
    expect(parse('')).toEqual([])
    expect(parse('quarantine:\n')).toEqual([])
  })
  test('a full entry, with an issue number and a file', () => {
    expect(
      parse(`quarantine:\n  - {test: a, file: src/a.js, owner: "@t", reason: r, added: 2026-12-01, expires: 2027-03-01, issue: 812}\n`)
    ).toEqual([{ test: 'a', file: 'src/a.js', owner: '@t', reason: 'r', added: '2026-12-01', expires: '2027-03-01', issue: '812' }])
  })
  test.each([
    ['[1, 2]', 'must be a mapping whose key `quarantine` holds the list of entries'],
    ['skip: []', "unknown top-level key 'skip'; only `quarantine` is defined"],
    ['quarantine: {test: a}', '`quarantine` must be a list of entries'],
    ['quarantine: [a]', 'entry 1: must be a mapping with test, owner, reason, added and expires'],
    [
      'quarantine: [{test: a, owner: o, reason: r, added: 2026-02-30, expires: 2026-03-01}]',
      "entry 1 ('a'): added is not a date written YYYY-MM-DD"
    ],
    [
      'quarantine: [{test: a, owner: o, reason: r, added: 2026-03-02, expires: 2026-03-01}]',
      "entry 1 ('a'): expires 2026-03-01 is before added 2026-03-02"
    ],
    [
      'quarantine: [{test: a, owner: o, reason: r, added: 2026-03-02, expires: 2026-03-03, team: x}]',
      "entry 1 ('a'): unknown field 'team'"
    ],
    ['quarantine: [{test: a, owner: 5, reason: r, added: 2026-03-02, expires: 2026-03-03}]', "entry 1 ('a'): owner must be text"],
    ['quarantine: [{test: "", owner: o, reason: r, added: 2026-03-02, expires: 2026-03-03}]', "entry 1 (''): test is empty"]
  ])('%s', (text, message) => {
    expect(() => parse(text)).toThrow(`quarantine: q.yml: ${message}`)
  })
  test('90 days is allowed, 91 is not', () => {
    expect(parse('quarantine: [{test: a, owner: o, reason: r, added: 2026-12-01, expires: 2027-03-01}]')).toHaveLength(1)
    expect(() => parse('quarantine: [{test: a, owner: o, reason: r, added: 2026-12-01, expires: 2027-03-02}]')).toThrow(
      "entry 1 ('a'): expires 2027-03-02 is 91 days after added 2026-12-01; at most 90 days (2027-03-01) are allowed"
    )
  })
  test('an entry added after today is refused: the 90 days count from no later than today', () => {
    const dated = (added: string, expires: string) => `quarantine: [{test: a, owner: o, reason: r, added: ${added}, expires: ${expires}}]`
    expect(parse(dated('2026-12-06', '2027-03-01'), '2026-12-06')).toHaveLength(1)
    expect(() => parse(dated('2026-12-07', '2027-03-01'), '2026-12-06')).toThrow(
      "quarantine: q.yml: entry 1 ('a'): added 2026-12-07 is after today (2026-12-06, UTC); date an entry the day it is written"
    )
    expect(() => parse(dated('2099-01-01', '2099-03-01'), '2026-12-06')).toThrow("entry 1 ('a'): added 2099-01-01 is after today")
  })
  test('a parser limit is the same one line: an alias bomb, nesting past the stack', () => {
    const bomb = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for (const [previous, name] of ['ab', 'bc', 'cd', 'de', 'ef', 'fg', 'gh', 'hi', 'ij'] as const)
      bomb.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`)
    bomb.push('quarantine: *j')
    const message = (text: string) => {
      try {
        parse(text)
      } catch (error) {
        return { name: (error as Error).name, message: (error as Error).message }
      }
      return undefined
    }
    expect(message(bomb.join('\n'))).toEqual({
      name: 'UsageError',
      message: 'quarantine: q.yml: cannot be read as YAML: its aliases expand to too much (at most 100 are read)'
    })
    expect(message(`quarantine: ${'['.repeat(200_000)}${']'.repeat(200_000)}`)).toEqual({
      name: 'UsageError',
      message: expect.stringMatching(/^quarantine: q\.yml: not valid YAML at line 1, column \d+: it is nested too deeply$/)
    })
  })
  test('the same name in two files is two entries', () => {
    expect(
      parse(
        'quarantine: [{test: a, file: x.js, owner: o, reason: r, added: 2026-12-01, expires: 2026-12-02}, {test: a, file: y.js, owner: o, reason: r, added: 2026-12-01, expires: 2026-12-02}]'
      )
    ).toHaveLength(2)
  })
})

describe('excuseOf: what excused a verified attempt', () => {
  const context = { entries: [ENTRY], today: '2026-12-02' }
  test('an attempt read back from the trace (verified, a failed check, no record of why) is judged again from its results', () => {
    const resumed = attempt(['net fetches config'], { verified: true })
    expect(excuseOf(resumed, context)).toEqual([{ test: { name: 'net fetches config', outcome: 'failed' }, entry: ENTRY }])
  })
  test('an attempt verified by its checks has no excuse; an unverified one neither', () => {
    expect(
      excuseOf(attempt([], { verified: true, checks: [{ expectation: 'expect-exit', ok: true, detail: '' }] }), context)
    ).toBeUndefined()
    expect(excuseOf(attempt(['net fetches config']), context)).toBeUndefined()
  })
})
