/**
 * A run's own files are read and written on the main thread (docs/design.md §9 "Start-up"):
 * each asynchronous file call is a round trip through the thread pool, which cost a short
 * run more than the call. A passing run of `true` asks the thread pool only for its
 * attempt log (the file the command's output streams into); a preload records every
 * asynchronous file call the built CLI makes through node:fs/promises or node:fs's
 * callbacks, by name and file. A file handle's own calls follow its open, which is recorded.
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

test('a passing run asks the thread pool only for its attempt log', async () => {
  const dir = await scratchRepo('reverify-main-thread-')
  const preload = join(dir, 'count-file-calls.cjs')
  const out = join(dir, 'calls.json')
  writeFileSync(preload, SPY)
  const result = await spawnCli(['run', '--command', 'true', '--expect-exit', '0', '--state-dir', join(dir, 'state')], dir, {
    env: { NODE_OPTIONS: `--require=${preload}`, FILE_CALLS_OUT: out }
  })
  expect(result.code).toBe(0)
  const calls = JSON.parse(readFileSync(out, 'utf8')) as string[]
  expect(calls).toEqual(['promises.open attempt-1.log'])
}, 30_000)
