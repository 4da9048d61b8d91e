import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getOctokit } from '@actions/github'
import { REPO_ROOT } from '../helpers/cli.js'
import { GITHUB_REST_TARGETS, readZip, ResultsService, type ApiTokenGrant } from '../helpers/results-service.js'

type Octokit = ReturnType<typeof getOctokit>

let service: ResultsService
let scratch: string
const repo = { owner: 'octo', repo: 'widgets' }
const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const everything: ApiTokenGrant = { actionsRead: true, checksWrite: true, pullRequestsWrite: true }

/** The client the report entry point uses, pointed at the stand-in. */
const octokit = (grant: ApiTokenGrant = everything): Octokit =>
  getOctokit(service.apiToken(grant), { baseUrl: service.env().GITHUB_API_URL })

/** The status and GitHub error body of a call that is expected to be refused. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string; headers: Record<string, unknown> }> {
  try {
    await call
  } catch (error) {
    const { status, response } = error as { status: number; response?: { data?: { message?: string }; headers: Record<string, unknown> } }
    return { status, message: response?.data?.message ?? '', headers: response?.headers ?? {} }
  }
  throw new Error('the call was not refused')
}

const annotation = (line: number, level: 'failure' | 'warning' = 'failure') => ({
  path: 'src/shop.test.ts',
  start_line: line,
  end_line: line,
  annotation_level: level,
  title: `checkout › total ${line}`,
  message: 'expected 3, got 4'
})

/** Runs `script` (an ES module using @actions/artifact) in a child, as the action would; its last stdout line is JSON. */
function withArtifactClient(script: string, args: string[], env: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...service.env(), ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('close', code => {
      const last = stdout.trim().split('\n').at(-1) ?? ''
      if (code === 0) resolve(JSON.parse(last))
      else reject(new Error(`artifact client exited ${code}: ${stderr}${stdout}`))
    })
  })
}

beforeAll(async () => {
  service = await ResultsService.start()
  scratch = await mkdtemp(join(tmpdir(), 'github-rest-'))
})

afterAll(async () => {
  await service.stop()
  await rm(scratch, { recursive: true, force: true })
})

afterEach(() => service.clearFaults())

describe('check runs', () => {
  it('creates one in progress, appends annotations update by update, and completes it', async () => {
    const github = octokit()
    const created = await github.rest.checks.create({ ...repo, name: 'reverify', head_sha: SHA, status: 'in_progress' })
    expect(created.status).toBe(201)
    expect(created.data).toMatchObject({ name: 'reverify', head_sha: SHA, status: 'in_progress', conclusion: null })
    expect(created.data.html_url).toBe(`https://github.com/octo/widgets/runs/${created.data.id}`)
    const batch = Array.from({ length: 50 }, (_, index) => annotation(index + 1))
    const summary = '### ❌ 1 of 2 legs failed'
    await github.rest.checks.update({ ...repo, check_run_id: created.data.id, output: { title: 'first 50', summary, annotations: batch } })
    const last = await github.rest.checks.update({
      ...repo,
      check_run_id: created.data.id,
      status: 'completed',
      conclusion: 'failure',
      output: { title: '❌ 51 tests failed', summary, annotations: [annotation(51, 'warning')] }
    })
    expect(last.status).toBe(200)
    expect(last.data.output.annotations_count).toBe(51)
    const [run] = service.github.checkRuns
    expect(service.github.checkRuns).toHaveLength(1)
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure', output: { title: '❌ 51 tests failed', summary } })
    expect(run!.annotations.map(sent => (sent as { start_line: number }).start_line)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1))
    const rpcs = service.requests.filter(request => request.rpc?.endsWith('CheckRun'))
    expect(rpcs.map(request => [request.method, request.rpc, request.status])).toEqual([
      ['POST', 'CreateCheckRun', 201],
      ['PATCH', 'UpdateCheckRun', 200],
      ['PATCH', 'UpdateCheckRun', 200]
    ])
    expect(rpcs[0]!.body).toMatchObject({ name: 'reverify', head_sha: SHA, status: 'in_progress' })
  })

  it('refuses with 422 what GitHub refuses, and keeps nothing of a refused request', async () => {
    const github = octokit()
    const runsBefore = service.github.checkRuns.length
    const create = (fields: Record<string, unknown>) =>
      refusal(github.request('POST /repos/{owner}/{repo}/check-runs', { ...repo, name: 'reverify', head_sha: SHA, ...fields }))
    const output = (fields: Record<string, unknown>) => ({ output: { title: 't', summary: 's', ...fields } })

    const tooMany = Array.from({ length: 51 }, (_, index) => annotation(index + 1))
    expect(await create(output({ annotations: tooMany }))).toMatchObject({
      status: 422,
      message: 'Invalid request.\n\nNo more than 50 items are allowed; 51 were supplied.'
    })
    expect(await create(output({ summary: 'x'.repeat(65_536) }))).toMatchObject({
      status: 422,
      message: 'Invalid request.\n\nOnly 65535 characters are allowed; 65536 were supplied.'
    })
    // GitHub also counts the summary's UTF-8 bytes: 65,535 characters with an emoji are too many.
    expect(await create(output({ summary: `❌${'x'.repeat(65_534)}` }))).toMatchObject({ status: 422, message: 'Validation Failed' })
    const { path: _path, ...withoutPath } = annotation(1)
    expect(await create(output({ annotations: [withoutPath] }))).toMatchObject({
      status: 422,
      message: 'Invalid request.\n\n"path" wasn\'t supplied.'
    })
    expect(await create(output({ annotations: [{ ...annotation(1), annotation_level: 'error' }] }))).toMatchObject({ status: 422 })
    expect(await create({ head_sha: 'main' })).toMatchObject({ status: 422, message: 'No commit found for SHA: main' })
    expect(await create({ status: 'completed' })).toMatchObject({
      status: 422,
      message: 'Invalid request.\n\n"conclusion" wasn\'t supplied.'
    })
    expect(await create({ output: { summary: 'no title' } })).toMatchObject({ status: 422 })
    expect(service.github.checkRuns).toHaveLength(runsBefore)

    const made = await github.rest.checks.create({ ...repo, name: 'reverify', head_sha: SHA, ...output({ summary: 'x'.repeat(65_535) }) })
    expect(made.status).toBe(201)
    const update = (fields: Record<string, unknown>) =>
      refusal(github.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', { ...repo, check_run_id: made.data.id, ...fields }))
    expect(await update({ output: { summary: 's', annotations: tooMany } })).toMatchObject({ status: 422 })
    expect(await update({ output: { title: 'an update needs a summary', annotations: [annotation(1)] } })).toMatchObject({
      status: 422,
      message: 'Invalid request.\n\n"summary" wasn\'t supplied.'
    })
    expect(service.github.checkRuns.at(-1)!.annotations).toEqual([])
    expect(await refusal(github.rest.checks.update({ ...repo, check_run_id: 1, status: 'in_progress' }))).toMatchObject({ status: 404 })
  })
})

describe('issue comments', () => {
  it('creates as github-actions[bot], edits in place, deletes, and lists with other people’s comments', async () => {
    const github = octokit()
    const theirs = service.github.addComment(11, 'LGTM')
    const created = await github.rest.issues.createComment({ ...repo, issue_number: 11, body: '<!-- marker -->\nfirst' })
    expect(created.status).toBe(201)
    expect(created.data.user).toMatchObject({ login: 'github-actions[bot]', type: 'Bot' })
    expect(created.data.id).toBeGreaterThan(theirs.id)
    const edited = await github.rest.issues.updateComment({ ...repo, comment_id: created.data.id, body: '<!-- marker -->\nsecond' })
    expect(edited.data).toMatchObject({ id: created.data.id, body: '<!-- marker -->\nsecond' })
    const listed = await github.rest.issues.listComments({ ...repo, issue_number: 11 })
    expect(listed.data.map(comment => [comment.body, comment.user?.type])).toEqual([
      ['LGTM', 'User'],
      ['<!-- marker -->\nsecond', 'Bot']
    ])
    expect((await github.rest.issues.deleteComment({ ...repo, comment_id: created.data.id })).status).toBe(204)
    expect(service.github.comments().filter(comment => comment.issue === 11)).toEqual([theirs])
    expect(await refusal(github.rest.issues.deleteComment({ ...repo, comment_id: created.data.id }))).toMatchObject({ status: 404 })
  })

  it('takes a body of 65,536 characters and refuses 65,537 with 422, on create and on edit', async () => {
    const github = octokit()
    const made = await github.rest.issues.createComment({ ...repo, issue_number: 12, body: '😀'.repeat(65_536) })
    expect(made.status).toBe(201)
    const tooLong = 'x'.repeat(65_537)
    expect(await refusal(github.rest.issues.createComment({ ...repo, issue_number: 12, body: tooLong }))).toMatchObject({
      status: 422,
      message: 'Validation Failed'
    })
    expect(await refusal(github.rest.issues.updateComment({ ...repo, comment_id: made.data.id, body: tooLong }))).toMatchObject({
      status: 422
    })
    expect(service.github.comments().filter(comment => comment.issue === 12)).toHaveLength(1)
  })

  it('pages 120 comments with a Link header that Octokit’s paginate follows', async () => {
    const github = octokit({})
    for (let index = 1; index <= 120; index += 1) service.github.addComment(13, `comment ${index}`)
    const first = await github.rest.issues.listComments({ ...repo, issue_number: 13, per_page: 100 })
    expect(first.data).toHaveLength(100)
    expect(first.headers.link).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/repositories\/\d+\/issues\/13\/comments\?per_page=100&page=2>; rel="next", <[^>]+page=2>; rel="last"$/
    )
    expect((await github.rest.issues.listComments({ ...repo, issue_number: 13 })).data).toHaveLength(30)
    const start = service.requests.length
    const all = await github.paginate(github.rest.issues.listComments, { ...repo, issue_number: 13, per_page: 100 })
    expect(all.map(comment => comment.body)).toEqual(Array.from({ length: 120 }, (_, i) => `comment ${i + 1}`))
    const pages = service.requests.slice(start)
    expect(pages.map(request => [request.rpc, request.status])).toEqual([
      ['ListComments', 200],
      ['ListComments', 200]
    ])
    expect(pages[1]!.path).toMatch(/^\/repositories\/\d+\/issues\/13\/comments\?per_page=100&page=2$/)
  })
})

describe('pull requests', () => {
  beforeAll(() => {
    const fork = { full_name: 'forker/widgets', owner: { login: 'forker' } }
    service.github.addPull({ number: 7, state: 'open', head: { sha: SHA, ref: 'fix-total', repo: fork } })
    service.github.addPull({ number: 5, state: 'closed', head: { sha: 'f'.repeat(40), ref: 'fix-total', repo: fork } })
  })

  it('finds a fork’s pull request by its head SHA (the event lists none for a fork)', async () => {
    const github = octokit({})
    const found = await github.rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: SHA })
    expect(found.data.map(pull => [pull.number, pull.state, pull.head.sha, pull.head.repo?.full_name])).toEqual([
      [7, 'open', SHA, 'forker/widgets']
    ])
    expect((await github.rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: 'b'.repeat(40) })).data).toEqual([])
    expect(await refusal(github.rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: 'HEAD' }))).toMatchObject({
      status: 422
    })
  })

  it('lists pull requests by state and head owner:branch', async () => {
    const github = octokit({})
    const numbers = async (query: Record<string, string>) =>
      (await github.rest.pulls.list({ ...repo, ...query })).data.map(pull => pull.number)
    expect(await numbers({ head: 'forker:fix-total' })).toEqual([7])
    expect(await numbers({ state: 'all', head: 'forker:fix-total' })).toEqual([7, 5])
    expect(await numbers({ state: 'closed' })).toEqual([5])
    expect(await numbers({ head: 'octo:fix-total' })).toEqual([])
    expect(await refusal(github.rest.pulls.list({ ...repo, state: 'merged' as 'all' }))).toMatchObject({ status: 422 })
  })
})

describe('tokens', () => {
  /** One call per endpoint, each with the permission it needs (undefined: any valid token). */
  const calls: Array<[string, keyof ApiTokenGrant | undefined, (github: Octokit) => Promise<unknown>]> = [
    ['ListRunArtifacts', 'actionsRead', github => github.rest.actions.listWorkflowRunArtifacts({ ...repo, run_id: 424242 })],
    [
      'DownloadArtifactZip',
      'actionsRead',
      github => github.rest.actions.downloadArtifact({ ...repo, artifact_id: 999, archive_format: 'zip' })
    ],
    ['CreateCheckRun', 'checksWrite', github => github.rest.checks.create({ ...repo, name: 'reverify', head_sha: SHA })],
    ['UpdateCheckRun', 'checksWrite', github => github.rest.checks.update({ ...repo, check_run_id: 1, status: 'in_progress' })],
    ['ListComments', undefined, github => github.rest.issues.listComments({ ...repo, issue_number: 1 })],
    ['CreateComment', 'pullRequestsWrite', github => github.rest.issues.createComment({ ...repo, issue_number: 1, body: 'hi' })],
    ['UpdateComment', 'pullRequestsWrite', github => github.rest.issues.updateComment({ ...repo, comment_id: 1, body: 'hi' })],
    ['DeleteComment', 'pullRequestsWrite', github => github.rest.issues.deleteComment({ ...repo, comment_id: 1 })],
    ['PullsForCommit', undefined, github => github.rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: SHA })],
    ['ListPulls', undefined, github => github.rest.pulls.list({ ...repo })]
  ]

  it('covers every fault target', () => {
    expect(calls.map(([target]) => target)).toEqual(GITHUB_REST_TARGETS)
  })

  it.each(calls)('%s: 401 for a token the service never issued, 403 without the permission it needs', async (target, needs, call) => {
    const stranger = getOctokit('ghs_not_issued_here', { baseUrl: service.env().GITHUB_API_URL })
    expect(await refusal(call(stranger))).toMatchObject({ status: 401, message: 'Bad credentials' })
    const others = Object.fromEntries(Object.keys(everything).map(name => [name, name !== needs]))
    if (needs === undefined) return
    expect(await refusal(call(octokit(others)))).toMatchObject({ status: 403, message: 'Resource not accessible by integration' })
    expect(service.requests.at(-1)).toMatchObject({ rpc: target, status: 403 })
  })

  it.each(calls)('%s takes injected faults, with their headers', async (target, _needs, call) => {
    const reset = '1798761600'
    service.injectFault(target, { status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } }, 1)
    const limited = await refusal(call(octokit()))
    expect(limited).toMatchObject({ status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } })
    expect(limited.message).toBe('Forbidden')
    service.injectFault(target, { status: 502, body: '<html>bad gateway</html>' }, 1)
    expect(await refusal(call(octokit()))).toMatchObject({ status: 502 })
    expect(service.requests.slice(-2).map(request => [request.rpc, request.status])).toEqual([
      [target, 403],
      [target, 502]
    ])
  })
})

describe('a run’s artifacts with the real @actions/artifact client (findBy: the REST API)', () => {
  const upload =
    "import { DefaultArtifactClient } from '@actions/artifact';" +
    'const [name, dir, ...files] = process.argv.slice(1);' +
    'console.log(JSON.stringify(await new DefaultArtifactClient().uploadArtifact(name, files, dir)));'
  const listAndDownload =
    "import { DefaultArtifactClient } from '@actions/artifact';" +
    'const [runId, into, skip] = process.argv.slice(1);' +
    "const findBy = { token: process.env.REST_TOKEN, workflowRunId: Number(runId), repositoryOwner: 'octo', repositoryName: 'widgets' };" +
    'const client = new DefaultArtifactClient();' +
    'const { artifacts } = await client.listArtifacts({ findBy });' +
    'for (const artifact of artifacts) await client.downloadArtifact(artifact.id, { path: into, findBy, skipDecompress: skip === "raw" });' +
    'console.log(JSON.stringify(artifacts));'

  let uploaded: { id: number; size: number }
  beforeAll(async () => {
    await writeFile(join(scratch, 'trace.jsonl'), '{"event":"attempt"}\n')
    await writeFile(join(scratch, 'annotations.json'), '{"schema_version":1,"annotations":[]}')
    const files = ['trace.jsonl', 'annotations.json'].map(file => join(scratch, file))
    uploaded = (await withArtifactClient(upload, ['reverify-trace-77', scratch, ...files], {})) as { id: number; size: number }
  }, 120_000)

  it('lists the run’s artifacts by run id and downloads each zip (skipDecompress) through the 302', async () => {
    const into = await mkdtemp(join(scratch, 'raw-'))
    const start = service.requests.length
    const listed = (await withArtifactClient(listAndDownload, [service.github.runId, into, 'raw'], {
      REST_TOKEN: service.apiToken({ actionsRead: true })
    })) as Array<{ id: number; name: string; size: number }>
    expect(listed).toEqual([expect.objectContaining({ id: uploaded.id, name: 'reverify-trace-77', size: uploaded.size })])
    expect(await readdir(into)).toEqual(['reverify-trace-77.zip'])
    const entries = readZip(await readFile(join(into, 'reverify-trace-77.zip')))
    expect(entries.map(entry => entry.name).sort()).toEqual(['annotations.json', 'trace.jsonl'])
    expect(service.requests.slice(start).map(request => [request.method, request.rpc, request.status])).toEqual([
      ['GET', 'ListRunArtifacts', 200],
      ['GET', 'DownloadArtifactZip', 302],
      ['GET', 'blob', 200]
    ])
  }, 120_000)

  it('extracts the zip when asked to, and lists nothing for another run', async () => {
    const into = await mkdtemp(join(scratch, 'unzipped-'))
    const token = service.apiToken({ actionsRead: true })
    await withArtifactClient(listAndDownload, [service.github.runId, into, 'unzip'], { REST_TOKEN: token })
    expect(await readFile(join(into, 'trace.jsonl'), 'utf8')).toBe('{"event":"attempt"}\n')
    expect(await withArtifactClient(listAndDownload, ['1', into, 'raw'], { REST_TOKEN: token })).toEqual([])
  }, 120_000)

  it('answers the listing in GitHub’s shape and redirects the zip to a signed URL', async () => {
    const github = octokit({ actionsRead: true })
    const { data } = await github.rest.actions.listWorkflowRunArtifacts({ ...repo, run_id: Number(service.github.runId) })
    expect(data.total_count).toBe(1)
    expect(data.artifacts[0]).toMatchObject({
      id: uploaded.id,
      name: 'reverify-trace-77',
      size_in_bytes: uploaded.size,
      expired: false,
      digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      workflow_run: { id: Number(service.github.runId) }
    })
    const redirect = await github.rest.actions.downloadArtifact({
      ...repo,
      artifact_id: uploaded.id,
      archive_format: 'zip',
      request: { redirect: 'manual' }
    })
    expect(redirect.status).toBe(302)
    const zip = await fetch(String(redirect.headers.location))
    expect(zip.headers.get('content-disposition')).toContain('filename="reverify-trace-77.zip"')
    const tampered = String(redirect.headers.location).replace('rscd=attachment', 'rscd=inline')
    expect((await fetch(tampered)).status).toBe(403)
  })
})
