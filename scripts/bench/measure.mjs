// Timing and peak-memory measurement of child processes, shared by the benchmark sections.
// Every variant is spawned the same way from the same parent, so the cost of spawning from
// node is part of every figure alike and cancels out of the ratios.
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'

const GNU_TIME = '/usr/bin/time'
// Kept of a child's stderr, to say why a run failed without holding everything it printed.
const STDERR_KEPT_BYTES = 4_096
// How often /proc is sampled when GNU time is missing: the last interval before exit can be missed.
const RSS_SAMPLE_MS = 5

/** Median of a non-empty list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * How peak RSS will be measured: 'gnu-time' when /usr/bin/time accepts -f and -o (exact,
 * from the kernel's accounting at exit), else 'proc-sampling' (VmHWM polled from /proc: a
 * lower bound).
 */
export function detectRssMethod() {
  const directory = mkdtempSync(join(tmpdir(), 'reverify-bench-time-'))
  try {
    const output = join(directory, 'rss')
    const probe = spawnSync(GNU_TIME, ['-f', '%M', '-o', output, 'true'], { stdio: 'ignore' })
    if (probe.status === 0 && /^\d+$/m.test(readFileSync(output, 'utf8'))) return 'gnu-time'
  } catch {
    // absent or not GNU: fall through to sampling
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
  return 'proc-sampling'
}

/**
 * Runs argv once with stdout to /dev/null, or to the file `stdoutPath` (with `env` added to this process's); resolves to
 * { wallMs, exitCode, signal, stderr } and, when rssMethod is given, peakRssKb of the process argv starts.
 */
export function timeProcess(argv, { cwd, rssMethod, env, stdoutPath } = {}) {
  const scratch = rssMethod === 'gnu-time' ? mkdtempSync(join(tmpdir(), 'reverify-bench-rss-')) : undefined
  const rssFile = scratch === undefined ? undefined : join(scratch, 'rss')
  const command = rssFile === undefined ? argv : [GNU_TIME, '-f', '%M', '-o', rssFile, ...argv]
  const devNull = openSync(stdoutPath ?? '/dev/null', 'w')
  return new Promise((resolve, reject) => {
    let stderr = ''
    let sampledKb = 0
    let sampler
    const started = performance.now()
    const child = spawn(command[0], command.slice(1), {
      cwd,
      env: env === undefined ? process.env : { ...process.env, ...env },
      stdio: ['ignore', devNull, 'pipe']
    })
    closeSync(devNull)
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', text => {
      stderr = (stderr + text).slice(-STDERR_KEPT_BYTES)
    })
    if (rssMethod === 'proc-sampling') {
      sampler = setInterval(() => {
        sampledKb = Math.max(sampledKb, readHighWaterKb(child.pid))
      }, RSS_SAMPLE_MS)
    }
    child.on('error', error => {
      clearInterval(sampler)
      reject(error)
    })
    // Wall time ends at exit; the sample is handed out at close, once stderr has drained.
    let sample
    child.on('exit', (exitCode, signal) => {
      sample = { wallMs: performance.now() - started, exitCode, signal }
      clearInterval(sampler)
    })
    child.on('close', () => {
      if (sample === undefined) return // never started: 'error' has rejected already
      sample.stderr = stderr
      if (rssFile !== undefined) {
        // GNU time writes "Command exited with non-zero status" lines first; the figure is last.
        const figures = readFileSync(rssFile, 'utf8').trim().split('\n')
        sample.peakRssKb = Number(figures[figures.length - 1])
        rmSync(scratch, { recursive: true, force: true })
      } else if (rssMethod === 'proc-sampling') {
        sample.peakRssKb = sampledKb
      }
      resolve(sample)
    })
  })
}

function readHighWaterKb(pid) {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) : 0
  } catch {
    return 0 // already gone
  }
}

/** Throws with the child's last words when a measured run did not exit as expected. */
export function requireExit(sample, expected, what) {
  if (sample.exitCode === expected) return sample
  const how = sample.signal ? `was killed by ${sample.signal}` : `exited ${sample.exitCode}`
  throw new Error(`${what} ${how}, expected exit ${expected}${sample.stderr ? `:\n${sample.stderr.trim()}` : ''}`)
}

/**
 * Runs each variant (`{ key, run }`, run() resolving to one sample) once untimed as a
 * warm-up, then `rounds` times interleaved, reversing the order every other round, so load
 * drifting on a busy machine lands on every variant alike. Resolves to key → samples.
 */
export async function interleave(variants, rounds, progress = () => {}) {
  for (const variant of variants) await variant.run()
  const samples = new Map(variants.map(variant => [variant.key, []]))
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? variants : [...variants].reverse()
    for (const variant of order) samples.get(variant.key).push(await variant.run())
    progress(round + 1, rounds)
  }
  return samples
}

/** The median of one field over a variant's samples. */
export function medianOf(samples, field) {
  return median(samples.map(sample => sample[field]))
}
