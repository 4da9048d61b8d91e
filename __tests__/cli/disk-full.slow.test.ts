/**
 * A full disk under the state directory (docs/design.md §6, docs/reliability.md): the verdict
 * comes from the command, never from reverify's own disk. Through the built CLI, on a real
 * tmpfs that really fills up: by the attempt's log, before the run starts, and after the
 * command was judged. Needs root to mount (REVERIFY_ALLOW_NO_MOUNT=1 skips where it cannot).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { mountTmpfs, type Tmpfs } from '../helpers/tmpfs.js'

const KIB = 1024
let disk: Tmpfs | undefined
let repo: string

beforeAll(async () => {
  disk = mountTmpfs(KIB)
  repo = await scratchRepo('reverify-disk-full-')
})

afterAll(() => {
  disk?.unmount()
  rmSync(repo, { recursive: true, force: true })
})

beforeEach(() => {
  // Each test starts on an empty disk.
  for (const entry of disk ? readdirSync(disk.dir) : []) rmSync(join(disk!.dir, entry), { recursive: true, force: true })
  for (const file of ['ran', 'fill-now']) rmSync(join(repo, file), { force: true })
})

/** `it`, or a skip where no tmpfs could be mounted and REVERIFY_ALLOW_NO_MOUNT=1 allows it. */
const withDisk = (name: string, body: (dir: string) => Promise<void>) =>
  it(name, async () => {
    if (disk === undefined) return
    await body(disk.dir)
  })

const run = (stateDir: string, command: string) =>
  spawnCli(['run', '--state-dir', stateDir, '--expect-exit', '0', '--command', command], repo, { discardStdout: false })

function receipts(stateDir: string): Array<{ run_id: string; status: string; session: { dir: string } }> {
  const runs = join(stateDir, 'runs')
  if (!existsSync(runs)) return []
  return readdirSync(runs)
    .filter(id => existsSync(join(runs, id, 'receipt.json')))
    .map(id => JSON.parse(readFileSync(join(runs, id, 'receipt.json'), 'utf8')))
}

function traceEvents(sessionDir: string): Array<{ phase: string; payload: Record<string, unknown> }> {
  return readFileSync(join(sessionDir, 'trace.jsonl'), 'utf8')
    .split('\n')
    .filter(line => line.trim() !== '')
    .map(line => JSON.parse(line))
}

/** Fills what is left of the disk (a tmpfs counts whole pages; the last write fails short). */
function fillDisk(dir: string): void {
  try {
    writeFileSync(join(dir, 'filler'), Buffer.alloc(2 * KIB * KIB))
  } catch {
    // ENOSPC: full, which is the point.
  }
}

withDisk('a passing command whose output fills the disk passes, with a closed trace and a marked log', async dir => {
  const stateDir = join(dir, 'state')
  // About 3 MB of output into a 1 MiB disk, then a pass.
  writeFileSync(join(repo, 'loud.js'), "process.stdout.write(('x'.repeat(99) + '\\n').repeat(30000)); console.log('done')\n")
  const result = await run(stateDir, 'node loud.js')
  expect(result.stderr).not.toContain('internal error')
  expect(result.code).toBe(0)
  expect(result.stdout).toContain('outcome: success')
  expect(result.stderr).toMatch(/reverify: warning: attempt 1: no space left on device for attempt-1\.log; it keeps the first \d+ bytes/)
  const [receipt, ...others] = receipts(stateDir)
  expect(others).toEqual([])
  expect(receipt?.status).toBe('passed')
  const events = traceEvents(receipt!.session.dir)
  expect(events.filter(event => event.phase === 'end')).toEqual([
    expect.objectContaining({ payload: expect.objectContaining({ outcome: 'success' }) })
  ])
  expect(events[events.length - 1]?.phase).toBe('end')
  expect(events.some(event => event.phase === 'note' && String(event.payload.message).includes('no space left on device'))).toBe(true)
  expect(JSON.parse(readFileSync(join(receipt!.session.dir, 'meta.json'), 'utf8')).outcome).toBe('success')
  const log = readFileSync(join(receipt!.session.dir, 'attempt-1.log'), 'utf8')
  const marker = /\n\[reverify: no space left on device; the log stops here, after the first (\d+) bytes of the output\]\n$/.exec(log)
  expect(marker).not.toBeNull()
  // What it keeps is the start of the output, whole.
  expect(Number(marker![1])).toBeGreaterThan(0)
  expect(log.slice(0, Number(marker![1]))).toBe(('x'.repeat(99) + '\n').repeat(30000).slice(0, Number(marker![1])))
})

withDisk('a disk full before the run is one line and exit 2; the command is not run and nothing is left running', async dir => {
  const stateDir = join(dir, 'state')
  fillDisk(dir)
  const result = await run(stateDir, 'touch ran')
  expect(result.stderr).not.toContain('internal error')
  expect(result.code).toBe(2)
  expect(result.stderr.trim().split('\n')).toEqual([
    `reverify: no space left on device in the state directory ${stateDir}: the command was not run; free some space and run it again`
  ])
  expect(existsSync(join(repo, 'ran'))).toBe(false)
  expect(receipts(stateDir).filter(receipt => receipt.status === 'running')).toEqual([])

  // With room again, the same command runs and passes.
  rmSync(join(dir, 'filler'))
  const again = await run(stateDir, 'touch ran')
  expect(again.code).toBe(0)
  expect(existsSync(join(repo, 'ran'))).toBe(true)
  expect(receipts(stateDir).map(receipt => receipt.status)).toEqual(['passed'])
})

withDisk('a disk that fills after the command passed never turns the pass into a failure', async dir => {
  const stateDir = join(dir, 'state')
  // Passes; while `fill-now` exists it first fills the state directory's disk to the last page.
  writeFileSync(
    join(repo, 'fill.sh'),
    `if [ -e fill-now ]; then head -c "$(df --output=avail -B1 '${dir}' | tail -1)" /dev/zero > '${dir}/filler' || true; fi\necho ok\n`
  )
  writeFileSync(join(repo, 'fill-now'), '')
  const result = await run(stateDir, 'sh fill.sh')
  expect(result.stderr).not.toContain('internal error')
  // Not 1: the command did not fail; reverify could not finish its record.
  expect(result.code).toBe(2)
  expect(result.stderr).toContain(
    `reverify: no space left on device in the state directory ${stateDir}: the command passed, but the run could not be closed; free some space, and the next run settles it from the trace`
  )
  const [first] = receipts(stateDir)
  const events = traceEvents(first!.session.dir)
  expect(events.filter(event => event.phase === 'verify').map(event => event.payload.ok)).toEqual([true])
  expect(first!.status).not.toBe('failed')

  // With room again, the next run settles it from the trace: passed, never failed or re-run.
  rmSync(join(dir, 'filler'))
  rmSync(join(repo, 'fill-now'))
  const again = await run(stateDir, 'sh fill.sh')
  expect(again.code).toBe(0)
  const statuses = Object.fromEntries(receipts(stateDir).map(receipt => [receipt.run_id, receipt.status]))
  expect(statuses[first!.run_id]).toBe('passed')
  expect(Object.values(statuses)).toEqual(['passed', 'passed'])
})
