/** A failed attempt as the verify loop shows one (record and verdict together), for the pure judgements made of it. */
import type { AttemptResult } from '../../src/core/attempt/result.js'

/** An attempt that failed on `expect-exit` alone (exit 1), with `extra` over it. */
export function failedAttempt(extra: Partial<AttemptResult> = {}): AttemptResult {
  return {
    attempt: 1,
    commands: [],
    exitCode: 1,
    signal: null,
    timedOut: false,
    interrupted: false,
    durationMs: 10,
    startedAt: '',
    endedAt: '',
    summary: '',
    checks: [{ expectation: 'expect-exit', ok: false, detail: 'expect-exit 0 but got 1' }],
    verified: false,
    outputMatched: false,
    logBytesDropped: 0,
    ...extra
  }
}
