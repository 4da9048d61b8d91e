/**
 * action.yml, the reusable workflow and the CI workflows, validated offline with GitHub's
 * own parser, and checked against the action's code: every input is read, every output set,
 * and the reusable workflow passes every input through and exposes every output. Their
 * names, defaults and descriptions against the input table: __tests__/core/inputs/table.test.ts.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser'
import { convertActionTemplate, parseAction } from '@actions/workflow-parser/actions/index'
import { inputsOf } from '../../src/core/inputs/table.js'
import { REPORT_INPUT_NAMES, REPORT_INPUTS, WORKFLOW_REPORT_INPUTS, type ReportInputSpec } from '../../src/core/matrix/inputs.js'
import { RUN_INPUT_NAMES } from '../../src/core/inputs/settings.js'
import { ActionInput, Output } from '../../src/action/constants.js'
import { REPO_ROOT } from '../helpers/cli.js'
import { declaredDescription, plain } from '../helpers/input-contract.js'

function read(path: string): { name: string; content: string } {
  return { name: path, content: readFileSync(join(REPO_ROOT, path), 'utf8') }
}

/** Parses a workflow file; fails the test with the parser's messages if it has any errors. */
async function workflow(path: string): Promise<Record<string, any>> {
  const parsed = parseWorkflow(read(path), new NoOperationTraceWriter())
  expect(parsed.context.errors.getErrors().map(error => error.message)).toEqual([])
  const template = await convertWorkflowTemplate(parsed.context, parsed.value!)
  expect(template.errors ?? []).toEqual([])
  return plain(parsed.value!) as Record<string, any>
}

function action() {
  const parsed = parseAction(read('action.yml'), new NoOperationTraceWriter())
  expect(parsed.context.errors.getErrors().map(error => error.message)).toEqual([])
  return { template: convertActionTemplate(parsed.context, parsed.value!), raw: plain(parsed.value!) as Record<string, any> }
}

const codeInputs = [...RUN_INPUT_NAMES, ...Object.values(ActionInput)].sort()
const codeOutputs = Object.values(Output).sort()
/** The action inputs the reusable workflow passes on (github-token is the called job's own). */
const workflowInputs: string[] = codeInputs.filter(name => inputsOf('workflow').includes(name))

describe('action.yml', () => {
  test('is a valid node24 action with a post step that always runs', () => {
    const { template } = action()
    expect(template.runs).toEqual({ using: 'node24', main: 'dist/index.js', post: 'dist/post.js', postIf: 'always()' })
  })

  test('declares exactly the inputs the code reads', () => {
    const { template } = action()
    expect((template.inputs ?? []).map(input => input.id).sort()).toEqual(codeInputs)
  })

  test('declares exactly the outputs the code sets', () => {
    const { template } = action()
    expect((template.outputs ?? []).map(output => output.id).sort()).toEqual(codeOutputs)
  })

  test('marks no input required (a missing command is reported by the action itself, in one line)', () => {
    const { template } = action()
    expect((template.inputs ?? []).filter(input => input.required)).toEqual([])
  })
})

describe('the reusable workflow', () => {
  test('is a valid workflow_call workflow', async () => {
    const parsed = await workflow('.github/workflows/reverify.yml')
    expect(Object.keys(parsed.on)).toEqual(['workflow_call'])
  })

  test('takes every input of the action but github-token, plus its own (runs-on, setup, node-version, env, matrix-report), with the same defaults', async () => {
    const inputs = (await workflow('.github/workflows/reverify.yml')).on.workflow_call.inputs
    expect(codeInputs.filter(name => !workflowInputs.includes(name))).toEqual(['github-token'])
    expect(Object.keys(inputs).sort()).toEqual([...workflowInputs, 'runs-on', 'setup', 'node-version', 'env', 'matrix-report'].sort())
    expect([...inputsOf('workflow'), ...Object.keys(WORKFLOW_REPORT_INPUTS)].sort()).toEqual(Object.keys(inputs).sort())
    expect(inputs.command.required).toBe(true)
    for (const input of (action().template.inputs ?? []).filter(input => workflowInputs.includes(input.id))) {
      const declared = input.default === undefined ? '' : input.default.toString()
      const mirrored = inputs[input.id].default
      expect([input.id, String(mirrored ?? '')]).toEqual([input.id, declared])
    }
  })

  test('checks out the caller, then the action from its own commit, runs setup, and passes every input', async () => {
    const job = (await workflow('.github/workflows/reverify.yml')).jobs.verify
    const steps = job.steps as Record<string, any>[]
    const caller = steps.find(step => String(step.uses).startsWith('actions/checkout@'))!
    expect(caller).toMatchObject({ uses: expect.stringMatching(/^actions\/checkout@v\d+$/) })
    expect(caller.with?.repository).toBeUndefined()
    const self = steps.find(step => step.with?.path === '.reverify-action')
    expect(self).toMatchObject({
      uses: expect.stringMatching(/^actions\/checkout@v\d+$/),
      with: { repository: '${{ job.workflow_repository }}', ref: '${{ job.workflow_sha }}' }
    })
    const setup = steps.find(step => step.env?.REVERIFY_SETUP !== undefined)
    expect(setup).toMatchObject({ if: "inputs.setup != ''", env: { REVERIFY_SETUP: '${{ inputs.setup }}' } })
    const run = steps.find(step => step.id === 'reverify')!
    expect(run.uses).toBe('./.reverify-action')
    expect(steps.indexOf(run)).toBeGreaterThan(steps.indexOf(setup!))
    const passed: Record<string, string> = {}
    for (const name of workflowInputs) passed[name] = `\${{ inputs.${name} }}`
    // redact goes through the step that adds the env-secrets values to it, so they never reach the trace.
    passed.redact = '${{ steps.env.outputs.redact }}'
    expect(steps.find(step => step.id === 'env')!.env.REVERIFY_REDACT).toBe('${{ inputs.redact }}')
    expect(run.with).toEqual(passed)
  })

  test('declares one optional secret, env-secrets, and reads it only in the step that masks it', async () => {
    const parsed = await workflow('.github/workflows/reverify.yml')
    expect(Object.keys(parsed.on.workflow_call.secrets)).toEqual(['env-secrets'])
    expect(parsed.on.workflow_call.secrets['env-secrets'].required).toBe(false)
    const readers = (parsed.jobs.verify.steps as Record<string, any>[]).filter(step => JSON.stringify(step).includes('secrets.'))
    expect(readers.map(step => step.id)).toEqual(['env'])
    expect(readers[0]!.env.REVERIFY_ENV_SECRETS).toBe('${{ secrets.env-secrets }}')
    expect(readers[0]!.run).not.toContain('secrets.')
  })

  test('asks for actions: read, so the action can list cache entries with the job token; callers in ci.yml grant it', async () => {
    expect((await workflow('.github/workflows/reverify.yml')).permissions).toEqual({ contents: 'read', actions: 'read' })
    const ci = await workflow('.github/workflows/ci.yml')
    for (const job of Object.values(ci.jobs as Record<string, any>).filter(job => job.uses === './.github/workflows/reverify.yml')) {
      expect(job.permissions).toMatchObject({ actions: 'read' })
    }
  })

  test('exposes every output of the action', async () => {
    const parsed = await workflow('.github/workflows/reverify.yml')
    const outputs = parsed.on.workflow_call.outputs
    expect(Object.keys(outputs).sort()).toEqual(codeOutputs)
    for (const name of codeOutputs) {
      expect(outputs[name].value).toBe(`\${{ jobs.verify.outputs.${name} }}`)
      expect(parsed.jobs.verify.outputs[name]).toBe(`\${{ steps.reverify.outputs.${name} }}`)
    }
  })
})

describe("the report entry point and the reusable workflow's report job", () => {
  function reportAction() {
    const parsed = parseAction(read('report/action.yml'), new NoOperationTraceWriter())
    expect(parsed.context.errors.getErrors().map(error => error.message)).toEqual([])
    return convertActionTemplate(parsed.context, parsed.value!)
  }

  test('report/action.yml is a valid node24 action running the report bundle, with the inputs the code reads', () => {
    const template = reportAction()
    // The bundle sits in the repository's dist/, one folder up from report/.
    expect(template.runs).toEqual({ using: 'node24', main: ['..', 'dist', 'report.js'].join('/') })
    expect((template.inputs ?? []).map(input => input.id)).toEqual(REPORT_INPUT_NAMES)
    expect((template.outputs ?? []).map(output => output.id).sort()).toEqual([
      'check-run-id',
      'check-run-url',
      'comment-id',
      'comment-url',
      'failed-legs',
      'flaky-legs',
      'legs',
      'report-artifact-id'
    ])
  })

  test("report/action.yml and the docs' table of its inputs say what the report inputs' table says", () => {
    const declared = reportAction().inputs ?? []
    const specs: Record<string, ReportInputSpec> = REPORT_INPUTS
    for (const input of declared) {
      const spec = specs[input.id]!
      expect([input.id, input.description, input.default === undefined ? undefined : plain(input.default), input.required]).toEqual([
        input.id,
        declaredDescription(spec),
        spec.default,
        false
      ])
    }
    const docs = readFileSync(join(REPO_ROOT, 'docs/action.md'), 'utf8')
    const section = docs.split(/^## /m).find(part => part.startsWith('One summary for a matrix\n')) ?? ''
    const rows = [...section.matchAll(/^\| `([a-z-]+)` \| (.*) \| (.*) \|$/gm)].map(match => [match[1], match[2], match[3]])
    const bare = (text: string) => text.replace(/`/g, '')
    expect(rows.map(([name, meaning, shown]) => [name, bare(meaning!), bare(shown!)])).toEqual(
      REPORT_INPUT_NAMES.map(name => {
        const spec: ReportInputSpec = REPORT_INPUTS[name]
        return [name, spec.description, spec.default ?? spec.shownDefault?.action]
      })
    )
  })

  test('the verify job runs unless matrix-report is set; the report job runs only then, with the action from its own commit', async () => {
    const parsed = await workflow('.github/workflows/reverify.yml')
    expect(parsed.on.workflow_call.inputs['matrix-report']).toMatchObject({ type: 'boolean', default: false })
    expect(parsed.jobs.verify.if).toBe('${{ !inputs.matrix-report }}')
    const report = parsed.jobs.report
    expect(report.if).toBe('${{ inputs.matrix-report }}')
    const steps = report.steps as Record<string, any>[]
    expect(steps.find(step => step.with?.path === '.reverify-action')).toMatchObject({
      with: { repository: '${{ job.workflow_repository }}', ref: '${{ job.workflow_sha }}' }
    })
    expect(steps.at(-1)).toMatchObject({ id: 'report', uses: './.reverify-action/report' })
    // It reads no secret and checks out nothing of the caller's.
    expect(JSON.stringify(report)).not.toContain('secrets.')
    expect(steps.filter(step => String(step.uses).startsWith('actions/checkout@'))).toHaveLength(1)
  })
})

describe('the CI workflows', () => {
  test('ci.yml is valid and runs the action itself and the reusable workflow', async () => {
    const parsed = await workflow('.github/workflows/ci.yml')
    const uses = Object.values(parsed.jobs as Record<string, any>).flatMap(job => [
      job.uses,
      ...(job.steps ?? []).map((step: any) => step.uses)
    ])
    expect(uses).toContain('./')
    expect(uses).toContain('./.github/workflows/reverify.yml')
  })

  test('ci.yml has one coverage job on Node 20: a build, then jest --coverage through npm run test:coverage', async () => {
    const parsed = await workflow('.github/workflows/ci.yml')
    const coverage = Object.entries(parsed.jobs as Record<string, any>).filter(([, job]) =>
      (job.steps ?? []).some((step: any) => /coverage/.test(String(step.run)))
    )
    expect(coverage.map(([id]) => id)).toEqual(['coverage'])
    const job = coverage[0]![1]
    expect(job['runs-on']).toBe('ubuntu-latest')
    expect(job.strategy).toBeUndefined()
    const steps = job.steps as Record<string, any>[]
    expect(steps.find(step => step.uses?.startsWith('actions/setup-node@'))!.with['node-version']).toBe('20')
    expect(steps.map(step => step.run).filter(Boolean)).toEqual(['npm ci --no-audit --no-fund', 'npm run build', 'npm run test:coverage'])
    const scripts = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts
    expect(scripts['test:coverage']).toMatch(/^NODE_OPTIONS=--experimental-vm-modules jest --coverage\b/)
    // Plain npm test collects no coverage, so the gate is the coverage job's alone.
    expect(scripts.test).not.toContain('coverage')
  })

  test('jest.config.js holds the coverage floor: src/ only, whole percentages, the figures docs/design.md §9 states', async () => {
    const config = (await import(pathToFileURL(join(REPO_ROOT, 'jest.config.js')).href)).default
    expect(config.collectCoverage).toBeUndefined()
    expect(config.collectCoverageFrom).toEqual(['src/**/*.ts'])
    const floor = config.coverageThreshold.global as Record<string, number>
    expect(Object.keys(floor).sort()).toEqual(['branches', 'functions', 'lines', 'statements'])
    const design = readFileSync(join(REPO_ROOT, 'docs/design.md'), 'utf8')
    for (const [kind, percent] of Object.entries(floor)) {
      expect([kind, Number.isInteger(percent) && percent > 0 && percent <= 100]).toEqual([kind, true])
      expect(design).toContain(`${kind} ${percent} %`)
    }
  })

  test('ci.yml runs the unit tier and a real CLI run on macOS', async () => {
    const job = (await workflow('.github/workflows/ci.yml')).jobs.macos
    expect(job['runs-on']).toBe('macos-latest')
    const runs = (job.steps as Record<string, any>[]).map(step => step.run).filter(Boolean)
    expect(runs.slice(0, 2)).toEqual(['npm ci --no-audit --no-fund', 'npm run test:unit'])
    expect(runs[2]).toMatch(/^node dist\/cli\.js run --command /)
    expect(runs[2]).toContain('test "$status" = 1')
  })

  test('check-dist.yml is valid and compares a fresh build with dist/', async () => {
    const parsed = await workflow('.github/workflows/check-dist.yml')
    const runs = (parsed.jobs['check-dist'].steps as Record<string, any>[]).map(step => step.run ?? '').join('\n')
    expect(runs).toContain('npm ci')
    expect(runs).toContain('npm run build')
    expect(runs).toContain('git status --porcelain -- dist')
  })

  test('the parser is not a rubber stamp: a broken workflow is reported', () => {
    const parsed = parseWorkflow(
      { name: 'broken.yml', content: 'on: workflow_call\njobs:\n  x:\n    runs-on: ubuntu-latest\n    stepz: []\n' },
      new NoOperationTraceWriter()
    )
    expect(parsed.context.errors.getErrors().length).toBeGreaterThan(0)
  })
})

describe('the release workflow', () => {
  const release = () => workflow('.github/workflows/release.yml')
  const steps = (job: Record<string, any>) => job.steps as Record<string, any>[]
  const runs = (job: Record<string, any>) =>
    steps(job)
      .map(step => step.run ?? '')
      .join('\n')

  test('runs on a pushed vX.Y.Z tag, or by hand for a tag given as input', async () => {
    const parsed = await release()
    expect(Object.keys(parsed.on).sort()).toEqual(['push', 'workflow_dispatch'])
    expect(parsed.on.push).toEqual({ tags: ['v*.*.*'] })
    expect(parsed.on.workflow_dispatch.inputs).toEqual({ tag: expect.objectContaining({ type: 'string', required: true }) })
    expect(parsed.env.TAG).toBe('${{ inputs.tag || github.ref_name }}')
    // Every job works on the tag, never on the branch the workflow was started from.
    for (const job of Object.values(parsed.jobs as Record<string, any>)) {
      expect(steps(job)[0]).toMatchObject({
        uses: expect.stringMatching(/^actions\/checkout@v\d+$/),
        // The parser reads `refs/tags/${{ env.TAG }}` as this expression.
        with: { ref: "${{ format('refs/tags/{0}', env.TAG) }}" }
      })
    }
  })

  test('reads everywhere and writes contents only in the release job', async () => {
    const parsed = await release()
    expect(parsed.permissions).toEqual({ contents: 'read' })
    const jobs = parsed.jobs as Record<string, any>
    for (const [name, job] of Object.entries(jobs)) {
      expect([name, job.permissions]).toEqual([name, name === 'release' ? { contents: 'write' } : undefined])
    }
    // Only the release job keeps the token in its checkout, to push the major tag.
    for (const [name, job] of Object.entries(jobs)) {
      expect([name, steps(job)[0]!.with['persist-credentials']]).toEqual([name, name === 'release' ? undefined : 'false'])
    }
  })

  test('publishes only after the tag, dist/ and the tests on Node 20 and 24 have passed', async () => {
    const jobs = (await release()).jobs as Record<string, any>
    expect(Object.keys(jobs).sort()).toEqual(['check-dist', 'release', 'test', 'version'])
    expect([...jobs.release.needs].sort()).toEqual(['check-dist', 'test', 'version'])
    expect(jobs['check-dist'].needs).toBe('version')
    expect(jobs.test.needs).toBe('version')
    expect(jobs.test.strategy.matrix.node).toEqual([20, 24])
    expect(steps(jobs.test).find(step => step.uses?.startsWith('actions/setup-node@'))!.with['node-version']).toBe('${{ matrix.node }}')
    expect(runs(jobs.test)).toMatch(/^npm ci\b[^\n]*\nnpm test$/m)
  })

  test('checks dist/ as check-dist.yml does: a fresh build, then git diff --exit-code -- dist', async () => {
    const job = (await release()).jobs['check-dist']
    const commands = runs(job)
    expect(commands).toContain('npm ci')
    expect(commands.indexOf('npm run build')).toBeLessThan(commands.indexOf('git diff --exit-code -- dist'))
    expect(commands).toContain('git status --porcelain -- dist')
  })

  test("checks the tag against package.json's version and CHANGELOG.md before anything else", async () => {
    const job = (await release()).jobs.version
    expect(runs(job)).toContain('package.json')
    expect(runs(job)).toContain('node scripts/changelog-section.mjs "$TAG"')
    expect(job.outputs).toEqual({ version: '${{ steps.version.outputs.version }}', major: '${{ steps.version.outputs.major }}' })
  })

  test("creates the release from the tag's CHANGELOG section with the job's token, then moves the major tag", async () => {
    const job = (await release()).jobs.release
    const names = steps(job).map(step => step.name)
    const notes = steps(job).find(step => String(step.run).includes('scripts/changelog-section.mjs'))!
    const publish = steps(job).find(step => String(step.run).includes('gh release create'))!
    const move = steps(job).find(step => String(step.run).includes('git tag -f'))!
    expect(notes.run).toBe('node scripts/changelog-section.mjs "$TAG" > "$RUNNER_TEMP/release-notes.md"')
    expect(publish.env).toEqual({ GH_TOKEN: '${{ github.token }}' })
    expect(publish.run).toContain('--notes-file "$RUNNER_TEMP/release-notes.md"')
    expect(move.env).toEqual({ MAJOR: '${{ needs.version.outputs.major }}' })
    expect(move.run).toContain('git push -f origin "refs/tags/$MAJOR"')
    expect(names.indexOf(notes.name)).toBeLessThan(names.indexOf(publish.name))
    expect(names.indexOf(publish.name)).toBeLessThan(names.indexOf(move.name))
    // The full history's tags, to tell whether this is the newest release of its major version.
    expect(steps(job)[0]!.with['fetch-depth']).toBe('0')
  })

  test('reads the tag input only through the TAG variable, never inside a script', async () => {
    const text = read('.github/workflows/release.yml').content
    expect(text.match(/inputs\.tag/g)).toHaveLength(2)
    for (const job of Object.values((await release()).jobs as Record<string, any>)) {
      for (const step of steps(job)) expect(String(step.run ?? '')).not.toContain('${{')
    }
  })
})

describe('every workflow', () => {
  test.each(['ci.yml', 'check-dist.yml', 'release.yml', 'reverify.yml'])('%s names every step', async file => {
    const parsed = await workflow(`.github/workflows/${file}`)
    for (const [id, job] of Object.entries(parsed.jobs as Record<string, any>)) {
      for (const step of job.steps ?? []) expect([id, typeof step.name]).toEqual([id, 'string'])
    }
  })
})

describe('the actionlint configuration', () => {
  // actionlint's message for the two job properties it does not know yet (its issue #705).
  const falsePositive = (name: string) =>
    `property "${name}" is not defined in object type {check_run_id: number; container: {id: string; network: string}; status: string}`

  test('ignores only the false positive on job.workflow_repository and job.workflow_sha, only in the reusable workflow', () => {
    // The file is small enough to read without a YAML library: one path, its ignore patterns.
    const text = readFileSync(join(REPO_ROOT, '.github/actionlint.yaml'), 'utf8').replace(/^\s*#.*\n/gm, '')
    expect(text).toMatch(/^paths:\n {2}\.github\/workflows\/reverify\.yml:\n {4}ignore:\n( {6}- '[^'\n]+'\n)+$/)
    const ignored = [...text.matchAll(/^ {6}- '([^'\n]+)'$/gm)].map(match => new RegExp(match[1]!))
    const matches = (message: string) => ignored.some(pattern => pattern.test(message))
    expect(matches(falsePositive('workflow_repository'))).toBe(true)
    expect(matches(falsePositive('workflow_sha'))).toBe(true)
    expect(matches(falsePositive('workflow_ref'))).toBe(false)
    expect(matches('property "workflow_repo" is not defined in object type {}')).toBe(false)
    expect(matches('shellcheck reported issue in this script: SC2086:info:1:1: Double quote to prevent globbing')).toBe(false)
  })
})
