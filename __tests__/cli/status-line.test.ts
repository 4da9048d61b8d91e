/** The CLI's live status line on a terminal, and the durations of the console summary (docs/design.md §1). */
import type { CompletedRun, RunReport } from '../../src/core/run/report.js'
import { describeDuration, describeElapsed, StatusLine, wantsStatusLine, type StatusTimers } from '../../src/cli/status-line.js'
import { consoleSummary } from '../../src/cli/verify.js'
import { Capture } from '../helpers/cli.js'

const ERASE = '\r\u001b[2K'

/** A clock moved by hand; `tick` runs the interval callbacks the status line registered. */
class ManualTimers implements StatusTimers {
  time = 0
  private ticks = new Set<() => void>()
  now(): number {
    return this.time
  }
  every(_ms: number, tick: () => void): () => void {
    this.ticks.add(tick)
    return () => this.ticks.delete(tick)
  }
  get running(): number {
    return this.ticks.size
  }
  /** Moves the clock on in 250 ms steps, ticking at each. */
  advance(ms: number): void {
    for (let step = 0; step < ms; step += 250) {
      this.time += 250
      for (const tick of [...this.ticks]) tick()
    }
  }
}

/** A terminal: both streams write to one screen, as they do in a shell. */
class Terminal extends Capture {
  readonly isTTY = true
}

function setUp(enabled = true) {
  const timers = new ManualTimers()
  const screen = new Terminal()
  const status = new StatusLine(screen, { enabled, timers })
  return { timers, screen, status, out: status.wrap(screen), err: status.wrap(screen) }
}

describe('the status line', () => {
  test('appears once the command is silent for a second, then refreshes as the seconds change', () => {
    const { timers, screen, status, out } = setUp()
    status.attemptStarted(2, 3)
    out.write('compiling\n')
    timers.advance(750)
    expect(screen.text).toBe('compiling\n')
    timers.advance(250)
    expect(screen.text).toBe(`compiling\n${ERASE}reverify: attempt 2/3 · 1 s`)
    timers.advance(750)
    expect(screen.text.split(ERASE)).toHaveLength(2) // the same second: not redrawn
    timers.advance(250)
    expect(screen.text).toBe(`compiling\n${ERASE}reverify: attempt 2/3 · 1 s${ERASE}reverify: attempt 2/3 · 2 s`)
  })

  test('is erased before the next output, on either stream, and waits for silence again', () => {
    const { timers, screen, status, out, err } = setUp()
    status.attemptStarted(1, 1)
    timers.advance(1000)
    err.write('warning\n')
    expect(screen.text).toBe(`${ERASE}reverify: attempt 1/1 · 1 s${ERASE}warning\n`)
    timers.advance(750)
    out.write('more\n')
    expect(screen.text.endsWith(`${ERASE}warning\nmore\n`)).toBe(true)
  })

  test('never draws over a half-written line (a prompt, a progress bar)', () => {
    const { timers, screen, status, out } = setUp()
    status.attemptStarted(1, 1)
    out.write(Buffer.from('Downloading... 40%'))
    timers.advance(5000)
    expect(screen.text).toBe('Downloading... 40%')
    out.write('\n')
    timers.advance(1000)
    expect(screen.text).toBe(`Downloading... 40%\n${ERASE}reverify: attempt 1/1 · 6 s`)
  })

  test('goes when the attempt ends, leaves no timer behind, and stays away until the next attempt', () => {
    const { timers, screen, status } = setUp()
    status.attemptStarted(1, 2)
    timers.advance(1000)
    status.attemptEnded()
    expect(screen.text).toBe(`${ERASE}reverify: attempt 1/2 · 1 s${ERASE}`)
    expect(timers.running).toBe(0)
    timers.advance(5000)
    expect(screen.text).toBe(`${ERASE}reverify: attempt 1/2 · 1 s${ERASE}`)
    status.attemptStarted(2, 2)
    timers.advance(1000)
    status.stop()
    expect(screen.text.endsWith(`${ERASE}reverify: attempt 2/2 · 1 s${ERASE}`)).toBe(true)
    expect(timers.running).toBe(0)
  })

  test('when not enabled: the streams are passed through and nothing is ever drawn', () => {
    const { timers, screen, status, out } = setUp(false)
    expect(out).toBe(screen)
    status.attemptStarted(1, 1)
    timers.advance(10_000)
    status.stop()
    expect(screen.text).toBe('')
    expect(timers.running).toBe(0)
  })

  test('is wanted only on a terminal that can erase a line', () => {
    expect(wantsStatusLine(new Terminal(), { TERM: 'xterm-256color' })).toBe(true)
    expect(wantsStatusLine(new Terminal(), {})).toBe(true)
    expect(wantsStatusLine(new Terminal(), { TERM: 'dumb' })).toBe(false)
    expect(wantsStatusLine(new Capture(), { TERM: 'xterm' })).toBe(false)
  })
})

describe('durations', () => {
  test.each([
    [0, '0 ms', '0 s'],
    [480, '480 ms', '0 s'],
    [1234, '1.2 s', '1 s'],
    [9999, '9.9 s', '9 s'],
    [14_200, '14 s', '14 s'],
    [125_000, '2 min 5 s', '2 min 5 s'],
    [3_725_000, '1 h 2 min', '1 h 2 min']
  ])('%d ms: %s in the summary, %s on the live line', (ms, finished, live) => {
    expect(describeDuration(ms)).toBe(finished)
    expect(describeElapsed(ms)).toBe(live)
  })

  /** A completed run with just what the summary reads. */
  function completed(durations: number[], outcome: CompletedRun['outcome'] = 'failure'): RunReport {
    return {
      kind: 'completed',
      runId: '20261201-090000-verify-3fa9c2',
      session: { id: 'x', dir: '/state/sessions/2026-12-01/verify/x' },
      outcome,
      flaky: false,
      attempts: durations.map((durationMs, index) => ({ attempt: index + 1, durationMs })),
      maxAttempts: durations.length,
      summary: 'not verified'
    } as unknown as RunReport
  }

  test('the outcome line lists every attempt and the total', () => {
    const lines = consoleSummary(completed([1200, 1100, 1300]), ['npm test'], 3900)
    expect(lines[1]).toBe('outcome: failure · attempts: 3/3 (1.2 s, 1.1 s, 1.3 s) · 3.9 s')
    expect(lines.length).toBeGreaterThanOrEqual(3)
    expect(lines.length).toBeLessThanOrEqual(6)
  })

  test('a long run lists the first and last attempts and counts the rest', () => {
    const lines = consoleSummary(completed(Array.from({ length: 11 }, (_, i) => 1000 + i * 100)), ['npm test'], 17_000)
    expect(lines[1]).toBe('outcome: failure · attempts: 11/11 (1.0 s, 1.1 s, 1.2 s, … 7 more, 2.0 s) · 17 s')
  })
})
