/**
 * The quarantine's queries (core/run/quarantine-queries.ts) and the command history the job
 * summary shows (core/run/command-history.ts): a real file in a scratch repository, receipts
 * made as a run writes them.
 */
import { expect, test } from '@jest/globals'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { UsageError } from '../../../src/core/base/errors.js'
import type { Receipt } from '../../../src/core/receipts/receipt.js'
import { commandHistory } from '../../../src/core/run/command-history.js'
import { adviseQuarantine, quarantineStatus, readQuarantine } from '../../../src/core/run/quarantine-queries.js'
import { makeReceipt, scratchDir } from '../../helpers/receipts.js'

const NOW = new Date('2026-12-02T10:00:00.000Z')
const FILE = '.github/reverify-quarantine.yml'

/** A repository holding `yaml` as its quarantine file (none when undefined). */
async function repository(yaml?: string): Promise<string> {
  const root = await scratchDir('reverify-quarantine-queries-')
  if (yaml !== undefined) {
    await mkdir(join(root, '.github'))
    await writeFile(join(root, FILE), yaml)
  }
  return root
}

const entry = (test: string, expires: string, added = '2026-11-20') =>
  `  - test: ${test}\n    owner: "@qa"\n    reason: flaky on CI\n    added: ${added}\n    expires: ${expires}\n`

/** Ten runs with results, one a day from 2026-11-22; `flaky[i]` flaked in run i. */
function runs(flaky: Record<number, string[]>): Receipt[] {
  return Array.from({ length: 10 }, (_, index) =>
    makeReceipt({
      started_at: `2026-11-${String(22 + index).padStart(2, '0')}T08:00:00.000Z`,
      status: 'passed',
      flaky: (flaky[index] ?? []).length > 0,
      tests: { total: 3, failed: [], flaky: flaky[index] ?? [] }
    })
  )
}

test('readQuarantine: the file on the UTC day of now, its entries and the warnings a run would give', async () => {
  const root = await repository(
    `quarantine:\n${entry('api ended', '2026-11-30')}${entry('api soon', '2026-12-04')}${entry('api later', '2027-01-15')}`
  )
  const read = await readQuarantine({ shown: FILE, root, inputName: '--quarantine' }, NOW)

  expect(read).toMatchObject({ source: FILE, path: join(root, FILE), exists: true, today: '2026-12-02' })
  expect(read.entries.map(each => each.test)).toEqual(['api ended', 'api soon', 'api later'])
  expect(read.warnings).toEqual([
    expect.stringMatching(/^the quarantine of "api ended" in .* expired on 2026-11-30 and no longer applies/),
    expect.stringMatching(/^the quarantine of "api soon" in .* expires on 2026-12-04, in 2 days/)
  ])
})

test('readQuarantine: no file is an empty quarantine; a bad one is one UsageError naming the input', async () => {
  const absent = await readQuarantine({ shown: FILE, root: await repository(), inputName: '--quarantine' }, NOW)
  expect(absent).toMatchObject({ exists: false, entries: [], warnings: [] })

  const bad = readQuarantine({ shown: FILE, root: await repository('quarantine:\n  - test: x\n'), inputName: '--quarantine' }, NOW)
  await expect(bad).rejects.toThrow(UsageError)
  await expect(bad).rejects.toThrow(/^--quarantine: \.github\/reverify-quarantine\.yml/)
})

test('quarantineStatus: each entry with where it stands, the days left and its test since added; the release rule', async () => {
  const root = await repository(`quarantine:\n${entry('sometimes', '2026-11-30')}${entry('steady', '2026-12-02', '2026-11-25')}`)
  const read = await readQuarantine({ shown: FILE, root, inputName: 'quarantine' }, NOW)
  const { entries, release } = quarantineStatus(read, runs({ 1: ['sometimes'], 8: ['sometimes'] }), NOW)
  const [ended, steady] = entries

  expect(ended).toMatchObject({ state: { kind: 'expired', since: 2 }, daysLeft: -2, history: { runs: 10, passed: 8, flaky: 2 } })
  // Added on the 25th: the three runs before it do not count.
  expect(steady).toMatchObject({ state: { kind: 'expiring', daysLeft: 0 }, daysLeft: 0, history: { runs: 7, passed: 7, flaky: 0 } })
  expect(release).toEqual({ windowDays: 7, minRuns: 20, streakRuns: 100 })
})

test('adviseQuarantine: the threshold used, the runs looked at, the suggestions and the YAML for the file as it is', async () => {
  const receipts = runs({ 0: ['a'], 3: ['a'], 6: ['a'], 1: ['b'], 2: ['c'], 4: ['c'], 5: ['c'], 7: ['c'] })
  const none = await adviseQuarantine(await readQuarantine({ shown: FILE, root: await repository(), inputName: 'quarantine' }, NOW), [])
  expect(none).toEqual({ source: FILE, minRuns: 10, rate: 0.3, runs: 0, suggestions: [], total: 0 })

  const whole = await adviseQuarantine(
    await readQuarantine({ shown: FILE, root: await repository(), inputName: 'quarantine' }, NOW),
    receipts
  )
  expect(whole).toMatchObject({ minRuns: 10, rate: 0.3, runs: 10, total: 2 })
  expect(whole.suggestions.map(each => each.test)).toEqual(['c', 'a'])
  expect(whole.text?.items).toBe(false)
  expect(whole.text?.yaml).toMatch(/^quarantine:\n {2}- test: c\n/)

  // A file with a list gets items to paste; `most` keeps the first, counting all; an entry already there is not suggested.
  const root = await repository(`quarantine:\n${entry('c', '2027-01-15')}`)
  const read = await readQuarantine({ shown: FILE, root, inputName: 'quarantine' }, NOW)
  const items = await adviseQuarantine(read, receipts, { rate: 0.1, most: 1 })
  expect(items).toMatchObject({ rate: 0.1, total: 2 })
  expect(items.suggestions.map(each => each.test)).toEqual(['a'])
  expect(items.text?.items).toBe(true)
  expect(items.text?.yaml).toMatch(/^ {2}- test: a\n/)
})

test('commandHistory: the last runs, and the suggestion only when there is one and the file reads', async () => {
  const receipts = runs({ 0: ['a'], 3: ['a'], 6: ['a'] })
  const options = { limit: 4, now: NOW }

  const suggested = await commandHistory(receipts, { ...options, quarantine: { shown: FILE, root: await repository() } })
  expect(suggested.runs).toHaveLength(4)
  expect(suggested.suggestedQuarantine?.suggestions.map(each => each.test)).toEqual(['a'])

  for (const quarantine of [
    { shown: '', root: await repository() },
    { shown: FILE, root: await repository('quarantine: [') }
  ]) {
    const facts = await commandHistory(receipts, { ...options, quarantine })
    expect(facts.runs).toHaveLength(4)
    expect(facts).not.toHaveProperty('suggestedQuarantine')
  }
  const quiet = await commandHistory(runs({}), { ...options, quarantine: { shown: FILE, root: await repository() } })
  expect(quiet).not.toHaveProperty('suggestedQuarantine')
})
