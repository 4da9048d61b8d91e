// The table rows each section's figures make against the targets (targets.mjs).
// BENCHMARKS.md says why each target is what it is; change both together.
import { formatMs, formatRatio, kbToMb, verdict } from './report.mjs'
import { TARGETS } from './targets.mjs'

export { TARGETS }

/** What each phase the action's main step logs covers (src/action/phase-timer.ts). */
const ACTION_PHASE_WORDS = {
  start: 'start: node and the bundle loaded, up to the main step',
  restore: 'restore of the receipt history',
  run: 'run of the command (the core, as the CLI runs it)',
  save: 'save of the receipt history (beside the upload)',
  upload: 'upload of the trace (beside the save)',
  report: 'outputs, annotations and job summary'
}

/** Row a's limit against `node -e 0` on a node of `major` (module.enableCompileCache arrived in 22.1). */
export function startupMaxRatio(major) {
  return major >= 22 ? TARGETS.startupMaxRatio : TARGETS.startupMaxRatioWithoutCompileCache
}

/** Row (a) from benchStartup's result, against the target of the node `major` it ran on. */
export function startupRows(result, major) {
  const ratio = result.reverifyMs / result.nodeMs
  const maxRatio = startupMaxRatio(major)
  const cold =
    result.coldMs === undefined
      ? []
      : [
          {
            row: 'a',
            what: 'same, cold compile cache (a fresh XDG_CACHE_HOME every run)',
            median: formatMs(result.coldMs),
            ratio: formatRatio(result.coldMs / result.nodeMs, 'node -e 0'),
            target: 'reference'
          }
        ]
  return [
    { row: 'a', what: '`node -e 0`', median: formatMs(result.nodeMs), ratio: 'baseline' },
    { row: 'a', what: '`bash -c true`', median: formatMs(result.bashMs), ratio: formatRatio(result.bashMs / result.nodeMs, 'node -e 0') },
    {
      row: 'a',
      what: '`reverify run --command true` (fresh state dir)',
      median: formatMs(result.reverifyMs),
      ratio: formatRatio(ratio, 'node -e 0'),
      target: `≤ ${maxRatio}× on Node ${major} (goal ${TARGETS.startupGoalRatio}×)`,
      result: ratio <= TARGETS.startupGoalRatio ? 'PASS (goal met)' : verdict(ratio <= maxRatio)
    },
    ...cold,
    ...(result.historyMs === undefined
      ? []
      : [
          {
            row: 'a',
            what: `same, a command with a history of ${result.historyReceipts} receipts (keep-receipts' default; one state dir)`,
            median: formatMs(result.historyMs),
            ratio: formatRatio(result.historyMs / result.nodeMs, 'node -e 0'),
            target: 'reference'
          }
        ])
  ]
}

/** Row (g): restore + save of a receipt history through the real cache client. */
export function historyRows(result) {
  const kb = result.payloadBytes / 1000
  return [
    { row: 'g', what: `restore + save of a ${result.receipts}-receipt history (local service)`, median: formatMs(result.medianMs) },
    { row: 'g', what: 'cache payload of that history', median: `${kb.toFixed(1)} KB`, target: '≤ 100 KB', result: verdict(kb <= 100) }
  ]
}

/** Row (g), continued: the payload and the restore's merge of a history as deep as the defaults keep. */
export function historyDepthRows(result) {
  const mib = result.payloadBytes / (1024 * 1024)
  const history = `${result.runs} runs of a ${result.suite.toLocaleString('en-US')}-test suite (50 failing or flaky each) and its known tests`
  return [
    {
      row: 'g',
      what: `cache payload of ${history}`,
      median: `${(result.payloadBytes / 1000).toFixed(1)} KB (${(result.stagedBytes / 1e6).toFixed(2)} MB of files staged)`,
      target: `≤ ${TARGETS.depthPayloadMaxMiB} MiB`,
      result: verdict(mib <= TARGETS.depthPayloadMaxMiB)
    },
    {
      row: 'g',
      what: `that history read and merged (HistoryImport, before the store's write)`,
      median: formatMs(result.mergeMs),
      target: `≤ ${TARGETS.depthImportMaxMs} ms`,
      result: verdict(result.mergeMs <= TARGETS.depthImportMaxMs)
    },
    {
      row: 'g',
      what: `the store's write of the merged receipts (a file and two index entries each)`,
      median: formatMs(result.writeMs),
      target: 'reference'
    },
    {
      row: 'g',
      what: `the whole import into an empty store (a restore on a fresh runner)`,
      median: formatMs(result.importMs),
      target: 'reference'
    }
  ]
}

/** Row (h): the action's main step against the CLI on a trivial command, then the step's phases. */
export function actionRows(result) {
  const ratio = result.actionMs / result.cliMs
  const phases = Object.entries(result.phaseMs ?? {}).map(([phase, ms]) => ({
    row: 'h',
    what: `the action, phase: ${ACTION_PHASE_WORDS[phase] ?? phase}`,
    median: formatMs(ms),
    ratio: `${Math.round((ms / result.actionMs) * 100)} % of the action`
  }))
  return [
    { row: 'h', what: '`reverify run --command true` (CLI)', median: formatMs(result.cliMs), ratio: 'baseline' },
    {
      row: 'h',
      what: 'the action on `true` (restore, run, save, upload)',
      median: formatMs(result.actionMs),
      ratio: formatRatio(ratio, 'CLI'),
      target: `≤ ${TARGETS.actionMaxRatio.toFixed(1)}× (goal ${TARGETS.actionGoalRatio}×)`,
      result: ratio <= TARGETS.actionGoalRatio ? 'PASS (goal met)' : verdict(ratio <= TARGETS.actionMaxRatio)
    },
    ...(result.firstStepMs !== undefined
      ? [
          {
            row: 'h',
            what: 'the same as the first reverify step of a job (an empty RUNNER_TEMP: no code cache, no state dir)',
            median: formatMs(result.firstStepMs),
            ratio: formatRatio(result.firstStepMs / result.cliMs, 'CLI'),
            target: 'reference'
          }
        ]
      : []),
    ...phases
  ]
}

/** Row (d) from benchReceiptLookup's result, plus the one-off index build of the largest store. */
export function lookupRows(result) {
  const smallest = result.rows[0]
  const largest = result.rows[result.rows.length - 1]
  const rows = result.rows.map(entry => {
    const ratio = entry.medianMs / smallest.medianMs
    return {
      row: 'd',
      what: `latest() in a store of ${entry.receipts.toLocaleString('en-US')} receipts`,
      median: formatMs(entry.medianMs),
      ratio: entry === smallest ? 'baseline' : formatRatio(ratio, `${smallest.receipts}`),
      ...(entry === largest && { target: `≤ ${TARGETS.lookupMaxRatio}×`, result: verdict(ratio <= TARGETS.lookupMaxRatio) })
    }
  })
  rows.push({
    row: 'd',
    what: `index build from scratch, ${largest.receipts.toLocaleString('en-US')} receipts`,
    median: formatMs(largest.rebuildMs),
    target: 'reference'
  })
  return rows
}

/** Row (e) from benchRunWithStore's result. */
export function storeRows(result) {
  const ratio = result.fullMs / result.emptyMs
  return [
    { row: 'e', what: '`reverify run --command true`, store started empty', median: formatMs(result.emptyMs), ratio: 'baseline' },
    {
      row: 'e',
      what: `same, store holding ${result.receipts.toLocaleString('en-US')} receipts`,
      median: formatMs(result.fullMs),
      ratio: formatRatio(ratio, 'empty'),
      target: `≤ ${TARGETS.storeMaxRatio}×`,
      result: verdict(ratio <= TARGETS.storeMaxRatio)
    }
  ]
}

/** Row (i): `reverify report` on a run whose log is at the 10 MiB cap. */
export function reportRows(result) {
  const mib = bytes => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
  return [
    {
      row: 'i',
      what: `report generation on a ${mib(result.logBytes)} log (\`reverify report\`)`,
      median: formatMs(result.medianMs),
      target: `≤ ${formatMs(TARGETS.reportMaxMs)}`,
      result: verdict(result.medianMs <= TARGETS.reportMaxMs)
    },
    {
      row: 'i',
      what: 'size of that report.html',
      median: mib(result.reportBytes),
      target: `≤ ${TARGETS.reportMaxMiB} MiB`,
      result: verdict(result.reportBytes <= TARGETS.reportMaxMiB * 1024 * 1024)
    },
    { row: 'i', what: 'peak RSS of `reverify report` on that log', median: `${kbToMb(result.peakRssKb).toFixed(1)} MB` },
    result.loadMs === undefined
      ? { row: 'i', what: 'that report.html loaded in headless Chromium', result: 'no Chromium' }
      : {
          row: 'i',
          what: 'that report.html loaded in headless Chromium (to the load event)',
          median: formatMs(result.loadMs),
          target: `≤ ${formatMs(TARGETS.reportLoadMaxMs)}`,
          result: verdict(result.loadMs <= TARGETS.reportLoadMaxMs)
        }
  ]
}

/** Row k: the fault-injection counts (scripts/fault-injection.mjs). */
export function faultRows(counts, seconds) {
  const phases = Object.entries(counts.byPhase)
    .map(([phase, count]) => `${phase} ${count}`)
    .join(', ')
  const zero = (what, value) => ({ row: 'k', what, median: String(value), target: '0', result: verdict(value === 0) })
  return [
    { row: 'k', what: `runs killed with SIGKILL (${phases}), ${seconds} s`, median: String(counts.kills) },
    {
      row: 'k',
      what: 'next runs / `reverify resume` after them: resumed, restarted',
      median: `${counts.followUps.run} / ${counts.followUps.resume}: ${counts.resumed}, ${counts.restarted}`
    },
    {
      row: 'k',
      what: 'action killed during the cache save: failed runs among them, entries saved before the kill, saved by the post step',
      median: `${counts.byPhase['cache-save'] ?? 0}: ${counts.cacheSave.failedRuns}, ${counts.cacheSave.savedBeforeKill}, ${counts.cacheSave.savedByPost}`
    },
    zero('next runs on a new machine missing part of the history, silently', counts.cacheSave.lostSilently),
    zero('files that do not parse', counts.unparsableFiles),
    zero('runs left `running`', counts.runsLeftRunning),
    zero('commands re-run although their result was recorded', counts.rerunAfterRecorded),
    {
      row: 'k',
      what: 'verifications replayed from the record',
      median: String(counts.replays),
      target: '> 0',
      result: verdict(counts.replays > 0)
    },
    zero('failures forgotten (trace failed and receipt not; or no warning on the next run)', counts.failuresForgotten),
    zero('failures invented (a cut-off attempt made a run fail)', counts.failuresInvented),
    zero('processes of a crashed attempt left alive', counts.processesLeftAlive)
  ]
}

/** Row (j): a 60 MB JUnit file in a real run (memory), its parse rate against a bare read, hostile files. */
export function junitRows(result) {
  const mb = result.bytes / 1e6
  const growth = kbToMb(result.withRssKb - result.withoutRssKb)
  const rate = ms => `${(mb / (ms / 1000)).toFixed(1)} MB/s`
  return [
    { row: 'j', what: 'peak RSS of a run without test-results', median: `${kbToMb(result.withoutRssKb).toFixed(1)} MB`, ratio: 'baseline' },
    {
      row: 'j',
      what: `peak RSS of the same run reading a ${mb.toFixed(0)} MB JUnit file (${result.tests.toLocaleString('en-US')} tests)`,
      median: `${kbToMb(result.withRssKb).toFixed(1)} MB`,
      ratio: `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB`,
      target: `≤ +${TARGETS.junitMaxRssGrowthMb} MB`,
      result: verdict(growth <= TARGETS.junitMaxRssGrowthMb)
    },
    { row: 'j', what: 'wall time of those two runs', median: `${formatMs(result.withoutMs)} / ${formatMs(result.withMs)}` },
    { row: 'j', what: `bare stream read of the ${mb.toFixed(0)} MB file`, median: rate(result.bareMs), ratio: 'baseline' },
    {
      row: 'j',
      what: `parse rate of that file (\`parseJUnitFile\`)`,
      median: rate(result.parseMs),
      ratio: `${(result.bareMs / result.parseMs).toFixed(2)}× bare read`
    },
    {
      row: 'j',
      what: 'slowest hostile file (entity bomb, external entity, malformed, truncated)',
      median: formatMs(result.hostileMaxMs),
      target: `≤ ${formatMs(TARGETS.junitHostileMaxMs)}`,
      result: verdict(result.hostileMaxMs <= TARGETS.junitHostileMaxMs)
    }
  ]
}

/** Row (l): a 300-test jest suite with 2 flaky tests, whole-command retry against rerunning the failed tests. */
export function rerunRows(result) {
  const ratio = result.rerunMs / result.fullMs
  const suite = `${result.tests} tests in ${result.files} files`
  return [
    {
      row: 'l',
      what: `full attempt: \`npx jest --ci\`, ${suite} (${result.flaky} fail once)`,
      median: formatMs(result.fullMs),
      ratio: 'baseline'
    },
    {
      row: 'l',
      what: 'retry of the whole command',
      median: formatMs(result.retryMs),
      ratio: formatRatio(result.retryMs / result.fullMs, 'full')
    },
    {
      row: 'l',
      what: `retry with \`rerun-failed-tests: jest\` (the ${result.flaky} failed tests)`,
      median: formatMs(result.rerunMs),
      ratio: formatRatio(ratio, 'full'),
      target: `≤ ${TARGETS.rerunMaxRatio.toFixed(2)}×`,
      result: verdict(ratio <= TARGETS.rerunMaxRatio)
    },
    {
      row: 'l',
      what: 'the same rerun through npx (a template: `npx jest --ci {files} -t {pattern}`)',
      median: formatMs(result.directRerunMs),
      ratio: formatRatio(result.directRerunMs / result.fullMs, 'full'),
      target: 'reference'
    },
    { row: 'l', what: 'whole run, whole-command retry', median: formatMs(result.wholeWallMs), ratio: 'baseline' },
    {
      row: 'l',
      what: 'whole run, `rerun-failed-tests: jest`',
      median: formatMs(result.rerunWallMs),
      ratio: formatRatio(result.rerunWallMs / result.wholeWallMs, 'whole-command')
    }
  ]
}

/** Row (n): the same run with and without early flake detection of its new tests. */
export function newTestRows(result) {
  const ratio = result.detectWallMs / result.plainWallMs
  return [
    {
      row: 'n',
      what: `whole run, ${result.tests} tests of which ${result.added} new, without detection`,
      median: formatMs(result.plainWallMs),
      ratio: 'baseline'
    },
    {
      row: 'n',
      what: `whole run, \`new-test-repeats: ${result.repeats}\``,
      median: formatMs(result.detectWallMs),
      ratio: formatRatio(ratio, 'without'),
      target: `≤ ${TARGETS.newTestMaxRatio.toFixed(2)}×`,
      result: verdict(ratio <= TARGETS.newTestMaxRatio)
    },
    {
      row: 'n',
      what: `the ${result.repeats} repeats of the ${result.added} new tests (from the trace)`,
      median: formatMs(result.repeatsMs),
      ratio: formatRatio(result.repeatsMs / result.plainWallMs, 'without'),
      target: 'reference'
    }
  ]
}

/** Row (m): this build against the baseline build, on the work of rows a, b and h. */
export function baselineRows(result) {
  const { baseline } = result
  const against = (what, current, previous, format = formatMs) => {
    const ratio = current / previous
    // Three decimals: a 1.054× at a 1.05× target must not read as 1.05× and MISS.
    return {
      row: 'm',
      what: `${what}: this build / baseline`,
      median: `${format(current)} / ${format(previous)}`,
      ratio: `${ratio.toFixed(3)}× baseline`
    }
  }
  const guarded = (what, { currentMs, baselineMs }) => ({
    ...against(what, currentMs, baselineMs),
    target: `≤ ${TARGETS.baselineMaxRatio}×`,
    result: verdict(currentMs / baselineMs <= TARGETS.baselineMaxRatio)
  })
  const mb = kb => `${kbToMb(kb).toFixed(1)} MB`
  return [
    { row: 'm', what: `baseline build: the dist/ of ${baseline.ref} (${baseline.why}), commit ${baseline.commit.slice(0, 12)}` },
    guarded('(a) `reverify run --command true`, fresh state dir', result.startup),
    guarded(`(b) ${result.floodBytes / 1e6} MB of log lines`, result.flood),
    {
      ...against(`(b) peak RSS, ${result.floodBytes / 1e6} MB`, result.flood.currentRssKb, result.flood.baselineRssKb, mb),
      target: 'reference'
    },
    guarded('(h) the action on `true`, local service', result.action),
    {
      ...against(
        'the report entry point (dist/report.js) loading and refusing an input',
        result.report.currentMs,
        result.report.baselineMs
      ),
      target: 'reference'
    },
    {
      ...against(
        'the report entry point, bundle size',
        result.report.currentBytes,
        result.report.baselineBytes,
        bytes => `${(bytes / 1024 / 1024).toFixed(2)} MiB`
      ),
      target: 'reference'
    }
  ]
}
