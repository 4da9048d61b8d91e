/**
 * An attempt's output as the annotations and the job summary show it
 * (core/run/attempt-output.ts): the ending of the command that decided it, the excerpt, and
 * each failing block with the workspace file it names — looked up in a real folder.
 */
import { expect, test } from '@jest/globals'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { CommandResult } from '../../../src/core/attempt/command-result.js'
import { attemptOutput } from '../../../src/core/run/attempt-output.js'
import { failedAttempt } from '../../helpers/attempts.js'
import { scratchDir } from '../../helpers/receipts.js'

const command = (extra: Partial<CommandResult>): CommandResult => ({
  command: 'set -e\nnpm ci\nnpm test',
  exitCode: 1,
  signal: null,
  timedOut: false,
  interrupted: false,
  durationMs: 5,
  ...extra
})

test('the ending is that of the first command that failed: the line -e stopped at, or the timeout and the stop', () => {
  const stopped = attemptOutput(
    failedAttempt({ commands: [command({ exitCode: 0 }), command({ exitCode: 1, failedLine: { line: 3, status: 1 } })] })
  )
  expect(stopped.ending?.line).toMatchObject({ line: 3, status: 1, text: 'npm test' })

  const timedOut = attemptOutput(
    failedAttempt({ commands: [command({ exitCode: 124, timedOut: true, timeoutMs: 3000, stopped: { graceMs: 2000, killed: true } })] })
  )
  expect(timedOut.ending).toMatchObject({ timeout: expect.stringMatching(/^timed out after 3 s/), stop: expect.stringMatching(/SIGKILL/) })

  // An exit that says it all: no ending.
  expect(attemptOutput(failedAttempt({ commands: [command({ exitCode: 1 })] }))).not.toHaveProperty('ending')
})

test('the excerpt as text, and its failing blocks located under the base only when one is given', async () => {
  const workspace = await scratchDir('reverify-attempt-output-')
  await mkdir(join(workspace, 'src'))
  await writeFile(join(workspace, 'src', 'sum.ts'), 'export const sum = 1\n')
  const attempt = failedAttempt({
    summary: 'FAIL src/sum.test.ts',
    failures: [
      { test: 'adds', lines: ['● adds', 'Expected 3, received 4', 'at src/sum.ts:1:14'] },
      { lines: ['Error: nowhere', 'at lib/gone.ts:9'] }
    ]
  })

  const unplaced = attemptOutput(attempt)
  expect(unplaced.text).toContain('Expected 3, received 4')
  expect(unplaced.blocks).toEqual([])

  const placed = attemptOutput(attempt, { workspace })
  expect(placed.blocks).toEqual([
    { block: attempt.failures![0], location: { file: 'src/sum.ts', line: 1, column: 14 } },
    { block: attempt.failures![1] }
  ])
  expect(placed.text).toBe(unplaced.text)
})
