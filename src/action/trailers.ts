/**
 * Reverify-Capture trailers (docs/design.md §3) from the event payload (pushed commits, a pull
 * request's body) and from the checked-out HEAD: read while the receipt history is restored,
 * applied once it is, before the run starts.
 */
import { print } from './workflow-commands.js'
import { getExecOutput } from '@actions/exec'
import { promises as fsp } from 'node:fs'
import { applyCaptureTrailers, describeError, parseCaptureTrailers, type ReceiptStore, type Redactor } from '../core/index.js'
import { trailersFromEvent, type TrailerSource } from './capture-sources.js'
import type { ActionSettings } from './settings.js'

/** The checked-out HEAD's commit message, when git and a checkout are there. */
async function headMessage(cwd: string): Promise<string | undefined> {
  try {
    const result = await getExecOutput('git', ['log', '-1', '--format=%B'], { cwd, silent: true, ignoreReturnCode: true })
    return result.exitCode === 0 ? result.stdout : undefined
  } catch {
    return undefined
  }
}

/** Trailers found, by where they were found, and what could not be read (a debug line each). */
export interface FoundTrailers {
  sources: TrailerSource[]
  unread: string[]
}

/**
 * Reads the trailers of the event payload and of HEAD (`git log`); touches no receipt, so it
 * runs while the receipt history is restored (docs/design.md §5).
 */
export async function findTrailers(workspace: string, env: NodeJS.ProcessEnv): Promise<FoundTrailers> {
  const found: FoundTrailers = { sources: [], unread: [] }
  const reading = env.GITHUB_EVENT_PATH ? fsp.readFile(env.GITHUB_EVENT_PATH, 'utf8') : undefined
  const heading = headMessage(workspace)
  if (reading !== undefined) {
    try {
      found.sources.push(...trailersFromEvent(JSON.parse((await reading).slice(0, 25 * 1024 * 1024))))
    } catch (error) {
      found.unread.push(`reverify: event payload not read: ${describeError(error)}`)
    }
  }
  const head = await heading
  if (head) {
    const trailers = parseCaptureTrailers(head)
    if (trailers.length > 0) found.sources.push({ source: 'HEAD commit', trailers })
  }
  return found
}

/** Applies trailers `findTrailers` found, once the history is restored; unknown run ids are notices. */
export async function applyTrailers(
  found: FoundTrailers,
  settings: ActionSettings,
  store: ReceiptStore,
  env: NodeJS.ProcessEnv,
  redactor: Redactor
): Promise<void> {
  for (const line of found.unread) print.debug(line)
  for (const { source, trailers: inFound } of found.sources) {
    // A note is written to the receipt and the cache: redacted like everything else stored
    const trailers = inFound.map(trailer => ({ ...trailer, note: redactor.redact(trailer.note) }))
    const outcome = await applyCaptureTrailers(store, trailers, {
      target: settings.target,
      source,
      by: env.GITHUB_ACTOR || 'unknown',
      now: new Date()
    })
    for (const runId of outcome.applied) print.info(`reverify: captured ${runId} from ${source}`)
    for (const notice of outcome.notices) print.notice(redactor.redact(notice))
  }
}
