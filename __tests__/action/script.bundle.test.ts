/**
 * `command` is one script (docs/design.md §1), through the bundled action: the multi-line
 * input runs in one shell process, a failing line stops it, a continued line and its
 * one-line form share a history, and a shell that cannot start fails the step up front.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'
import { runDirs, sessionDirs } from '../helpers/trace.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

async function newRunner(name: string): Promise<FakeRunner> {
  return new FakeRunner(await started, `octo/${name}-${Math.random().toString(16).slice(2, 8)}`)
}

const errors = (step: StepResult) => step.annotations.filter(annotation => annotation.level === 'error')
const receiptOf = (runner: FakeRunner, step: StepResult) =>
  JSON.parse(readFileSync(join(runner.stateDir, 'runs', step.outputs['run-id']!, 'receipt.json'), 'utf8'))

describe('the multi-line command input runs as one script', () => {
  test.concurrent.each([
    ['cd on one line holds for the next', { command: 'cd sub\ntest -f marker', 'expect-exit': '0' }],
    ['an export holds for the next line', { command: 'export A=foo\necho "$A$A"', 'expect-stdout': 'foofoo' }],
    ['if … fi spans lines', { command: 'if [ -d sub ]; then\n  echo inside\nelse\n  exit 3\nfi', 'expect-stdout': 'inside' }],
    ['a heredoc', { command: 'cat > note.txt <<EOF\nhello $GITHUB_ACTOR\nEOF\ngrep -q "hello octocat" note.txt', 'expect-exit': '0' }],
    [
      'a python script with an indented block',
      {
        shell: 'python',
        command: 'import os\nfor name in ["a", "b"]:\n    if name == "b":\n        print("found " + name, os.path.isdir("sub"))',
        'expect-stdout': 'found b True'
      }
    ]
  ])('%s', async (_, inputs) => {
    const runner = await newRunner('script')
    mkdirSync(join(runner.workspace, 'sub'))
    writeFileSync(join(runner.workspace, 'sub', 'marker'), '')
    const step = await runner.main({ ...inputs, 'max-retries': '0' } as Record<string, string>)
    expect([step.code, errors(step)]).toEqual([0, []])
    expect(step.outputs.outcome).toBe('success')
    expect(receiptOf(runner, step).commands).toEqual([expect.objectContaining({ command: inputs.command, exit_code: 0 })])
  })

  test.concurrent('a failing middle line stops the script: later lines do not run', async () => {
    const runner = await newRunner('stops')
    const step = await runner.main({ command: 'echo first\nfalse\ntouch later', 'expect-exit': '0', 'max-retries': '0' })
    expect(step.code).toBe(1)
    expect(step.outputs.outcome).toBe('failure')
    expect(existsSync(join(runner.workspace, 'later'))).toBe(false)
    expect(receiptOf(runner, step).identity).toEqual(['echo first', 'false', 'touch later'])
  })

  test.concurrent('the continued and the one-line forms share a history: a failure of one warns on the other', async () => {
    const runner = await newRunner('continued')
    const first = await runner.main({ command: 'test two \\\n  = three', 'expect-exit': '0', 'max-retries': '0' })
    expect(first.code).toBe(1)
    const failedId = first.outputs['run-id']!
    runner.freshTemp()
    const second = await runner.main({ command: 'test two = three', 'expect-exit': '0', 'max-retries': '0' })
    const warning = second.annotations.find(annotation => /nobody captured/.test(annotation.message))
    expect(warning?.level).toBe('warning')
    expect(warning?.message).toContain(`(${failedId}) failed`)
    expect(second.state['history-key']).toBe(first.state['history-key'])
  })
})

test.concurrent('a shell that is not on PATH fails the step with one line naming shell, before anything runs', async () => {
  const runner = await newRunner('no-shell')
  const step = await runner.main({ command: 'touch ran', shell: 'no-such-interpreter {0}', 'expect-exit': '0' })
  expect(step.code).toBe(1)
  expect(errors(step)).toHaveLength(1)
  expect(errors(step)[0]!.message).toBe(
    "shell: 'no-such-interpreter {0}' cannot run: 'no-such-interpreter' is not on PATH; expected bash, sh, python, pwsh, powershell, cmd, or a template containing {0} whose first word is a program on PATH"
  )
  expect(existsSync(join(runner.workspace, 'ran'))).toBe(false)
  expect(runDirs(runner.stateDir)).toEqual([])
  expect(sessionDirs(runner.stateDir)).toEqual([])
})
