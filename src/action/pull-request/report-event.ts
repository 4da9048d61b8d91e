/**
 * Which workflow run the report is about (docs/design.md §5 "The pull request: a check run
 * and one comment"). On `workflow_run` the legs are the triggering run's artifacts and the
 * head commit is that run's; otherwise they are this run's, on the pull request's head
 * commit when the event is a pull request. The event file is read as untrusted-shaped JSON:
 * a field of the wrong shape is ignored, never trusted, and the run falls back to this one.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'

/** The run whose artifacts are the legs, and where its results go. */
export interface ReportEvent {
  source: 'workflow_run' | 'this-run'
  /** The run whose artifacts are the legs. */
  runId: number
  owner: string
  repo: string
  headSha: string
  /** From the event; empty for a fork's pull request. */
  pullRequests: number[]
  /** To find a fork's pull request. */
  headOwner?: string
  headBranch?: string
  /** The legs' workflow file (annotation fallback path). */
  workflowPath?: string
  /** The triggering run's own conclusion (workflow_run only). */
  runConclusion?: string
}

/** Biggest event file read (GitHub's payloads are far smaller). */
const MAX_EVENT_BYTES = 8 * 1024 * 1024

const Sha = z.string().regex(/^[0-9a-f]{40}$/i)
const Name = z.string().min(1).max(255)
const RunId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

const WorkflowRunSchema = z.object({
  workflow_run: z.object({
    id: RunId,
    head_sha: Sha,
    head_branch: Name.nullish(),
    path: z.string().max(1000).nullish(),
    conclusion: z.string().max(64).nullish(),
    head_repository: z.object({ owner: z.object({ login: Name }).nullish() }).nullish(),
    pull_requests: z.array(z.unknown()).max(1000).nullish()
  })
})

const PullRequestSchema = z.object({ pull_request: z.object({ number: RunId, head: z.object({ sha: Sha }) }) })

const EventPull = z.object({ number: RunId, head: z.object({ sha: Sha }) })

function readEventFile(path: string | undefined): unknown {
  if (path === undefined || path === '') return undefined
  try {
    const text = readFileSync(path, 'utf8')
    return text.length > MAX_EVENT_BYTES ? undefined : (JSON.parse(text) as unknown)
  } catch {
    return undefined
  }
}

/** A workflow file's path in the repository, when it is one (relative, `/` separators, no `..`). */
function workflowFile(path: string | null | undefined): string | undefined {
  if (path === null || path === undefined || path === '') return undefined
  const plain = path.replace(/@.*$/, '')
  if (plain.startsWith('/') || plain.includes('\\') || plain.split('/').includes('..') || /[\0-\x1f]/.test(plain)) return undefined
  return plain
}

function thisRunId(env: NodeJS.ProcessEnv): number {
  const parsed = RunId.safeParse(Number(env.GITHUB_RUN_ID ?? ''))
  return parsed.success ? parsed.data : 0
}

/** The report's run, from GITHUB_EVENT_PATH, GITHUB_EVENT_NAME, GITHUB_REPOSITORY, GITHUB_RUN_ID, GITHUB_SHA. */
export function readReportEvent(env: NodeJS.ProcessEnv): ReportEvent {
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const payload = readEventFile(env.GITHUB_EVENT_PATH)
  const name = env.GITHUB_EVENT_NAME ?? ''
  if (name === 'workflow_run') {
    const parsed = WorkflowRunSchema.safeParse(payload)
    if (parsed.success) {
      const run = parsed.data.workflow_run
      const headSha = run.head_sha.toLowerCase()
      // Only a pull request whose head is still the run's commit: a later push has its own run.
      const pulls = (run.pull_requests ?? []).flatMap(pull => {
        const parsed = EventPull.safeParse(pull)
        return parsed.success && parsed.data.head.sha.toLowerCase() === headSha ? [parsed.data.number] : []
      })
      const path = workflowFile(run.path)
      return {
        source: 'workflow_run',
        runId: run.id,
        owner,
        repo,
        headSha,
        pullRequests: [...new Set(pulls)],
        ...(run.head_repository?.owner?.login !== undefined && { headOwner: run.head_repository.owner.login }),
        ...(typeof run.head_branch === 'string' && { headBranch: run.head_branch }),
        ...(path !== undefined && { workflowPath: path }),
        ...(typeof run.conclusion === 'string' && { runConclusion: run.conclusion })
      }
    }
  }
  const pull = name.startsWith('pull_request') ? PullRequestSchema.safeParse(payload) : undefined
  const headSha = pull?.success ? pull.data.pull_request.head.sha.toLowerCase() : (env.GITHUB_SHA ?? '')
  // GITHUB_WORKFLOW_REF: `<owner>/<repo>/.github/workflows/ci.yml@refs/heads/main`.
  const path = workflowFile((env.GITHUB_WORKFLOW_REF ?? '').split('/').slice(2).join('/'))
  return {
    source: 'this-run',
    runId: thisRunId(env),
    owner,
    repo,
    headSha,
    pullRequests: pull?.success ? [pull.data.pull_request.number] : [],
    ...(path !== undefined && { workflowPath: path })
  }
}
