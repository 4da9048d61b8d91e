/**
 * One matrix leg read back from its downloaded trace artifact (docs/design.md §5 "One
 * summary for a matrix"): its receipt, meta.json and trace, each through the core's own
 * bounded readers and schemas. An artifact is untrusted (any job of the run can upload one
 * under a matching name), so whatever does not read back is a problem of one line, never an
 * exception, and nothing in it is followed out of its folder.
 */
import { join } from 'node:path'
import { readRegularFile, writeFileAtomic } from '../base/atomic-file.js'
import { describeError } from '../base/errors.js'
import { printable } from '../base/printable.js'
import { parseReceipt, type Receipt } from '../receipts/receipt.js'
import { MAX_RECEIPT_BYTES } from '../receipts/receipt-store.js'
import { receiptPath } from '../receipts/state-dir.js'
import { eventsOf, type TraceEvent } from '../session/events.js'
import { readSessionMeta, type SessionMeta } from '../session/meta.js'
import { readSessionTrace } from '../session/reader.js'
import { LEG_ANNOTATIONS_FILE, MAX_LEG_ANNOTATIONS_BYTES, parseLegAnnotations, type LegAnnotation } from './leg-annotations.js'

/** The receipt's copy in a trace artifact, next to trace.jsonl and meta.json. */
export const LEG_RECEIPT_FILE = 'receipt.json'

/** Longest leg label shown. */
const MAX_LABEL_CHARS = 100

/** An artifact as the listing named it. */
export interface LegArtifact {
  name: string
  id: number
}

/** A leg whose trace read back. */
export interface Leg {
  artifact: LegArtifact
  /** The run's `name` (the trace's skill), one line. */
  label: string
  receipt: Receipt
  meta?: SessionMeta
  events: TraceEvent[]
  /**
   * Every annotation the leg's run called for (leg-annotations.ts); absent for an older leg,
   * or a file that did not read back, when the report falls back to the receipt's test names.
   */
  annotations?: LegAnnotation[]
  /** The folder the artifact was extracted into. */
  dir: string
}

/** A leg, or why its artifact could not be read: one line. */
export type LegRead = { ok: true; leg: Leg } | { ok: false; artifact: LegArtifact; problem: string }

/**
 * Copies a run's receipt into its session folder before the folder is uploaded, so the
 * trace artifact carries it (the receipt is stored redacted). Returns false when there is
 * no receipt to copy; throws only what writing the copy threw.
 */
export async function copyReceiptIntoSession(stateDir: string, runId: string, sessionDir: string): Promise<boolean> {
  const text = await readRegularFile(receiptPath(stateDir, runId), MAX_RECEIPT_BYTES)
  if (text === undefined) return false
  await writeFileAtomic(join(sessionDir, LEG_RECEIPT_FILE), text, 0o600)
  return true
}

async function readReceipt(dir: string): Promise<{ receipt: Receipt } | { problem: string }> {
  let text: string | undefined
  try {
    text = await readRegularFile(join(dir, LEG_RECEIPT_FILE), MAX_RECEIPT_BYTES)
  } catch (error) {
    return { problem: `its receipt.json could not be read (${describeError(error)})` }
  }
  if (text === undefined) return { problem: 'it holds no receipt.json (not a trace of this version of reverify)' }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { problem: 'its receipt.json is not JSON' }
  }
  const parsed = await parseReceipt(value)
  return parsed.ok ? { receipt: parsed.receipt } : { problem: `its receipt.json is not a receipt (${printable(parsed.reason, 200)})` }
}

/** Reads the leg extracted into `dir`; every failure is a LegRead with its problem. */
export async function readLeg(dir: string, artifact: LegArtifact, namePrefix: string): Promise<LegRead> {
  const refuse = (problem: string): LegRead => ({ ok: false, artifact, problem })
  const read = await readReceipt(dir)
  if ('problem' in read) return refuse(read.problem)
  const { receipt } = read
  // The artifact's name is <prefix><run id>: a receipt of another run is not this leg's.
  if (artifact.name.startsWith(namePrefix) && artifact.name.slice(namePrefix.length) !== receipt.run_id) {
    return refuse(`its receipt is for run ${printable(receipt.run_id)}, not the one the artifact is named after`)
  }
  let events: TraceEvent[]
  try {
    events = await readSessionTrace(dir)
  } catch (error) {
    return refuse(`its trace.jsonl could not be read (${describeError(error)})`)
  }
  const start = eventsOf(events, 'start')[0]
  if (start === undefined) return refuse('its trace.jsonl holds no readable start event')
  const meta = await readSessionMeta(dir)
  if (meta !== undefined && meta.run_id !== '' && meta.run_id !== receipt.run_id) {
    return refuse(`its meta.json is for run ${printable(meta.run_id)}, not ${receipt.run_id}`)
  }
  const label = printable(start.skill.trim() || meta?.skill || 'verify', MAX_LABEL_CHARS)
  const annotations = await readAnnotations(dir)
  return { ok: true, leg: { artifact, label, receipt, ...(meta && { meta }), events, ...(annotations && { annotations }), dir } }
}

/** The leg's annotations.json, or undefined when it is missing, a link, too large or not that shape: never a problem of the leg. */
async function readAnnotations(dir: string): Promise<LegAnnotation[] | undefined> {
  try {
    const text = await readRegularFile(join(dir, LEG_ANNOTATIONS_FILE), MAX_LEG_ANNOTATIONS_BYTES)
    return text === undefined ? undefined : await parseLegAnnotations(text)
  } catch {
    return undefined
  }
}
