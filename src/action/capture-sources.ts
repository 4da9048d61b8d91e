/**
 * Where `Reverify-Capture:` trailers come from in Actions: the pushed commits of the event
 * payload, a pull request's body, and the checked-out HEAD's message. All of it is
 * attacker-controllable text: validated, bounded, and only ever parsed for trailers.
 */
import { z } from 'zod'
import { parseCaptureTrailers } from '../core/index.js'

/** Trailers found in one text (each the run it captures and its note), with where the text came from. */
export interface TrailerSource {
  source: string
  trailers: { runId: string; note: string }[]
}

const MAX_TEXT = 64 * 1024
const text = z.string().transform(value => value.slice(0, MAX_TEXT))

const EventSchema = z.object({
  commits: z
    .array(z.object({ id: z.string().max(100).optional(), message: text }).passthrough())
    .max(2048)
    .optional()
    .catch(undefined),
  head_commit: z
    .object({ id: z.string().max(100).optional(), message: text })
    .passthrough()
    .nullish()
    .catch(undefined),
  pull_request: z.object({ number: z.number().int().optional(), body: text.nullish() }).passthrough().optional().catch(undefined)
})

/** A commit id for a label: GitHub's are hex, so anything else in a payload is dropped. */
function shortId(id: string | undefined): string {
  return (id ?? '').replace(/[^0-9A-Za-z]/g, '').slice(0, 12)
}

/** The trailers in an event payload (already JSON-parsed); anything malformed is ignored. */
export function trailersFromEvent(payload: unknown): TrailerSource[] {
  const parsed = EventSchema.safeParse(payload)
  if (!parsed.success) return []
  const event = parsed.data
  const found: TrailerSource[] = []
  const add = (source: string, body: string | null | undefined) => {
    if (!body) return
    const trailers = parseCaptureTrailers(body)
    if (trailers.length > 0) found.push({ source, trailers })
  }
  for (const commit of event.commits ?? []) add(`commit ${shortId(commit.id)}`.trim(), commit.message)
  if (event.head_commit && !(event.commits ?? []).some(commit => commit.id === event.head_commit?.id)) {
    add(`commit ${shortId(event.head_commit.id)}`.trim(), event.head_commit.message)
  }
  if (event.pull_request) add(`pull_request #${event.pull_request.number ?? '?'}`, event.pull_request.body)
  return found
}
