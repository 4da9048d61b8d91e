// Rows (b) and (c): a verify command that floods stdout. Reverify must stream it (console,
// capped log, summary) at close to the speed of the command alone, in memory that does not
// follow the size of the output.
import { rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { interleave, medianOf, requireExit, timeProcess } from './measure.mjs'

// A web server's access log: short lines, no keyword the summary collects.
const LOG_LINE = 'INFO 2026-11-30 request handled in 12 ms path=/api/items status=200'
// The shell reverify uses by default, so both variants run the command the same way.
const BASH = ['bash', '--noprofile', '--norc', '-eo', 'pipefail', '-c']
const PIPE_FLOOR = join(dirname(fileURLToPath(import.meta.url)), 'pipe-floor.mjs')

/** The shell command writing `bytes` bytes of log lines to stdout and exiting 0. */
export function floodCommand(bytes) {
  // yes dies of SIGPIPE when head is done, which pipefail reports: that is expected here.
  return `yes '${LOG_LINE}' | head -c ${bytes} || true`
}

const LOG_PRODUCER = join(dirname(fileURLToPath(import.meta.url)), 'log-producer.mjs')

/** A program formatting its own log lines (a test runner's output), `bytes` bytes of it. */
export function producerCommand(bytes) {
  return `${JSON.stringify(process.execPath)} ${JSON.stringify(LOG_PRODUCER)} ${bytes}`
}

/**
 * The flood command alone (`bash -c`, stdout to /dev/null) against `reverify run` of it
 * (reverify's stdout to /dev/null, a fresh --state-dir every time), interleaved over
 * `rounds`. With `references`, the output is also piped through `cat`; with `references` or
 * `floor`, through a bare node process (pipe-floor.mjs), the least any node supervisor
 * costs. Resolves to { rawMs, reverifyMs, peakRssKb (reverify's, median), catMs?,
 * nodeFloorMs?, bytes, rounds }.
 */
export async function benchOutputVolume({
  cli,
  scratch,
  bytes,
  rounds,
  rssMethod,
  references = false,
  floor = references,
  progress,
  producer = 'yes'
}) {
  const command = producer === 'yes' ? floodCommand(bytes) : producerCommand(bytes)
  const measured = async (argv, what) => requireExit(await timeProcess(argv, { cwd: scratch, rssMethod }), 0, what)
  let serial = 0
  const variants = [
    // Measured through the same wrapper as reverify, so the wrapper's cost cancels out.
    { key: 'raw', run: () => measured([...BASH, command], 'the flood command') },
    {
      key: 'reverify',
      run: async () => {
        const stateDir = join(scratch, `flood-state-${serial++}`)
        const argv = [cli, 'run', '--command', command, '--expect-exit', '0', '--max-retries', '0', '--state-dir', stateDir]
        try {
          return await measured(argv, 'reverify run of the flood command')
        } finally {
          await rm(stateDir, { recursive: true, force: true })
        }
      }
    }
  ]
  if (references) {
    variants.push({ key: 'cat', run: () => measured([...BASH, `(${command}) | cat`], 'the flood command piped through cat') })
  }
  if (floor) {
    variants.push({
      key: 'floor',
      run: () => measured([process.execPath, PIPE_FLOOR, command], 'the flood command under a bare node pipe')
    })
  }
  const samples = await interleave(variants, rounds, progress)
  return {
    rawMs: medianOf(samples.get('raw'), 'wallMs'),
    reverifyMs: medianOf(samples.get('reverify'), 'wallMs'),
    peakRssKb: medianOf(samples.get('reverify'), 'peakRssKb'),
    ...(references && { catMs: medianOf(samples.get('cat'), 'wallMs') }),
    ...(floor && { nodeFloorMs: medianOf(samples.get('floor'), 'wallMs') }),
    bytes,
    rounds
  }
}
