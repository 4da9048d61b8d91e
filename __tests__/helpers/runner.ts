/**
 * Runs the action's bundle the way the runner does: `node dist/index.js`, then
 * `node dist/post.js`, with INPUT_* variables, the GITHUB_* files, an event payload and the
 * results service's env; reads back outputs, state, the step summary and annotations.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from './cli.js'
import type { ResultsService } from './results-service.js'

/** One annotation the step printed (`::warning title=…::message`). */
export interface Annotation {
  level: 'error' | 'warning' | 'notice'
  title?: string
  message: string
}

/** What a step did. */
export interface StepResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  state: Record<string, string>
  summary: string
  annotations: Annotation[]
}

function unescapeData(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
}

function unescapeProperty(text: string): string {
  return unescapeData(text).replace(/%3A/g, ':').replace(/%2C/g, ',')
}

/** Parses the `name<<delimiter` file format of GITHUB_OUTPUT and GITHUB_STATE. */
export function parseCommandFile(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i]!)
    if (!match) {
      const eq = lines[i]!.indexOf('=')
      if (eq > 0) values[lines[i]!.slice(0, eq)] = lines[i]!.slice(eq + 1)
      continue
    }
    const [, name, delimiter] = match
    const body: string[] = []
    for (i++; i < lines.length && lines[i] !== delimiter; i++) body.push(lines[i]!)
    values[name!] = body.join('\n')
  }
  return values
}

/** Every `::error|warning|notice …::message` line of a step's stdout. */
export function parseAnnotations(stdout: string): Annotation[] {
  const found: Annotation[] = []
  for (const line of stdout.split('\n')) {
    const match = /^::(error|warning|notice)( [^:]*)?::(.*)$/.exec(line)
    if (!match) continue
    const title = /(?:^| |,)title=([^,]*)/.exec(match[2] ?? '')
    found.push({ level: match[1] as Annotation['level'], ...(title && { title: unescapeProperty(title[1]!) }), message: unescapeData(match[3]!) })
  }
  return found
}

/** Options of one step run. */
export interface StepOptions {
  event?: unknown
  eventName?: string
  env?: Record<string, string>
  /** Called with the child's pid as soon as it runs. */
  onSpawn?: (pid: number, child: import('node:child_process').ChildProcess) => void
  onStdout?: (text: string) => void
}

/**
 * One job's runner: a workspace at <root>/work/<repo>/<repo> and RUNNER_TEMP at
 * <root>/work/_temp, as on hosted runners (the cache paths depend on that layout).
 */
export class FakeRunner {
  readonly root: string
  readonly workspace: string
  readonly runnerTemp: string
  private stateFile = ''
  private lastInputs: Record<string, string> = {}
  private jobIndex = 0

  constructor(
    private readonly service: ResultsService,
    readonly repository = 'octo/widgets',
    private readonly job = 'verify',
    private readonly runId = String(1000 + Math.floor(Math.random() * 1e6))
  ) {
    this.root = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-runner-')))
    const name = repository.split('/')[1]!
    this.workspace = join(this.root, 'work', name, name)
    this.runnerTemp = join(this.root, 'work', '_temp')
    mkdirSync(this.workspace, { recursive: true })
    mkdirSync(this.runnerTemp, { recursive: true })
  }

  /** A fresh runner temp directory, as a new job on a new machine would have. */
  freshTemp(): void {
    rmSync(this.runnerTemp, { recursive: true, force: true })
    mkdirSync(this.runnerTemp, { recursive: true })
  }

  /** Runs the main step with the given inputs. */
  main(inputs: Record<string, string>, options: StepOptions = {}): Promise<StepResult> {
    this.jobIndex++
    this.stateFile = join(this.runnerTemp, `state-${this.jobIndex}`)
    writeFileSync(this.stateFile, '')
    this.lastInputs = inputs
    return this.step('index.js', inputs, {}, options)
  }

  /** Runs the post step of the last main step, with the state main saved. */
  post(options: StepOptions = {}): Promise<StepResult> {
    const state = parseCommandFile(readFileSync(this.stateFile, 'utf8'))
    const stateEnv: Record<string, string> = {}
    for (const [name, value] of Object.entries(state)) stateEnv[`STATE_${name}`] = value
    return this.step('post.js', this.lastInputs, stateEnv, options)
  }

  private step(script: string, inputs: Record<string, string>, extraEnv: Record<string, string>, options: StepOptions): Promise<StepResult> {
    const files = mkdtempSync(join(this.runnerTemp, 'files-'))
    const output = join(files, 'output')
    const summary = join(files, 'summary')
    const event = join(files, 'event.json')
    for (const file of [output, summary, join(files, 'env')]) writeFileSync(file, '')
    writeFileSync(event, JSON.stringify(options.event ?? {}))
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      GITHUB_ACTIONS: 'true',
      CI: 'true',
      GITHUB_REPOSITORY: this.repository,
      GITHUB_WORKSPACE: this.workspace,
      RUNNER_TEMP: this.runnerTemp,
      GITHUB_RUN_ID: this.runId,
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_JOB: this.job,
      GITHUB_WORKFLOW: 'ci',
      GITHUB_ACTOR: 'octocat',
      GITHUB_SHA: 'a'.repeat(40),
      GITHUB_REF: 'refs/heads/main',
      GITHUB_EVENT_NAME: options.eventName ?? 'push',
      GITHUB_EVENT_PATH: event,
      GITHUB_OUTPUT: output,
      GITHUB_STATE: this.stateFile,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_ENV: join(files, 'env'),
      ...this.service.env(),
      ...extraEnv,
      ...options.env
    }
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(REPO_ROOT, 'dist', script)], { cwd: this.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', chunk => {
        stdout += chunk
        options.onStdout?.(String(chunk))
      })
      child.stderr.on('data', chunk => (stderr += chunk))
      child.on('error', reject)
      if (child.pid) options.onSpawn?.(child.pid, child)
      child.on('close', (code, signal) => {
        resolve({
          code,
          signal,
          stdout,
          stderr,
          outputs: parseCommandFile(readFileSync(output, 'utf8')),
          state: parseCommandFile(readFileSync(this.stateFile, 'utf8')),
          summary: readFileSync(summary, 'utf8'),
          annotations: parseAnnotations(stdout)
        })
      })
    })
  }
}
