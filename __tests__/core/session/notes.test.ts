/**
 * The trace's notes by kind (docs/design.md §2 "Notes"): a real run writes every note with
 * its kind, and readers go by the kind and never by the wording. How a trace written before
 * kinds existed is read is in trace-contract.test.ts.
 */
import { hostname } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { createProcessRunner } from '../../../src/core/process/process-runner.js'
import { systemClock } from '../../../src/core/base/clock.js'
import { ReceiptStore } from '../../../src/core/receipts/receipt-store.js'
import { createRedactor } from '../../../src/core/redaction/index.js'
import { buildReportModel } from '../../../src/core/report/model.js'
import { verifyRun } from '../../../src/core/run/verify-run.js'
import type { CompletedRun } from '../../../src/core/run/report.js'
import { parseRunSettings } from '../../../src/core/inputs/settings.js'
import type { TraceEvent } from '../../../src/core/session/events.js'
import { NOTE_KINDS } from '../../../src/core/session/notes.js'
import { readSessionTrace } from '../../../src/core/session/reader.js'
import { scratchDir } from '../../helpers/receipts.js'

const sink = (): Writable => new Writable({ write: (_chunk, _encoding, done) => done() })

async function run(inputs: Record<string, string>): Promise<{ report: CompletedRun; events: TraceEvent[]; store: ReceiptStore }> {
  const workDir = await scratchDir('reverify-notes-')
  const store = new ReceiptStore(join(workDir, '.reverify'), { warn: () => undefined, now: () => new Date() })
  const settings = parseRunSettings({ 'state-dir': join(workDir, '.reverify'), ...inputs }, workDir, { path: process.env.PATH })
  const report = await verifyRun(
    { settings, target: 'octo/notes', captureMode: 'warn', version: 'test', redactor: createRedactor({ values: [] }), env: process.env },
    {
      clock: { now: () => new Date(), monotonicMs: () => performance.now(), sleep: async () => undefined, random: () => 0.5 },
      processes: createProcessRunner(systemClock),
      owner: { host: hostname(), pid: process.pid },
      store,
      log: () => undefined,
      console: { stdout: sink(), stderr: sink() }
    }
  )
  if (report.kind !== 'completed') throw new Error(`expected a completed run, got ${report.kind}`)
  return { report, events: await readSessionTrace(report.session.dir), store }
}

const notesOf = (events: TraceEvent[]) => events.flatMap(event => (event.phase === 'note' ? [event.payload] : []))

test('a failing run with retries and an on-retry hook writes every note with its kind', async () => {
  const { events } = await run({ command: 'echo FAIL; exit 3', 'expect-exit': '0', 'max-retries': '1', 'on-retry': 'echo cleaning' })
  const notes = notesOf(events)
  expect(notes.every(note => (NOTE_KINDS as readonly string[]).includes(note.kind))).toBe(true)
  expect(notes.map(note => note.kind)).toEqual(['process-group', 'retry-decision', 'process-group', 'hook', 'process-group'])
  expect(notes.find(note => note.kind === 'retry-decision')).toMatchObject({ retry: true, attempt: 1 })
})

test('the report places a retry decision by its kind and attempt, whatever its wording', async () => {
  const { report, events, store } = await run({ command: 'exit 3', 'expect-exit': '0', 'max-retries': '1' })
  const reworded = events.map(event =>
    event.phase === 'note' && event.payload.kind === 'retry-decision'
      ? { ...event, payload: { ...event.payload, message: 'going again' } }
      : event
  )
  const receipt = (await store.read(report.runId))!
  const model = buildReportModel({ events: reworded, receipt, history: [] })
  expect(model.attempts.find(attempt => attempt.attempt === 1)?.note).toBe('going again')
  // Shown with its attempt, not again among the run's other notes; process groups never.
  expect(model.notes).toEqual([])
})
