/**
 * What the main step leaves the post step (docs/design.md §5 "Cancellation and the post
 * step"): one schema, saved and read back through the toolkit's state (toolkit.ts). Main saves
 * each field as soon as it knows it, so a main step killed at any point leaves what it had;
 * the post step reads all of it here, once, validated (state is text another step could
 * have written over), never with casts.
 */
import { z } from 'zod'
import { isRunId } from '../core/index.js'
import { State } from './constants.js'
import { isUploadTrace, type UploadTrace } from './settings.js'
import type { Toolkit } from './toolkit.js'

/** What the post step knows of the main step. */
export interface PostState {
  /** Main closed everything itself: nothing is left to do. */
  mainFinished: boolean
  stateDir?: string
  runId?: string
  sessionDir?: string
  historyKey?: string
  cacheReceipts: boolean
  uploadTrace: UploadTrace
  traceRetentionDays?: number
}

/** A saved value, or undefined when it is missing or not what main writes. */
const text = z.string().min(1).optional().catch(undefined)
const schema = z.object({
  mainFinished: z.enum(['true', 'false']).optional().catch(undefined),
  stateDir: text,
  runId: z.string().refine(isRunId).optional().catch(undefined),
  sessionDir: text,
  historyKey: text,
  cacheReceipts: z.enum(['true', 'false']).optional().catch(undefined),
  uploadTrace: z
    .custom<UploadTrace>(value => typeof value === 'string' && isUploadTrace(value))
    .optional()
    .catch(undefined),
  traceRetentionDays: z.coerce.number().int().min(1).max(90).optional().catch(undefined)
})

/** Field → state name, for saving and reading alike. */
const NAMES = {
  mainFinished: State.MainFinished,
  stateDir: State.StateDir,
  runId: State.RunId,
  sessionDir: State.SessionDir,
  historyKey: State.HistoryKey,
  cacheReceipts: State.CacheReceipts,
  uploadTrace: State.UploadTrace,
  traceRetentionDays: State.TraceRetentionDays
} as const satisfies Record<keyof PostState, string>

/** Saves the given fields for the post step. */
export function savePostState(toolkit: Pick<Toolkit, 'saveState'>, values: Partial<PostState>): void {
  for (const [field, value] of Object.entries(values) as [keyof PostState, PostState[keyof PostState]][]) {
    if (value !== undefined) toolkit.saveState(NAMES[field], String(value))
  }
}

/** What main saved, validated; a field that is missing or malformed is absent (defaults: nothing finished, cache on, upload always). */
export function readPostState(read: (name: string) => string): PostState {
  const raw: Record<string, string | undefined> = {}
  for (const [field, name] of Object.entries(NAMES)) {
    const value = read(name)
    raw[field] = value === '' ? undefined : value
  }
  const parsed = schema.parse(raw)
  return {
    ...parsed,
    mainFinished: parsed.mainFinished === 'true',
    cacheReceipts: parsed.cacheReceipts !== 'false',
    uploadTrace: parsed.uploadTrace ?? 'always'
  }
}
