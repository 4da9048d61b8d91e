/**
 * The live status line of the CLI on a terminal (docs/design.md §1, "The terminal"): while a
 * command has been silent for a moment, stderr shows `reverify: attempt 2/3 · 14 s`, redrawn
 * as the seconds change and erased before anything else is written. It lives here, not in
 * the core: the core only tells the `log` port that an attempt started or failed, and
 * writes the command's output to the console port, which the CLI wraps with `wrap`.
 */
import type { ConsoleStream } from '../core/index.js'

/** Back to the start of the line and erase it: what is under the status line comes back clean. */
const ERASE_LINE = '\r\u001b[2K'

/** How the status line keeps time; injectable so tests need not wait. */
export interface StatusTimers {
  now(): number
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void
}

/** The process's clock; the interval never keeps the process alive. */
export const realTimers: StatusTimers = {
  now: () => Date.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms)
    timer.unref()
    return () => clearInterval(timer)
  }
}

/** When the status line shows, and how it keeps time. */
export interface StatusLineOptions {
  /** Draw nothing at all (not a terminal). */
  enabled: boolean
  /** Silence before the line appears (default 1 s). */
  silenceMs?: number
  /** How often silence and elapsed time are looked at (default 250 ms). */
  tickMs?: number
  timers?: StatusTimers
}

/** Whether a status line belongs on this stream: a terminal that understands erasing a line. */
export function wantsStatusLine(stream: ConsoleStream, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && env.TERM !== 'dumb'
}

/** "14 s", "2 min 5 s", "1 h 2 min": whole units, for the live line. */
export function describeElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/** "5 ms", "1.2 s", "14 s", "2 min 5 s": a finished duration, short and precise enough to compare attempts. */
export function describeDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 10_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`
  return describeElapsed(ms)
}

/** The status line of one CLI run; inert when not enabled. */
export class StatusLine {
  private readonly timers: StatusTimers
  private readonly silenceMs: number
  private readonly tickMs: number
  private attempt: { number: number; max: number; startedAt: number } | undefined
  private lastOutputAt = 0
  /** Whether the terminal's cursor is at the start of a line: a half-written line is never drawn over. */
  private atLineStart = true
  private shown: string | undefined
  private stopTicking: (() => void) | undefined

  constructor(
    private readonly terminal: ConsoleStream,
    private readonly options: StatusLineOptions
  ) {
    this.timers = options.timers ?? realTimers
    this.silenceMs = options.silenceMs ?? 1000
    this.tickMs = options.tickMs ?? 250
  }

  /** The stream as the run should write to it: every write first erases the status line. */
  wrap(stream: ConsoleStream): ConsoleStream {
    if (!this.options.enabled) return stream
    return {
      isTTY: stream.isTTY,
      write: chunk => {
        this.erase()
        if (chunk.length > 0) {
          this.lastOutputAt = this.timers.now()
          const last = typeof chunk === 'string' ? chunk.charCodeAt(chunk.length - 1) : chunk[chunk.length - 1]
          this.atLineStart = last === 0x0a
        }
        return stream.write(chunk)
      },
      once: (event, listener) => stream.once(event, listener)
    }
  }

  /** An attempt began: its clock starts now, and the line may show once it goes silent. */
  attemptStarted(number: number, max: number): void {
    if (!this.options.enabled) return
    const now = this.timers.now()
    this.attempt = { number, max, startedAt: now }
    this.lastOutputAt = now
    this.stopTicking ??= this.timers.every(this.tickMs, () => this.tick())
  }

  /** The attempt is over (or interrupted): the line goes, and stays away until the next one. */
  attemptEnded(): void {
    this.attempt = undefined
    this.stopTicking?.()
    this.stopTicking = undefined
    this.erase()
  }

  /** The run is over: nothing is left on screen and no timer is left running. */
  stop(): void {
    this.attemptEnded()
  }

  /** Draws or refreshes the line when the attempt has been silent long enough. */
  private tick(): void {
    const attempt = this.attempt
    if (attempt === undefined || !this.atLineStart) return
    const now = this.timers.now()
    if (now - this.lastOutputAt < this.silenceMs) return
    const text = `reverify: attempt ${attempt.number}/${attempt.max} · ${describeElapsed(now - attempt.startedAt)}`
    // Redrawn only when the seconds change: about once a second, and no flicker.
    if (text === this.shown) return
    this.terminal.write(`${ERASE_LINE}${text}`)
    this.shown = text
  }

  private erase(): void {
    if (this.shown === undefined) return
    this.shown = undefined
    this.terminal.write(ERASE_LINE)
  }
}
