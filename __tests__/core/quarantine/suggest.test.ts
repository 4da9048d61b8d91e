/**
 * Quarantine suggestions (docs/design.md §1 "The quarantine command"): the flake rate is the
 * runs a test flaked, failed or was quarantined in over the runs with test results; the
 * entries are YAML that the file's parser accepts once the owner is filled in.
 */
import { addDays } from '../../../src/core/quarantine/dates.js'
import { OWNER_PLACEHOLDER, type QuarantineEntry } from '../../../src/core/quarantine/file.js'
import { parseQuarantine } from '../../../src/core/quarantine/parse.js'
import { schemaLibrary } from '../../../src/core/base/schema-library.js'
import { suggestQuarantine, suggestionReason } from '../../../src/core/quarantine/suggest.js'
import { suggestionYaml } from '../../../src/core/quarantine/suggestion-yaml.js'
import type { Receipt } from '../../../src/core/receipts/receipt.js'
import { makeReceipt } from '../../helpers/receipts.js'

/** zod's members, as the quarantine file's reader is given them. */
const library = await schemaLibrary()

const TODAY = '2026-12-02'

/** Ten runs with results; `plan[i]` lists what went wrong in run i. */
function history(plan: Record<number, { failed?: string[]; flaky?: string[]; quarantined?: string[] }>): Receipt[] {
  return Array.from({ length: 10 }, (_, index) => {
    const { failed = [], flaky = [], quarantined = [] } = plan[index] ?? {}
    return makeReceipt({
      started_at: `2026-11-${String(20 + index).padStart(2, '0')}T08:00:00.000Z`,
      status: failed.length > quarantined.length ? 'failed' : 'passed',
      tests: { total: 12, failed, flaky },
      ...(quarantined.length > 0 && { quarantined })
    })
  })
}

test('3 bad runs of 10 reach a rate of 0.3 (compared as ratios, not 0.3 × 10)', () => {
  const receipts = history({ 0: { flaky: ['a'] }, 3: { failed: ['a'] }, 6: { failed: ['a'], quarantined: ['a'] }, 8: { flaky: ['b'] } })
  const [suggestion, ...rest] = suggestQuarantine(receipts, { minRuns: 10, rate: 0.3 })
  expect(rest).toEqual([])
  expect(suggestion).toEqual({ test: 'a', runs: 10, flaky: 1, failed: 1, quarantined: 1, rate: 0.3, since: '2026-11-20' })
  expect(suggestionReason(suggestion!)).toBe('flaked or failed in 3 of 10 runs since 2026-11-20 (1 flaky, 1 failed, 1 quarantined)')
})

test('fewer runs than min-runs, or a test that already has an entry: no suggestion', () => {
  const receipts = history({ 0: { flaky: ['a'] }, 1: { flaky: ['a'] }, 2: { flaky: ['a'] }, 3: { flaky: ['a'] } })
  expect(suggestQuarantine(receipts, { minRuns: 11, rate: 0.3 })).toEqual([])
  const existing = [{ test: 'a', owner: 'x', reason: 'y', added: TODAY, expires: TODAY }] satisfies QuarantineEntry[]
  expect(suggestQuarantine(receipts, { minRuns: 10, rate: 0.3, existing })).toEqual([])
  expect(suggestQuarantine(receipts.slice(0, 0), { minRuns: 0, rate: 0 })).toEqual([])
})

test('a running receipt or one without results is not a run', () => {
  const receipts = history({ 0: { flaky: ['a'] }, 1: { flaky: ['a'] }, 2: { flaky: ['a'] } })
  receipts[5] = { ...receipts[5]!, status: 'running', ended_at: null }
  receipts[6] = { ...receipts[6]!, tests: undefined }
  expect(suggestQuarantine(receipts, { minRuns: 8, rate: 0.375 }).map(s => [s.test, s.runs])).toEqual([['a', 8]])
  expect(suggestQuarantine(receipts, { minRuns: 9, rate: 0 })).toEqual([])
})

test('whatever a test is called, the YAML round-trips once the owner is filled in', () => {
  const names = ['api › returns: "the user" #1', '- starts with a dash', "it's { odd } [really] & *so* | >", 'yes', '2026-12-02']
  const receipts = history(Object.fromEntries(names.map((_, index) => [index, { flaky: names }])))
  const suggestions = suggestQuarantine(receipts, { minRuns: 10, rate: 0.3 })
  expect(suggestions.map(s => s.test).sort()).toEqual([...names].sort())
  const { yaml, items } = suggestionYaml(suggestions, TODAY)
  expect(items).toBe(false)
  const entries = parseQuarantine(yaml.replaceAll(OWNER_PLACEHOLDER, '@acme/qa'), 'test', TODAY, library)
  expect(entries.map(entry => entry.test).sort()).toEqual([...names].sort())
  expect(entries.every(entry => entry.added === TODAY && entry.expires === addDays(TODAY, 30))).toBe(true)
  expect(entries[0]!.reason).toBe('flaked in 5 of 10 runs since 2026-11-20')
})

test('with a file: items at its indentation; a file without the key gets a whole file', () => {
  const suggestions = suggestQuarantine(history({ 0: { flaky: ['a'] }, 1: { flaky: ['a'] }, 2: { flaky: ['a'] } }), {
    minRuns: 1,
    rate: 0.3
  })
  const entry = ['- test: b', '  owner: "@x"', '  reason: r', `  added: ${TODAY}`, `  expires: ${TODAY}`]
  for (const indent of [0, 2, 6]) {
    const existing = `# header\nquarantine:\n${entry.map(line => ' '.repeat(indent) + line).join('\n')}\n`
    const { yaml, items } = suggestionYaml(suggestions, TODAY, existing)
    expect(items).toBe(true)
    expect(yaml.startsWith(`${' '.repeat(indent)}- test: a\n`)).toBe(true)
    expect(parseQuarantine(existing + yaml.replaceAll(OWNER_PLACEHOLDER, 'me'), 'test', TODAY, library).map(e => e.test)).toEqual([
      'b',
      'a'
    ])
  }
  expect(suggestionYaml(suggestions, TODAY, '# nothing yet\n').items).toBe(false)
  const empty = 'quarantine:\n'
  expect(
    parseQuarantine(empty + suggestionYaml(suggestions, TODAY, empty).yaml.replaceAll(OWNER_PLACEHOLDER, 'me'), 't', TODAY, library)
  ).toHaveLength(1)
})
