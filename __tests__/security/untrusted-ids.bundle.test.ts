/**
 * Run ids and session paths from flags, action inputs, trailers, pull request bodies and
 * receipts are untrusted (docs/design.md §3, §4): a value that is not a run id is refused or
 * ignored, and nothing outside the state directory is read or written. Each scene sits a
 * few folders deep inside its own temp directory, with a canary beside it, so that a
 * traversal that escaped would show up in the listing of that directory.
 */
import { systemClock } from '../../src/core/base/clock.js'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { trailersFromEvent } from '../../src/action/capture-sources.js'
import { parseCaptureTrailers } from '../../src/core/capture/capture.js'
import { ReceiptStore } from '../../src/core/receipts/receipt-store.js'
import { createRedactor } from '../../src/core/redaction/index.js'
import { closeInterruptedRun } from '../../src/core/recovery/close-interrupted.js'
import { isRunId, requireRunId } from '../../src/core/receipts/run-id.js'
import { runCli } from '../helpers/cli.js'
import { listTree, regularFiles } from '../helpers/fuzz.js'
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'
import { runDirs, sessionDirs } from '../helpers/trace.js'
import { sealedHere } from '../helpers/receipts.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

const VALID = '20261130-075100-verify-3fa9c2'

/** Ids that must never be taken for a run id. */
function badIds(parent: string): string[] {
  return [
    '../x',
    '../../../../canary.txt',
    `${parent}/canary.txt`,
    '/etc/passwd',
    `${VALID}/../../x`,
    `${VALID}/../../../../../../canary.txt`,
    `runs/${VALID}`,
    `./${VALID}`,
    `${VALID}/`,
    'a'.repeat(5000),
    `${VALID}${'0'.repeat(300)}`,
    `${VALID}\u0000`,
    `\u0000${VALID}`,
    `${VALID.slice(0, -1)}\u0000`,
    // Lookalikes: a fullwidth digit, a Cyrillic е, a Turkish dotless ı, upper-case hex.
    `２${VALID.slice(1)}`,
    VALID.replace('verify', 'vеrify'),
    VALID.replace('verify', 'verıfy'),
    VALID.toUpperCase(),
    VALID.replace('-verify-', '-verify-\u200b'),
    `${VALID}\u202e`,
    ''
  ]
}

/** A repository three folders down a fresh temp dir, with a canary file at the top. */
function nestedRepo(): { parent: string; repo: string; canary: string } {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-ids-')))
  const repo = join(parent, 'a', 'b', 'repo')
  mkdirSync(join(repo, '.git'), { recursive: true })
  const canary = join(parent, 'canary.txt')
  writeFileSync(canary, 'canary\n')
  return { parent, repo, canary }
}

/** Every path and file content under `root`, except under the allowed folders. */
function snapshot(root: string, allowed: readonly string[] = []): Record<string, string> {
  const shot: Record<string, string> = {}
  const outsideAllowed = (path: string) => !allowed.some(prefix => path === prefix || path.startsWith(`${prefix}/`))
  for (const path of listTree(root).filter(outsideAllowed)) shot[path] = ''
  for (const file of regularFiles(root)) {
    const path = file.slice(root.length + 1)
    if (outsideAllowed(path)) shot[path] = readFileSync(file, 'utf8')
  }
  return shot
}

describe('the run-id pattern', () => {
  test('accepts the documented shape only', () => {
    expect(isRunId(VALID)).toBe(true)
    for (const id of badIds('/tmp')) {
      expect(isRunId(id)).toBe(false)
      expect(() => requireRunId(id, 'capture')).toThrow(/^capture: '.*' is not a run id/)
    }
    expect(isRunId(42)).toBe(false)
    expect(isRunId(undefined)).toBe(false)
  })

  test('a refusal is one short line whatever the value holds', () => {
    for (const id of badIds('/tmp')) {
      let message = ''
      try {
        requireRunId(id, 'capture')
      } catch (error) {
        message = (error as Error).message
      }
      expect(message).not.toMatch(/[\u0000-\u001f\u007f\u2028\u2029]/)
      expect(message.length).toBeLessThan(300)
    }
  })
})

describe('run ids from CLI flags', () => {
  test.each([
    ['capture', (id: string) => ['capture', id, '--note', 'x']],
    ['receipts show', (id: string) => ['receipts', 'show', id]],
    ['resume', (id: string) => ['resume', id]]
  ])('%s refuses each bad id with one line, exit 2, touching nothing', async (what, argv) => {
    const { parent, repo } = nestedRepo()
    // A real failed run, so that the store exists and has something to find.
    expect((await runCli(['run', '--command', 'exit 1', '--expect-exit', '0', '--max-retries', '0'], repo)).code).toBe(1)
    const before = snapshot(parent)
    for (const id of badIds(parent)) {
      const result = await runCli(argv(id), repo)
      expect({ id, code: result.code }).toEqual({ id, code: 2 })
      expect(result.stderr.split('\n')).toEqual([expect.stringMatching(new RegExp(`^reverify: ${what}: `)), ''])
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /)
      expect(result.stdout).toBe('')
    }
    expect(snapshot(parent)).toEqual(before)
  })
})

describe('run ids from trailers and event payloads', () => {
  test('only well-formed ids come out of commit messages and pull request bodies', () => {
    const lines = badIds('/tmp').map(id => `Reverify-Capture: ${id} note`)
    const text = [...lines, `Reverify-Capture: ${VALID} the real one`].join('\n')
    expect(parseCaptureTrailers(text)).toEqual([{ runId: VALID, note: 'the real one' }])
    const event = {
      commits: [{ id: 'c1', message: text }],
      head_commit: { id: 'c2', message: lines.join('\n') },
      pull_request: { number: 7, body: lines.join('\r\n') }
    }
    expect(trailersFromEvent(event)).toEqual([{ source: 'commit c1', trailers: [{ runId: VALID, note: 'the real one' }] }])
  })

  test('a pull request body naming a real run through a traversal captures nothing and touches nothing', async () => {
    const service = await started
    const runner = new FakeRunner(service, 'octo/ids-trailers')
    const canary = join(runner.root, 'canary.txt')
    writeFileSync(canary, 'canary\n')
    const inputs = { command: 'exit 1', 'expect-exit': '0', 'max-retries': '0' }
    const first = await runner.main(inputs)
    const failedId = first.outputs['run-id']!
    expect(isRunId(failedId)).toBe(true)
    runner.freshTemp()

    const body = [
      `Reverify-Capture: ${failedId}/../../x it was fine`,
      `Reverify-Capture: ../${failedId} it was fine`,
      `Reverify-Capture: ${failedId.toUpperCase()} it was fine`,
      `Reverify-Capture: ${failedId}\u0000 it was fine`,
      `Reverify-Capture: ${join(runner.stateDir, 'runs', failedId)} it was fine`
    ].join('\n')
    const before = snapshot(runner.root, ['work/_temp'])
    const second = await runner.main(inputs, { event: { pull_request: { number: 3, body } }, eventName: 'pull_request' })

    expect(second.outputs.outcome).toBe('failure')
    const uncaptured = second.annotations.find(annotation => /nobody captured/.test(annotation.message))
    expect(uncaptured?.message).toContain(failedId)
    expect(second.stdout).not.toMatch(/captured .* from pull_request/)
    expect(snapshot(runner.root, ['work/_temp'])).toEqual(before)
  })
})

describe("run ids from the action's capture input", () => {
  test('each bad id fails the step with one line naming capture, and nothing outside the state dir changes', async () => {
    const service = await started
    const values = badIds('/x').filter(id => id !== '' && !id.includes('\u0000'))
    const one = async (id: string) => {
      const runner = new FakeRunner(service, 'octo/ids-capture')
      writeFileSync(join(runner.root, 'canary.txt'), 'canary\n')
      const before = snapshot(runner.root, ['work/_temp'])
      const step = await runner.main({ command: 'exit 1', capture: id })
      return { id, runner, step, before }
    }
    const results: Awaited<ReturnType<typeof one>>[] = []
    // A few steps at a time: each is a node process loading the whole bundle.
    for (let i = 0; i < values.length; i += 4) results.push(...(await Promise.all(values.slice(i, i + 4).map(one))))
    for (const { id, runner, step, before } of results) {
      expect({ id, code: step.code }).toEqual({ id, code: 1 })
      const failures = step.annotations.filter(annotation => annotation.level === 'error')
      expect(failures).toHaveLength(1)
      expect(failures[0]!.message).toMatch(/^capture: '.*' is not a run id/)
      expect(failures[0]!.message).not.toMatch(/[\r\n]/)
      expect(snapshot(runner.root, ['work/_temp'])).toEqual(before)
      expect(runDirs(runner.stateDir)).toEqual([])
    }
  }, 120_000)
})

describe('session directories named by receipts', () => {
  async function deadPid(): Promise<number> {
    const child = spawn('true')
    await once(child, 'exit')
    return child.pid!
  }

  /** A real run, then rewritten as if its process died mid-run: receipt `running`, trace without `end`. */
  async function crashedRun(repo: string): Promise<{ runId: string; dir: string; receiptPath: string }> {
    const args = ['run', '--command', 'exit 1', '--expect-exit', '0', '--max-retries', '0']
    expect((await runCli(args, repo)).code).toBe(1)
    const stateDir = join(repo, '.reverify')
    const [runId] = runDirs(stateDir)
    const [dir] = sessionDirs(stateDir)
    const tracePath = join(dir!, 'trace.jsonl')
    const lines = readFileSync(tracePath, 'utf8')
      .split('\n')
      .filter(line => line !== '' && !line.includes('"phase":"end"'))
    writeFileSync(tracePath, `${lines.join('\n')}\n`)
    const receiptPath = join(stateDir, 'runs', runId!, 'receipt.json')
    const receipt = JSON.parse(readFileSync(receiptPath, 'utf8'))
    // Sealed as this machine's own crashed run, so what is checked is the session path alone.
    writeFileSync(receiptPath, JSON.stringify(await sealedHere({ ...receipt, status: 'running', ended_at: null, pid: await deadPid() })))
    return { runId: runId!, dir: dir!, receiptPath }
  }

  const rerun = ['run', '--command', 'exit 1', '--expect-exit', '0', '--max-retries', '0', '--capture-before-retry', 'off']

  test('a receipt whose session is outside the state dir: resume closes the run without reading it, the next run leaves it alone', async () => {
    const { parent, repo } = nestedRepo()
    const { runId, dir, receiptPath } = await crashedRun(repo)
    const outside = join(parent, 'outside-session')
    renameSync(dir, outside)
    const receipt = JSON.parse(readFileSync(receiptPath, 'utf8'))
    writeFileSync(receiptPath, JSON.stringify(await sealedHere({ ...receipt, session: { ...receipt.session, dir: outside } })))
    const before = snapshot(parent, ['a/b/repo/.reverify'])

    const resumed = await runCli(['resume', runId], repo)
    expect(resumed.code).toBe(130)
    expect(resumed.stderr).toMatch(
      new RegExp(`^reverify: resume: run ${runId} cannot be resumed: its session directory is missing or not one of this state directory`)
    )
    expect(JSON.parse(readFileSync(receiptPath, 'utf8')).status).toBe('interrupted')
    const next = await runCli(rerun, repo)
    expect(next.code).toBe(1)
    expect(snapshot(parent, ['a/b/repo/.reverify'])).toEqual(before)
  })

  test('a session reached through a symbolic link is neither read nor appended to', async () => {
    const { parent, repo } = nestedRepo()
    const { receiptPath, dir } = await crashedRun(repo)
    // The session's name folder becomes a link to a folder outside: the receipt's path
    // still looks like one of ours.
    const nameDir = join(dir, '..')
    const outside = join(parent, 'outside-sessions')
    renameSync(nameDir, outside)
    symlinkSync(outside, nameDir)
    const before = snapshot(parent, ['a/b/repo/.reverify'])

    // Under another name, so that the new run's own session does not go through the link.
    const next = await runCli([...rerun, '--name', 'other'], repo)
    expect(next.stderr).not.toMatch(/internal error/)
    expect(snapshot(parent, ['a/b/repo/.reverify'])).toEqual(before)
    expect(next.code).toBe(1)
    expect(JSON.parse(readFileSync(receiptPath, 'utf8')).status).toBe('interrupted')
  })

  test('closing an interrupted run ignores a session path that leaves sessions/ or goes through a link', async () => {
    const { parent, repo } = nestedRepo()
    const { runId, dir } = await crashedRun(repo)
    const stateDir = join(repo, '.reverify')
    const outside = join(parent, 'outside')
    mkdirSync(join(outside, 'linked'), { recursive: true })
    writeFileSync(join(outside, 'trace.jsonl'), readFileSync(join(dir, 'trace.jsonl')))
    writeFileSync(join(outside, 'linked', 'trace.jsonl'), readFileSync(join(dir, 'trace.jsonl')))
    symlinkSync(join(outside, 'linked'), join(dir, '..', 'linked-session'))
    const before = snapshot(parent, ['a/b/repo/.reverify'])
    const store = new ReceiptStore(stateDir, { warn: () => undefined, now: () => new Date() })
    const redactor = createRedactor({})
    for (const sessionDir of [
      join(stateDir, 'sessions', '..', '..', '..', '..', '..', 'outside'),
      outside,
      join(dir, '..', 'linked-session'),
      join(stateDir, 'sessions', 'x', '..', '..', '..', '..', '..', '..', 'outside')
    ]) {
      const closed = await closeInterruptedRun({ store, runId, sessionDir, reason: 'test', redactor, clock: systemClock, env: process.env })
      expect(closed.closedTrace).toBe(false)
    }
    expect(snapshot(parent, ['a/b/repo/.reverify'])).toEqual(before)
    expect((await store.read(runId))?.status).toBe('interrupted')
  })

  test('a link planted inside sessions/ does not redirect a new session', async () => {
    const { parent, repo } = nestedRepo()
    const sessions = join(repo, '.reverify', 'sessions')
    const today = new Date().toISOString().slice(0, 10)
    const outside = join(parent, 'outside-day')
    mkdirSync(outside)
    mkdirSync(sessions, { recursive: true })
    symlinkSync(outside, join(sessions, today))
    const before = snapshot(parent, ['a/b/repo/.reverify'])

    const result = await runCli(['run', '--command', 'true', '--expect-exit', '0'], repo)

    expect(result.stderr).not.toMatch(/internal error/)
    expect(snapshot(parent, ['a/b/repo/.reverify'])).toEqual(before)
  })
})
