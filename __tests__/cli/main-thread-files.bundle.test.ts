/**
 * A run's own files are read and written on the main thread (docs/design.md §9 "Start-up"):
 * each asynchronous file call is a round trip through the thread pool, which cost a short
 * run more than the call. A passing run asks the thread pool only to write its command's
 * output into the attempt log (while the command runs); a preload records every
 * asynchronous file call the built CLI makes through node:fs/promises or node:fs's
 * callbacks, by name and file (a file handle's own calls would follow its open).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'

// Wraps node:fs/promises and node:fs's callback API; records `<call> <file name>`.
const SPY = `
const fs = require('node:fs'); const fsp = require('node:fs/promises'); const calls = []
const name = value => (typeof value === 'string' ? value.split('/').pop() : typeof value)
for (const key of Object.keys(fsp)) {
  const original = fsp[key]
  if (typeof original !== 'function') continue
  fsp[key] = function (...args) {
    calls.push('promises.' + key + ' ' + name(args[0]))
    return original.apply(this, args)
  }
}
for (const key of ['open', 'close', 'read', 'write', 'writev', 'stat', 'lstat', 'fstat', 'readdir', 'mkdir', 'mkdtemp', 'rename', 'unlink', 'rm', 'rmdir', 'access', 'realpath', 'readFile', 'writeFile', 'appendFile', 'fsync', 'fdatasync', 'link', 'chmod', 'fchmod']) {
  const original = fs[key]
  fs[key] = function (...args) { calls.push('callback.' + key + ' ' + name(args[0])); return original.apply(this, args) }
}
process.on('exit', () => fs.writeFileSync(process.env.FILE_CALLS_OUT, JSON.stringify(calls)))
`

test('a passing run asks the thread pool only to write its output to the attempt log', async () => {
  const dir = await scratchRepo('reverify-main-thread-')
  const preload = join(dir, 'count-file-calls.cjs')
  const out = join(dir, 'calls.json')
  writeFileSync(preload, SPY)
  const result = await spawnCli(['run', '--command', 'echo hello', '--expect-exit', '0', '--state-dir', join(dir, 'state')], dir, {
    env: { NODE_OPTIONS: `--require=${preload}`, FILE_CALLS_OUT: out }
  })
  expect(result.code).toBe(0)
  const calls = JSON.parse(readFileSync(out, 'utf8')) as string[]
  // The output's writes, by file descriptor: as many as the output came in chunks.
  expect(calls.length).toBeGreaterThan(0)
  expect(new Set(calls)).toEqual(new Set(['callback.write number']))
}, 30_000)
