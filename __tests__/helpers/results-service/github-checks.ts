import type { HttpReply } from './http-reply.js'
import {
  characterCount,
  githubError,
  githubJson,
  htmlBase,
  invalidRequest,
  objectBody,
  repoUrl,
  validationFailed,
  type RestCall
} from './github-replies.js'
import { githubTime, type StandInCheckRun, type StandInGitHub } from './github-state.js'

/** What the Checks API takes in one request and one text field. */
const MAX_ANNOTATIONS_PER_REQUEST = 50
const MAX_OUTPUT_TEXT = 65_535
const MAX_ANNOTATION_TITLE = 255
const MAX_ANNOTATION_MESSAGE = 65_535

const statuses = new Set(['queued', 'in_progress', 'completed'])
const conclusions = new Set(['action_required', 'cancelled', 'failure', 'neutral', 'success', 'skipped', 'stale', 'timed_out'])
const annotationLevels = new Set(['notice', 'warning', 'failure'])
const annotationFields = ['annotation_level', 'end_line', 'message', 'path', 'start_line'] as const

interface CheckRunRecord extends StandInCheckRun {
  started_at: string
  completed_at: string | null
}

/** `"a" wasn't supplied.` / `"a", "b" weren't supplied.`, as the Checks API's schema check words it. */
function notSupplied(fields: readonly string[]): string {
  const named = fields.map(field => `"${field}"`).join(', ')
  return `${named} ${fields.length === 1 ? "wasn't" : "weren't"} supplied.`
}

/** The refusal of a summary or text field, by characters first and then by UTF-8 bytes. */
function textRefusal(field: string, value: unknown): HttpReply | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string') return validationFailed('CheckRun', field, 'invalid')
  const characters = characterCount(value)
  if (characters > MAX_OUTPUT_TEXT) return invalidRequest(`Only ${MAX_OUTPUT_TEXT} characters are allowed; ${characters} were supplied.`)
  if (Buffer.byteLength(value) > MAX_OUTPUT_TEXT) {
    return validationFailed('CheckRun', field, 'custom', `${field} exceeds a maximum bytesize of ${MAX_OUTPUT_TEXT}`)
  }
  return undefined
}

function annotationRefusal(annotations: unknown): HttpReply | undefined {
  if (annotations === undefined) return undefined
  if (!Array.isArray(annotations)) return validationFailed('CheckRun', 'annotations', 'invalid')
  if (annotations.length > MAX_ANNOTATIONS_PER_REQUEST) {
    return invalidRequest(`No more than ${MAX_ANNOTATIONS_PER_REQUEST} items are allowed; ${annotations.length} were supplied.`)
  }
  const missing = annotations
    .map(annotation => annotationFields.filter(field => (objectBody(annotation) ?? {})[field] === undefined))
    .filter(fields => fields.length > 0)
  if (missing.length > 0) return invalidRequest(missing.map(notSupplied).join('\n'))
  const bad = annotations.some(value => {
    const annotation = value as Record<string, unknown>
    const { path, start_line: start, end_line: end, annotation_level: level, message, title } = annotation
    return (
      typeof path !== 'string' ||
      path === '' ||
      !Number.isInteger(start) ||
      !Number.isInteger(end) ||
      typeof level !== 'string' ||
      !annotationLevels.has(level) ||
      typeof message !== 'string' ||
      message === '' ||
      characterCount(message) > MAX_ANNOTATION_MESSAGE ||
      (title !== undefined && (typeof title !== 'string' || characterCount(title) > MAX_ANNOTATION_TITLE))
    )
  })
  return bad ? validationFailed('CheckRun', 'annotations', 'invalid') : undefined
}

/** The refusal of an `output` object: a create needs title and summary, an update summary. */
function outputRefusal(output: unknown, creating: boolean): HttpReply | undefined {
  if (output === undefined) return undefined
  const fields = objectBody(output)
  if (fields === undefined) return validationFailed('CheckRun', 'output', 'invalid')
  const required = creating ? ['summary', 'title'] : ['summary']
  const missing = required.filter(field => fields[field] === undefined)
  if (missing.length > 0) return invalidRequest(notSupplied(missing))
  if (fields.title !== undefined && typeof fields.title !== 'string') return validationFailed('CheckRun', 'title', 'invalid')
  return textRefusal('summary', fields.summary) ?? textRefusal('text', fields.text) ?? annotationRefusal(fields.annotations)
}

/** The refusal of the fields a create and an update share. */
function fieldsRefusal(body: Record<string, unknown>, creating: boolean): HttpReply | undefined {
  const { name, status, conclusion } = body
  if (creating && name === undefined) return invalidRequest(notSupplied(['name']))
  if (name !== undefined && (typeof name !== 'string' || name.trim() === '')) return validationFailed('CheckRun', 'name', 'invalid')
  if (status !== undefined && (typeof status !== 'string' || !statuses.has(status))) {
    return invalidRequest(`For 'properties/status', ${JSON.stringify(status)} is not a member of enum.`)
  }
  if (conclusion !== undefined && (typeof conclusion !== 'string' || !conclusions.has(conclusion))) {
    return invalidRequest(`For 'properties/conclusion', ${JSON.stringify(conclusion)} is not a member of enum.`)
  }
  // An update may complete a run that already has its conclusion; a create may not.
  if (creating && status === 'completed' && conclusion === undefined) return invalidRequest(notSupplied(['conclusion']))
  return outputRefusal(body.output, creating)
}

function checkRunJson(run: CheckRunRecord, call: RestCall): unknown {
  return {
    id: run.id,
    node_id: `CR_kwDO${run.id.toString(36)}`,
    head_sha: run.head_sha,
    external_id: '',
    url: repoUrl(call, `check-runs/${run.id}`),
    html_url: run.html_url,
    details_url: run.html_url,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: {
      title: run.output.title ?? null,
      summary: run.output.summary ?? null,
      text: run.output.text ?? null,
      annotations_count: run.annotations.length,
      annotations_url: repoUrl(call, `check-runs/${run.id}/annotations`)
    },
    name: run.name,
    check_suite: { id: 1 },
    app: { id: 15368, slug: 'github-actions', name: 'GitHub Actions' },
    pull_requests: []
  }
}

/** Applies the status, conclusion and output of a valid create or update body. */
function apply(run: CheckRunRecord, body: Record<string, unknown>): void {
  if (typeof body.name === 'string') run.name = body.name
  if (typeof body.status === 'string') run.status = body.status
  if (typeof body.conclusion === 'string') {
    // Giving a conclusion completes the run, whatever status came with it.
    run.conclusion = body.conclusion
    run.status = 'completed'
  }
  if (run.status === 'completed' && run.completed_at === null) run.completed_at = githubTime(new Date())
  const output = objectBody(body.output)
  if (output === undefined) return
  for (const field of ['title', 'summary', 'text'] as const) {
    if (typeof output[field] === 'string') run.output[field] = output[field]
  }
  if (Array.isArray(output.annotations)) run.annotations.push(...(output.annotations as object[]))
}

/** `POST /repos/{o}/{r}/check-runs` → 201 with the check run. */
export function createCheckRun(call: RestCall, state: StandInGitHub): HttpReply {
  const body = objectBody(call.body) ?? {}
  const refused = fieldsRefusal(body, true)
  if (refused !== undefined) return refused
  if (body.head_sha === undefined) return invalidRequest(notSupplied(['head_sha']))
  if (typeof body.head_sha !== 'string' || !/^[0-9a-f]{40}$/.test(body.head_sha)) {
    return githubError(422, `No commit found for SHA: ${String(body.head_sha)}`)
  }
  const id = state.checkRunId()
  const run: CheckRunRecord = {
    id,
    name: body.name as string,
    head_sha: body.head_sha,
    status: 'queued',
    conclusion: null,
    output: {},
    annotations: [],
    html_url: `${htmlBase(call)}/runs/${id}`,
    started_at: githubTime(new Date()),
    completed_at: null
  }
  apply(run, body)
  state.checkRuns.push(run)
  return githubJson(201, checkRunJson(run, call), { location: repoUrl(call, `check-runs/${id}`) })
}

/** `PATCH /repos/{o}/{r}/check-runs/{id}` → 200; annotations are appended to the run's. */
export function updateCheckRun(call: RestCall, state: StandInGitHub): HttpReply {
  const run = state.checkRuns.find(candidate => candidate.id === Number(call.params[0])) as CheckRunRecord | undefined
  if (run === undefined) return githubError(404, 'Not Found')
  const body = objectBody(call.body) ?? {}
  const noConclusion = run.conclusion === null && body.conclusion === undefined
  if (body.status === 'completed' && noConclusion) return invalidRequest(notSupplied(['conclusion']))
  const refused = fieldsRefusal(body, false)
  if (refused !== undefined) return refused
  apply(run, body)
  return githubJson(200, checkRunJson(run, call))
}
