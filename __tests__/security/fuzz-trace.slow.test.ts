/**
 * Fuzzing trace files as found after a crash (a torn line, garbage, or lines someone
 * wrote): parseTraceLines never throws and keeps only event-shaped lines; closing and
 * resuming such a run never crashes and leaves a trace with one start and one end.
 */
import { systemClock } from '../../src/core/base/clock.js'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { ReceiptStore } from '../../src/core/receipts/receipt-store.js'
import { createRedactor } from '../../src/core/redaction/index.js'
import { closeInterruptedRun } from '../../src/core/recovery/close-interrupted.js'
import { parseTraceLines } from '../../src/core/session/events.js'
import { runCli, scratchRepo } from '../helpers/cli.js'
import { hostileText } from '../helpers/fuzz.js'
import { runDirs, sessionDirs } from '../helpers/trace.js'

const RUNS = { parse: 500, close: 40, resume: 30 }

const PHASES = ['start', 'decision', 'tool_call', 'tool_result', 'verify', 'note', 'end', 'bogus']

/** A line that looks like an event, with anything in its fields. */
const eventLine = fc
  .record(
    {
      ts: fc.oneof(fc.constant('2026-11-30T07:51:00.000Z'), hostileText),
      skill: fc.oneof(fc.constant('verify'), hostileText),
      session_id: fc.oneof(fc.constant('01JDQ3Z8X5K9V7M2N4P6R8T0W1'), hostileText),
      phase: fc.oneof(fc.constantFrom(...PHASES), fc.jsonValue()),
      payload: fc.oneof(
        fc.record(
          { attempt: fc.oneof(fc.integer({ min: -1, max: 4 }), fc.jsonValue()), ok: fc.jsonValue(), exit: fc.jsonValue() },
          { requiredKeys: [] }
        ),
        fc.jsonValue({ maxDepth: 2 })
      )
    },
    { requiredKeys: [] }
  )
  .map(event => JSON.stringify(event))

/** Text appended to a trace: torn JSON, random bytes, event-shaped lines, with or without line ends. */
const appended = fc
  .array(
    fc.oneof(
      eventLine,
      eventLine.map(line => line.slice(0, Math.floor(line.length / 2))),
      fc.uint8Array({ maxLength: 60 }).map(bytes => Buffer.from(bytes).toString('latin1')),
      hostileText
    ),
    { maxLength: 6 }
  )
  .chain(lines => fc.boolean().map(endsWithNewline => lines.join('\n') + (endsWithNewline ? '\n' : '')))

test('parseTraceLines never throws and keeps only event-shaped lines', async () => {
  await fc.assert(
    fc.asyncProperty(appended, async text => {
      for (const event of await parseTraceLines(text)) {
        expect(typeof event.phase).toBe('string')
        expect(typeof event.payload).toBe('object')
        expect(event.payload).not.toBeNull()
      }
    }),
    { numRuns: RUNS.parse }
  )
})

async function deadPid(): Promise<number> {
  const child = spawn('true')
  await once(child, 'exit')
  return child.pid!
}

const ARGS = ['run', '--command', 'exit 1', '--expect-exit', '0', '--max-retries', '1', '--capture-before-retry', 'off']

/** A real run cut after attempt 1 as if killed: receipt `running` with a dead pid, no `end`. */
async function crashedRun(): Promise<{ repo: string; stateDir: string; runId: string; dir: string }> {
  const repo = await scratchRepo('reverify-fuzz-trace-')
  expect((await runCli(ARGS, repo)).code).toBe(1)
  const stateDir = join(repo, '.reverify')
  const [runId] = runDirs(stateDir)
  const [dir] = sessionDirs(stateDir)
  const tracePath = join(dir!, 'trace.jsonl')
  const events = readFileSync(tracePath, 'utf8')
    .split('\n')
    .filter(line => line !== '')
  const cut = events.findIndex(line => line.includes('"phase":"verify"'))
  writeFileSync(tracePath, `${events.slice(0, cut + 1).join('\n')}\n`)
  const receiptPath = join(stateDir, 'runs', runId!, 'receipt.json')
  const receipt = JSON.parse(readFileSync(receiptPath, 'utf8'))
  writeFileSync(receiptPath, JSON.stringify({ ...receipt, status: 'running', ended_at: null, attempts: 1, pid: await deadPid() }))
  return { repo, stateDir, runId: runId!, dir: dir! }
}

/**
 * The trace as a reader sees it: one start first, one end last. Lines that someone else
 * wrote as a `start` stay what they are: reverify adds to a trace, it never rewrites one.
 */
async function expectOneStartOneEnd(dir: string, injectedStarts = 0): Promise<void> {
  const phases = (await parseTraceLines(readFileSync(join(dir, 'trace.jsonl'), 'utf8'))).map(event => event.phase)
  expect(phases.filter(phase => phase === 'start')).toHaveLength(1 + injectedStarts)
  expect(phases.filter(phase => phase === 'end')).toHaveLength(1)
  expect(phases[0]).toBe('start')
  expect(phases[phases.length - 1]).toBe('end')
}

const countPhase = async (text: string, phase: string) => (await parseTraceLines(text)).filter(event => event.phase === phase).length

test('closing a run whose trace ends in garbage never throws and leaves one start and one end', async () => {
  await fc.assert(
    fc.asyncProperty(appended, async text => {
      const { stateDir, runId, dir } = await crashedRun()
      appendFileSync(join(dir, 'trace.jsonl'), text)
      const store = new ReceiptStore(stateDir, { warn: () => undefined, now: () => new Date() })
      const closed = await closeInterruptedRun({
        store,
        runId,
        sessionDir: dir,
        reason: 'fuzz',
        redactor: createRedactor({}),
        clock: systemClock,
        env: process.env
      })
      expect(closed.receipt?.status).toBe('interrupted')
      if ((await countPhase(text, 'end')) === 0) {
        expect(closed.closedTrace).toBe(true)
        await expectOneStartOneEnd(dir, await countPhase(text, 'start'))
      }
    }),
    { numRuns: RUNS.close }
  )
}, 90_000)

test('resuming a run whose trace ends in garbage never crashes and keeps the trace well-formed', async () => {
  await fc.assert(
    fc.asyncProperty(appended, async text => {
      const { repo, stateDir, runId, dir } = await crashedRun()
      appendFileSync(join(dir, 'trace.jsonl'), text)
      const result = await runCli(ARGS, repo)
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /)
      expect(result.code).toBe(1)
      const receipt = JSON.parse(readFileSync(join(stateDir, 'runs', runId, 'receipt.json'), 'utf8'))
      expect(['failed', 'interrupted']).toContain(receipt.status)
      // Whichever way it went (resumed, or closed and started anew), every session is whole.
      for (const session of sessionDirs(stateDir)) {
        if (session === dir && (await countPhase(text, 'end')) > 0) continue
        await expectOneStartOneEnd(session, session === dir ? await countPhase(text, 'start') : 0)
      }
    }),
    { numRuns: RUNS.resume }
  )
}, 90_000)
