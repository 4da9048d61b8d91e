import { describeError, isUserError, UsageError } from '../base/errors.js'
import { printable } from '../base/printable.js'
import { MAX_CAPTURE_LABEL_CHARS, MAX_NOTE_CHARS, type Receipt } from '../receipts/receipt.js'
import type { ReceiptStore } from '../receipts/receipt-store.js'
import { isRunId } from '../receipts/run-id.js'
import { resolveRunRef } from '../receipts/run-ref.js'

/**
 * Capture (docs/design.md §3): recording what happened to a failed run, so that it may be retried.
 * Sources: `reverify capture`, the action's capture mode, and `Reverify-Capture:` lines in
 * commit messages and pull request bodies.
 */

/** One `Reverify-Capture: <run-id> [note]` line. */
export interface CaptureTrailer {
  runId: string
  note: string
}

/** Most trailers taken from one text. */
export const MAX_TRAILERS = 50
/** Longest note taken from a trailer. */
export const MAX_TRAILER_NOTE_CHARS = 1_000
// Event payloads are untrusted and can be large: only the start of a text is searched.
const MAX_SCANNED_CHARS = 1024 * 1024

// Lines are cut at CR and LF only; a U+2028/U+2029 inside one is a blank here (`.` matches it
// under the `s` flag) and becomes a space in the note, so such a trailer applies, not vanishes
const TRAILER_LINE = /^[ \t]*reverify-capture[ \t]*:\s*(\S+)(?:\s+(.*))?$/is
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/** Every `Reverify-Capture: <run-id> [note]` line in a text (commit message, PR body); lines whose id is not a valid run id are ignored. Bounded: at most 50 per text, note capped at 1000 chars. */
export function parseCaptureTrailers(text: string): CaptureTrailer[] {
  const trailers: CaptureTrailer[] = []
  for (const line of text.slice(0, MAX_SCANNED_CHARS).split(/\r\n|\r|\n/)) {
    const match = TRAILER_LINE.exec(line)
    if (!match || !isRunId(match[1])) continue
    const note = Array.from((match[2] ?? '').replace(CONTROL_CHARS, ' ').trim())
      .slice(0, MAX_TRAILER_NOTE_CHARS)
      .join('')
    trailers.push({ runId: match[1], note })
    if (trailers.length === MAX_TRAILERS) break
  }
  return trailers
}

/** Who captures, from where, and where `latest` looks. */
export interface CaptureDetails {
  note: string
  /** `cli`, `action`, `commit <sha>`, `pull_request #<n>` … (cut to 200 chars). */
  source: string
  /** The person or account (cut to 200 chars). */
  by: string
  /** The repository the capture is for: required by `latest`; an explicit run id of another target is refused. */
  target?: string
  /** With `identityHash`, `latest` means the latest run of that one command identity. */
  scope?: string
  identityHash?: string
  /** When the capture is made: `captured_at`. */
  now: Date
}

/**
 * Records {captured_at, note, source, by} on a receipt (atomically) and returns it.
 * `ref` is a run id, or `latest`: with `identityHash` (the action's capture mode, same command
 * and scope) the latest run of that identity, which must have failed; otherwise the newest
 * failed, not yet captured run of `target`. Capturing again replaces the earlier capture.
 * Unknown run id, another target's run, a run still running, nothing to capture → UsageError.
 */
export async function captureRun(store: ReceiptStore, ref: string, details: CaptureDetails): Promise<Receipt> {
  const note = details.note.trim()
  if (Array.from(note).length > MAX_NOTE_CHARS) {
    throw new UsageError(`capture: the note is longer than ${MAX_NOTE_CHARS} characters; keep it short and link to details`)
  }
  const receipt = ref.trim().toLowerCase() === 'latest' ? await latestToCapture(store, details) : await namedRun(store, ref.trim(), details)
  if (receipt.status === 'running') {
    throw new UsageError(`capture: run ${receipt.run_id} is still running; capture it once it has ended`)
  }
  const captured: Receipt = {
    ...receipt,
    capture: {
      captured_at: details.now.toISOString(),
      note,
      source: Array.from(details.source).slice(0, MAX_CAPTURE_LABEL_CHARS).join(''),
      by: Array.from(details.by).slice(0, MAX_CAPTURE_LABEL_CHARS).join('')
    }
  }
  await store.write(captured)
  return captured
}

/** What became of a set of trailers: captured run ids, and one notice per trailer ignored. */
export interface TrailerOutcome {
  applied: string[]
  notices: string[]
}

/**
 * Applies trailers found in commit messages or a PR body when a run starts. A trailer naming
 * an unknown run, another target's run or a running one is ignored with a notice; a run that
 * is already captured is left as it is (the same commit is seen by every later run).
 */
export async function applyCaptureTrailers(
  store: ReceiptStore,
  trailers: readonly CaptureTrailer[],
  details: { target: string; source: string; by: string; now: Date }
): Promise<TrailerOutcome> {
  const outcome: TrailerOutcome = { applied: [], notices: [] }
  const seen = new Set<string>()
  for (const trailer of trailers) {
    if (seen.has(trailer.runId)) continue
    seen.add(trailer.runId)
    const receipt = await store.read(trailer.runId)
    if (receipt === undefined) {
      outcome.notices.push(`Reverify-Capture: no receipt of run ${trailer.runId} here; ignored`)
      continue
    }
    if (receipt.capture !== undefined) continue
    try {
      await captureRun(store, trailer.runId, { ...details, note: trailer.note })
      outcome.applied.push(trailer.runId)
    } catch (error) {
      if (!isUserError(error)) throw error
      outcome.notices.push(`Reverify-Capture: ${describeError(error).replace(/^capture: /, '')}; ignored`)
    }
  }
  return outcome
}

async function namedRun(store: ReceiptStore, ref: string, details: CaptureDetails): Promise<Receipt> {
  const runId = await resolveRunRef(store.stateDir, ref, 'capture')
  const receipt = runId === undefined ? undefined : await store.read(runId)
  if (runId === undefined || receipt === undefined)
    throw new UsageError(`capture: no receipt of run ${printable(ref, 80)} in ${store.stateDir}`)
  if (details.target !== undefined && receipt.target !== details.target) {
    throw new UsageError(`capture: run ${runId} belongs to ${printable(receipt.target, 200)}, not ${printable(details.target, 200)}`)
  }
  return receipt
}

async function latestToCapture(store: ReceiptStore, details: CaptureDetails): Promise<Receipt> {
  const { target } = details
  if (target === undefined) throw new UsageError('capture: latest needs a target (repository) to look in')
  if (details.identityHash !== undefined) {
    const latest = await store.latest(target, details.scope ?? '', details.identityHash)
    if (latest === undefined) throw new UsageError('capture: this command has no run yet; nothing to capture')
    if (latest.status !== 'failed') {
      throw new UsageError(`capture: the latest run of this command (${latest.run_id}) is ${latest.status}, not failed; nothing to capture`)
    }
    return latest
  }
  const failed = await store.latestOfTarget(target, receipt => receipt.status === 'failed' && receipt.capture === undefined)
  if (failed === undefined) throw new UsageError(`capture: no failed run waiting to be captured in ${printable(target, 200)}`)
  return failed
}
