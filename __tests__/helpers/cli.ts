/** Runs the CLI for tests: in-process through main(), or as the built bundle in a child. */
import { spawn } from 'node:child_process'
import { mkdtempSync, realpathSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { main } from '../../src/cli/main.js'
// @ts-expect-error: a plain ES module of the scripts, without types
import { withTestPause } from '../../scripts/test-pause.mjs'

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const CLI_BUNDLE = join(REPO_ROOT, 'dist', 'cli.js')

/** A console stream that keeps what is written. */
export class Capture {
  private chunks: Buffer[] = []
  write(chunk: Buffer | string): boolean {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk))
    return true
  }
  once(): this {
    return this
  }
  get text(): string {
    return Buffer.concat(this.chunks).toString('utf8')
  }
}

/** What a CLI run printed and returned. */
export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** A scratch directory that is a git repository (a `.git` folder is enough for the target). */
export async function scratchRepo(prefix = 'reverify-test-'): Promise<string> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)))
  await mkdir(join(dir, '.git'))
  return dir
}

/** Runs `reverify <argv>` in-process, in cwd. */
export async function runCli(argv: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const stdout = new Capture()
  const stderr = new Capture()
  const code = await main(argv, { stdout, stderr, cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } })
  return { code, stdout: stdout.text, stderr: stderr.text }
}

/** Spawns the built CLI (dist/cli.js); resolves when it exits. */
export function spawnCli(
  argv: string[],
  cwd: string,
  options: {
    env?: NodeJS.ProcessEnv
    onSpawn?: (pid: number) => void
    onStderr?: (text: string) => void
    /** Discard the child's stdout (for tests that print hundreds of MB). */
    discardStdout?: boolean
    /**
     * Start the CLI as its users do, through its `#!` line (so the node flags there apply),
     * with `node` first on PATH; by default it is started as `node dist/cli.js`.
     */
    throughShebang?: boolean
    /** The node binary it runs on (default: the one running the tests). */
    node?: string
    /** The CLI's file (default: dist/cli.js). */
    cli?: string
  } = {}
): Promise<CliResult & { signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const node = options.node ?? process.execPath
    const cli = options.cli ?? CLI_BUNDLE
    const [file, args] = options.throughShebang ? [cli, argv] : [node, [cli, ...argv]]
    const path = options.throughShebang ? `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` : process.env.PATH
    const child = spawn(file, args, {
      cwd,
      // A pause the test asks for is preloaded by the harness (scripts/test-pause.mjs).
      env: withTestPause({ PATH: path, HOME: process.env.HOME, ...options.env }) as NodeJS.ProcessEnv,
      stdio: ['ignore', options.discardStdout ? 'ignore' : 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', chunk => (stdout += chunk))
    child.stderr!.on('data', chunk => {
      stderr += chunk
      options.onStderr?.(String(chunk))
    })
    child.on('error', reject)
    if (child.pid) options.onSpawn?.(child.pid)
    child.on('close', (code, signal) => resolve({ code: code ?? -1, signal, stdout, stderr }))
  })
}
