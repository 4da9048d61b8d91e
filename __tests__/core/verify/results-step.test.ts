/**
 * The `tests` note of an attempt with early flake detection on (docs/design.md §2, §6): it
 * lists the attempt's new tests for a resumed run to repeat — as many as `new-test-max`, and
 * within a byte budget, so hostile names of thousands of characters cannot swell the trace a
 * resume reads back.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AttemptTests, NewTest } from '../../../src/core/attempt/tests.js'
import { createRedactor } from '../../../src/core/redaction/index.js'
import { TraceSession } from '../../../src/core/session/writer.js'
import { recordTestResults } from '../../../src/core/verify/results-step.js'

/** `count` new tests whose names, case names and class names are `chars` long each. */
function newTests(count: number, chars: number): NewTest[] {
  return Array.from({ length: count }, (_, index) => {
    const text = `${index}`.padEnd(chars, 'x')
    return { name: text, caseName: text, classname: text, key: index.toString(16).padStart(16, '0') }
  })
}

/** The `tests` note written for an attempt with these new tests, listing at most `listed`. */
async function writtenNote(tests: NewTest[], listed: number): Promise<{ payload: Record<string, any>; bytes: number }> {
  const stateDir = mkdtempSync(join(tmpdir(), 'reverify-results-step-'))
  const session = await TraceSession.open({
    stateDir,
    name: 'verify',
    runId: '20261201-000000-verify-abcdef',
    version: 'test',
    redactor: createRedactor({}),
    now: () => new Date('2026-12-01T00:00:00Z')
  })
  const results: AttemptTests = {
    files: ['junit.xml'],
    total: tests.length,
    passed: tests.length,
    failed: 0,
    errors: 0,
    skipped: 0,
    failedTests: [],
    recovered: [],
    warnings: [],
    newTests: tests
  }
  recordTestResults({ tests: results, warnings: [] }, 1, session, () => {}, listed)
  const line = readFileSync(join(session.dir, 'trace.jsonl'), 'utf8')
    .split('\n')
    .find(text => text.includes('"kind":"tests"'))!
  return { payload: JSON.parse(line).payload.tests, bytes: Buffer.byteLength(line) }
}

test('as many new tests as new-test-max, and how many there were', async () => {
  const { payload } = await writtenNote(newTests(30, 20), 20)
  expect(payload.new_tests).toHaveLength(20)
  expect(payload.new_tests[0]).toEqual(newTests(1, 20)[0])
  expect(payload.new_found).toBe(30)
})

test('without early flake detection the note lists none', async () => {
  const { payload } = await writtenNote(newTests(3, 20), 0)
  expect(payload.new_tests).toBeUndefined()
})

test('1,000 new tests with names of 4,000 characters: the note stays within its budget', async () => {
  const { payload, bytes } = await writtenNote(newTests(1_000, 4_000), 1_000)
  expect(payload.new_tests.length).toBeGreaterThan(0)
  expect(payload.new_tests.length).toBeLessThan(30)
  expect(payload.new_found).toBe(1_000)
  expect(bytes).toBeLessThan(300 * 1024)
})
