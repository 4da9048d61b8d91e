// Row (j): JUnit results (docs/design.md §1 "Test results"). A 60 MB results file read by a real run must
// not grow reverify's memory by more than 50 MB (the parser streams it and caps every text
// run), its parse rate is set against a bare read of the same file in the same process,
// and hostile files (entity bomb, external entity, malformed, truncated) cost next to nothing.
import { createReadStream, mkdtempSync, openSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { median, requireExit, timeProcess } from './measure.mjs'

const BUILD = new URL('../../build/', import.meta.url)
const TARGET_BYTES = 60_000_000

/**
 * A 60 MB report as a big test suite writes it: suites of test cases, one in 20 failing with
 * a stack, each with a little <system-out>, and a few suites with a multi-megabyte log.
 */
export function writeLargeReport(path) {
  const fd = openSync(path, 'w')
  let bytes = 0
  const write = text => {
    writeSync(fd, text)
    bytes += Buffer.byteLength(text)
  }
  write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="bench">\n')
  for (let suite = 0; bytes < TARGET_BYTES; suite++) {
    write(`  <testsuite name="suite ${suite}" tests="200">\n`)
    for (let test = 0; test < 200; test++) {
      const name = `suite ${suite} case ${test} returns the expected value`
      if (test % 20 === 0) {
        write(
          `    <testcase classname="${name}" name="${name}" time="0.012"><failure message="expected 200, got 500">Error: expected 200, got 500\n    at Object.toBe (src/suite-${suite}.test.js:${test + 1}:22)\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)</failure></testcase>\n`
        )
      } else {
        write(
          `    <testcase classname="${name}" name="${name}" time="0.003"><system-out>step ${test} &amp; done &lt;ok&gt;</system-out></testcase>\n`
        )
      }
    }
    if (suite % 50 === 0) write(`    <system-out><![CDATA[${'a noisy log line of a test suite\n'.repeat(100_000)}]]></system-out>\n`)
    write('  </testsuite>\n')
  }
  write('</testsuites>\n')
  closeSync(fd)
  return bytes
}

/** The hostile files of the tests, one of each kind. */
function writeHostileFiles(dir) {
  const levels = ['<!ENTITY lol0 "lol">']
  for (let level = 1; level <= 9; level++) levels.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`)
  const files = {
    'bomb.xml': `<?xml version="1.0"?>\n<!DOCTYPE t [${levels.join('')}]>\n<testsuites><testsuite name="&lol9;"/></testsuites>\n`,
    'external-entity.xml': '<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<testsuite name="&x;"/>\n',
    'malformed.xml': '<testsuites><testsuite name="x"><testcase name="a"></testsuite></testsuites>\n',
    'truncated.xml': `<testsuites><testsuite name="x">${'<testcase name="a" classname="b"/>'.repeat(1000)}<testca`
  }
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content)
  return Object.keys(files).map(name => join(dir, name))
}

/** Reads the file with a bare stream, doing nothing with it: the floor any reader pays. */
function bareRead(path) {
  return new Promise((resolve, reject) => {
    let bytes = 0
    createReadStream(path, { highWaterMark: 64 * 1024 })
      .on('data', chunk => (bytes += chunk.length))
      .on('end', () => resolve(bytes))
      .on('error', reject)
  })
}

/** Median ms of `run` over `rounds` rounds, after one untimed warm-up. */
async function timed(run, rounds) {
  await run()
  const samples = []
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    await run()
    samples.push(performance.now() - started)
  }
  return median(samples)
}

/**
 * Resolves to { bytes, withRssKb, withoutRssKb, withMs, withoutMs, parseMs, bareMs, tests, hostileMaxMs }.
 * `parse` runs in this process against the compiled parser (build/); the RSS runs are real CLI runs.
 */
export async function benchJUnitResults({ cli, scratch, rounds, rssMethod, progress = () => {} }) {
  const dir = mkdtempSync(join(scratch, 'junit-'))
  try {
    const report = join(dir, 'junit-60mb.xml')
    const bytes = writeLargeReport(report)
    const stateDir = join(dir, 'state')
    // The command touches the report, so the run counts it as written by the attempt.
    const run = extra => [
      process.execPath,
      cli,
      'run',
      '--command',
      'touch junit-60mb.xml',
      '--expect-exit',
      '0',
      '--max-retries',
      '0',
      '--state-dir',
      stateDir,
      ...extra
    ]
    const withResults = run(['--test-results', 'junit-60mb.xml'])
    const without = run([])
    requireExit(await timeProcess(withResults, { cwd: dir }), 0, 'reverify run --test-results')
    const samples = { with: [], without: [] }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['with', 'without'] : ['without', 'with']
      for (const key of order) {
        const argv = key === 'with' ? withResults : without
        samples[key].push(requireExit(await timeProcess(argv, { cwd: dir, rssMethod }), 0, `reverify run (${key} test-results)`))
      }
      progress(round + 1, rounds)
    }

    const { parseJUnitFile } = await import(new URL('src/core/test-results/junit-parser.js', BUILD).href)
    let tests = 0
    const parseMs = await timed(async () => {
      tests = 0
      const outcome = await parseJUnitFile(report, () => tests++)
      if (!outcome.ok) throw new Error(`the 60 MB report did not parse: ${outcome.reason}`)
    }, rounds)
    const bareMs = await timed(() => bareRead(report), rounds)

    const hostile = writeHostileFiles(dir)
    let hostileMaxMs = 0
    for (const path of hostile) {
      const ms = await timed(async () => {
        const outcome = await parseJUnitFile(path, () => {})
        if (outcome.ok) throw new Error(`${path} was accepted`)
      }, rounds)
      hostileMaxMs = Math.max(hostileMaxMs, ms)
    }
    return {
      bytes,
      tests,
      withRssKb: median(samples.with.map(sample => sample.peakRssKb ?? 0)),
      withoutRssKb: median(samples.without.map(sample => sample.peakRssKb ?? 0)),
      withMs: median(samples.with.map(sample => sample.wallMs)),
      withoutMs: median(samples.without.map(sample => sample.wallMs)),
      parseMs,
      bareMs,
      hostileMaxMs
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
