/**
 * Runs the reusable workflow's own steps the way the runner would, as far as one machine
 * can: `${{ … }}` expressions evaluated with GitHub's expression library, `shell: bash`
 * steps run by bash as `bash --noprofile --norc -eo pipefail {0}` with the GITHUB_ENV and
 * GITHUB_OUTPUT files, and what a step exported read back in the runner's file format.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { data, Evaluator, Lexer, Parser } from '@actions/expressions'
import { truthy } from '@actions/expressions/result'
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser'
import { REPO_ROOT } from './cli.js'
import { plain } from './input-contract.js'
import { parseCommandFile } from './runner.js'

/** One step of the workflow, as plain data (expressions as their `${{ … }}` text). */
export type WorkflowStep = Record<string, any>

/** The contexts an expression may read. */
export type ExpressionContext = Record<string, unknown>

/** The steps of the reusable workflow's one job. */
export function workflowSteps(): WorkflowStep[] {
  const content = readFileSync(join(REPO_ROOT, '.github/workflows/reverify.yml'), 'utf8')
  const parsed = parseWorkflow({ name: 'reverify.yml', content }, new NoOperationTraceWriter())
  return (plain(parsed.value!) as Record<string, any>).jobs.verify.steps
}

/** The value of one expression (without `${{ }}`), as the runner computes it. */
export function evaluateExpression(expression: string, context: ExpressionContext): data.ExpressionData {
  const tokens = new Lexer(expression).lex().tokens
  const tree = new Parser(tokens, Object.keys(context), []).parse()
  return new Evaluator(tree, JSON.parse(JSON.stringify(context), data.reviver) as data.Dictionary).evaluate()
}

/** A value of the workflow: a whole `${{ … }}` is evaluated to a string, anything else is literal. */
export function evaluateValue(value: unknown, context: ExpressionContext): string {
  const text = String(value)
  const whole = /^\$\{\{ ([\s\S]*) \}\}$/.exec(text)
  return whole ? evaluateExpression(whole[1]!, context).coerceString() : text
}

/** Whether a step runs: its `if:` (success() aside) evaluated, true when it has none. */
export function stepRuns(step: WorkflowStep, context: ExpressionContext): boolean {
  if (step.if === undefined) return true
  const expression = String(step.if).replace(/^\$\{\{ ([\s\S]*) \}\}$/, '$1')
  return truthy(evaluateExpression(expression, context))
}

/** What a bash step did. */
export interface BashStepResult {
  code: number | null
  stdout: string
  stderr: string
  /** What it wrote to GITHUB_ENV. */
  exported: Record<string, string>
  /** What it wrote to GITHUB_OUTPUT. */
  outputs: Record<string, string>
}

/** Runs a `shell: bash` step's script with its `env:` evaluated, on top of `env`. */
export function runBashStep(step: WorkflowStep, context: ExpressionContext, env: Record<string, string> = {}): Promise<BashStepResult> {
  if (step.shell !== 'bash' || typeof step.run !== 'string') throw new Error(`step ${step.name} is not a bash step`)
  const files = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-step-')))
  const script = join(files, 'step.sh')
  const githubEnv = join(files, 'env')
  const githubOutput = join(files, 'output')
  writeFileSync(script, step.run)
  writeFileSync(githubEnv, '')
  writeFileSync(githubOutput, '')
  const stepEnv: Record<string, string> = {}
  for (const [name, value] of Object.entries((step.env ?? {}) as Record<string, unknown>)) stepEnv[name] = evaluateValue(value, context)
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: files,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...env,
        ...stepEnv,
        GITHUB_ENV: githubEnv,
        GITHUB_OUTPUT: githubOutput
      },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('error', reject)
    child.on('close', code =>
      resolve({
        code,
        stdout,
        stderr,
        exported: parseCommandFile(readFileSync(githubEnv, 'utf8')),
        outputs: parseCommandFile(readFileSync(githubOutput, 'utf8'))
      })
    )
  })
}
