/**
 * A run's own readers take the trace and meta.json its process wrote as written, with nothing
 * parsed (docs/design.md §2 "Readers"): what they get must be what a reader of the files gets,
 * and a file changed behind the run's back is read and validated again.
 */
import { describe, expect, test } from '@jest/globals'
import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRedactor } from '../../../src/core/redaction/index.js'
import { parseTraceLines, type TraceEvent } from '../../../src/core/session/events.js'
import { readSessionMeta } from '../../../src/core/session/meta.js'
import { retryDecisionNote, testsNote } from '../../../src/core/session/notes.js'
import { readSessionTrace } from '../../../src/core/session/reader.js'
import { TraceSession } from '../../../src/core/session/writer.js'

const redactor = createRedactor({ values: ['hunter2'] })

/** A closed session of two attempts (the first failed, with failures, notes and a secret), as a run writes it. */
async function writtenSession(): Promise<TraceSession> {
  const stateDir = await mkdtemp(join(tmpdir(), 'reverify-written-trace-'))
  const session = await TraceSession.open({
    stateDir,
    name: 'unit tests',
    runId: '20261206-120000-verify-abcdef',
    version: '1.2.3',
    redactor,
    now: () => new Date()
  })
  session.event('start', { version: '1.2.3', run_id: '20261206-120000-verify-abcdef', target: '/repo', scope: '' })
  session.event('decision', { question: 'what to run', decision: ['npm test -- --token hunter2'], expected: { 'expect-exit': 0 } })
  const record = { command: 'npm test -- --token hunter2', exit_code: 1, signal: null, timed_out: false, duration_ms: 12 }
  session.event('tool_call', { attempt: 1, commands: ['npm test -- --token hunter2'] })
  session.event('tool_result', {
    attempt: 1,
    ok: false,
    exit: 1,
    duration_ms: 12,
    summary: 'FAIL api returns the user',
    failures: [{ lines: ['FAIL api returns the user'], test: 'api returns the user' }],
    commands: [record]
  })
  const tests = {
    attempt: 1,
    files: ['junit.xml'],
    total: 2,
    failed: 1,
    errors: 0,
    skipped: 0,
    failed_tests: [{ name: 'api returns the user', outcome: 'failed' as const }],
    recovered: []
  }
  session.event('note', testsNote('attempt 1: 2 tests in junit.xml · 1 failed (api returns the user)', tests))
  session.event('verify', { attempt: 1, ok: false, check: [{ expectation: 'expect-exit', ok: false, detail: 'exit 1' }], detail: 'exit 1' })
  session.event('note', retryDecisionNote(1, true, 'exit 1; retrying in 0 s (attempt 2/2)'))
  session.event('tool_call', { attempt: 2, commands: ['npm test -- --token hunter2'] })
  session.event('tool_result', { attempt: 2, ok: true, exit: 0, duration_ms: 9, summary: '', commands: [{ ...record, exit_code: 0 }] })
  session.event('verify', {
    attempt: 2,
    ok: true,
    check: [{ expectation: 'expect-exit', ok: true, detail: 'exit 0' }],
    detail: 'every expectation held'
  })
  await session.end(
    { outcome: 'success', summary: 'passed on attempt 2', flaky: true },
    { ended_at: new Date().toISOString(), flaky: true, summary: 'passed on attempt 2' }
  )
  return session
}

const parsedFromDisk = async (dir: string): Promise<TraceEvent[]> => await parseTraceLines(await readFile(join(dir, 'trace.jsonl'), 'utf8'))

describe('the trace a run wrote itself', () => {
  test('reads back exactly as a reader of the file parses it, redacted, and counts in meta.json', async () => {
    const { dir } = await writtenSession()
    const events = await readSessionTrace(dir)
    expect(events).toEqual(await parsedFromDisk(dir))
    expect(events).toHaveLength(11)
    expect(JSON.stringify(events)).not.toContain('hunter2')
    expect(await readSessionMeta(dir)).toMatchObject({ outcome: 'success', attempts: 2, tool_calls: 2, errors: 1, flaky: true })
  })

  test('a line added behind its back is read from the file: a hostile one skipped, a torn one skipped', async () => {
    const { dir } = await writtenSession()
    const hostile = {
      ts: 'x',
      skill: 'unit tests',
      session_id: 'x',
      phase: 'tool_result',
      payload: { attempt: -1, ok: true, exit: 0, duration_ms: 0, summary: '' }
    }
    const forged = { ...hostile, payload: { attempt: 3, ok: true, exit: 0, duration_ms: 0, summary: '' } }
    await appendFile(join(dir, 'trace.jsonl'), `${JSON.stringify(hostile)}\n${JSON.stringify(forged)}\n{"ts": "torn`)
    const events = await readSessionTrace(dir)
    expect(events).toEqual(await parsedFromDisk(dir))
    expect(events).toHaveLength(12)
    expect(events[11]).toMatchObject({ phase: 'tool_result', payload: { attempt: 3 } })
  })

  test('a meta.json replaced behind its back is validated: a hostile one reads as absent', async () => {
    const { dir } = await writtenSession()
    const meta = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as Record<string, unknown>
    await writeFile(join(dir, 'meta.json'), JSON.stringify({ ...meta, outcome: 'exploded' }))
    expect(await readSessionMeta(dir)).toBeUndefined()
    await writeFile(join(dir, 'meta.json'), JSON.stringify({ ...meta, attempts: 7 }))
    expect(await readSessionMeta(dir)).toMatchObject({ attempts: 7 })
  })
})
