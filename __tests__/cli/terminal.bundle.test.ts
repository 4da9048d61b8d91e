/**
 * The live status line end to end: on a terminal it shows while a command is silent and is
 * erased before the next output; anywhere else (pipes, CI logs, tests) it never appears.
 */
import { spawn, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { main } from '../../src/cli/main.js'
import { Capture, CLI_BUNDLE, scratchRepo, spawnCli } from '../helpers/cli.js'

const ERASE = '\r\u001b[2K'
/**
 * `echo before`, silence until the test has seen the status line (it then creates `shown`),
 * `echo after`: the silence lasts as long as it takes, however busy the machine, instead of
 * a sleep the line must beat (docs/design.md §9, "Tests on a busy machine").
 */
const SILENT_COMMAND = [
  'run',
  '--command',
  'echo before; until [ -f shown ]; do sleep 0.05; done; echo after',
  '--expect-exit',
  '0',
  '--max-retries',
  '0'
]
/** The status line, drawn. */
const DRAWN = /\r\u001b\[2Kreverify: attempt 1\/1 · \d+ s/
/** The status line shown at least once between `before` and `after`, and erased right before `after`. */
const SHOWN_THEN_ERASED = /before\r?\n(\r\u001b\[2Kreverify: attempt 1\/1 · \d+ s)+\r\u001b\[2Kafter\r?\n/

/** A terminal: stdout and stderr end up on one screen, in the order they were written. */
class Terminal extends Capture {
  readonly isTTY = true
  constructor(private readonly onDrawn: () => void) {
    super()
  }
  override write(chunk: Buffer | string): boolean {
    const written = super.write(chunk)
    if (DRAWN.test(this.text)) this.onDrawn()
    return written
  }
}

/** Lets the silent command go on: it has been seen. */
const release = (dir: string) => () => writeFileSync(join(dir, 'shown'), '')

let repo: string
beforeEach(async () => {
  repo = await scratchRepo()
})

test('on a terminal the status line shows during a silent sleep and is erased before the next output', async () => {
  const screen = new Terminal(release(repo))
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm' }
  const code = await main(SILENT_COMMAND, { stdout: screen, stderr: screen, cwd: repo, env })
  expect(code).toBe(0)
  expect(screen.text).toMatch(SHOWN_THEN_ERASED)
  // Every line drawn was erased: the summary starts on a clean line.
  const summary = screen.text.slice(screen.text.indexOf('after'))
  expect(summary).not.toContain('attempt 1/1 ·')
  expect(summary).toMatch(/\noutcome: success · attempts: 1\/1 \(\d\.\d s\) · \d\.\d s\n/)
})

test('without a terminal there is never a status line', async () => {
  const stdout = new Capture()
  const stderr = new Capture()
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm' }
  const code = await main(['run', '--command', 'sleep 1.6', '--expect-exit', '0'], { stdout, stderr, cwd: repo, env })
  expect(code).toBe(0)
  expect(stderr.text).toBe('reverify: attempt 1/3\n')
  expect(stdout.text).not.toContain('\u001b')
})

const hasScript = spawnSync('script', ['--version']).status === 0
const pty = hasScript ? test : test.skip

pty('the built CLI under a real pseudo-terminal (script from util-linux)', async () => {
  const command = [process.execPath, CLI_BUNDLE, ...SILENT_COMMAND].map(word => `'${word.replace(/'/g, "'\\''")}'`).join(' ')
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: repo,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm' },
    stdio: ['ignore', 'pipe', 'ignore']
  })
  let screen = ''
  const go = release(repo)
  child.stdout.on('data', chunk => {
    screen += String(chunk)
    if (DRAWN.test(screen)) go()
  })
  const status = await new Promise(resolve => child.on('close', resolve))
  expect(status).toBe(0)
  expect(screen).toMatch(SHOWN_THEN_ERASED)
})

test('the built CLI with its output piped (as in CI) prints no status line', async () => {
  const result = await spawnCli(['run', '--command', 'sleep 1.6', '--expect-exit', '0'], repo, { env: { TERM: 'xterm' } })
  expect(result.code).toBe(0)
  expect(result.stderr).toBe('reverify: attempt 1/3\n')
  expect(result.stdout).not.toContain(ERASE)
})
