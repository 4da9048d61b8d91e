/**
 * A quarantined test's history and release readiness (docs/design.md §1 "The quarantine
 * command"): a run is a finished receipt with test results since the entry's `added` day;
 * the test passed in it unless the receipt names it failed, flaky or quarantined.
 */
import type { QuarantineEntry } from '../../../src/core/quarantine/file.js'
import { entryHistory } from '../../../src/core/quarantine/history.js'
import type { Receipt } from '../../../src/core/receipts/receipt.js'
import { makeReceipt } from '../../helpers/receipts.js'

const NOW = new Date('2026-12-20T12:00:00Z')
const HOUR = 60 * 60 * 1000
const entry: QuarantineEntry = {
  test: 'api › fetches',
  owner: '@acme/qa',
  reason: 'times out',
  added: '2026-11-01',
  expires: '2027-01-15'
}

/** A finished run `hoursAgo` before NOW, the test going as `outcome`. */
function run(hoursAgo: number, outcome: 'passed' | 'failed' | 'flaky' | 'quarantined' = 'passed', fields: Partial<Receipt> = {}): Receipt {
  const name = entry.test
  return makeReceipt({
    started_at: new Date(NOW.getTime() - hoursAgo * HOUR).toISOString(),
    status: outcome === 'failed' ? 'failed' : 'passed',
    flaky: outcome === 'flaky',
    tests: {
      total: 40,
      failed: outcome === 'failed' || outcome === 'quarantined' ? [name] : ['another'],
      flaky: outcome === 'flaky' ? [name] : []
    },
    ...(outcome === 'quarantined' && { quarantined: [name], gate: 'quarantine' as const }),
    ...fields
  })
}

/** `count` runs an hour apart, the newest `fromHoursAgo` before NOW. */
const runs = (count: number, fromHoursAgo: number, outcome?: Parameters<typeof run>[1]) =>
  Array.from({ length: count }, (_, index) => run(fromHoursAgo + index, outcome))

test('20 runs since added, every one of the last 7 days passed: ready to release', () => {
  const history = entryHistory(entry, runs(20, 1), NOW)
  expect(history).toMatchObject({ runs: 20, passed: 20, recent: { runs: 20, passed: 20 }, streak: 20, ready: 'recent' })
})

test('19 runs are not enough history, however clean', () => {
  expect(entryHistory(entry, runs(19, 1), NOW).ready).toBeUndefined()
})

test('failures older than 7 days do not hold release back; one flake in the last 7 days does', () => {
  const old = runs(10, 24 * 10, 'failed')
  expect(entryHistory(entry, [...old, ...runs(10, 1)], NOW)).toMatchObject({ runs: 20, failed: 10, ready: 'recent' })
  const flakedYesterday = [...old, ...runs(9, 1), run(24, 'flaky')]
  expect(entryHistory(entry, flakedYesterday, NOW)).toMatchObject({ flaky: 1, recent: { runs: 10, passed: 9 }, streak: 9 })
  expect(entryHistory(entry, flakedYesterday, NOW).ready).toBeUndefined()
})

test('no run in the last 7 days: not ready, unless the last 100 runs in a row passed', () => {
  expect(entryHistory(entry, runs(99, 24 * 8), NOW).ready).toBeUndefined()
  expect(entryHistory(entry, [run(24 * 40, 'failed'), ...runs(100, 24 * 8)], NOW)).toMatchObject({
    runs: 101,
    streak: 100,
    ready: 'streak'
  })
})

test('what counts as a run: since the day added, finished, with results; a quarantined failure is its own count', () => {
  const history = entryHistory(
    entry,
    [
      run(1, 'quarantined'),
      run(2, 'failed'),
      run(3, 'flaky'),
      run(4),
      run(5, 'passed', { status: 'running', ended_at: null }),
      run(6, 'passed', { tests: undefined }),
      makeReceipt({ started_at: '2026-10-31T23:59:59.000Z', tests: { total: 1, failed: [entry.test], flaky: [] } }),
      makeReceipt({ started_at: '2026-11-01T00:00:00.000Z', tests: { total: 1, failed: [], flaky: [] } })
    ],
    NOW
  )
  expect(history).toEqual({ runs: 5, passed: 2, failed: 1, flaky: 1, quarantined: 1, recent: { runs: 4, passed: 1 }, streak: 0 })
})
