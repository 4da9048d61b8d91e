/**
 * The core's API as a front end sees it: a request, four ports, and a report of facts.
 * Real processes, files and receipt store; only the clock is a test's own, so retries with
 * backoff run without waiting and the waits asked for can be read back.
 */
import { beforeEach, describe, expect, test } from '@jest/globals'
import { hostname } from 'node:os'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { Clock } from '../../../src/core/base/clock.js'
import { createProcessRunner } from '../../../src/core/process/process-runner.js'
import { systemClock } from '../../../src/core/base/clock.js'
import { ReceiptStore } from '../../../src/core/receipts/receipt-store.js'
import { createRedactor } from '../../../src/core/redaction/index.js'
import type { RunPorts, RunProgress, RunRequest } from '../../../src/core/run/ports.js'
import { verifyRun } from '../../../src/core/run/verify-run.js'
import { parseRunSettings } from '../../../src/core/inputs/settings.js'
import { scratchDir } from '../../helpers/receipts.js'
import { sessionDirs } from '../../helpers/trace.js'

let workDir: string
let stateDir: string
let progress: RunProgress[]
let waits: number[]

/** A clock that never sleeps and remembers what it was asked to wait. */
function testClock(): Clock {
  return {
    now: () => new Date(),
    monotonicMs: () => performance.now(),
    sleep: async ms => {
      waits.push(ms)
    },
    random: () => 0.5
  }
}

function sink(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() })
}

function ports(): RunPorts {
  return {
    clock: testClock(),
    processes: createProcessRunner(systemClock),
    owner: { host: hostname(), pid: process.pid },
    store: new ReceiptStore(stateDir, { warn: () => undefined, now: () => new Date() }),
    log: event => progress.push(event),
    console: { stdout: sink(), stderr: sink() }
  }
}

function request(inputs: Record<string, string>, captureMode: RunRequest['captureMode'] = 'warn'): RunRequest {
  const settings = parseRunSettings({ 'state-dir': stateDir, ...inputs }, workDir, { path: process.env.PATH })
  return {
    settings,
    target: 'octo/widgets',
    captureMode,
    version: 'test',
    redactor: createRedactor({ values: settings.redact }),
    env: process.env
  }
}

beforeEach(async () => {
  workDir = await scratchDir('reverify-core-')
  stateDir = join(workDir, '.reverify')
  progress = []
  waits = []
})

describe('verifyRun', () => {
  test("the receipt names the owner the ports give, not the process's own host and pid", async () => {
    const owner = { host: 'build-host-17', pid: 424242 }
    const report = await verifyRun(request({ command: 'true', 'expect-exit': '0' }), { ...ports(), owner })
    expect(report.kind).toBe('completed')
    if (report.kind !== 'completed') return
    expect([report.receipt.host, report.receipt.pid]).toEqual([owner.host, owner.pid])
    const stored = await new ReceiptStore(stateDir, { warn: () => undefined, now: () => new Date() }).read(report.runId)
    expect([stored?.host, stored?.pid]).toEqual([owner.host, owner.pid])
  })

  test('a pass after a failure is a completed, flaky report; the backoff waits go through the clock port', async () => {
    const flaky = 'if [ -f marker ]; then echo ok; else touch marker; echo "FAIL first"; exit 1; fi'
    const report = await verifyRun(
      request({ command: flaky, 'expect-exit': '0', 'retry-wait-seconds': '3', 'retry-backoff': 'exponential', 'max-retries': '2' }),
      ports()
    )
    expect(report.kind).toBe('completed')
    if (report.kind !== 'completed') return
    expect([report.outcome, report.flaky, report.interrupted, report.attempts.length, report.maxAttempts]).toEqual([
      'success',
      true,
      false,
      2,
      3
    ])
    expect(report.attempts.map(attempt => attempt.verified)).toEqual([false, true])
    expect(report.receipt.status).toBe('passed')
    expect(report.excerpt).toBe('')
    expect(report.firstFailure).toEqual({ attempt: 1, excerpt: 'FAIL first' })
    // Exponential backoff from 3 s with the clock's jitter of 0.5 (no jitter): one wait of 3 s, taken without sleeping.
    expect(waits).toEqual([3000])
    const kinds = progress.map(event => event.kind)
    expect(kinds.filter(kind => kind !== 'process-started')).toEqual([
      'run-created',
      'attempt-started',
      'attempt-failed',
      'attempt-started'
    ])
    expect(progress.find(event => event.kind === 'attempt-failed')).toMatchObject({
      attempt: 1,
      retry: true,
      note: expect.stringContaining('retrying in 3 s')
    })
  })

  test('a failure reports its failing lines as facts, for the front ends to word', async () => {
    const report = await verifyRun(
      request({ command: 'echo starting; echo "ERROR: database is down"; exit 3', 'expect-exit': '0', 'max-retries': '0' }),
      ports()
    )
    expect(report.kind).toBe('completed')
    if (report.kind !== 'completed') return
    expect([report.outcome, report.exitCode, report.receipt.status]).toEqual(['failure', 3, 'failed'])
    expect(report.excerpt).toBe('ERROR: database is down')
    expect(report.firstFailure).toBeUndefined()
    expect(report.attempts[0]!.checks).toEqual([
      { expectation: 'expect-exit', ok: false, detail: expect.stringContaining('expect-exit 0 but got 3') }
    ])
  })

  test('block mode after an uncaptured failure reports blocked and creates nothing', async () => {
    const inputs = { command: 'exit 1', 'expect-exit': '0', 'max-retries': '0' }
    const failed = await verifyRun(request(inputs), ports())
    expect(failed.kind).toBe('completed')
    expect(sessionDirs(stateDir)).toHaveLength(1)
    progress = []
    const blocked = await verifyRun(request(inputs, 'block'), ports())
    expect(blocked).toMatchObject({ kind: 'blocked', failedRunId: failed.kind === 'completed' ? failed.runId : '' })
    expect(progress).toEqual([])
    expect(sessionDirs(stateDir)).toHaveLength(1)
    expect(
      (await new ReceiptStore(stateDir, { warn: () => undefined, now: () => new Date() }).list({ target: 'octo/widgets' })).length
    ).toBe(1)
  })

  test('warn mode tells the log port before anything runs, and the report keeps the capture state', async () => {
    const inputs = { command: 'exit 1', 'expect-exit': '0', 'max-retries': '0' }
    const failed = await verifyRun(request(inputs), ports())
    progress = []
    const again = await verifyRun(request(inputs, 'warn'), ports())
    const failedRunId = failed.kind === 'completed' ? failed.runId : ''
    expect(progress[0]).toEqual({ kind: 'uncaptured-failure', failedRunId })
    expect(again.kind !== 'blocked' && again.capture).toEqual({ mode: 'warn', uncapturedRunId: failedRunId })
  })

  test('the guardrail refusal is a refused report naming the rule; the command never runs', async () => {
    const report = await verifyRun(request({ command: 'rm -rf ./victim && touch ran', 'expect-exit': '0' }), ports())
    expect(report).toMatchObject({ kind: 'refused', guardrail: { rule: 'rm -rf' }, receipt: { status: 'aborted' } })
    expect(existsSync(join(workDir, 'ran'))).toBe(false)
    expect(progress.map(event => event.kind)).toEqual(['run-created'])
  })

  test('a refused report carries the refusal in the words both front ends show', async () => {
    const report = await verifyRun(request({ command: 'rm -rf ./victim', 'expect-exit': '0' }), ports())
    expect(report.kind === 'refused' && report.note).toBe(
      'refused: `rm -rf ./victim` matches the destructive-command rule "rm -rf"; pass allow-destructive: true (--allow-destructive) if you mean it'
    )
  })

  test('the report names where its report.html goes, and the run writes it there when it closes', async () => {
    const report = await verifyRun(request({ command: 'exit 0', 'expect-exit': '0' }), ports())
    if (report.kind === 'blocked') throw new Error('expected a run')
    expect(report.session.reportFile).toBe(join(report.session.dir, 'report.html'))
    expect(report.reportPath).toBe(report.session.reportFile)
    expect(existsSync(report.session.reportFile)).toBe(true)
  })
})
