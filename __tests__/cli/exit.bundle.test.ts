/**
 * The CLI ends as soon as its run is done (docs/design.md §9 "Start-up", launch/exit.ts):
 * nothing left running in the process holds it, what it printed is all there, its exit
 * code is the verdict's, and its `exit` listeners still run (the code caches are written
 * there). A preload starts a one-minute timer the run never clears and records, as the
 * process exits, how long it had been up.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'

const HOLD = `
setTimeout(() => {}, 60_000)
process.on('exit', code => require('node:fs').writeFileSync(process.env.EXIT_RECORD, JSON.stringify({ code, uptime: process.uptime() })))
`

test.each([
  ['a pass', 'true', 0],
  ['a failure', 'echo broken >&2; exit 3', 1]
])(
  'after %s the process ends at once, its output whole and its exit code the verdict',
  async (_name, command, verdict) => {
    const dir = await scratchRepo('reverify-exit-')
    const preload = join(dir, 'hold.cjs')
    const record = join(dir, 'exit.json')
    writeFileSync(preload, HOLD)
    const result = await spawnCli(['run', '--command', command, '--expect-exit', '0', '--state-dir', join(dir, 'state')], dir, {
      env: { NODE_OPTIONS: `--require=${preload}`, EXIT_RECORD: record }
    })
    expect(result.code).toBe(verdict)
    expect(result.stdout).toMatch(/^report: .*report\.html$/m)
    const exited = JSON.parse(readFileSync(record, 'utf8')) as { code: number; uptime: number }
    expect(exited.code).toBe(verdict)
    // The timer would have held it for a minute.
    expect(exited.uptime).toBeLessThan(30)
  },
  60_000
)
