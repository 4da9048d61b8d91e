/**
 * The reusable workflow's own steps, run for real: the check that the runner names the
 * workflow's repository and commit, the export of `env` and the `env-secrets` secret (bash,
 * as the runner runs it, with GITHUB_ENV and GITHUB_OUTPUT), the setup step seeing what was
 * exported, and the bundled action run with the inputs the workflow passes it and the
 * exported environment (docs/design.md §7).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'
import {
  evaluateValue,
  runBashStep,
  stepRuns,
  workflowSteps,
  type ExpressionContext,
  type WorkflowStep
} from '../helpers/workflow-steps.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

const steps = workflowSteps()
const named = (pattern: RegExp): WorkflowStep => steps.find(step => pattern.test(String(step.name)))!
const guard = named(/names this workflow's repository and commit/)
const exportStep = steps.find(step => step.id === 'env')!
const setup = steps.find(step => step.env?.REVERIFY_SETUP !== undefined)!
const verify = steps.find(step => step.id === 'reverify')!

/** Every input of the workflow at its default, with `given` on top. */
function context(given: Record<string, string> = {}, secrets: Record<string, string> = {}): ExpressionContext {
  return {
    inputs: { redact: '', env: '', 'node-version': '', setup: '', ...given },
    secrets,
    job: { workflow_repository: 'octo/reverify', workflow_sha: 'f'.repeat(40) },
    steps: {}
  }
}

/** Every file under dir, read as text. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path, 'utf8')]
  })
}

describe('the check that the runner names the workflow', () => {
  test('comes before anything is checked out', () => {
    const firstCheckout = steps.findIndex(step => String(step.uses ?? '').startsWith('actions/checkout@'))
    expect(steps.indexOf(guard)).toBe(0)
    expect(firstCheckout).toBeGreaterThan(0)
  })

  test.each([
    ['workflow_repository', { workflow_repository: '', workflow_sha: 'f'.repeat(40) }],
    ['workflow_sha', { workflow_repository: 'octo/reverify', workflow_sha: '' }]
  ])('an empty job.%s fails the job with one clear error', async (_name, job) => {
    const step = await runBashStep(guard, { ...context(), job })
    expect(step.code).toBe(1)
    const errors = step.stdout.split('\n').filter(line => line.startsWith('::error'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('job.workflow_repository and job.workflow_sha')
    expect(errors[0]).toContain('use the action as a step instead')
  })

  test('passes when both are given', async () => {
    const step = await runBashStep(guard, context())
    expect(step).toMatchObject({ code: 0, stdout: '' })
  })
})

describe('node-version', () => {
  test('runs actions/setup-node with it, before setup, only when given', () => {
    const node = steps.find(step => String(step.uses ?? '').startsWith('actions/setup-node@'))!
    expect(node.with).toEqual({ 'node-version': '${{ inputs.node-version }}' })
    expect(steps.indexOf(node)).toBeLessThan(steps.indexOf(setup))
    expect(stepRuns(node, context())).toBe(false)
    expect(stepRuns(node, context({ 'node-version': '22' }))).toBe(true)
    expect(evaluateValue(node.with['node-version'], context({ 'node-version': 'lts/*' }))).toBe('lts/*')
  })
})

describe('env and env-secrets', () => {
  const env = ['LOG_LEVEL=debug', '', '# a comment', 'GREETING=hello world = "all"', 'EMPTY='].join('\n')
  const secrets = ['DATABASE_URL=postgres://u:p%40ss@db/x', 'API_TOKEN=tok-%0A-123', '  SPACED  =s3cr3t value'].join('\r\n')

  test('runs after checkout and before setup, and setup and the verify run after it', () => {
    const lastCheckout = steps.map(step => String(step.uses ?? '')).lastIndexOf('actions/checkout@v5')
    expect(steps.indexOf(exportStep)).toBeGreaterThan(lastCheckout)
    expect(steps.indexOf(exportStep)).toBeLessThan(steps.indexOf(setup))
    expect(steps.indexOf(setup)).toBeLessThan(steps.indexOf(verify))
  })

  test('are exported as given, every secret value masked before anything else is printed', async () => {
    const step = await runBashStep(exportStep, context({ env }, { 'env-secrets': secrets }))
    expect(step.code).toBe(0)
    expect(step.exported).toEqual({
      LOG_LEVEL: 'debug',
      GREETING: 'hello world = "all"',
      EMPTY: '',
      DATABASE_URL: 'postgres://u:p%40ss@db/x',
      API_TOKEN: 'tok-%0A-123',
      SPACED: 's3cr3t value'
    })
    // The runner reads %25 as %: the masked text is the value exactly.
    expect(step.stdout.split('\n').filter(Boolean)).toEqual([
      '::add-mask::postgres://u:p%2540ss@db/x',
      '::add-mask::tok-%250A-123',
      '::add-mask::s3cr3t value'
    ])
    expect(step.outputs.redact!.split('\n').filter(Boolean)).toEqual(['postgres://u:p%40ss@db/x', 'tok-%0A-123', 's3cr3t value'])
  })

  test('setup sees them', async () => {
    const exported = (await runBashStep(exportStep, context({ env }, { 'env-secrets': secrets }))).exported
    const given = context({ setup: 'printf "%s|%s|%s" "$LOG_LEVEL" "$GREETING" "$DATABASE_URL"' })
    expect(stepRuns(setup, given)).toBe(true)
    const step = await runBashStep(setup, given, exported)
    expect(step).toMatchObject({ code: 0, stdout: 'debug|hello world = "all"|postgres://u:p%40ss@db/x' })
  })

  test('nothing given exports nothing and masks nothing', async () => {
    const step = await runBashStep(exportStep, context())
    expect(step).toMatchObject({ code: 0, stdout: '', exported: {} })
    expect(step.outputs.redact!.trim()).toBe('')
  })

  test.each([
    ['env-secrets', 'no "=" on a line', 'GOOD=one\nhunter2-whole-line', 'env-secrets line 2: no "="'],
    ['env-secrets', 'a bad name', 'GOOD=one\n\nBAD-NAME=hunter2-value', 'env-secrets line 3: the name before "=" must be'],
    ['env-secrets', 'a name of the runner', 'GITHUB_TOKEN=hunter2-token', 'env-secrets line 1: GITHUB_TOKEN is the runner'],
    ['env', 'a bad name', 'OK=1\n1ABC=2', 'env line 2: the name before "=" must be'],
    ['env', 'NODE_OPTIONS', 'NODE_OPTIONS=--require x', 'env line 1: NODE_OPTIONS is the runner']
  ])(
    '%s with %s is one error naming the input and the line, never its text; nothing is exported',
    async (input, _label, text, expected) => {
      const given = input === 'env' ? context({ env: text }) : context({}, { 'env-secrets': text })
      const step = await runBashStep(exportStep, given)
      expect(step.code).toBe(1)
      const errors = step.stdout.split('\n').filter(line => line.startsWith('::error'))
      expect(errors).toHaveLength(1)
      expect(errors[0]).toContain(expected)
      expect(errors[0]).not.toMatch(/hunter2|GOOD|OK=/)
      expect(step.exported).toEqual({})
      if (input === 'env-secrets') {
        // Masked before the error, even the malformed line, which may be a pasted secret.
        const masks = step.stdout.split('\n').filter(line => line.startsWith('::add-mask::'))
        expect(masks).toEqual(
          text
            .split('\n')
            .filter(Boolean)
            .map(line => `::add-mask::${line.includes('=') ? line.slice(line.indexOf('=') + 1) : line}`)
        )
        expect(step.stdout.indexOf('::add-mask::')).toBeLessThan(step.stdout.indexOf('::error'))
      }
    }
  )

  test('reach the verify step, and the secret values are redacted from its trace', async () => {
    const given = context(
      {
        env,
        command: 'echo "level=$LOG_LEVEL"; echo "url=$DATABASE_URL"',
        'expect-stdout': 'level=debug',
        redact: 'a-value-of-the-caller'
      },
      { 'env-secrets': secrets }
    )
    const exported = await runBashStep(exportStep, given)
    const afterExport = { ...given, steps: { env: { outputs: exported.outputs } } }
    const inputs: Record<string, string> = {}
    for (const [name, value] of Object.entries(verify.with as Record<string, unknown>)) inputs[name] = evaluateValue(value, afterExport)
    expect(inputs.redact!.split('\n').filter(Boolean)).toEqual([
      'a-value-of-the-caller',
      'postgres://u:p%40ss@db/x',
      'tok-%0A-123',
      's3cr3t value'
    ])
    const runner = new FakeRunner(await started, 'octo/workflow-env')
    const step = await runner.main(inputs, { env: exported.exported })
    expect(step.outputs.outcome).toBe('success')
    const trace = filesUnder(step.outputs['trace-dir']!).join('\n')
    expect(trace).toContain('level=debug')
    expect(trace).toContain('url=')
    expect(trace).not.toContain('postgres://u:p%40ss@db/x')
  })
})
