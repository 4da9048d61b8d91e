/**
 * Trace artifacts crafted by hand, as a pull request's own code could write and upload them:
 * a zip made by zip-writer.ts (so it may hold what a real zipper never writes, such as a
 * `../` entry), uploaded to the results service over its Twirp API with the job's runtime
 * token, the way @actions/artifact would upload it. The files in it start from a real leg
 * (legRun) and are then rewritten at will.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { legRun } from './matrix-legs.js'
import type { ResultsService } from './results-service.js'
import { writeZip, type ZipInput } from './zip-writer.js'

const TWIRP = 'twirp/github.actions.results.api.v1.ArtifactService'

/** The run and job backend ids a runtime token names (its `Actions.Results:<run>:<job>` scope). */
function backendIds(token: string): { workflow_run_backend_id: string; workflow_job_run_backend_id: string } {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { scp: string }
  const scope = claims.scp.split(' ').find(part => part.startsWith('Actions.Results:'))!
  const [, run, job] = scope.split(':')
  return { workflow_run_backend_id: run!, workflow_job_run_backend_id: job! }
}

async function twirp(service: ResultsService, token: string, method: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.url}${TWIRP}/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  const answer = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`${method} answered ${response.status}: ${JSON.stringify(answer)}`)
  return answer
}

/** Uploads `zip` as artifact `name` of the service's workflow run, as a job (`jobBackendId`) of it; returns the artifact id. */
export async function uploadZipArtifact(service: ResultsService, jobBackendId: string, name: string, zip: Buffer): Promise<number> {
  const token = service.env({ jobBackendId }).ACTIONS_RUNTIME_TOKEN!
  const ids = backendIds(token)
  const created = await twirp(service, token, 'CreateArtifact', { ...ids, name, version: 4 })
  const put = await fetch(String(created.signed_upload_url), {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/zip' },
    body: new Uint8Array(zip)
  })
  if (put.status !== 201) throw new Error(`the blob upload answered ${put.status}`)
  const hash = `sha256:${createHash('sha256').update(zip).digest('hex')}`
  const finalized = await twirp(service, token, 'FinalizeArtifact', { ...ids, name, size: String(zip.length), hash })
  return Number(finalized.artifact_id)
}

/** A leg's files as JSON values and lines, to rewrite before zipping. */
export interface CraftedLeg {
  runId: string
  receipt: Record<string, any>
  meta: Record<string, any>
  /** trace.jsonl, one parsed event per line. */
  trace: Record<string, any>[]
  /** Lines appended to trace.jsonl as they are (a line too long to parse, say). */
  extraTraceLines: string[]
  /** annotations.json's text, when the leg has one. */
  annotations?: string
  /** More zip entries, written after the leg's files (a `../` name, an absolute one). */
  extraEntries: ZipInput[]
}

/** A real leg run of `command` (`exit 1` fails it, `true` passes it), read back to be rewritten. */
export async function baseLeg(command: string): Promise<CraftedLeg> {
  const { run, dir } = await legRun('crafted leg', command)
  const text = (file: string) => readFile(join(dir, file), 'utf8')
  const trace = (await text('trace.jsonl'))
    .split('\n')
    .filter(line => line.trim() !== '')
    .map(line => JSON.parse(line) as Record<string, any>)
  return {
    runId: run.runId,
    receipt: JSON.parse(await text('receipt.json')),
    meta: JSON.parse(await text('meta.json')),
    trace,
    extraTraceLines: [],
    extraEntries: []
  }
}

/** Gives the leg `label` as its name everywhere the report reads one (the trace's skill, meta.json). */
export function relabel(leg: CraftedLeg, label: string): void {
  for (const event of leg.trace) event.skill = label
  leg.meta.skill = label
}

/** The leg's trace artifact: its files at the zip's root, then its extra entries. */
export function legZip(leg: CraftedLeg): Buffer {
  const trace = [...leg.trace.map(event => JSON.stringify(event)), ...leg.extraTraceLines].join('\n') + '\n'
  const entries: ZipInput[] = [
    { name: 'receipt.json', data: JSON.stringify(leg.receipt) },
    { name: 'trace.jsonl', data: trace },
    { name: 'meta.json', data: JSON.stringify(leg.meta) },
    ...(leg.annotations === undefined ? [] : [{ name: 'annotations.json', data: leg.annotations }]),
    ...leg.extraEntries
  ]
  return writeZip(entries)
}

/** Uploads the leg under the name the report looks for, `reverify-trace-<run id>`; returns that name. */
export async function uploadLeg(service: ResultsService, jobBackendId: string, leg: CraftedLeg): Promise<string> {
  const name = `reverify-trace-${leg.runId}`
  await uploadZipArtifact(service, jobBackendId, name, legZip(leg))
  return name
}
