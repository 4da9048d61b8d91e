/**
 * Runs the action's bundle the way the runner does: `node dist/index.js`, then
 * `node dist/post.js` (or the report entry point, `node dist/report.js`), with INPUT_* variables, the GITHUB_* files, an event payload and the
 * results service's env; reads back outputs, state, the step summary and annotations.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { REPO_ROOT } from './cli.js'
// @ts-expect-error: a plain ES module of the scripts, without types
import { withTestPause } from '../../scripts/test-pause.mjs'
export { isRunning } from './processes.js'
import type { CacheEntry, ResultsService } from './results-service.js'

/** One annotation the step printed (`::warning title=…,file=…,line=…,col=…::message`). */
export interface Annotation {
  level: 'error' | 'warning' | 'notice'
  title?: string
  file?: string
  line?: number
  col?: number
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
    const property = (name: string) => new RegExp(`(?:^| |,)${name}=([^,]*)`).exec(match[2] ?? '')?.[1]
    const [title, file, startLine, col] = ['title', 'file', 'line', 'col'].map(property)
    found.push({
      level: match[1] as Annotation['level'],
      ...(title !== undefined && { title: unescapeProperty(title) }),
      ...(file !== undefined && { file: unescapeProperty(file) }),
      ...(startLine !== undefined && { line: Number(startLine) }),
      ...(col !== undefined && { col: Number(col) }),
      message: unescapeData(match[3]!)
    })
  }
  return found
}

/** Options of one step run. */
export interface StepOptions {
  event?: unknown
  eventName?: string
  env?: Record<string, string>
  /** Called with the child's pid as soon as it runs. */
  onSpawn?: (pid: number, child: ChildProcess) => void
  onStdout?: (text: string) => void
  /** The folder holding the bundle; dist/ unless a test runs a copy. */
  bundleDir?: string
  /** The node binary that runs the step; the one running the tests unless given. */
  node?: string
}

/** Where a runner keeps its workspace and RUNNER_TEMP, relative to its root folder. */
export interface RunnerLayout {
  workspace: string
  runnerTemp: string
}

/** A container job's layout: /__w/<repo>/<repo> and /__w/_temp. */
export const CONTAINER_LAYOUT: RunnerLayout = { workspace: '__w/widgets/widgets', runnerTemp: '__w/_temp' }

/**
 * One job's runner: by default a workspace at <root>/work/<repo>/<repo> and RUNNER_TEMP at
 * <root>/work/_temp, as on hosted runners; `layout` puts them elsewhere (a container job).
 */
export class FakeRunner {
  readonly root: string
  readonly workspace: string
  readonly runnerTemp: string
  private stateFile = ''
  private lastInputs: Record<string, string> = {}
  private jobIndex = 0
  // Each job of a run has its own backend id in the runtime token, as on GitHub.
  readonly jobBackendId = randomUUID()

  constructor(
    private readonly service: ResultsService,
    readonly repository = 'octo/widgets',
    readonly job = 'verify',
    readonly runId = String(1000 + Math.floor(Math.random() * 1e6)),
    layout?: RunnerLayout
  ) {
    this.root = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-runner-')))
    const name = repository.split('/')[1]!
    this.workspace = join(this.root, layout?.workspace ?? join('work', name, name))
    this.runnerTemp = join(this.root, layout?.runnerTemp ?? join('work', '_temp'))
    mkdirSync(this.workspace, { recursive: true })
    mkdirSync(this.runnerTemp, { recursive: true })
  }

  /** The action's default state directory on this runner. */
  get stateDir(): string {
    return join(this.runnerTemp, 'reverify')
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

  /** Runs the report entry point (dist/report.js, report/action.yml) with the given inputs. */
  report(inputs: Record<string, string>, options: StepOptions = {}): Promise<StepResult> {
    this.jobIndex++
    this.stateFile = join(this.runnerTemp, `state-${this.jobIndex}`)
    writeFileSync(this.stateFile, '')
    return this.step('report.js', inputs, {}, options)
  }

  /** The state the current main step has saved so far. */
  savedState(): Record<string, string> {
    return parseCommandFile(readFileSync(this.stateFile, 'utf8'))
  }

  /** Runs the post step of the last main step, with the state main saved. */
  post(options: StepOptions = {}): Promise<StepResult> {
    const state = parseCommandFile(readFileSync(this.stateFile, 'utf8'))
    const stateEnv: Record<string, string> = {}
    for (const [name, value] of Object.entries(state)) stateEnv[`STATE_${name}`] = value
    return this.step('post.js', this.lastInputs, stateEnv, options)
  }

  private step(
    script: string,
    inputs: Record<string, string>,
    extraEnv: Record<string, string>,
    options: StepOptions
  ): Promise<StepResult> {
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
      ...this.service.env({ jobBackendId: this.jobBackendId }),
      ...extraEnv,
      ...options.env
    }
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
    return new Promise((resolve, reject) => {
      const child = spawn(options.node ?? process.execPath, [join(options.bundleDir ?? join(REPO_ROOT, 'dist'), script)], {
        cwd: this.workspace,
        // A pause the test asks for is preloaded by the harness (scripts/test-pause.mjs).
        env: withTestPause(env) as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe']
      })
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

/** Resolves true once `path` exists, or false as soon as `process` has exited without it. */
export async function waitForFile(path: string, process: ChildProcess): Promise<boolean> {
  while (!existsSync(path)) {
    if (process.exitCode !== null || process.signalCode !== null) return false
    await new Promise(resolve => setTimeout(resolve, 25))
  }
  return true
}

/** Runs a program with `input` on stdin (asynchronously: the results service shares this process). */
function pipeThrough(argv: string[], input: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', chunk => out.push(chunk))
    child.stderr.on('data', chunk => (err += chunk))
    child.on('error', reject)
    child.on('close', code => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${argv[0]} exited ${code}: ${err}`))))
    child.stdin.end(input)
  })
}

/** The tar inside a cache entry: zstd (when the client found zstd on this machine) or gzip. */
async function cacheTar(entry: CacheEntry): Promise<Buffer> {
  const data = entry.data
  if (data.length >= 4 && data.readUInt32LE(0) === 0xfd2fb528) return pipeThrough(['zstd', '-d', '--long=30', '-c', '-q'], data)
  if (data[0] === 0x1f && data[1] === 0x8b) return gunzipSync(data)
  throw new Error(`cache entry ${entry.key} is neither zstd nor gzip`)
}

function tarString(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8')
}

/** The pax `path=` record of an extended header, if there is one. */
function paxPath(body: Buffer): string | undefined {
  let offset = 0
  while (offset < body.length) {
    const space = body.indexOf(0x20, offset)
    if (space === -1) break
    const length = Number(body.subarray(offset, space).toString('ascii'))
    if (!Number.isInteger(length) || length <= 0) break
    const record = body.subarray(space + 1, offset + length - 1).toString('utf8')
    if (record.startsWith('path=')) return record.slice(5)
    offset += length
  }
  return undefined
}

/**
 * The regular files of a cache entry, by the path the client archived them under (relative
 * to the workspace, so paths under RUNNER_TEMP start with `../`). Read in memory: a tar
 * tool would refuse, or worse follow, those `../` names.
 */
export async function readCacheEntry(entry: CacheEntry): Promise<Map<string, Buffer>> {
  const tar = await cacheTar(entry)
  const files = new Map<string, Buffer>()
  let longName: string | undefined
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512)
    if (header.every(byte => byte === 0)) break
    const size = parseInt(tarString(header, 124, 12).trim() || '0', 8)
    const type = String.fromCharCode(header[156]!)
    const body = tar.subarray(offset + 512, offset + 512 + size)
    offset += 512 + Math.ceil(size / 512) * 512
    if (type === 'x') {
      longName = paxPath(body) ?? longName
      continue
    }
    if (type === 'L') {
      longName = tarString(body, 0, body.length)
      continue
    }
    const prefix = tarString(header, 345, 155)
    const name = longName ?? (prefix ? `${prefix}/${tarString(header, 0, 100)}` : tarString(header, 0, 100))
    longName = undefined
    if (type === '0' || type === '\0') files.set(name, Buffer.from(body))
  }
  return files
}

/** The receipts (parsed receipt.json files) a cache entry holds. */
export async function receiptsInCacheEntry(entry: CacheEntry): Promise<Record<string, any>[]> {
  const files = await readCacheEntry(entry)
  return [...files].filter(([name]) => name.endsWith('/receipt.json')).map(([, data]) => JSON.parse(data.toString('utf8')))
}

/** A step's log as the runner folds it: its groups and the lines outside them, `::` commands kept. */
export interface FoldedLog {
  groups: { title: string; lines: string[] }[]
  /** Lines outside any group, in order. */
  outside: string[]
}

/** Folds a step's stdout by its `::group::`/`::endgroup::` lines; throws on a nested, stray or unclosed group. */
export function foldLog(stdout: string): FoldedLog {
  const folded: FoldedLog = { groups: [], outside: [] }
  let open: { title: string; lines: string[] } | undefined
  for (const line of stdout.split('\n')) {
    if (line.startsWith('::group::')) {
      if (open) throw new Error(`group "${line.slice(9)}" opened inside "${open.title}"`)
      open = { title: line.slice(9), lines: [] }
      folded.groups.push(open)
    } else if (line === '::endgroup::') {
      if (!open) throw new Error('::endgroup:: without a group')
      open = undefined
    } else if (open) open.lines.push(line)
    else folded.outside.push(line)
  }
  if (open) throw new Error(`group "${open.title}" never closed`)
  return folded
}
