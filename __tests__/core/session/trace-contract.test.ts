/**
 * The trace contract as a reader sees it (docs/design.md §2): a note is narrowed by its
 * `kind`, every note kind reverify writes parses back to itself, a note written before
 * kinds existed is given its kind once as it is read, and the exit codes keep their names.
 */
import { eventsOf, interruptedToolResult, notesOf, parseTraceLines, type TraceEvent } from '../../../src/core/session/events.js'
import {
  gateNote,
  newTestsNote,
  hookNote,
  interruptedNote,
  LEGACY_NOTE_KIND,
  logIncompleteNote,
  NOTE_KINDS,
  processGroupNote,
  quarantineNote,
  refusalTraceNote,
  rerunNote,
  resumedNote,
  retryDecisionNote,
  rerunMisfitNote,
  testsNote,
  uncapturedNote,
  type Note,
  type TraceTests
} from '../../../src/core/session/notes.js'

const tests: TraceTests = {
  attempt: 1,
  files: ['reports/junit.xml'],
  total: 2,
  failed: 1,
  errors: 0,
  skipped: 0,
  failed_tests: [{ name: 'api returns the user', outcome: 'failed' }],
  recovered: []
}

/** One note of every kind reverify writes, each from its builder. */
const written: Note[] = [
  retryDecisionNote(1, true, 'exit 1; retrying in 0 s (attempt 2/3)'),
  refusalTraceNote('refused: rm -rf /', 'rm-rf-root'),
  processGroupNote('attempt 1', { pgid: 4242, started: 'linux:123' }),
  testsNote('attempt 1: 2 tests in reports/junit.xml · 1 failed (api returns the user)', tests),
  hookNote('on-retry exited 0'),
  interruptedNote('interrupted by SIGINT'),
  logIncompleteNote('attempt 1: no space left on device'),
  resumedNote('resumed run 01ABC'),
  uncapturedNote('01XYZ'),
  rerunNote(1, 'rerunning the 1 failed test only: npx jest -t x'),
  quarantineNote('the quarantine of "x" expires on 2026-01-01'),
  gateNote('flaky pass refused by fail-on-flaky', 'fail-on-flaky', ['api returns the user']),
  newTestsNote('early flake detection: 1 new test, 5 of 5 repeats ran · new test cart failed repeat 3/5', {
    found: 1,
    repeated: ['cart'],
    repeats: 5,
    ran: 5,
    budget_cut: false,
    flaky: [{ test: 'cart', repeat: 3, attempt: 4 }],
    decided: 'fail'
  }),
  rerunMisfitNote(2, 'the rerun wrote no results for the 2 targeted tests: is `rerun-failed-tests: vitest` right for `npx jest --ci`?')
]

/** Notes as traces written before kinds existed hold them: no `kind`. */
const older: Record<string, unknown>[] = [
  { message: 'exit 1; retrying', retry: true, attempt: 1 },
  { message: 'exit 1; no retry left', retry: false },
  { message: 'refused: …', rule: 'rm-rf-root' },
  { message: 'attempt 1: 2 tests', tests },
  { message: 'attempt 1: a command started as process group 9', process_group: { pgid: 9, started: 'linux:1' } },
  { message: 'resumed run …' }
]

function traceText(payloads: { phase: string; payload: unknown }[]): string {
  return payloads
    .map(({ phase, payload }) =>
      JSON.stringify({ ts: '2026-01-01T00:00:00.000Z', skill: 'verify', session_id: '01TESTSESSION', phase, payload })
    )
    .join('\n')
}

const notesIn = (events: TraceEvent[]): Note[] => eventsOf(events, 'note').map(event => event.payload)

test('every note kind written parses back to its kind, and a reader is narrowed by it', async () => {
  expect(written.map(note => note.kind)).toEqual([...NOTE_KINDS])
  const events = await parseTraceLines(traceText(written.map(payload => ({ phase: 'note', payload }))))
  const notes = notesIn(events)
  expect(notes.map(note => note.kind)).toEqual([...NOTE_KINDS])
  // Each branch reads its kind's fields with no cast: the union narrows (this also has to compile).
  const read = notes.map(note => {
    switch (note.kind) {
      case 'retry-decision':
        return `${note.retry}@${note.attempt}`
      case 'refusal':
        return note.rule
      case 'process-group':
        return note.process_group.pgid
      case 'tests':
        return note.tests.failed_tests[0]!.name
      case 'rerun':
        return note.attempt
      case 'gate':
        return `${note.gate}: ${note.flaky_tests?.join(', ')}`
      case 'rerun-misfit':
        return `misfit@${note.attempt}`
      case 'new-tests':
        return `${note.new_tests?.decided}: ${note.new_tests?.flaky.map(found => `${found.test} ${found.repeat}/${note.new_tests?.repeats}`).join(', ')}`
      default:
        return note.message
    }
  })
  expect(read).toEqual([
    'true@1',
    'rm-rf-root',
    4242,
    'api returns the user',
    'on-retry exited 0',
    'interrupted by SIGINT',
    'attempt 1: no space left on device',
    'resumed run 01ABC',
    'retrying after failed run 01XYZ, which nobody captured',
    1,
    'the quarantine of "x" expires on 2026-01-01',
    'fail-on-flaky: api returns the user',
    'fail: cart 3/5',
    'misfit@2'
  ])
  expect(notesOf(events, 'tests')[0]?.tests).toEqual(tests)
})

test('a note written before kinds gets its kind once, as it is read, from the field its kind always had', async () => {
  const events = await parseTraceLines(traceText([...older, ...written].map(payload => ({ phase: 'note', payload }))))
  const notes = notesIn(events)
  expect(notes.slice(0, older.length).map(note => note.kind)).toEqual([
    'retry-decision',
    'retry-decision',
    'refusal',
    'tests',
    'process-group',
    LEGACY_NOTE_KIND
  ])
  // Readers by kind find old and new notes alike.
  expect(notesOf(events, 'retry-decision').map(note => [note.retry, note.attempt])).toEqual([
    [true, 1],
    [false, undefined],
    [true, 1]
  ])
  expect(notesOf(events, 'process-group').map(note => note.process_group.pgid)).toEqual([9, 4242])
  expect(notesOf(events, 'tests')).toHaveLength(2)
  // A kind given keeps its kind: a resumed note is not mistaken for an old one.
  expect(notesOf(events, 'resumed').map(note => note.message)).toEqual(['resumed run 01ABC'])
})

test("a note whose kind's fields do not parse, or whose kind is unknown, is skipped like any malformed line", async () => {
  const events = await parseTraceLines(
    traceText(
      [
        { kind: 'process-group', message: 'group', process_group: { pgid: 1, started: 'linux:1' } },
        { message: 'group', process_group: { pgid: 'x', started: 'linux:1' } },
        { kind: 'tests', message: 'tests', tests: { attempt: 0 } },
        { kind: 'refusal', message: 'refused' },
        { kind: 'from-a-later-version', message: '?' },
        hookNote('kept')
      ].map(payload => ({ phase: 'note', payload }))
    )
  )
  expect(notesIn(events).map(note => note.message)).toEqual(['kept'])
})

test("a tool_result keeps the contract's exit; a command record an older trace wrote with exit is read as exit_code", async () => {
  const result = { attempt: 1, ok: false, exit: 3, duration_ms: 5, summary: 'boom' }
  const record = { command: 'exit 3', signal: null, timed_out: false, duration_ms: 5 }
  const events = await parseTraceLines(
    traceText([
      { phase: 'tool_result', payload: { ...result, commands: [{ ...record, exit_code: 3 }] } },
      { phase: 'tool_result', payload: { ...result, attempt: 2, commands: [{ ...record, exit: 3 }] } },
      { phase: 'tool_result', payload: { attempt: 3, ok: false, exit_code: 3, duration_ms: 5, summary: 'boom' } }
    ])
  )
  const results = eventsOf(events, 'tool_result').map(event => event.payload)
  // The attempt's exit code is `exit` (the interface contract); the third line lacks it and is skipped.
  expect(results.map(payload => [payload.attempt, payload.exit])).toEqual([
    [1, 3],
    [2, 3]
  ])
  expect(results.map(payload => payload.commands?.[0])).toEqual([
    { ...record, exit_code: 3 },
    { ...record, exit_code: 3 }
  ])
  expect(interruptedToolResult(1)).toMatchObject({ exit: 130, interrupted: true })
})
