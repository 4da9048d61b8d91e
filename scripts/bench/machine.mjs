// The facts a benchmark figure means nothing without: when, on what, with which code.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { availableParallelism, loadavg, release, tmpdir, totalmem } from 'node:os'

/** Date, node version, CPU model and cores, memory, load, kernel, tmp filesystem and the commit measured. */
export function machineFacts(root) {
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    node: process.version,
    cpu: cpuModel(),
    cores: availableParallelism(),
    memoryGb: Math.round(totalmem() / 1e9),
    // Other work on the machine: the ratios hold up under it, the absolute figures do not.
    load: loadavg()
      .map(value => value.toFixed(2))
      .join(' '),
    kernel: `${process.platform} ${release()}`,
    tmpFilesystem: filesystemOf(tmpdir()),
    commit: commitOf(root)
  }
}

/** The bundle measured: size, build time and a short hash, to tell one build's figures from another's. */
export function bundleFacts(path) {
  const bytes = readFileSync(path)
  const built = statSync(path)
    .mtime.toISOString()
    .replace(/\.\d+Z$/, 'Z')
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12)
  return `dist/cli.js ${Math.round(bytes.length / 1024)} KiB, built ${built}, sha256 ${hash}`
}

function cpuModel() {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))
    return match ? match[1].trim() : 'unknown'
  } catch {
    return 'unknown'
  }
}

// Receipts and logs are small-file and fsync heavy: the file system explains a lot of (d) and (e).
function filesystemOf(path) {
  try {
    let best = { mount: '', type: 'unknown' }
    for (const line of readFileSync('/proc/mounts', 'utf8').split('\n')) {
      const [, mount, type] = line.split(' ')
      if (mount === undefined) continue
      const covers = path === mount || path.startsWith(mount.endsWith('/') ? mount : `${mount}/`)
      if (covers && mount.length >= best.mount.length) best = { mount, type }
    }
    return `${best.type} (${path})`
  } catch {
    return `unknown (${path})`
  }
}

function commitOf(root) {
  const git = args => spawnSync('git', args, { cwd: root, encoding: 'utf8' })
  const head = git(['rev-parse', '--short', 'HEAD'])
  if (head.status !== 0) return 'unknown'
  const dirty = git(['status', '--porcelain', '--', 'src']).stdout.trim() !== ''
  return `${head.stdout.trim()}${dirty ? ' + uncommitted changes in src/' : ''}`
}
