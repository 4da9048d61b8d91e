/** The CLI on an unsupported platform (given in-process): one line, exit 2, nothing run. */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { main } from '../../src/cli/main.js'
import { Capture, scratchRepo } from '../helpers/cli.js'

test.each([
  ['win32', 'reverify: Windows is not supported: it needs POSIX process groups; use a Linux or macOS runner'],
  ['freebsd', 'reverify: "freebsd" is not supported: it needs POSIX process groups; use a Linux or macOS runner']
])('on %s the CLI stops in one line with exit 2 before anything runs', async (platform, line) => {
  const repo = await scratchRepo()
  for (const argv of [['run', '--command', 'touch ran', '--expect-exit', '0'], ['receipts', 'list'], ['--version']]) {
    const stdout = new Capture()
    const stderr = new Capture()
    const code = await main(argv, { stdout, stderr, cwd: repo, env: { PATH: process.env.PATH }, platform })
    expect(code).toBe(2)
    expect(stderr.text).toBe(`${line}\n`)
    expect(stdout.text).toBe('')
  }
  expect(existsSync(join(repo, 'ran'))).toBe(false)
  expect(existsSync(join(repo, '.reverify'))).toBe(false)
})
