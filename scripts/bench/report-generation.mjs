// Row (i): `reverify report` on a run whose attempt log is at the attempt log's 10 MiB cap. The
// report streams the log, so its time and memory should stay flat however long the log.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { median, requireExit, timeProcess } from './measure.mjs'
import { benchReportLoad } from './report-browser.mjs'

// A build log: ordinary lines, and now and then an error the report highlights.
const LOG_COMMAND = `awk 'BEGIN { for (i = 1; i <= 220000; i++) if (i % 50 == 0) print "ERROR <item " i "> failed: expected 200, got 500"; else print "INFO step " i " compiled src/module-" i ".ts in 12 ms" }'`

/**
 * One failing run with a 10 MiB log, then `reverify report <id> --out …` `rounds` times (plus
 * a warm-up), then the report loaded in headless Chromium. Resolves to { medianMs, reportBytes,
 * logBytes, peakRssKb, loadMs } (loadMs undefined without Chromium).
 */
export async function benchReportGeneration({ cli, scratch, rounds, rssMethod, progress = () => {} }) {
  const stateDir = mkdtempSync(join(scratch, 'report-state-'))
  try {
    const run = spawnSync(
      process.execPath,
      [cli, 'run', '--command', LOG_COMMAND, '--expect-exit', '1', '--max-retries', '0', '--state-dir', stateDir],
      { cwd: scratch, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }
    )
    const runId = /^receipt: (\S+)$/m.exec(run.stdout)?.[1]
    const trace = /^trace: (.+)$/m.exec(run.stdout)?.[1]
    if (runId === undefined || trace === undefined) throw new Error(`the run for row (i) left no receipt:\n${run.stderr}`)
    const out = join(stateDir, 'bench-report.html')
    const argv = [process.execPath, cli, 'report', runId, '--out', out, '--state-dir', stateDir]
    requireExit(await timeProcess(argv, { cwd: scratch }), 0, 'reverify report')
    const samples = []
    for (let round = 0; round < rounds; round += 1) {
      samples.push(requireExit(await timeProcess(argv, { cwd: scratch, rssMethod }), 0, 'reverify report'))
      progress(round + 1, rounds)
    }
    const loadMs = await benchReportLoad(out, rounds)
    return {
      loadMs,
      medianMs: median(samples.map(sample => sample.wallMs)),
      peakRssKb: median(samples.map(sample => sample.peakRssKb ?? 0)),
      reportBytes: statSync(out).size,
      logBytes: statSync(join(trace, 'attempt-1.log')).size
    }
  } finally {
    rmSync(stateDir, { recursive: true, force: true })
  }
}
