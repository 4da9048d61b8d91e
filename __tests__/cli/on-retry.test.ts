/**
 * `--on-retry` end to end in-process: the hook runs between a failed attempt and the next
 * one only, its note is in the trace (output kept out of the attempt's log), a failing hook
 * is a warning, and the guardrail judges it like expect-check.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expectWellFormedTrace, sessionDirs } from '../helpers/trace.js'
import { runCli, scratchRepo } from '../helpers/cli.js'
import { SLOWDOWN } from '../helpers/budget.js'

let repo: string
beforeEach(async () => {
  repo = await scratchRepo()
})

const onlySession = () => {
  const dirs = sessionDirs(join(repo, '.reverify'))
  expect(dirs).toHaveLength(1)
  return dirs[0]!
}
/** How many times the hook ran: it appends one line to `hook-runs` each time. */
const hookRuns = () =>
  existsSync(join(repo, 'hook-runs')) ? readFileSync(join(repo, 'hook-runs'), 'utf8').split('\n').filter(Boolean).length : 0
const HOOK = 'echo ran >> hook-runs; echo cleaned up'
/** Fails on its first run, passes from the second on. */
const FLAKY = 'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; [ $n -ge 2 ]'
const notes = (dir: string) =>
  expectWellFormedTrace(dir)
    .filter(event => event.phase === 'note')
    .map(event => String(event.payload.message))

test('a run failing every attempt with max-retries 2 runs the hook exactly twice, never after the last attempt', async () => {
  const result = await runCli(['run', '--command', 'exit 1', '--expect-exit', '0', '--max-retries', '2', '--on-retry', HOOK], repo)
  expect(result.code).toBe(1)
  expect(hookRuns()).toBe(2)
  const dir = onlySession()
  expect(notes(dir).filter(note => note.startsWith('on-retry'))).toEqual(['on-retry exited 0: cleaned up', 'on-retry exited 0: cleaned up'])
  // The hook's output is not the attempt's: neither log holds it.
  for (const attempt of [1, 2, 3]) expect(readFileSync(join(dir, `attempt-${attempt}.log`), 'utf8')).not.toContain('cleaned up')
  expect(result.stderr).not.toContain('warning')
})

test('a passing run never runs the hook', async () => {
  const result = await runCli(['run', '--command', 'true', '--expect-exit', '0', '--on-retry', HOOK], repo)
  expect(result.code).toBe(0)
  expect(hookRuns()).toBe(0)
})

test('a flaky pass runs the hook once, between the failure and the pass', async () => {
  const result = await runCli(['run', '--command', FLAKY, '--expect-exit', '0', '--max-retries', '3', '--on-retry', HOOK], repo)
  expect(result.code).toBe(0)
  expect(hookRuns()).toBe(1)
  const phases = expectWellFormedTrace(onlySession()).map(event =>
    event.phase === 'note' ? String(event.payload.message).slice(0, 8) : event.phase
  )
  const hookAt = phases.indexOf('on-retry')
  expect(phases.slice(hookAt - 2, hookAt + 2)).toEqual(['verify', 'expect-e', 'on-retry', 'tool_call'])
})

test('a failure that is not retryable does not run the hook', async () => {
  const result = await runCli(
    ['run', '--command', 'exit 3', '--expect-exit', '0', '--max-retries', '2', '--retry-on-exit-codes', '1', '--on-retry', HOOK],
    repo
  )
  expect(result.code).toBe(1)
  expect(hookRuns()).toBe(0)
})

test('a failing hook is a warning with its exit code and a redacted excerpt; the retries go on', async () => {
  const result = await runCli(
    [
      'run',
      '--command',
      'exit 1',
      '--expect-exit',
      '0',
      '--max-retries',
      '2',
      '--redact',
      'hunter22',
      '--on-retry',
      'echo ran >> hook-runs; echo "cache wipe failed for hunter22" >&2; exit 4'
    ],
    repo
  )
  expect(result.code).toBe(1)
  expect(hookRuns()).toBe(2)
  const warnings = result.stderr.split('\n').filter(line => line.startsWith('reverify: warning: on-retry'))
  expect(warnings).toHaveLength(2)
  expect(warnings[0]).toMatch(/^reverify: warning: on-retry exited 4: cache wipe failed for \S+; retrying all the same$/)
  const dir = onlySession()
  expect(expectWellFormedTrace(dir).filter(event => event.phase === 'tool_call')).toHaveLength(3)
  const hookNotes = notes(dir).filter(note => note.startsWith('on-retry'))
  expect(hookNotes).toHaveLength(2)
  expect(hookNotes[0]).toMatch(/^on-retry exited 4: cache wipe failed for /)
  expect(readFileSync(join(dir, 'trace.jsonl'), 'utf8')).not.toContain('hunter22')
})

test('the excerpt is capped, keeping the end of what the hook printed', async () => {
  const result = await runCli(
    ['run', '--command', 'exit 1', '--expect-exit', '0', '--max-retries', '1', '--on-retry', 'seq 1 2000; echo the-end'],
    repo
  )
  expect(result.code).toBe(1)
  const [note] = notes(onlySession()).filter(text => text.startsWith('on-retry'))
  expect(note!.length).toBeLessThanOrEqual('on-retry exited 0: '.length + 200)
  expect(note).toMatch(/^on-retry exited 0: ….* 2000 the-end$/)
})

test('the hook runs in working-directory and is killed with the attempt timeout', async () => {
  mkdirSync(join(repo, 'sub'))
  writeFileSync(join(repo, 'sub', 'marker'), '')
  const result = await runCli(
    [
      'run',
      '--command',
      'exit 1',
      '--expect-exit',
      '0',
      '--max-retries',
      '1',
      // The hook's `ls` must run before the timeout, and a busy machine slows its start: the
      // limit is a second times REVERIFY_TEST_SLOWDOWN (docs/design.md §9). The sleep never
      // ends before it.
      '--timeout-seconds',
      String(Math.ceil(SLOWDOWN)),
      '--working-directory',
      'sub',
      '--on-retry',
      'ls marker; sleep 600'
    ],
    repo
  )
  expect(result.code).toBe(1)
  const [note] = notes(onlySession()).filter(text => text.startsWith('on-retry'))
  expect(note).toBe('on-retry timed out: marker')
  expect(result.stderr).toContain('reverify: warning: on-retry timed out')
}, 20_000)

test('a destructive on-retry is refused before anything runs', async () => {
  writeFileSync(join(repo, 'junk'), 'x')
  const result = await runCli(['run', '--command', 'exit 1', '--expect-exit', '0', '--on-retry', 'rm -rf junk'], repo)
  expect(result.code).toBe(3)
  expect(result.stderr).toContain('rm -rf')
  expect(result.stderr).toContain('allow-destructive')
  expect(existsSync(join(repo, 'junk'))).toBe(true)
  expect(expectWellFormedTrace(onlySession()).filter(event => event.phase === 'tool_call')).toHaveLength(0)
})
