/**
 * A run named the way a person names it (docs/design.md §3 "Run id and receipt"): the full id, or any
 * part of at least SHORT_REF_MIN_CHARS characters from its start or its end — the tail a
 * person copies (`c0f53b`), as git takes a commit's prefix. The one resolver every command
 * that takes a run id asks; `latest` is the caller's to look up.
 */
import { promises as fsp } from 'node:fs'
import { join } from 'node:path'
import { isErrorCode } from '../base/atomic-file.js'
import { UsageError } from '../base/errors.js'
import { printable } from '../base/printable.js'
import { isRunId, RUN_ID_PATTERN } from './run-id.js'
import { RUNS_DIR } from './state-dir.js'

/** The fewest characters a part of a run id may have: fewer match too much to mean one run. */
export const SHORT_REF_MIN_CHARS = 4
/** The most candidates an ambiguous part lists (the count says how many there are). */
export const MAX_CANDIDATES_SHOWN = 5

/** What a run id's part may hold: the characters of a run id, no longer than one. */
const SHORT_REF = /^[0-9a-z-]+$/
const RUN_ID_CHARS = '20261130-075100-verify-3fa9c2'.length
const EXAMPLE = '20261130-075100-verify-3fa9c2, its tail 3fa9c2'

/** What a run reference found in a state directory. */
export type RunRefMatch = { kind: 'one'; runId: string } | { kind: 'none' } | { kind: 'many'; count: number; shown: string[] }

/** True when `ref` is a full run id or could be a part of one (it is checked, not yet looked up). */
export function isRunRef(ref: string): boolean {
  return RUN_ID_PATTERN.test(ref) || (ref.length >= SHORT_REF_MIN_CHARS && ref.length <= RUN_ID_CHARS && SHORT_REF.test(ref))
}

/** The refusal of something that cannot name a run: "<what>: '<ref>' is not a run id (…)". */
export function notARunRef(ref: string, what: string): UsageError {
  return new UsageError(
    `${what}: '${printable(ref, 80)}' is not a run id (expected e.g. ${EXAMPLE}: at least ${SHORT_REF_MIN_CHARS} characters from its start or end)`
  )
}

/**
 * The run of `stateDir` that `ref` names: a full id as it is (its receipt may still be
 * absent), a part by the names in `runs/`, read one at a time so any number of runs costs
 * the same memory. Names that are not run ids are passed over (the store warns of them).
 */
export async function matchRunRef(stateDir: string, ref: string): Promise<RunRefMatch> {
  if (isRunId(ref)) return { kind: 'one', runId: ref }
  const shown: string[] = []
  let count = 0
  const runsDir = join(stateDir, RUNS_DIR)
  try {
    // Never through a link, as the store reads it (docs/design.md §4).
    if (!(await fsp.lstat(runsDir)).isDirectory()) return { kind: 'none' }
    // opendir reads the names in batches; only the first few matches, in name order, are kept.
    for await (const entry of await fsp.opendir(runsDir)) {
      const name = entry.name
      if (!isRunId(name) || !(name.startsWith(ref) || name.endsWith(ref))) continue
      count++
      shown.push(name)
      shown.sort()
      shown.length = Math.min(shown.length, MAX_CANDIDATES_SHOWN)
    }
  } catch (error) {
    if (!isErrorCode(error, 'ENOENT', 'ENOTDIR')) throw error
  }
  if (count === 0) return { kind: 'none' }
  if (count === 1) return { kind: 'one', runId: shown[0]! }
  return { kind: 'many', count, shown }
}

/**
 * The run id `ref` names in `stateDir`, or undefined when none does; a ref that cannot be one,
 * or a part that names several runs, is a UsageError that starts with `what` and lists the
 * candidates (at most MAX_CANDIDATES_SHOWN).
 */
export async function resolveRunRef(stateDir: string, ref: string, what: string): Promise<string | undefined> {
  if (!isRunRef(ref)) throw notARunRef(ref, what)
  const match = await matchRunRef(stateDir, ref)
  if (match.kind === 'none') return undefined
  if (match.kind === 'one') return match.runId
  const more = match.count > match.shown.length ? `, and ${match.count - match.shown.length} more` : ''
  throw new UsageError(`${what}: '${ref}' names ${match.count} runs (${match.shown.join(', ')}${more}); give more of the run id`)
}
