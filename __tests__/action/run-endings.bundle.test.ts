/**
 * How a script ended, on every surface of the bundled action (docs/design.md §5): a timeout
 * states its limit and how the process tree was stopped (SIGKILL when something ignored
 * SIGTERM), and a multi-line script `-e` stopped at a middle line names that line — in the
 * summary line, the error annotation, the job summary and the HTML report.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'
import { sessionDirs } from '../helpers/trace.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

async function newRunner(name: string): Promise<FakeRunner> {
  return new FakeRunner(await started, `octo/${name}-${Math.random().toString(16).slice(2, 8)}`)
}

const errors = (step: StepResult) => step.annotations.filter(annotation => annotation.level === 'error')

/** The report of the runner's one run, as a document. */
function reportOf(runner: FakeRunner): Document {
  const [dir] = sessionDirs(runner.stateDir)
  return new JSDOM(readFileSync(join(dir!, 'report.html'), 'utf8')).window.document
}

/** The run's one-line summary, as the trace's end event holds it (the CLI's why line; the job summary leads with the attempt's own line instead). */
function endSummary(runner: FakeRunner): string {
  const [dir] = sessionDirs(runner.stateDir)
  const events = readFileSync(join(dir!, 'trace.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line))
  return events.find(event => event.phase === 'end').payload.summary
}

const STOPPED = 'the process tree was stopped with SIGTERM, then SIGKILL after 2 s (1 process ignored SIGTERM)'

test.concurrent('a timeout whose child ignores SIGTERM states its limit and the SIGKILL everywhere', async () => {
  const runner = await newRunner('timeout')
  // The child ignores SIGTERM: only SIGKILL, after the 2 s grace, ends it.
  const command = `echo waiting for port 8080\nperl -e '$SIG{TERM} = "IGNORE"; sleep 60'`
  const step = await runner.main({ name: 'Integration', command, 'timeout-seconds': '1', 'expect-exit': '0', 'max-retries': '0' })
  expect(step.code).toBe(1)

  const [error] = errors(step)
  expect(error?.title).toBe('Integration: timed out after 1 s (timeout-seconds 1)')
  expect(error?.message).toBe(
    'The process tree was stopped with SIGTERM, then SIGKILL after 2 s (1 process ignored SIGTERM).\nLast output:\n  waiting for port 8080'
  )
  // The summary line (the trace's end event, the job summary's lead) and the attempt's own line.
  expect(endSummary(runner)).toContain(`got 124 (\`echo waiting for port 8080 …\` timed out after 1 s (timeout-seconds: 1); ${STOPPED})`)
  expect(step.summary).toContain(`**Attempt 1** timed out after 1 s (timeout-seconds: 1); ${STOPPED}.`)

  const report = reportOf(runner)
  const head = report.querySelector('#attempt-1 > summary')!.textContent!
  expect(head).toContain('timed out after 1 s (timeout-seconds: 1) · exit 124')
  expect(head).not.toContain('SIGTERM')
  expect(report.querySelector('#attempt-1 .ending')!.textContent).toBe(
    'The process tree was stopped with SIGTERM, then SIGKILL after 2 s (1 process ignored SIGTERM).'
  )
})

test.concurrent('a timeout that SIGTERM ends says no SIGKILL was needed', async () => {
  const runner = await newRunner('timeout-term')
  const step = await runner.main({ name: 'Slow', command: 'sleep 60', 'timeout-seconds': '1', 'expect-exit': '0', 'max-retries': '0' })
  const [error] = errors(step)
  expect(error?.title).toBe('Slow: timed out after 1 s (timeout-seconds 1)')
  expect(error?.message).toBe('The process tree was stopped with SIGTERM.')
  expect(reportOf(runner).querySelector('#attempt-1 .ending')!.textContent).toBe('The process tree was stopped with SIGTERM.')
})

test.concurrent('a script stopped at its middle line names the line, its text and status everywhere', async () => {
  const runner = await newRunner('middle-line')
  writeFileSync(join(runner.workspace, 'seed.sql'), 'insert into users values (1, "alice");\n')
  const command = [
    'echo seeding',
    'test -f seed.sql',
    '',
    '# the users the API tests log in as',
    'grep -q alice seed.sql',
    'echo found alice',
    'grep -q bob seed.sql',
    'echo seeded'
  ].join('\n')
  const step = await runner.main({ name: 'Seed database', command, 'expect-exit': '0', 'max-retries': '0' })
  expect(step.code).toBe(1)

  const [error] = errors(step)
  expect(error?.title).toBe('Seed database: line 7 failed — grep -q bob seed.sql (exit 1)')
  expect(error?.message).toBe('Lines 1–6 ran; line 7 `grep -q bob seed.sql` exited 1.\nLast output:\n  seeding\n  found alice')
  expect(endSummary(runner)).toContain('expect-exit 0 but got 1 (line 7 `grep -q bob seed.sql` exited 1)')
  expect(step.summary).toContain('**Attempt 1**: lines 1–6 ran; line 7 `grep -q bob seed.sql` exited 1.')

  const ending = reportOf(runner).querySelector('#attempt-1 .ending')!
  expect(ending.textContent).toBe('Lines 1–6 ran; line 7 grep -q bob seed.sql exited 1.')
  expect(ending.querySelector('code')?.textContent).toBe('grep -q bob seed.sql')
})

test.concurrent('a failure -e does not stop at (an explicit exit, a one-line script) names no line', async () => {
  const runner = await newRunner('no-line')
  const step = await runner.main({ command: 'set +e\nfalse\nexit 3', 'expect-exit': '0', 'max-retries': '0' })
  expect(errors(step)[0]?.title).not.toMatch(/line \d/)
  expect(endSummary(runner)).toContain('got 3 (`set +e …` exited 3)')
  expect(step.summary).toContain('| 1 | 3 |')
  expect(step.summary).not.toMatch(/line \d/)
  const single = await (await newRunner('one-line')).main({ command: 'false', 'expect-exit': '0', 'max-retries': '0' })
  expect(single.summary).not.toMatch(/line 1/)
})
