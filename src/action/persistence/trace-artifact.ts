/** Uploads a session directory as the trace artifact (docs/design.md §5); failures only warn. */
import { promises as fsp } from 'node:fs'
import { join } from 'node:path'
import { describeError } from '../../core/index.js'
import { ARTIFACT_PREFIX } from '../constants.js'
import type { UploadTrace } from '../settings.js'

/** The one call of @actions/artifact the upload needs. */
export interface ArtifactClient {
  uploadArtifact(
    name: string,
    files: string[],
    rootDirectory: string,
    options?: { retentionDays?: number }
  ): Promise<{ id?: number; size?: number }>
}

/** Whether a run with this outcome gets its trace uploaded. */
export function shouldUpload(mode: UploadTrace, outcome: string): boolean {
  return mode === 'always' || (mode === 'on-failure' && outcome !== 'success')
}

/** Uploads every regular file of the session directory; returns the artifact id, or undefined (warned). */
export async function uploadTrace(options: {
  /**
   * Made only when uploading, inside the guard: a client that cannot be set up (or whose
   * module cannot be loaded) only warns.
   */
  client: () => ArtifactClient | Promise<ArtifactClient>
  runId: string
  sessionDir: string
  retentionDays?: number
  warn: (message: string) => void
}): Promise<number | undefined> {
  try {
    const entries = await fsp.readdir(options.sessionDir, { withFileTypes: true })
    const files = entries
      .filter(entry => entry.isFile())
      .map(entry => join(options.sessionDir, entry.name))
      .sort()
    const client = await options.client()
    const response = await client.uploadArtifact(`${ARTIFACT_PREFIX}${options.runId}`, files, options.sessionDir, {
      ...(options.retentionDays !== undefined && { retentionDays: options.retentionDays })
    })
    return response.id
  } catch (error) {
    options.warn(`reverify: could not upload the trace artifact: ${describeError(error)}; the verdict stands`)
    return undefined
  }
}

/** The web address of an artifact, for the job summary. */
export function artifactUrl(env: NodeJS.ProcessEnv, id: number): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env
  if (!GITHUB_REPOSITORY || !GITHUB_RUN_ID) return undefined
  return `${GITHUB_SERVER_URL || 'https://github.com'}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}/artifacts/${id}`
}
