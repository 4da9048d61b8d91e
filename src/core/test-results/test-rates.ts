/**
 * A test's rate over the history (docs/design.md §1 "Test results"): in how many of the
 * runs with results it flaked or failed, and the day it first went wrong there — what every
 * surface shows beside a failed or flaky test (`flaked in 4 of the last 37 runs (11 %) ·
 * first seen 2026-11-20`). Pure: the receipts are read by whoever asks.
 */
import { compareNewestFirst, type Receipt } from '../receipts/receipt.js'
import { dayText } from './known-tests.js'

/** One test over the history's runs with test results. */
export interface TestRate {
  name: string
  /** Runs with test results in the history (this run included). */
  runs: number
  /** Runs it flaked in (failed, then passed: on reverify's retry or inside the runner). */
  flaked: number
  /** Runs that ended with it failing. */
  failed: number
  /** The day (`YYYY-MM-DD`, UTC) of the oldest run in the history where it flaked or failed. */
  firstSeen?: string
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The UTC day of a receipt's start, when its time reads. */
function dayOf(receipt: Receipt): string | undefined {
  const ms = Date.parse(receipt.started_at)
  return Number.isFinite(ms) ? dayText(Math.floor(ms / DAY_MS)) : undefined
}

/**
 * The rate of each test `names` lists (every test a receipt names as flaky, failed or
 * quarantined when `names` is absent), over the finished receipts that hold test results.
 * A test's runs are those of the commands (identities) whose receipts name it, so a
 * repository's other commands do not thin its rate. A name no receipt holds has no rate.
 */
export function testRates(receipts: readonly Receipt[], names?: readonly string[]): TestRate[] {
  const considered = receipts.filter(receipt => receipt.status !== 'running' && receipt.tests !== undefined).sort(compareNewestFirst)
  const runsOf = new Map<string, number>()
  for (const receipt of considered) runsOf.set(receipt.identity_hash, (runsOf.get(receipt.identity_hash) ?? 0) + 1)
  const wanted = names === undefined ? undefined : new Set(names)
  const byName = new Map<string, { rate: TestRate; identities: Set<string> }>()
  const count = (receipt: Receipt, name: string, field: 'flaked' | 'failed') => {
    if (wanted !== undefined && !wanted.has(name)) return
    let entry = byName.get(name)
    if (entry === undefined) {
      entry = { rate: { name, runs: 0, flaked: 0, failed: 0 }, identities: new Set() }
      byName.set(name, entry)
    }
    entry.rate[field]++
    entry.identities.add(receipt.identity_hash)
    // Newest first: the last run that names the test is the oldest.
    const day = dayOf(receipt)
    if (day !== undefined) entry.rate.firstSeen = day
  }
  for (const receipt of considered) {
    // A quarantined failure failed as much as any: the quarantine excused it, the test still broke.
    const failed = new Set([...receipt.tests!.failed, ...(receipt.quarantined ?? [])])
    for (const name of failed) count(receipt, name, 'failed')
    // A run that ended with the test failing is a failure of it, though an earlier attempt saw it pass.
    for (const name of new Set(receipt.tests!.flaky)) if (!failed.has(name)) count(receipt, name, 'flaked')
  }
  const rates = [...byName.values()].map(({ rate, identities }) => {
    let runs = 0
    for (const identity of identities) runs += runsOf.get(identity) ?? 0
    return { ...rate, runs }
  })
  const order = names === undefined ? undefined : new Map(names.map((name, index) => [name, index]))
  return rates.sort((a, b) => (order === undefined ? 0 : order.get(a.name)! - order.get(b.name)!))
}

/** The tests a receipt names as failed, flaky or quarantined, each once: those a run's surfaces give a rate. */
export function ratedNames(receipt: Receipt): string[] {
  const tests = receipt.tests
  return [...new Set([...(tests?.failed ?? []), ...(tests?.flaky ?? []), ...(receipt.quarantined ?? [])])]
}

/** `11 %`; a share above 0 that rounds to 0 is `<1 %`. */
function percent(count: number, runs: number): string {
  const whole = Math.round((count / runs) * 100)
  return whole === 0 && count > 0 ? '<1 %' : `${whole} %`
}

/**
 * The rate in the words every surface uses (docs/design.md §1 "Test results"):
 * `flaked in 4 of the last 37 runs (11 %) · first seen 2026-11-20`, `failed in 2 of the
 * last 37 runs (5 %)`, `flaked in 4 of the last 37 runs (11 %) and failed in 2 (5 %)`.
 * Undefined when the history holds no run but this one, or none where the test went wrong:
 * "1 of the last 1 runs" tells a reviewer nothing the run itself does not.
 */
export function describeRate(rate: TestRate): string | undefined {
  if (rate.runs < 2 || rate.flaked + rate.failed === 0) return undefined
  const last = `of the last ${rate.runs} runs`
  const parts: string[] = []
  if (rate.flaked > 0) parts.push(`flaked in ${rate.flaked} ${last} (${percent(rate.flaked, rate.runs)})`)
  if (rate.failed > 0) {
    parts.push(
      rate.flaked > 0
        ? `failed in ${rate.failed} (${percent(rate.failed, rate.runs)})`
        : `failed in ${rate.failed} ${last} (${percent(rate.failed, rate.runs)})`
    )
  }
  const seen = rate.firstSeen === undefined ? '' : ` · first seen ${rate.firstSeen}`
  return `${parts.join(' and ')}${seen}`
}

/** The rate of one test among `rates`, in words (describeRate); undefined when it has none. */
export function rateOf(rates: readonly TestRate[] | undefined, name: string): string | undefined {
  const rate = rates?.find(item => item.name === name)
  return rate === undefined ? undefined : describeRate(rate)
}
