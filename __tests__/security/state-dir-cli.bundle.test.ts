/**
 * The state directory arriving with the checkout or pointing where nothing can be written
 * (issue #13), through the built CLI: a committed `.reverify` symlink is refused for `run`
 * and `config set` with one line and nothing written through it; a `--state-dir` under
 * `/proc` is one line, not a process that spins forever.
 */
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { budget } from '../helpers/budget.js'

let repo: string
let outside: string

beforeEach(async () => {
  repo = await scratchRepo('reverify-linked-state-')
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-link-target-')))
})

afterEach(() => {
  rmSync(repo, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

/** The built CLI, killed if it has not answered in 30 s on an idle machine, scaled by budget() (before the fix it never did). */
function cli(argv: string[]) {
  let timer: NodeJS.Timeout | undefined
  return spawnCli(argv, repo, {
    onSpawn: pid => {
      timer = setTimeout(() => process.kill(pid, 'SIGKILL'), budget(30_000))
    }
  }).finally(() => clearTimeout(timer))
}

describe('a committed .reverify symlink', () => {
  const refusal = () =>
    `reverify: ${join(repo, '.reverify')} is a symbolic link; it is not followed; reverify keeps its state in real directories only, so move it out of the way\n`

  test.each([
    ['run', ['run', '--command', 'touch ran', '--expect-exit', '0']],
    ['config set', ['config', 'set', 'capture-before-retry', 'block']]
  ])('%s: one line, exit 2, nothing written through it', async (_name, argv) => {
    symlinkSync(outside, join(repo, '.reverify'))
    const result = await cli(argv)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(refusal())
    expect(readdirSync(outside)).toEqual([])
    expect(existsSync(join(repo, 'ran'))).toBe(false)
  })

  test('a dangling link is refused the same way, and its target is not created', async () => {
    symlinkSync(join(outside, 'later'), join(repo, '.reverify'))
    const result = await cli(['run', '--command', 'touch ran', '--expect-exit', '0'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(refusal())
    expect(readdirSync(outside)).toEqual([])
  })
})

const linux = existsSync('/proc/self/status')

describe('a --state-dir that cannot hold files', () => {
  ;(linux ? test.each : test.skip.each)([['/proc/reverify-state'], ['/proc/self/reverify-state'], ['/proc']])(
    '%s is one line naming state-dir, exit 2, and the command never runs',
    async stateDir => {
      const result = await cli(['run', '--command', 'touch ran', '--expect-exit', '0', '--state-dir', stateDir])
      expect(result.signal).toBeNull()
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr.split('\n')).toHaveLength(2)
      expect(result.stderr).toMatch(
        new RegExp(
          `^reverify: state-dir: ${stateDir} cannot be (created|written) \\(.+\\); give a folder reverify can create and write files in\\n$`
        )
      )
      expect(existsSync(join(repo, 'ran'))).toBe(false)
    },
    40_000
  )

  test('a state dir with missing parents is still created', async () => {
    const result = await cli(['run', '--command', 'true', '--expect-exit', '0', '--state-dir', join(outside, 'a', 'b', 'state')])
    expect(result.code).toBe(0)
    expect(readdirSync(join(outside, 'a', 'b', 'state')).sort()).toEqual(['index', 'runs', 'sessions'])
  })
})
