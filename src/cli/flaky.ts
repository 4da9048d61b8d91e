/** `reverify flaky [--json] [--since N]`: this repository's tests by how often they flaked (docs/design.md §1 "Test results"). */
import { UsageError, inputTable, testHistory, testRates } from '../core/index.js'
import { flagsOf, parseCommandLine } from './flags.js'
import { flakyHelp } from './help.js'
import { println, type CliIo } from './io.js'
import { openStore } from './receipts.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** Lists the tests that flaked or failed in this repository's receipts, most flakes first. */
export async function flakyCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, positionals, help } = parseCommandLine(argv, 'flaky', 'reverify flaky --help')
  if (help) {
    io.stdout.write(flakyHelp())
    return 0
  }
  if (positionals.length > 0) throw new UsageError('flaky: takes no arguments; see reverify flaky --help')
  const given = inputTable.parseInputs(flags, flagsOf('flaky'), { front: 'cli', base: io.cwd })
  const { root, store } = openStore(given, io)
  const since = given.since
  const sinceMs = since === undefined ? undefined : Date.now() - since * DAY_MS
  const receipts = (await store.list({ target: root })).filter(
    receipt => sinceMs === undefined || Date.parse(receipt.started_at) >= sinceMs
  )
  const history = testHistory(receipts)
  // Each test's runs are those of the commands that name it (test-rates.ts): its rate is not thinned by other commands.
  const rates = new Map(testRates.testRates(receipts).map(rate => [rate.name, rate]))
  if (given.json === true) {
    const tests = history.tests.map(test => {
      const rate = rates.get(test.name)
      return {
        name: test.name,
        flaky: test.flaky,
        failed: test.failed,
        last_run_id: test.lastRunId,
        last_at: test.lastAt,
        ...(rate !== undefined && { runs: rate.runs, rate: flakeRate(rate), first_seen: rate.firstSeen ?? null })
      }
    })
    println(io.stdout, JSON.stringify({ runs: history.runs, ...(since !== undefined && { since_days: since }), tests }, null, 2))
    return 0
  }
  const window = since === undefined ? '' : ` of the last ${since} day${since === 1 ? '' : 's'}`
  if (history.runs === 0) {
    // No data at all: say where it comes from, not only that there is none.
    println(
      io.stdout,
      `reverify: no run${window} has test results to count flakes from; give \`reverify run\` the JUnit XML files your test runner writes with --test-results GLOB (e.g. --test-results 'reports/*.xml'), then run this again`
    )
    return 0
  }
  if (history.tests.length === 0) {
    println(
      io.stdout,
      `reverify: no test flaked or failed in the ${history.runs} run${history.runs === 1 ? '' : 's'}${window} with test results`
    )
    return 0
  }
  println(
    io.stdout,
    `reverify: tests that flaked or failed in ${history.runs} run${history.runs === 1 ? '' : 's'}${window} with test results`
  )
  println(
    io.stdout,
    `${'flaky'.padStart(5)}  ${'failed'.padStart(6)}  ${'runs'.padStart(5)}  ${'rate'.padStart(5)}  ${'first seen'.padEnd(10)}  ${'last run'.padEnd(29)}  test`
  )
  for (const test of history.tests) {
    const rate = rates.get(test.name)
    const runs = rate === undefined ? '–' : String(rate.runs)
    const share = rate === undefined ? '–' : `${Math.round(flakeRate(rate) * 100)} %`
    const first = rate?.firstSeen ?? '–'
    println(
      io.stdout,
      `${String(test.flaky).padStart(5)}  ${String(test.failed).padStart(6)}  ${runs.padStart(5)}  ${share.padStart(5)}  ${first.padEnd(10)}  ${test.lastRunId.padEnd(29)}  ${test.name}`
    )
  }
  return 0
}

/** The share of its runs a test flaked in, 0–1, to 4 decimals (`rate` in the JSON; its failures are `failed`). */
function flakeRate(rate: { runs: number; flaked: number }): number {
  return rate.runs === 0 ? 0 : Math.round((rate.flaked / rate.runs) * 10_000) / 10_000
}
