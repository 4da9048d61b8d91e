// `npm run bench`: reverify's performance targets, measured in one run on this machine and
// printed as a Markdown table (see BENCHMARKS.md). A report, not a test: it exits 0 whether
// targets are met or missed, and 1 only when it cannot measure at all (no dist/cli.js).
//
//   node scripts/bench.mjs [a] [b] [c] [d] [e]     (no letters: every row)
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { machineFacts } from './bench/machine.mjs'
import { detectRssMethod } from './bench/measure.mjs'
import { formatMs, formatRatio, kbToMb, renderFacts, renderTable, verdict } from './bench/report.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')

// Repetitions per row, chosen to keep the whole run near two minutes on a 2-core machine.
const STARTUP_ROUNDS = 30
const LARGE_FLOOD_BYTES = 500_000_000
const LARGE_FLOOD_ROUNDS = 5
const SMALL_FLOOD_BYTES = 50_000_000
const SMALL_FLOOD_ROUNDS = 9
const STORE_ROUNDS = 21

// Targets (BENCHMARKS.md says why each one).
const STARTUP_MAX_RATIO = 2.5
const FLOOD_MAX_RATIO = 1.5
const FLOOD_GOAL_RATIO = 1.15
const FLOOD_MAX_RSS_MB = 150
const RSS_MAX_DRIFT = 0.1
const LOOKUP_MAX_RATIO = 1.5
const STORE_MAX_RATIO = 1.2

const log = message => process.stderr.write(`[bench] ${message}\n`)
const progressOf = label => (done, total) => {
  if (done === total || done % 10 === 0) log(`${label}: ${done}/${total} rounds`)
}

function checkBundle() {
  const cli = join(dist, 'cli.js')
  if (!existsSync(cli)) {
    log('dist/cli.js is missing: run `npm run build` first')
    process.exit(1)
  }
  const built = statSync(cli).mtimeMs
  const newer = readdirSync(join(root, 'src'), { recursive: true })
    .filter(name => name.endsWith('.ts'))
    .filter(name => statSync(join(root, 'src', name)).mtimeMs > built)
  if (newer.length > 0) {
    log(`warning: dist/cli.js is older than ${newer.length} file(s) in src/ (e.g. src/${newer[0]}); rows a, b, c and e measure the bundle as built`)
  }
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
  if (!existsSync(join(root, 'build', 'src', 'core', 'receipt-store.js'))) {
    throw new Error(`tsc failed and emitted nothing usable:\n  ${first}`)
  }
  log(`warning: tsc reported errors; using what it emitted:\n  ${first}`)
}

function startupRows(result) {
  const ratio = result.reverifyMs / result.nodeMs
  return [
    { row: 'a', what: '`node -e 0`', median: formatMs(result.nodeMs), ratio: 'baseline' },
    { row: 'a', what: '`bash -c true`', median: formatMs(result.bashMs), ratio: formatRatio(result.bashMs / result.nodeMs, 'node -e 0') },
    {
      row: 'a',
      what: '`reverify run --command true` (fresh state dir)',
      median: formatMs(result.reverifyMs),
      ratio: formatRatio(ratio, 'node -e 0'),
      target: `≤ ${STARTUP_MAX_RATIO}×`,
      result: verdict(ratio <= STARTUP_MAX_RATIO)
    }
  ]
}

function floodRows(row, bytes, result, large) {
  const size = `${bytes / 1e6} MB`
  const ratio = result.reverifyMs / result.rawMs
  const rssMb = kbToMb(result.peakRssKb)
  const rows = [
    { row, what: `${size} to stdout, raw (\`bash -c\`)`, median: formatMs(result.rawMs), ratio: 'baseline' },
    {
      row,
      what: `${size} to stdout, under reverify`,
      median: formatMs(result.reverifyMs),
      ratio: formatRatio(ratio, 'raw'),
      ...(large && {
        target: `≤ ${FLOOD_MAX_RATIO}× (goal ${FLOOD_GOAL_RATIO}×)`,
        result: ratio <= FLOOD_GOAL_RATIO ? 'PASS (goal met)' : verdict(ratio <= FLOOD_MAX_RATIO)
      })
    }
  ]
  if (large) {
    rows.push({
      row,
      what: `reverify peak RSS, ${size}`,
      median: `${rssMb.toFixed(1)} MB`,
      target: `≤ ${FLOOD_MAX_RSS_MB} MB`,
      result: verdict(rssMb <= FLOOD_MAX_RSS_MB)
    })
  }
  return rows
}

function rssDriftRow(small, large) {
  const drift = (small.peakRssKb - large.peakRssKb) / large.peakRssKb
  const sign = drift >= 0 ? '+' : '−'
  return {
    row: 'c',
    what: `reverify peak RSS, ${SMALL_FLOOD_BYTES / 1e6} MB`,
    median: `${kbToMb(small.peakRssKb).toFixed(1)} MB`,
    ratio: `${sign}${Math.abs(drift * 100).toFixed(1)} % vs (b)`,
    target: `within ±${RSS_MAX_DRIFT * 100} % of (b)`,
    result: verdict(Math.abs(drift) <= RSS_MAX_DRIFT)
  }
}

function lookupRows(result) {
  const [smallest] = result.rows
  const rows = result.rows.map((entry, position) => ({
    row: 'd',
    what: `latest() in a store of ${entry.receipts.toLocaleString('en-US')} receipts`,
    median: formatMs(entry.medianMs),
    ratio: position === 0 ? 'baseline' : formatRatio(entry.medianMs / smallest.medianMs, '100'),
    ...(position === result.rows.length - 1 && {
      target: `≤ ${LOOKUP_MAX_RATIO}×`,
      result: verdict(entry.medianMs / smallest.medianMs <= LOOKUP_MAX_RATIO)
    })
  }))
  const largest = result.rows[result.rows.length - 1]
  rows.push({
    row: 'd',
    what: `index rebuild from scratch, ${largest.receipts.toLocaleString('en-US')} receipts (once)`,
    median: formatMs(largest.rebuildMs),
    target: 'information'
  })
  return rows
}

function storeRows(result) {
  const ratio = result.fullMs / result.emptyMs
  return [
    { row: 'e', what: '`reverify run --command true`, store started empty', median: formatMs(result.emptyMs), ratio: 'baseline' },
    {
      row: 'e',
      what: `same, store holding ${result.receipts.toLocaleString('en-US')} receipts`,
      median: formatMs(result.fullMs),
      ratio: formatRatio(ratio, 'empty'),
      target: `≤ ${STORE_MAX_RATIO}×`,
      result: verdict(ratio <= STORE_MAX_RATIO)
    }
  ]
}

async function main() {
  const wanted = new Set(process.argv.slice(2).map(letter => letter.toLowerCase()))
  const runs = letter => wanted.size === 0 || wanted.has(letter)
  const started = performance.now()
  const facts = machineFacts(root)
  checkBundle()
  // A repository of its own, so the CLI's target (the git top level) is this directory.
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-bench-')))
  mkdirSync(join(scratch, '.git'))
  // A copy of the bundle, so a rebuild of dist/ during the run cannot pull it from under us.
  cpSync(dist, join(scratch, 'dist'), { recursive: true })
  // The bundle is ESM; in the repository the root package.json says so if dist/'s does not.
  const marker = join(scratch, 'dist', 'package.json')
  if (!existsSync(marker)) writeFileSync(marker, '{\n  "type": "module"\n}\n')
  const cli = join(scratch, 'dist', 'cli.js')
  const rssMethod = detectRssMethod()
  const rows = []
  const errors = []
  const section = async (letter, label, measure) => {
    if (!runs(letter)) return
    log(`(${letter}) ${label}`)
    const sectionStarted = performance.now()
    try {
      rows.push(...(await measure()))
    } catch (error) {
      errors.push(`(${letter}) ${error instanceof Error ? error.message : String(error)}`)
      rows.push({ row: letter, what: label, result: 'ERROR' })
    }
    log(`(${letter}) done in ${((performance.now() - sectionStarted) / 1000).toFixed(1)} s`)
  }
  let large
  let lookupStores
  try {
    if (runs('d') || runs('e')) compileSources()
    await section('a', 'startup', async () => {
      const { benchStartup } = await import('./bench/startup.mjs')
      return startupRows(await benchStartup({ cli, scratch, rounds: STARTUP_ROUNDS, progress: progressOf('(a)') }))
    })
    const { benchOutputVolume } = await import('./bench/output-volume.mjs')
    await section('b', `${LARGE_FLOOD_BYTES / 1e6} MB of output`, async () => {
      large = await benchOutputVolume({ cli, scratch, bytes: LARGE_FLOOD_BYTES, rounds: LARGE_FLOOD_ROUNDS, rssMethod, progress: progressOf('(b)') })
      return floodRows('b', LARGE_FLOOD_BYTES, large, true)
    })
    await section('c', `${SMALL_FLOOD_BYTES / 1e6} MB of output`, async () => {
      const small = await benchOutputVolume({ cli, scratch, bytes: SMALL_FLOOD_BYTES, rounds: SMALL_FLOOD_ROUNDS, rssMethod, progress: progressOf('(c)') })
      const drift = large === undefined ? [{ row: 'c', what: 'peak RSS against (b)', result: 'needs row b' }] : [rssDriftRow(small, large)]
      return [...floodRows('c', SMALL_FLOOD_BYTES, small, false), ...drift]
    })
    await section('d', 'receipt lookup', async () => {
      // Loaded only now: these modules import build/, which compileSources() just wrote.
      const { benchReceiptLookup } = await import('./bench/receipt-lookup.mjs')
      // Receipts of the scratch repository, so row (e) can run reverify against the largest store.
      const result = await benchReceiptLookup({ target: scratch, keepStateDirs: runs('e') })
      lookupStores = result.stateDirs
      return lookupRows(result)
    })
    await section('e', 'reverify run against a full store', async () => {
      const { benchRunWithStore } = await import('./bench/run-with-store.mjs')
      const fullStateDir = lookupStores?.get(10_000)
      return storeRows(await benchRunWithStore({ cli, scratch, fullStateDir, rounds: STORE_ROUNDS, progress: progressOf('(e)') }))
    })
  } finally {
    for (const stateDir of lookupStores?.values() ?? []) await rm(stateDir, { recursive: true, force: true })
    rmSync(scratch, { recursive: true, force: true })
  }

  const lines = [
    '## Machine',
    '',
    renderFacts(facts),
    '',
    '## Results',
    '',
    renderTable(rows),
    '',
    `Medians; rounds: (a) ${STARTUP_ROUNDS}, (b) ${LARGE_FLOOD_ROUNDS}, (c) ${SMALL_FLOOD_ROUNDS}, (d) 200 lookups, (e) ${STORE_ROUNDS}; ` +
      `one untimed warm-up per variant; variants interleaved. Peak RSS by ${rssMethod === 'gnu-time' ? 'GNU time (exact)' : 'sampling /proc VmHWM (a lower bound)'}; ` +
      `MB = 10^6 bytes. Whole run: ${((performance.now() - started) / 1000).toFixed(0)} s.`
  ]
  if (errors.length > 0) lines.push('', '## Errors', '', ...errors.map(error => `- ${error.replace(/\n/g, '\n  ')}`))
  process.stdout.write(`${lines.join('\n')}\n`)
}

try {
  await main()
} catch (error) {
  log(`could not measure: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
