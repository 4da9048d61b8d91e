/**
 * Keeping the known tests after a run (docs/design.md §3 "Known tests"): the keys of the
 * attempts that read results join the set, first seen on the day given; a flaky new test is
 * left out, so it stays new; attempts without results change nothing.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { flakyNewTestKeys, recordKnownTests } from '../../../src/core/run/known-tests-update.js'
import type { NewTestDetection } from '../../../src/core/attempt/new-tests.js'
import { dayNumber } from '../../../src/core/test-results/known-tests.js'
import { KeyTable } from '../../../src/core/test-results/key-table.js'

const dirs: string[] = []

/** An attempt's test keys as the tally holds them. */
function keysOf(keys: string[]): KeyTable {
  const table = new KeyTable()
  for (const key of keys) table.set(key, 0)
  return table
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

test('a flaky new test stays out of the known tests, so the next run repeats it again', async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'reverify-known-'))
  dirs.push(stateDir)
  const place = { stateDir, historyKey: 'b'.repeat(32) }
  const flakyKey = '00000000000000ff'
  const detection = { flaky: [{ test: { key: flakyKey } }] } as unknown as NewTestDetection
  const attempts = [{ tests: { files: ['reports/junit.xml'], keys: keysOf(['0000000000000001', flakyKey]) } }]
  const warnings: string[] = []
  const update = await recordKnownTests(place, attempts, {
    day: dayNumber(new Date('2026-11-20T00:00:00Z')),
    exclude: flakyNewTestKeys(detection),
    warn: note => warnings.push(note)
  })
  expect(update).toEqual({ added: 1, known: 1 })
  expect(warnings).toEqual([])
  const stored = readFileSync(join(stateDir, 'known-tests', `${place.historyKey}.json`), 'utf8')
  expect(stored).toBe('{"version":1,"first_seen":{"2026-11-20":"0000000000000001"}}\n')
  expect(flakyNewTestKeys(undefined).size).toBe(0)
})

test('attempts that read no results file change nothing and write nothing', async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'reverify-known-'))
  dirs.push(stateDir)
  const place = { stateDir, historyKey: 'c'.repeat(32) }
  const attempts = [{}, { tests: { files: [], keys: keysOf([]) } }]
  const update = await recordKnownTests(place, attempts, {
    day: 20_000,
    exclude: new Set(),
    warn: note => {
      throw new Error(note)
    }
  })
  expect(update).toBeUndefined()
  expect(existsSync(join(stateDir, 'known-tests'))).toBe(false)
})
