/**
 * The action's bundle end to end against the local results service: capture-before-retry
 * across runners, captures from trailers and capture mode, flaky passes, the guardrail, bad
 * inputs and the job summary. Each test has its own runner (its own repository paths), so
 * they run concurrently against one service.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner, foldLog, receiptsInCacheEntry, type StepResult } from '../helpers/runner.js'
import { readZip, ResultsService, type UploadedArtifact } from '../helpers/results-service.js'
import { runDirs, sessionDirs } from '../helpers/trace.js'
import { jestOutput } from '../helpers/failing-output.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

const failing = { command: 'echo boom; exit 1', 'expect-exit': '0', 'max-retries': '0' }

/** A runner of its own repository, so concurrent tests never share a history. */
async function newRunner(name: string): Promise<{ runner: FakeRunner; service: ResultsService }> {
  const service = await started
  return { runner: new FakeRunner(service, `octo/${name}`), service }
}

function warnings(step: StepResult) {
  return step.annotations.filter(annotation => annotation.level === 'warning')
}

function errors(step: StepResult) {
  return step.annotations.filter(annotation => annotation.level === 'error')
}

/** The capture-before-retry warning (or error) of a step, if it printed one. */
function uncapturedWarning(step: StepResult) {
  return step.annotations.find(annotation => /nobody captured/.test(annotation.message))
}

function artifactsOf(service: ResultsService, runner: FakeRunner): UploadedArtifact[] {
  return service.artifacts().filter(artifact => artifact.workflowJobRunBackendId === runner.jobBackendId)
}

function entriesOf(service: ResultsService, step: StepResult) {
  const historyKey = step.state['history-key']
  expect(historyKey).toMatch(/^[0-9a-f]{16,}$/)
  return service.cacheEntries().filter(entry => entry.key.startsWith(`reverify-v1-${historyKey}-`))
}

/** The newest cache entry of a step's history, read back as receipts. */
async function cachedReceipts(service: ResultsService, step: StepResult) {
  const entries = entriesOf(service, step)
  expect(entries.length).toBeGreaterThan(0)
  return receiptsInCacheEntry(entries[entries.length - 1]!)
}

/** A failing first run; returns its run id after a fresh runner temp. */
async function failOnce(runner: FakeRunner, inputs: Record<string, string> = failing): Promise<string> {
  const first = await runner.main(inputs)
  expect(first.code).toBe(1)
  expect(first.outputs.outcome).toBe('failure')
  runner.freshTemp()
  return first.outputs['run-id']!
}

test.concurrent('a failure, then the same command on a fresh runner: a warning naming the run and both remediations', async () => {
  const { runner, service } = await newRunner('warned')
  const first = await runner.main(failing)
  expect(first.code).toBe(1)
  const failedId = first.outputs['run-id']!
  expect(failedId).toMatch(/^\d{8}-\d{6}-verify-[0-9a-f]{6}$/)
  expect(errors(first).some(error => /^verify: echo boom; exit 1 failed \(1\/1 attempts\)$/.test(error.title ?? ''))).toBe(true)
  expect(entriesOf(service, first)).toHaveLength(1)

  runner.freshTemp()
  const second = await runner.main(failing)
  const warning = uncapturedWarning(second)
  expect(warning?.level).toBe('warning')
  expect(warning?.title).toBe('reverify: retrying an uncaptured failure')
  expect(warning?.message).toContain(`(${failedId}) failed`)
  expect(warning?.message).toContain(
    `git commit --allow-empty -m "Capture verify failure ${failedId}" --trailer "Reverify-Capture: ${failedId} <what you found>"`
  )
  expect(warning?.message).toContain(`capture: ${failedId}`)
  // Warn mode proceeds: a new run with its own id and receipt.
  expect(second.outputs['run-id']).not.toBe(failedId)
  expect(second.outputs.attempts).toBe('1')
  expect(second.summary).toContain(failedId)
})

describe('block mode refuses the retry and creates nothing', () => {
  const cases: [string, (runner: FakeRunner) => Record<string, string>][] = [
    ['the capture-before-retry input', () => ({ ...failing, 'capture-before-retry': 'block' })],
    [
      '.reverify/config.json in the workspace',
      runner => {
        mkdirSync(join(runner.workspace, '.reverify'), { recursive: true })
        writeFileSync(join(runner.workspace, '.reverify', 'config.json'), '{"capture_before_retry": "block"}\n')
        return failing
      }
    ]
  ]
  test.concurrent.each(cases)('via %s', async (_, inputsFor) => {
    const { runner, service } = await newRunner(`blocked-${Math.random().toString(16).slice(2, 8)}`)
    const failedId = await failOnce(runner)
    const inputs = inputsFor(runner)
    const entriesBefore = service.cacheEntries().length
    const artifactsBefore = artifactsOf(service, runner).length

    const second = await runner.main(inputs)
    expect(second.code).toBe(1)
    const refusal = uncapturedWarning(second)
    expect(refusal?.level).toBe('error')
    expect(refusal?.title).toBe('reverify: retry blocked until the failure is captured')
    expect(refusal?.message).toContain(failedId)
    expect(refusal?.message).toContain('Reverify-Capture:')
    expect(second.outputs.outcome).toBe('failure')
    expect(second.outputs['run-id']).toBe('')
    // Only the restored receipt of the first run: no receipt, no session, no artifact, no cache entry.
    expect(runDirs(runner.stateDir)).toEqual([failedId])
    expect(sessionDirs(runner.stateDir)).toEqual([])
    expect(artifactsOf(service, runner)).toHaveLength(artifactsBefore)
    expect(entriesOf(service, second)).toHaveLength(1)
    expect(service.cacheEntries().length).toBeGreaterThanOrEqual(entriesBefore)
    expect(service.cacheEntries().filter(entry => entry.key.includes(second.state['history-key']!))).toHaveLength(1)
  })
})

describe('Reverify-Capture trailers', () => {
  test.concurrent('in a pushed commit: the next run is silent and the capture is saved', async () => {
    const { runner, service } = await newRunner('trailer-push')
    const failedId = await failOnce(runner)
    const event = {
      commits: [
        { id: 'c0ffee1234567890', message: 'Unrelated change' },
        { id: 'deadbeef12345678', message: `Fix the flake\n\nReverify-Capture: ${failedId} flaky network` }
      ]
    }
    const second = await runner.main(failing, { event })
    expect(uncapturedWarning(second)).toBeUndefined()
    expect(warnings(second)).toEqual([])
    expect(second.stdout).toContain(`reverify: captured ${failedId} from commit deadbeef1234`)
    const captured = (await cachedReceipts(service, second)).find(receipt => receipt.run_id === failedId)
    expect(captured?.capture).toMatchObject({ note: 'flaky network', source: 'commit deadbeef1234', by: 'octocat' })
  })

  test.concurrent('in a pull request body: the next run is silent', async () => {
    const { runner } = await newRunner('trailer-pr')
    const failedId = await failOnce(runner)
    const event = { pull_request: { number: 42, body: `Looked into it.\r\n\r\nReverify-Capture: ${failedId} flaky network\r\n` } }
    const second = await runner.main(failing, { event, eventName: 'pull_request' })
    expect(uncapturedWarning(second)).toBeUndefined()
    expect(second.stdout).toContain(`reverify: captured ${failedId} from pull_request #42`)
  })

  test.concurrent('in the checked-out HEAD commit: the next run is silent', async () => {
    const { runner } = await newRunner('trailer-head')
    const failedId = await failOnce(runner)
    await git(runner.workspace, ['init', '-q'])
    await git(runner.workspace, [
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      `Capture verify failure ${failedId}`,
      '--trailer',
      `Reverify-Capture: ${failedId} flaky network`
    ])
    const second = await runner.main(failing)
    expect(uncapturedWarning(second)).toBeUndefined()
    expect(second.stdout).toContain(`reverify: captured ${failedId} from HEAD commit`)
  })

  test.concurrent('naming an unknown run: a notice, and the step is not failed for it', async () => {
    const { runner } = await newRunner('trailer-unknown')
    const unknown = '20200101-000000-verify-abcdef'
    const step = await runner.main(
      { command: 'true', 'expect-exit': '0' },
      { event: { commits: [{ id: 'abc', message: `Reverify-Capture: ${unknown} nope` }] } }
    )
    expect(step.code).toBe(0)
    expect(step.outputs.outcome).toBe('success')
    const notices = step.annotations.filter(annotation => annotation.level === 'notice')
    expect(notices).toHaveLength(1)
    expect(notices[0]!.message).toContain(unknown)
    expect(notices[0]!.message).toContain('ignored')
  })
})

async function git(cwd: string, args: string[]): Promise<void> {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Octo Cat',
    GIT_AUTHOR_EMAIL: 'octo@example.com',
    GIT_COMMITTER_NAME: 'Octo Cat',
    GIT_COMMITTER_EMAIL: 'octo@example.com'
  }
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('git', args, { cwd, env, stdio: 'ignore' })
    child.on('error', reject)
    child.on('close', resolve)
  })
  expect(code).toBe(0)
}

describe('capture mode', () => {
  test.concurrent.each([
    ['the run id', 'id'],
    ['latest', 'latest']
  ])('with %s: captured, nothing run, the next run silent', async (_, how) => {
    const { runner, service } = await newRunner(`capture-${how}`)
    const command = 'touch side-effect; exit 1'
    const failedId = await failOnce(runner, { command, 'expect-exit': '0', 'max-retries': '0' })
    rmSync(join(runner.workspace, 'side-effect'))

    const capture = await runner.main({ command, capture: how === 'id' ? failedId : 'latest', 'capture-note': 'flaky network' })
    expect(capture.code).toBe(0)
    expect(capture.outputs.captured).toBe('true')
    expect(capture.outputs['run-id']).toBe(failedId)
    expect(existsSync(join(runner.workspace, 'side-effect'))).toBe(false)
    expect(sessionDirs(runner.stateDir)).toEqual([])
    const captured = (await cachedReceipts(service, capture)).find(receipt => receipt.run_id === failedId)
    expect(captured?.capture).toMatchObject({ note: 'flaky network', source: 'action', by: 'octocat' })

    runner.freshTemp()
    const next = await runner.main({ command, 'expect-exit': '0', 'max-retries': '0' })
    expect(uncapturedWarning(next)).toBeUndefined()
    expect(existsSync(join(runner.workspace, 'side-effect'))).toBe(true)
  })

  test.concurrent('of a run that is not there: the step fails with one line', async () => {
    const { runner } = await newRunner('capture-unknown')
    const step = await runner.main({ command: 'false', capture: '20200101-000000-verify-abcdef' })
    expect(step.code).toBe(1)
    expect(errors(step)).toHaveLength(1)
    expect(errors(step)[0]!.message).toContain('no receipt of run 20200101-000000-verify-abcdef')
    expect(step.outputs.captured).not.toBe('true')
  })
})

test.concurrent('a flaky pass: success, flagged flaky, warned, and the summary shows ✗ then ✓', async () => {
  const { runner } = await newRunner('flaky')
  const command = 'if [ -f marker ]; then echo second time lucky; else touch marker; echo FAIL first time; exit 1; fi'
  const step = await runner.main({ command, 'expect-exit': '0', 'max-retries': '2' })
  expect(step.code).toBe(0)
  expect(step.outputs).toMatchObject({ outcome: 'success', flaky: 'true', attempts: '2', 'exit-code': '0' })
  const flaky = warnings(step).filter(warning => /flaky/.test(warning.title ?? ''))
  expect(flaky).toHaveLength(1)
  expect(flaky[0]!.message).toContain('expect-exit 0 but got 1')
  const rows = step.summary.split('\n').filter(line => /^\| \d+ \|/.test(line))
  expect(rows).toHaveLength(2)
  expect(rows[0]).toMatch(/^\| 1 \| 1 \| .* \| ✗/)
  expect(rows[1]).toMatch(/^\| 2 \| 0 \| .* \| ✓ \|$/)
  expect(step.summary).toContain('(flaky)')
})

test.concurrent(
  'a failing jest run: the error annotation sits on the test file and line, and nothing shows escape codes or bookkeeping',
  async () => {
    const { runner } = await newRunner('jest-like')
    mkdirSync(join(runner.workspace, 'src'))
    writeFileSync(join(runner.workspace, 'src', 'api.test.js'), "test('returns the user', () => {})\n")
    writeFileSync(join(runner.workspace, 'jest-output.txt'), jestOutput())
    const step = await runner.main({ command: 'cat jest-output.txt; exit 1', 'expect-exit': '0', 'max-retries': '0', name: 'unit-tests' })
    expect(step.code).toBe(1)
    expect(step.stdout).toContain('\u001b[')
    for (const annotation of step.annotations) {
      expect(`${annotation.title ?? ''}\n${annotation.message}`).not.toContain('\u001b')
      expect(annotation.message).not.toMatch(/lines? omitted|more matching lines?|^…$/m)
    }
    expect(step.summary).not.toContain('\u001b')
    expect(step.summary).not.toMatch(/lines? omitted|more matching lines?/)
    expect(step.summary).toContain('api › returns the user')
    expect(step.summary).toContain('Received: 500')
    expect(step.stdout).toMatch(/^::group::Attempt 1\/1 /m)
    const located = errors(step).filter(error => error.file !== undefined)
    expect(located).toHaveLength(1)
    expect(located[0]).toMatchObject({
      file: 'src/api.test.js',
      line: 14,
      col: 23,
      title: 'unit-tests: api › returns the user failed (1/1 attempts)'
    })
    expect(located[0]!.message).toContain('Expected: 200')
    expect(located[0]!.message).toContain('Received: 500')
    expect(located[0]!.message).toContain('at Object.<anonymous> (src/api.test.js:14:23)')
  }
)

test.concurrent('a flaky pass: the warning names what failed in the failed attempt', async () => {
  const { runner } = await newRunner('flaky-network')
  const command = [
    'if [ -f marker ]; then echo "all good"; exit 0; fi',
    'touch marker',
    'echo "fetching config"',
    'echo "Error: connect ETIMEDOUT 10.0.0.5:443"',
    'echo "    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)"',
    'exit 1'
  ].join('; ')
  const step = await runner.main({ command, 'expect-exit': '0', 'max-retries': '2' })
  expect(step.code).toBe(0)
  const flaky = warnings(step).filter(warning => /flaky/.test(warning.title ?? ''))
  expect(flaky).toHaveLength(1)
  expect(flaky[0]!.title).toBe('verify: flaky — passed on attempt 2/3')
  expect(flaky[0]!.message).toContain('connect ETIMEDOUT 10.0.0.5:443')
  expect(flaky[0]!.message).toContain('Attempt 1 failed')
  expect(flaky[0]!.file).toBeUndefined()
  expect(step.summary).toContain('connect ETIMEDOUT 10.0.0.5:443')
})

test.concurrent('on-retry: runs between failed attempts only; a failing hook is a warning annotation and the retries go on', async () => {
  const { runner } = await newRunner('on-retry')
  const hook = 'echo ran >> hook-runs; echo "cache wipe failed" >&2; exit 4'
  const step = await runner.main({ command: 'echo boom; exit 1', 'expect-exit': '0', 'max-retries': '2', 'on-retry': hook })
  expect(step.code).toBe(1)
  expect(step.outputs).toMatchObject({ outcome: 'failure', attempts: '3' })
  expect(readFileSync(join(runner.workspace, 'hook-runs'), 'utf8')).toBe('ran\nran\n')
  const hookWarnings = warnings(step).filter(warning => warning.title === 'reverify: on-retry failed')
  expect(hookWarnings).toHaveLength(2)
  expect(hookWarnings[0]!.message).toMatch(/^on-retry exited 4: cache wipe failed; retrying all the same \(after attempt 1\)$/)
})

test.concurrent('every output of action.yml is set by a verify run', async () => {
  const { runner, service } = await newRunner('outputs')
  const step = await runner.main({ command: 'echo hi', 'expect-stdout': 'hi' })
  expect(step.code).toBe(0)
  const artifact = artifactsOf(service, runner)[0]!
  expect(step.outputs).toEqual({
    outcome: 'success',
    attempts: '1',
    'exit-code': '0',
    flaky: 'false',
    'run-id': expect.stringMatching(/^\d{8}-\d{6}-verify-[0-9a-f]{6}$/),
    'session-id': expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
    'trace-dir': expect.stringContaining(join(runner.stateDir, 'sessions')),
    'artifact-id': String(artifact.id),
    captured: 'false',
    quarantined: '0'
  })
})

test.concurrent('a guardrail refusal: an error annotation, a failed step, and the trace still uploaded', async () => {
  const { runner, service } = await newRunner('guardrail')
  const step = await runner.main({ command: 'rm -rf build', 'expect-exit': '0' })
  expect(step.code).toBe(1)
  expect(step.outputs.outcome).toBe('aborted')
  const refusal = errors(step).find(error => error.title === 'reverify: destructive command refused')
  expect(refusal?.message).toContain('allow-destructive')
  const artifact = artifactsOf(service, runner).find(item => item.name === `reverify-trace-${step.outputs['run-id']}`)
  expect(artifact).toBeDefined()
  const trace = readZip(artifact!.data)
    .find(entry => entry.name === 'trace.jsonl')!
    .data.toString('utf8')
  const events = trace
    .trim()
    .split('\n')
    .map(line => JSON.parse(line))
  expect(events.map(event => event.phase)).toEqual(['start', 'decision', 'note', 'end'])
  expect(events[3].payload.outcome).toBe('aborted')
})

describe('bad input fails the step with one line naming the input', () => {
  test.concurrent.each([
    ['expect-exit', { command: 'true', 'expect-exit': 'abc' }, /expect-exit.*abc/],
    [
      'upload-trace',
      { command: 'true', 'expect-exit': '0', 'upload-trace': 'sometimes' },
      /upload-trace.*sometimes.*always, on-failure, never/
    ],
    ['no expectation', { command: 'true' }, /nothing to verify against/]
  ])('%s', async (_, inputs, pattern) => {
    const { runner } = await newRunner(`bad-${Math.random().toString(16).slice(2, 8)}`)
    const step = await runner.main(inputs as Record<string, string>)
    expect(step.code).toBe(1)
    expect(errors(step)).toHaveLength(1)
    expect(errors(step)[0]!.message).toMatch(pattern)
    expect(errors(step)[0]!.message).not.toContain('\n')
    for (const text of [step.stdout, step.stderr]) expect(text).not.toMatch(/^\s+at /m)
    expect(sessionDirs(runner.stateDir)).toEqual([])
  })
})

test.concurrent('the job summary: outcome, attempts, receipt and artifact link, under 1 MiB whatever the output', async () => {
  const { runner, service } = await newRunner('summary')
  // Megabytes of failing output, and the longest script a run takes (100 command lines,
  // 16,384 characters, multi-byte), its later lines never run (the first line exits).
  const noisy = 'for i in $(seq 3000); do printf "ERROR line %s %0900d\\n" "$i" 0; done; exit 1'
  const listed = Array.from({ length: 99 }, (_, index) => `echo ${'€'.repeat(150)} <${index}>`)
  const step = await runner.main({ command: [noisy, ...listed].join('\n'), 'expect-exit': '0', 'max-retries': '1' })
  expect(step.code).toBe(1)
  expect(step.stdout.length).toBeGreaterThan(2 * 1024 * 1024)
  const bytes = Buffer.byteLength(step.summary)
  expect(bytes).toBeLessThan(1024 * 1024)
  expect(step.summary).toContain('### ❌ verify — failed after 2 attempts')
  expect(step.summary.match(/<details><summary>Attempt \d — what failed<\/summary>/g)).toHaveLength(2)
  expect(step.summary).toMatch(/\| attempt \| exit \| duration \| expect-exit 0 \|/)
  expect(step.summary.split('\n').filter(line => /^\| [12] \| 1 \|.*✗/.test(line))).toHaveLength(2)
  expect(step.summary).toContain(`Receipt \`${step.outputs['run-id']}\``)
  const artifact = artifactsOf(service, runner)[0]!
  expect(step.summary).toContain(`](https://github.com/octo/summary/actions/runs/${runner.runId}/artifacts/${artifact.id})`)
  expect(step.outputs['artifact-id']).toBe(String(artifact.id))
  for (const annotation of step.annotations) expect(annotation.message.length).toBeLessThanOrEqual(4096)
})

test.concurrent('the log: one group per attempt, the persistence chatter grouped, the verdict printed last', async () => {
  const { runner } = await newRunner('log-groups')
  // Output without a final newline must not swallow the group's end.
  const command = 'printf "no newline"; exit 1'
  const step = await runner.main({ command, 'expect-exit': '0', 'max-retries': '2' })
  expect(step.code).toBe(1)
  const runId = step.outputs['run-id']!
  const log = foldLog(step.stdout)
  expect(log.groups.map(group => group.title)).toEqual([
    'reverify: restoring the receipt history',
    `Attempt 1/3 — ${command}`,
    `Attempt 2/3 — ${command}`,
    `Attempt 3/3 — ${command}`,
    'reverify: saving the receipt history and uploading the trace'
  ])
  for (const group of log.groups.slice(1, 4)) expect(group.lines).toContain('no newline')
  const saving = log.groups[4]!.lines.join('\n')
  expect(saving).toMatch(/reverify: saved 1 receipt\(s\) of this command to cache/)
  expect(saving).toContain(`Artifact reverify-trace-${runId} successfully finalized`)
  // Outside the groups: the retry notes, the failure annotation and the verdict, last.
  const outside = log.outside.filter(line => line !== '' && !line.startsWith('::debug::'))
  expect(outside.filter(line => !line.startsWith('::error'))).toEqual([
    expect.stringMatching(/^reverify: attempt 1\/3 failed: expect-exit 0 but got 1 .*; retrying \(attempt 2\/3\)$/),
    expect.stringMatching(/^reverify: attempt 2\/3 failed: expect-exit 0 but got 1 .*; retrying \(attempt 3\/3\)$/),
    `reverify: verify — failure after 3/3 attempts · receipt ${runId}`
  ])
  expect(outside[outside.length - 1]).toBe(`reverify: verify — failure after 3/3 attempts · receipt ${runId}`)
})

test.concurrent('summary: never writes none, on-failure skips a pass and writes a failure', async () => {
  const { runner } = await newRunner('summary-input')
  const never = await runner.main({ ...failing, summary: 'never' })
  expect([never.code, never.summary]).toEqual([1, ''])
  const pass = await runner.main({ command: 'true', 'expect-exit': '0', summary: 'on-failure' })
  expect([pass.code, pass.summary]).toEqual([0, ''])
  const fail = await runner.main({ ...failing, summary: 'on-failure' })
  expect(fail.summary).toContain('### ❌ verify — failed after 1 attempt')
  const bad = await runner.main({ ...failing, summary: 'sometimes' })
  expect(errors(bad).map(error => error.message)).toEqual([expect.stringMatching(/^summary: .*sometimes.*always, on-failure, never/)])
})

test.concurrent('redact values never reach an annotation (titles included), the summary or the outputs', async () => {
  const { runner } = await newRunner('redacted')
  const secret = 'hunter2-s3cret-value'
  const step = await runner.main({ command: `echo FAIL ${secret}; exit 1`, 'expect-exit': '0', 'max-retries': '1', redact: secret })
  expect(step.code).toBe(1)
  expect(step.annotations.filter(annotation => annotation.level === 'error').length).toBeGreaterThan(0)
  for (const annotation of step.annotations) expect(`${annotation.title ?? ''} ${annotation.message}`).not.toContain(secret)
  expect(step.summary).not.toContain(secret)
  expect(JSON.stringify(step.outputs)).not.toContain(secret)
})
