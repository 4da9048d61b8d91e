/**
 * Fuzzing `.reverify/config.json` (a file anyone with commit access writes): whatever it
 * holds, `reverify run` either stops with one line naming the file (exit 2) or runs with
 * the mode the file asks for. The expected answer is worked out independently for each
 * input, so the property checks behaviour, not only the absence of a crash.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { runCli, scratchRepo } from '../helpers/cli.js'
import { hostileText } from '../helpers/fuzz.js'

const RUNS = { json: 80, bytes: 40 }

const RUN = ['run', '--command', 'true', '--expect-exit', '0', '--max-retries', '0']

/** What the file should make `run` do: 'ok', or 'config error' (exit 2). */
function expectedFor(bytes: Buffer): 'ok' | 'config error' {
  if (bytes.length > 64 * 1024) return 'config error'
  let value: unknown
  try {
    value = JSON.parse(bytes.toString('utf8'))
  } catch {
    return 'config error'
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'config error'
  const mode = (value as Record<string, unknown>).capture_before_retry
  if (mode === undefined) return 'ok'
  return typeof mode === 'string' && ['warn', 'block', 'off'].includes(mode.trim().toLowerCase()) ? 'ok' : 'config error'
}

const modeValue = fc.oneof(
  fc.constantFrom('warn', 'block', 'off', ' BLOCK ', 'Off\n', 'maybe', '', 'true'),
  hostileText,
  fc.jsonValue({ maxDepth: 2 })
)

const configJson = fc.oneof(
  fc.record({ capture_before_retry: modeValue }).map(value => JSON.stringify(value)),
  fc
    .tuple(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), fc.option(modeValue))
    .map(([rest, mode]) => JSON.stringify(mode === null ? rest : { ...rest, capture_before_retry: mode })),
  fc.jsonValue({ maxDepth: 3 }).map(value => JSON.stringify(value)),
  fc.constantFrom(
    '{"capture_before_retry": "block"',
    '\ufeff{}',
    '{"__proto__": {"capture_before_retry": "nope"}}',
    `{"pad": "${'x'.repeat(70_000)}"}`
  )
)

async function checkOne(repo: string, bytes: Buffer): Promise<void> {
  writeFileSync(join(repo, '.reverify', 'config.json'), bytes)
  const result = await runCli(RUN, repo)
  expect(result.stderr).not.toMatch(/internal error|\n\s+at /)
  if (expectedFor(bytes) === 'ok') {
    expect(result.code).toBe(0)
  } else {
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')).toHaveLength(2)
    expect(result.stderr).toMatch(/^reverify: .*config\.json/)
  }
}

test('random JSON in the config file: the mode it names, or one line naming the file', async () => {
  const repo = await scratchRepo()
  mkdirSync(join(repo, '.reverify'))
  await fc.assert(
    fc.asyncProperty(configJson, async text => checkOne(repo, Buffer.from(text))),
    { numRuns: RUNS.json }
  )
}, 60_000)

test('random bytes in the config file: never a crash', async () => {
  const repo = await scratchRepo()
  mkdirSync(join(repo, '.reverify'))
  await fc.assert(
    fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), async bytes => checkOne(repo, Buffer.from(bytes))),
    { numRuns: RUNS.bytes }
  )
}, 60_000)

test('a config file that is a link, a folder or a FIFO is refused in one line without hanging', async () => {
  const repo = await scratchRepo()
  const path = join(repo, '.reverify', 'config.json')
  mkdirSync(join(repo, '.reverify'))
  const shapes: Array<() => void> = [() => symlinkSync('/etc/passwd', path), () => mkdirSync(path), () => execFileSync('mkfifo', [path])]
  for (const make of shapes) {
    rmSync(path, { recursive: true, force: true })
    make()
    const result = await runCli(RUN, repo)
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')).toHaveLength(2)
    expect(result.stderr).toMatch(/^reverify: .*config\.json/)
  }
}, 30_000)
