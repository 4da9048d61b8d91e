/**
 * The action's main step killed outright (SIGKILL, no post step) and run again on the same
 * runner: the next main step resumes the run (docs/design.md §6). An attempt the crash cut
 * off is interrupted, not failed: the pass that follows is no flaky pass.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner, waitForFile } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

test('a main step killed mid-command and run again: resumed, passes, and is not reported flaky', async () => {
  const runner = new FakeRunner(await started, 'octo/crash-resume')
  const file = (name: string) => join(runner.workspace, name)
  const command = 'echo run >> count; echo $$ > cmd.pid; [ -f fast ] || { touch started; sleep 60; }; echo done'
  const inputs = { command, 'expect-exit': '0', 'max-retries': '1' }

  const killed = runner.main(inputs, {
    onSpawn: (pid, child) => void waitForFile(file('started'), child).then(found => found && process.kill(pid, 'SIGKILL'))
  })
  expect((await killed).signal).toBe('SIGKILL')
  // The command's own group outlives the kill (ending it on resume is not this test's subject).
  while (!existsSync(file('cmd.pid'))) await new Promise(resolve => setTimeout(resolve, 20))
  try {
    process.kill(-Number(readFileSync(file('cmd.pid'), 'utf8').trim()), 'SIGKILL')
  } catch {
    // already gone
  }

  writeFileSync(file('fast'), '')
  const step = await runner.main(inputs)
  expect(step.code).toBe(0)
  expect(step.stdout).toContain('resumed run')
  expect(step.outputs).toMatchObject({ outcome: 'success', flaky: 'false', attempts: '1' })
  const warnings = step.annotations.filter(annotation => annotation.level === 'warning')
  expect(warnings.filter(warning => /flaky/i.test(`${warning.title ?? ''} ${warning.message}`))).toEqual([])
  expect(step.summary).not.toContain('(flaky)')
  expect(step.summary).toContain('0 flaky')
  expect(readFileSync(file('count'), 'utf8').trim().split('\n')).toHaveLength(2)
})
