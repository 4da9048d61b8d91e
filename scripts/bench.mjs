// `npm run bench`: reverify's performance targets, measured in one run on this machine and
// printed as Markdown (see BENCHMARKS.md). A report, not a test: it exits 0 whether targets
// are met or missed, and 1 only when it cannot measure at all (no dist/cli.js, say).
//
//   node scripts/bench.mjs [a] [b] … [p] [--baseline REF] [--node BIN | --runtime MAJOR] [--update]
//
// Letters pick rows (default: all). --baseline names the build row m compares with (default:
// the newest release tag, else origin/main). --node (or --runtime, fetched from the npm
// registry) names the node every row runs on (default: the one running this script).
// --update also writes the report into BENCHMARKS.md, into that runtime's block between its
// bench:start and bench:end markers (full runs only).
import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { bundleFacts, machineFacts } from './bench/machine.mjs'
import { detectRssMethod } from './bench/measure.mjs'
import { renderFacts, renderTable } from './bench/report.mjs'
import { replaceFiguresBlock } from './bench/latest-figures.mjs'
import { chosenNode, relaunchOn, runtimeLabel, runtimeMajor } from './bench/runtime.mjs'
import { otlpRows } from './bench/otlp-rows.mjs'
import { floodRows, partRows, producerRows, rssDriftRow, throughputRow } from './bench/output-rows.mjs'
import {
  actionRows,
  baselineRows,
  faultRows,
  historyDepthRows,
  historyRows,
  junitRows,
  lookupRows,
  reportRows,
  rerunRows,
  newTestRows,
  startupRows,
  storeRows
} from './bench/rows.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
const benchmarksFile = join(root, 'BENCHMARKS.md')
const SECTIONS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p']

// Repetitions per row: enough for stable medians, few enough to finish within about three
// minutes on a busy 2-core machine.
const STARTUP_ROUNDS = 30
const LARGE_FLOOD_BYTES = 500_000_000
const LARGE_FLOOD_ROUNDS = 5
const SMALL_FLOOD_BYTES = 50_000_000
const SMALL_FLOOD_ROUNDS = 9
// Row (b)'s parts, in process: each stage over the same 500 MB.
const PART_ROUNDS = 3
const STORE_ROUNDS = 21
const PRODUCER_ROUNDS = 3
const HISTORY_ROUNDS = 15
const ACTION_ROUNDS = 11
const FULL_STORE_RECEIPTS = 10_000
const REPORT_ROUNDS = 9
// Row k: seeded SIGKILLs spread over every phase of a run (scripts/fault-injection.mjs), the
// action's cache save included (the results service is compiled into build/ for it).
const FAULT_KILLS = 200
const FAULT_CACHE_SAVE_KILLS = 40
const FAULT_SEED = 20261201
const JUNIT_ROUNDS = 3
// Row l: three runs of a ~8 s jest suite per round (about 25 s a round on this machine).
const RERUN_ROUNDS = 3
// Row o: pairs enough to hold a healthy export to 150 ms; a collector that never answers
// costs about 10 s a round (and its warm-up), so it gets three.
const OTLP_ROUNDS = 21
const OTLP_HANGING_ROUNDS = 3
// Row p: a build takes about 30 s; three pairs with the type check are enough for a median.
const BUILD_ROUNDS = 3
// Row m: rows a, b and h again, this build against the baseline build.
const BASELINE_ROUNDS = { startup: STARTUP_ROUNDS, flood: LARGE_FLOOD_ROUNDS, action: ACTION_ROUNDS }
const USAGE = 'usage: node scripts/bench.mjs [a] [b] … [p] [--baseline REF] [--node BIN | --runtime MAJOR] [--update]'

const log = message => process.stderr.write(`[bench] ${message}\n`)
const progressOf = label => (done, total) => {
  if (done === total || done % 10 === 0) log(`${label}: ${done}/${total} rounds`)
}

function parseArguments(argv) {
  const sections = new Set()
  let update = false
  let baseline
  let node
  let runtime
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]
    if (arg === '--update') update = true
    else if (arg === '--node') {
      node = argv[++index]
      if (!node || node.startsWith('-')) throw new Error(`--node: needs the path of a node binary; ${USAGE}`)
    } else if (arg === '--runtime') {
      runtime = argv[++index]
      if (!/^\d+$/.test(runtime ?? '')) throw new Error(`--runtime: needs a major version of node, e.g. 24; ${USAGE}`)
    } else if (arg === '--baseline') {
      baseline = argv[++index]
      if (!baseline || baseline.startsWith('-')) throw new Error(`--baseline: needs a ref (a tag, branch or commit); ${USAGE}`)
    } else if (SECTIONS.includes(arg.toLowerCase())) sections.add(arg.toLowerCase())
    else throw new Error(`unknown argument '${arg}'; ${USAGE}`)
  }
  if (update && sections.size > 0 && sections.size < SECTIONS.length) {
    throw new Error('--update needs every row: run it without letters')
  }
  if (baseline !== undefined && sections.size > 0 && !sections.has('m')) {
    throw new Error('--baseline: only row m uses it; add m to the rows or leave --baseline out')
  }
  if (node !== undefined && runtime !== undefined) throw new Error('--node and --runtime: give one of them')
  return { runs: letter => sections.size === 0 || sections.has(letter), update, baseline, node, runtime }
}

function requireBundle() {
  const cli = join(dist, 'cli.js')
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build` first')
  const built = statSync(cli).mtimeMs
  const newer = readdirSync(join(root, 'src'), { recursive: true })
    .filter(name => name.endsWith('.ts'))
    .filter(name => statSync(join(root, 'src', name)).mtimeMs > built)
  if (newer.length > 0) {
    log(
      `warning: dist/cli.js is older than ${newer.length} file(s) in src/ (e.g. src/${newer[0]}); rows a, b, c and e measure the bundle as built`
    )
  }
}

/** A scratch repository (a .git folder makes it the CLI's target) holding a copy of dist/. */
function makeScratch() {
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-bench-')))
  mkdirSync(join(scratch, '.git'))
  // A copy, so a rebuild of dist/ during the run cannot pull the bundle from under us.
  cpSync(dist, join(scratch, 'dist'), { recursive: true, preserveTimestamps: true })
  // An old dist/ without its own package.json (ES module launchers) relied on the root's.
  const marker = join(scratch, 'dist', 'package.json')
  if (!existsSync(marker)) writeFileSync(marker, '{\n  "type": "module"\n}\n')
  return { scratch, cli: join(scratch, 'dist', 'cli.js') }
}

// The receipt store is measured through tsc's output (build/), not the bundle.
function compileSources() {
  log('compiling src/ into build/ with tsc')
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit', 'false', '--outDir', 'build'], {
    cwd: root,
    encoding: 'utf8'
  })
  if (result.status === 0) return
  // tsc still emits on type errors; a file mid-edit elsewhere should not stop the benchmark.
  const first = `${result.stdout}${result.stderr}`.trim().split('\n').slice(0, 5).join('\n  ')
  if (!existsSync(join(root, 'build', 'src', 'core', 'receipts', 'receipt-store.js'))) {
    throw new Error(`tsc failed and emitted nothing usable:\n  ${first}`)
  }
  log(`warning: tsc reported errors; using what it emitted:\n  ${first}`)
}

/** Measures the chosen rows; resolves to the table rows and the errors of rows that failed. */
async function measure({ runs, baseline, scratch, cli }) {
  const rssMethod = detectRssMethod()
  const rows = []
  const errors = []
  const section = async (letter, label, body) => {
    if (!runs(letter)) return
    log(`(${letter}) ${label}`)
    const started = performance.now()
    try {
      rows.push(...(await body()))
    } catch (error) {
      errors.push(`(${letter}) ${error instanceof Error ? error.message : String(error)}`)
      rows.push({ row: letter, what: label, result: 'ERROR' })
    }
    log(`(${letter}) done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  let large
  let lookupStores
  try {
    if (['a', 'b', 'd', 'e', 'g', 'h', 'j', 'k', 'm'].some(runs)) compileSources()
    // Loaded once build/ is written: the receipt modules import it.
    const { benchStartup } = await import('./bench/startup.mjs')
    const { benchOutputVolume } = await import('./bench/output-volume.mjs')
    await section('a', 'startup', async () =>
      startupRows(await benchStartup({ cli, scratch, rounds: STARTUP_ROUNDS, progress: progressOf('(a)') }), runtimeMajor())
    )
    await section('b', `${LARGE_FLOOD_BYTES / 1e6} MB of output`, async () => {
      const options = { cli, scratch, bytes: LARGE_FLOOD_BYTES, rounds: LARGE_FLOOD_ROUNDS, rssMethod, references: true }
      large = await benchOutputVolume({ ...options, progress: progressOf('(b)') })
      const { benchOutputParts } = await import('./bench/output-parts.mjs')
      const parts = await benchOutputParts({ root, bytes: LARGE_FLOOD_BYTES, rounds: PART_ROUNDS, progress: progressOf('(b) parts') })
      return [...floodRows('b', LARGE_FLOOD_BYTES, large, true), ...partRows(parts)]
    })
    await section('c', `${SMALL_FLOOD_BYTES / 1e6} MB of output`, async () => {
      const options = { cli, scratch, bytes: SMALL_FLOOD_BYTES, rounds: SMALL_FLOOD_ROUNDS, rssMethod, floor: true }
      const small = await benchOutputVolume({ ...options, progress: progressOf('(c)') })
      const drift =
        large === undefined
          ? [{ row: 'c', what: 'peak RSS against (b)', result: 'needs row b' }]
          : [rssDriftRow(SMALL_FLOOD_BYTES, small, large), throughputRow(small, large)]
      return [...floodRows('c', SMALL_FLOOD_BYTES, small, false), ...drift]
    })
    await section('f', `${LARGE_FLOOD_BYTES / 1e6} MB from a program formatting its log`, async () => {
      const options = { cli, scratch, bytes: LARGE_FLOOD_BYTES, rounds: PRODUCER_ROUNDS, rssMethod, producer: 'program', floor: true }
      return producerRows('f', LARGE_FLOOD_BYTES, await benchOutputVolume({ ...options, progress: progressOf('(f)') }))
    })
    await section('g', 'receipt history through the cache', async () => {
      const { benchHistoryPersistence } = await import('./bench/action.mjs')
      const { benchHistoryDepth } = await import('./bench/history-depth.mjs')
      const persistence = historyRows(await benchHistoryPersistence({ scratch, rounds: HISTORY_ROUNDS }))
      return [...persistence, ...historyDepthRows(await benchHistoryDepth({ scratch, rounds: HISTORY_ROUNDS }))]
    })
    await section('h', 'the action against the CLI', async () => {
      const { benchActionOverhead } = await import('./bench/action.mjs')
      return actionRows(await benchActionOverhead({ cli, scratch, rounds: ACTION_ROUNDS, progress: progressOf('(h)'), firstStep: true }))
    })
    await section('m', 'this build against the baseline build (rows a, b and h)', async () => {
      const { benchAgainstBaseline, extractBuild, resolveBaseline } = await import('./bench/baseline.mjs')
      const resolved = resolveBaseline(root, baseline)
      log(`(m) baseline: ${resolved.ref} (${resolved.why}), commit ${resolved.commit}`)
      const baselineDist = extractBuild(root, resolved, join(scratch, 'baseline'))
      const result = await benchAgainstBaseline({
        dist: dirname(cli),
        baselineDist,
        scratch,
        rssMethod,
        rounds: BASELINE_ROUNDS,
        floodBytes: LARGE_FLOOD_BYTES,
        progress: (part, done, total) => progressOf(`(m) ${part}`)(done, total)
      })
      return baselineRows({ ...result, baseline: resolved })
    })
    await section('i', 'report generation on a 10 MiB log', async () => {
      const { benchReportGeneration } = await import('./bench/report-generation.mjs')
      return reportRows(await benchReportGeneration({ cli, scratch, rounds: REPORT_ROUNDS, rssMethod, progress: progressOf('(i)') }))
    })
    await section('k', `${FAULT_KILLS} runs killed with SIGKILL`, async () => {
      const { runFaultInjection } = await import('./fault-injection.mjs')
      const started = performance.now()
      const counts = await runFaultInjection({
        cli,
        kills: FAULT_KILLS,
        cacheSaveKills: FAULT_CACHE_SAVE_KILLS,
        seed: FAULT_SEED,
        onProgress: done => progressOf('(k)')(done, FAULT_KILLS)
      })
      return faultRows(counts, Math.round((performance.now() - started) / 1000))
    })
    await section('j', 'JUnit results: a 60 MB file, its parse rate, hostile files', async () => {
      const { benchJUnitResults } = await import('./bench/junit-results.mjs')
      return junitRows(await benchJUnitResults({ cli, scratch, rounds: JUNIT_ROUNDS, rssMethod, progress: progressOf('(j)') }))
    })
    await section('l', 'rerunning the failed tests of a 300-test jest suite', async () => {
      const { benchRerunFailedTests } = await import('./bench/rerun-tests.mjs')
      return rerunRows(await benchRerunFailedTests({ cli, scratch, rounds: RERUN_ROUNDS, progress: progressOf('(l)') }))
    })
    await section('n', 'early flake detection of 3 new tests in a 300-test jest suite', async () => {
      const { benchNewTestDetection } = await import('./bench/new-tests.mjs')
      return newTestRows(await benchNewTestDetection({ cli, scratch, rounds: RERUN_ROUNDS, progress: progressOf('(n)') }))
    })
    await section('o', 'OTLP export to a healthy collector and to one that is down', async () => {
      const { benchOtlpCollectorDown } = await import('./bench/otlp-down.mjs')
      return otlpRows(
        await benchOtlpCollectorDown({ cli, scratch, rounds: OTLP_ROUNDS, hangingRounds: OTLP_HANGING_ROUNDS, progress: progressOf('(o)') })
      )
    })
    await section('p', 'the build', async () => {
      const { benchBuildTime, buildRows } = await import('./bench/build-time.mjs')
      return buildRows(await benchBuildTime({ root, scratch, rounds: BUILD_ROUNDS, progress: progressOf('(p)') }))
    })
    await section('d', 'receipt lookup', async () => {
      const { benchReceiptLookup } = await import('./bench/receipt-lookup.mjs')
      // Receipts of the scratch repository, so row (e) can run reverify against the largest store.
      const result = await benchReceiptLookup({ target: scratch, keepStateDirs: runs('e') })
      lookupStores = result.stateDirs
      return lookupRows(result)
    })
    await section('e', 'reverify run against a full store', async () => {
      const { benchRunWithStore } = await import('./bench/run-with-store.mjs')
      const fullStateDir = lookupStores?.get(FULL_STORE_RECEIPTS)
      return storeRows(await benchRunWithStore({ cli, scratch, fullStateDir, rounds: STORE_ROUNDS, progress: progressOf('(e)') }))
    })
  } finally {
    for (const stateDir of lookupStores?.values() ?? []) await rm(stateDir, { recursive: true, force: true })
  }
  return { rows, errors, rssMethod }
}

function renderReport({ facts, rows, errors, rssMethod, seconds }) {
  const lines = [
    '**Machine**',
    '',
    renderFacts(facts),
    '',
    '**Results**',
    '',
    renderTable(rows),
    '',
    `Medians. Rounds: (a) ${STARTUP_ROUNDS}, (b) ${LARGE_FLOOD_ROUNDS} (its parts ${PART_ROUNDS}), (c) ${SMALL_FLOOD_ROUNDS}, (d) 200 lookups per store, ` +
      `(e) ${STORE_ROUNDS}, (i) ${REPORT_ROUNDS}, (l) ${RERUN_ROUNDS}, (n) ${RERUN_ROUNDS}, (o) ${OTLP_ROUNDS} (never answering ${OTLP_HANGING_ROUNDS}), (p) ${BUILD_ROUNDS}, (m) ${BASELINE_ROUNDS.startup} / ${BASELINE_ROUNDS.flood} / ` +
      `${BASELINE_ROUNDS.action} for a / b / h; one untimed warm-up per variant; variants interleaved. Peak RSS by ` +
      `${rssMethod === 'gnu-time' ? 'GNU time (exact)' : 'sampling /proc VmHWM (a lower bound)'}; MB = 10^6 bytes. ` +
      `Whole run: ${seconds} s.`
  ]
  if (errors.length > 0) lines.push('', '**Errors**', '', ...errors.map(error => `- ${error.replace(/\n/g, '\n  ')}`))
  return `${lines.join('\n')}\n`
}

function updateBenchmarksFile(report) {
  const label = runtimeLabel(process.version)
  writeFileSync(benchmarksFile, replaceFiguresBlock(readFileSync(benchmarksFile, 'utf8'), label, report))
  log(`wrote the report into BENCHMARKS.md (${label})`)
}

async function main() {
  const argv = process.argv.slice(2)
  const options = parseArguments(argv)
  // Every row on the chosen node: the bench runs itself on it, its folder first on PATH.
  const relaunched = relaunchOn(chosenNode(options, root), fileURLToPath(import.meta.url), argv)
  if (relaunched !== undefined) {
    process.exitCode = relaunched
    return
  }
  const started = performance.now()
  requireBundle()
  const facts = machineFacts(root)
  const { scratch, cli } = makeScratch()
  // A compile cache of this run's own (the CLI keeps one under $XDG_CACHE_HOME/reverify where
  // the runtime has it): warmed by each row's warm-up round, never by a developer's cache.
  process.env.XDG_CACHE_HOME = join(scratch, 'xdg-cache')
  try {
    facts.bundle = bundleFacts(cli)
    const result = await measure({ runs: options.runs, baseline: options.baseline, scratch, cli })
    const report = renderReport({ facts, ...result, seconds: Math.round((performance.now() - started) / 1000) })
    process.stdout.write(report)
    if (options.update) updateBenchmarksFile(report)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

try {
  await main()
} catch (error) {
  log(`could not measure: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
