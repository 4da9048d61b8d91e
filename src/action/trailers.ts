/**
 * Reverify-Capture trailers (docs/design.md §3) from the event payload (pushed commits, a pull
 * request's body) and from the checked-out HEAD, applied before the run starts.
 */
import { print } from './workflow-commands.js'
import { getExecOutput } from '@actions/exec'
import { readFile } from 'node:fs/promises'
import { applyCaptureTrailers, describeError, parseCaptureTrailers, type ReceiptStore, type Redactor } from '../core/index.js'
import { trailersFromEvent } from './capture-sources.js'
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

/** Applies the trailers found in the event payload and HEAD; unknown run ids are notices. */
export async function applyTrailers(
  settings: ActionSettings,
  store: ReceiptStore,
  env: NodeJS.ProcessEnv,
  redactor: Redactor
): Promise<void> {
  const sources = []
  if (env.GITHUB_EVENT_PATH) {
    try {
      const text = await readFile(env.GITHUB_EVENT_PATH, 'utf8')
      sources.push(...trailersFromEvent(JSON.parse(text.slice(0, 25 * 1024 * 1024))))
    } catch (error) {
      print.debug(`reverify: event payload not read: ${describeError(error)}`)
    }
  }
  const head = await headMessage(settings.workspace)
  if (head) {
    const trailers = parseCaptureTrailers(head)
    if (trailers.length > 0) sources.push({ source: 'HEAD commit', trailers })
  }
  for (const { source, trailers: found } of sources) {
    // A note is written to the receipt and the cache: redacted like everything else stored
    const trailers = found.map(trailer => ({ ...trailer, note: redactor.redact(trailer.note) }))
    const outcome = await applyCaptureTrailers(store, trailers, {
      target: settings.target,
      source,
      by: env.GITHUB_ACTOR || 'unknown'
    })
    for (const runId of outcome.applied) print.info(`reverify: captured ${runId} from ${source}`)
    for (const notice of outcome.notices) print.notice(redactor.redact(notice))
  }
}
