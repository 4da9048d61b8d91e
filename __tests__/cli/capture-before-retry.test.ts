/** Capture-before-retry end to end through the CLI: warn, block, off, capture, identity, config. */
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { runCli, scratchRepo, type CliResult } from '../helpers/cli.js'
import { readTrace, runDirs, sessionDirs } from '../helpers/trace.js'

let repo: string
beforeEach(async () => {
  repo = await scratchRepo()
})

const stateDir = () => join(repo, '.reverify')
const configPath = () => join(repo, '.reverify', 'config.json')
const receiptPathOf = (runId: string, state = stateDir()) => join(state, 'runs', runId, 'receipt.json')
const receiptOf = (runId: string, state = stateDir()) => JSON.parse(readFileSync(receiptPathOf(runId, state), 'utf8'))

/** `reverify run` of one command with one attempt; extra flags appended. */
function verify(command: string, expectation: string[], extra: string[] = [], cwd = repo): Promise<CliResult> {
  return runCli(['run', '--command', command, ...expectation, '--max-retries', '0', ...extra], cwd)
}
const failing = (command = 'false', extra: string[] = [], cwd = repo) => verify(command, ['--expect-exit', '0'], extra, cwd)
const passing = (command = 'true', extra: string[] = [], cwd = repo) => verify(command, ['--expect-exit', '0'], extra, cwd)

/** The receipt id a finished run printed in its summary. */
function runIdOf(result: CliResult): string {
  const match = /^receipt: (\d{8}-\d{6}-verify-[0-9a-f]{6})$/m.exec(result.stdout)
  if (!match) throw new Error(`no receipt id in:\n${result.stdout}\n${result.stderr}`)
  return match[1]!
}

/** A run that failed verification, and its receipt id. */
async function failedRun(command = 'false', extra: string[] = [], cwd = repo): Promise<string> {
  const result = await failing(command, extra, cwd)
  expect(result.code).toBe(1)
  return runIdOf(result)
}

/** The warn-mode message: it names the failed run and the command that captures it. */
function expectWarning(result: CliResult, failedRunId: string): void {
  expect(result.stderr).toContain(
    `reverify: warning: The last run of this verify command (${failedRunId}) failed and nobody captured what happened`
  )
  // A state directory that is not the repository's default is named, so the command works as printed.
  expect(result.stderr).toMatch(new RegExp(`reverify capture ${failedRunId}( --state-dir \\S+)? --note "<what you found>"`))
}

/** No capture-before-retry message of any kind. */
function expectSilent(result: CliResult): void {
  expect(result.stderr).not.toContain('nobody captured')
  expect(result.stderr).not.toContain('reverify capture')
  expect(result.stderr).not.toMatch(/warning|error/i)
}

/** Every path under a directory, relative to it, sorted: the shape of the state directory. */
function treeOf(dir: string): string[] {
  const out: string[] = []
  const walk = (current: string): void => {
    for (const name of readdirSync(current)) {
      const path = join(current, name)
      out.push(relative(dir, path))
      if (lstatSync(path).isDirectory()) walk(path)
    }
  }
  if (existsSync(dir)) walk(dir)
  return out.sort()
}

/** Index entry files (index/<list>/<key>/<entry>). */
function indexEntries(state: string): string[] {
  return treeOf(join(state, 'index')).filter(path => path.split('/').length === 3)
}

describe('warn (the default)', () => {
  test('a retry of a failed run warns with the run id and the capture command, then proceeds', async () => {
    const failedId = await failedRun()
    const runsBefore = runDirs(stateDir())
    const retry = await failing()
    expect(retry.code).toBe(1)
    expectWarning(retry, failedId)
    const retryId = runIdOf(retry)
    expect(retryId).not.toBe(failedId)
    expect(runDirs(stateDir()).sort()).toEqual([...runsBefore, retryId].sort())
    expect(sessionDirs(stateDir())).toHaveLength(2)
    expect(receiptOf(retryId)).toMatchObject({ status: 'failed' })
    // The retry's trace says which failure it ignored.
    const retrySession = receiptOf(retryId).session.dir
    const notes = readTrace(retrySession)
      .filter(event => event.phase === 'note')
      .map(event => event.payload.message)
    expect(notes).toContain(`retrying after failed run ${failedId}, which nobody captured`)
  })

  test('each new uncaptured failure is the one named next', async () => {
    await failedRun()
    const second = await failing()
    const third = await failing()
    expectWarning(third, runIdOf(second))
  })

  test('a first run and passing reruns say nothing', async () => {
    for (let i = 0; i < 3; i++) {
      const result = await passing()
      expect(result.code).toBe(0)
      expectSilent(result)
    }
  })

  test('a pass after a failure silences later retries, even with the older failure uncaptured', async () => {
    const command = 'test -f ok'
    const failedId = await failedRun(command)
    writeFileSync(join(repo, 'ok'), '')
    const pass = await passing(command)
    expect(pass.code).toBe(0)
    expectWarning(pass, failedId) // the pass itself was a retry of the failure
    const passId = runIdOf(pass)

    // A failed receipt that started an hour before the pass but lands on disk after it
    // (a restored cache), under an id that sorts after the pass's: "latest" is by start
    // time first, not by when the file appeared or by id.
    const older = receiptOf(failedId)
    const passStart = Date.parse(receiptOf(passId).started_at)
    const olderStart = new Date(passStart - 3600_000).toISOString()
    const laterStamp = new Date(passStart + 3600_000).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
    const olderId = `${laterStamp}-verify-a1d0ff`
    mkdirSync(join(stateDir(), 'runs', olderId))
    writeFileSync(receiptPathOf(olderId), JSON.stringify({ ...older, run_id: olderId, started_at: olderStart, ended_at: olderStart }))

    for (let i = 0; i < 2; i++) {
      const again = await passing(command)
      expect(again.code).toBe(0)
      expectSilent(again)
    }
  })
})

describe('block', () => {
  test.each([
    ['the flag', async () => ['--capture-before-retry', 'block']],
    ['the flag, trimmed and in capitals', async () => ['--capture-before-retry', ' BLOCK ']],
    [
      'the config file (written by config set)',
      async () => {
        expect((await runCli(['config', 'set', 'capture-before-retry', 'block'], repo)).code).toBe(0)
        return []
      }
    ],
    [
      'the config file (hand-written, any case)',
      async () => {
        writeFileSync(configPath(), '{ "capture_before_retry": " Block " }\n')
        return []
      }
    ]
  ])('via %s: exit 1, the error names the run, nothing of a run is created', async (_label, arrange) => {
    const command = 'echo ran >> ran.log; false'
    const failedId = await failedRun(command)
    const extra = await arrange()
    const before = treeOf(stateDir())
    const runsBefore = runDirs(stateDir()).length
    const indexBefore = indexEntries(stateDir()).length
    const sessionsBefore = sessionDirs(stateDir()).length
    expect(runsBefore).toBe(1)
    expect(indexBefore).toBeGreaterThan(0)

    const result = await failing(command, extra)

    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(`reverify: error: The last run of this verify command (${failedId}) failed`)
    expect(result.stderr).toContain('capture-before-retry: block')
    expect(result.stderr).toContain(`reverify capture ${failedId} --note "<what you found>"`)
    expect(readFileSync(join(repo, 'ran.log'), 'utf8')).toBe('ran\n') // the command never ran again
    expect(runDirs(stateDir())).toHaveLength(runsBefore)
    expect(indexEntries(stateDir())).toHaveLength(indexBefore)
    expect(sessionDirs(stateDir())).toHaveLength(sessionsBefore)
    expect(treeOf(stateDir())).toEqual(before)
  })

  test('the identity is checked, not the expectations: another command still runs', async () => {
    await failedRun()
    const other = await passing('true', ['--capture-before-retry', 'block'])
    expect(other.code).toBe(0)
    expectSilent(other)
  })

  test('the flag overrides the config file both ways', async () => {
    const failedId = await failedRun()
    writeFileSync(configPath(), JSON.stringify({ capture_before_retry: 'block' }))
    const warned = await failing('false', ['--capture-before-retry', 'warn'])
    expect(warned.code).toBe(1)
    expectWarning(warned, failedId)

    writeFileSync(configPath(), JSON.stringify({ capture_before_retry: 'off' }))
    const blocked = await failing('false', ['--capture-before-retry', 'block'])
    expect(blocked.code).toBe(1)
    expect(blocked.stderr).toContain(`reverify: error: The last run of this verify command (${runIdOf(warned)})`)
  })
})

describe('capture', () => {
  test('reverify capture <id> --note: the retry proceeds silently, the receipt records who and what', async () => {
    const failedId = await failedRun()
    const captured = await runCli(['capture', failedId, '--note', 'the mirror was down'], repo, { USER: 'alice' })
    expect(captured.code).toBe(0)
    expect(captured.stdout).toContain(`captured ${failedId}`)
    expect(receiptOf(failedId).capture).toMatchObject({ note: 'the mirror was down', source: 'cli', by: 'alice' })
    expect(Number.isNaN(Date.parse(receiptOf(failedId).capture.captured_at))).toBe(false)

    const retry = await failing('false', ['--capture-before-retry', 'block'])
    expect(retry.code).toBe(1) // it ran (and failed again), rather than being blocked
    expectSilent(retry)
    expect(runDirs(stateDir())).toHaveLength(2)
  })

  test('capture latest takes the newest failed, uncaptured run of the repository', async () => {
    const firstId = await failedRun('false')
    const secondId = await failedRun('exit 3')
    const captured = await runCli(['capture', 'latest'], repo)
    expect(captured.code).toBe(0)
    expect(captured.stdout).toContain(`captured ${secondId}`)
    expect(receiptOf(secondId).capture).toMatchObject({ note: '', source: 'cli' })
    expect(receiptOf(firstId).capture).toBeUndefined()

    expectSilent(await failing('exit 3'))
    expectWarning(await failing('false'), firstId)
  })

  test('capture latest skips runs already captured', async () => {
    const firstId = await failedRun('false')
    const secondId = await failedRun('exit 3')
    expect((await runCli(['capture', secondId], repo)).code).toBe(0)
    const next = await runCli(['capture', 'latest', '--note', 'seen'], repo)
    expect(next.stdout).toContain(`captured ${firstId}`)
    expectSilent(await verify('false', ['--expect-exit', '1']))
  })

  test('a capture covers that failure only: the next failure warns again', async () => {
    const failedId = await failedRun()
    await runCli(['capture', failedId, '--note', 'known'], repo)
    const retry = await failing()
    expectSilent(retry)
    expectWarning(await failing(), runIdOf(retry))
  })
})

describe('off', () => {
  test('no check at all, even right after a failure (flag or config)', async () => {
    await failedRun()
    const viaFlag = await failing('false', ['--capture-before-retry', 'off'])
    expect(viaFlag.code).toBe(1)
    expectSilent(viaFlag)
    const notes = readTrace(receiptOf(runIdOf(viaFlag)).session.dir).filter(event => event.phase === 'note')
    expect(notes.map(event => event.payload.message).join('\n')).not.toContain('nobody captured')

    expect((await runCli(['config', 'set', 'capture-before-retry', 'off'], repo)).code).toBe(0)
    const viaConfig = await failing()
    expect(viaConfig.code).toBe(1)
    expectSilent(viaConfig)
  })
})

describe('identity', () => {
  test('leading environment assignments are part of it', async () => {
    const withVar = await failedRun('VAR=1 false')
    const plain = await failing('false')
    expectSilent(plain)
    expectSilent(await failing('VAR=2 false'))
    expectWarning(await failing('VAR=1 false'), withVar)
    expectWarning(await failing('false'), runIdOf(plain))
  })

  test('whitespace and equivalent quoting do not make a new identity', async () => {
    const expectation = ['--expect-stdout', 'never printed']
    const first = await verify('echo   "a b"', expectation)
    expect(first.code).toBe(1)
    const firstId = runIdOf(first)
    expect(receiptOf(firstId).identity).toEqual(["echo 'a b'"])

    const requoted = await verify("  echo 'a b'  ", ['--expect-stdout', 'a b'])
    expect(requoted.code).toBe(0)
    expectWarning(requoted, firstId)
    expect(receiptOf(runIdOf(requoted)).identity_hash).toBe(receiptOf(firstId).identity_hash)

    // Whitespace inside quotes is part of the argument: a different command.
    await verify('echo   "a b"', expectation)
    expectSilent(await verify('echo "a  b"', expectation))
  })

  test('a different scope is a different history', async () => {
    const linux = await failedRun('false', ['--scope', 'linux'])
    expectSilent(await failing('false', ['--scope', 'mac']))
    const unscoped = await failing('false')
    expectSilent(unscoped)
    expectWarning(await failing('false', ['--scope', ' linux ']), linux)
  })

  test('another repository sharing the state directory is a different target', async () => {
    const shared = await mkdtemp(join(tmpdir(), 'reverify-shared-state-'))
    const other = await scratchRepo()
    const failedId = await failedRun('false', ['--state-dir', shared])
    const elsewhere = await failing('false', ['--state-dir', shared], other)
    expect(elsewhere.code).toBe(1)
    expectSilent(elsewhere)
    expect(receiptOf(runIdOf(elsewhere), shared).target).toBe(other)

    // A subdirectory of the first repository is still that repository.
    mkdirSync(join(repo, 'sub'))
    const inSub = await failing('false', ['--state-dir', shared], join(repo, 'sub'))
    expectWarning(inSub, failedId)
  })
})

describe('configuration', () => {
  test('config set writes the key, and omits it for the default', async () => {
    expect(existsSync(configPath())).toBe(false)
    const block = await runCli(['config', 'set', 'capture-before-retry', ' BLOCK '], repo)
    expect(block.code).toBe(0)
    expect(JSON.parse(readFileSync(configPath(), 'utf8'))).toEqual({ capture_before_retry: 'block' })

    writeFileSync(configPath(), JSON.stringify({ capture_before_retry: 'block', team_note: 'kept' }))
    expect((await runCli(['config', 'set', 'capture-before-retry', 'off'], repo)).code).toBe(0)
    expect(JSON.parse(readFileSync(configPath(), 'utf8'))).toEqual({ capture_before_retry: 'off', team_note: 'kept' })

    expect((await runCli(['config', 'set', 'capture-before-retry', 'warn'], repo)).code).toBe(0)
    expect(JSON.parse(readFileSync(configPath(), 'utf8'))).toEqual({ team_note: 'kept' })
  })

  test('config set of an invalid value: exit 2, one line, the file untouched', async () => {
    mkdirSync(stateDir())
    writeFileSync(configPath(), '{"capture_before_retry": "off"}')
    for (const value of ['maybe', 'true', '1', '']) {
      const result = await runCli(['config', 'set', 'capture-before-retry', value], repo)
      expect(result.code).toBe(2)
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1)
      expect(result.stderr).toContain('allowed: warn, block, off')
    }
    expect(readFileSync(configPath(), 'utf8')).toBe('{"capture_before_retry": "off"}')
  })

  const invalidValues: [string, unknown][] = [
    ['"maybe"', 'maybe'],
    ['"1"', '1'],
    ['"true"', 'true'],
    ['""', ''],
    ['the number 1', 1],
    ['an object', { mode: 'block' }]
  ]

  test.each(invalidValues)(
    'an invalid value in the file (%s): run and capture exit 2 with one line naming the file',
    async (_label, value) => {
      const failedId = await failedRun()
      writeFileSync(configPath(), JSON.stringify({ capture_before_retry: value }))
      const runsBefore = runDirs(stateDir()).length

      const run = await passing('touch ran')
      const capture = await runCli(['capture', failedId, '--note', 'x'], repo)
      for (const result of [run, capture]) {
        expect(result.code).toBe(2)
        expect(result.stdout).toBe('')
        const lines = result.stderr.trimEnd().split('\n')
        expect(lines).toHaveLength(1)
        expect(lines[0]).toContain(configPath())
        expect(lines[0]).toContain('allowed: warn, block, off')
      }
      expect(existsSync(join(repo, 'ran'))).toBe(false)
      expect(runDirs(stateDir())).toHaveLength(runsBefore)
      expect(receiptOf(failedId).capture).toBeUndefined()
    }
  )

  test('config set repairs a file holding an invalid value', async () => {
    mkdirSync(stateDir())
    writeFileSync(configPath(), JSON.stringify({ capture_before_retry: 'maybe' }))
    const result = await runCli(['config', 'set', 'capture-before-retry', 'block'], repo)
    expect(result.code).toBe(0)
    expect(JSON.parse(readFileSync(configPath(), 'utf8'))).toEqual({ capture_before_retry: 'block' })
  })

  test.each([
    ['not JSON', '{capture_before_retry: block'],
    ['not an object', '["block"]']
  ])('a config file that is %s: run, capture and config set exit 2 naming the file', async (_label, text) => {
    mkdirSync(stateDir(), { recursive: true })
    writeFileSync(configPath(), text)
    for (const argv of [
      ['run', '--command', 'touch ran', '--expect-exit', '0'],
      ['capture', 'latest'],
      ['config', 'set', 'capture-before-retry', 'block']
    ]) {
      const result = await runCli(argv, repo)
      expect(result.code).toBe(2)
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1)
      expect(result.stderr).toContain(configPath())
    }
    expect(existsSync(join(repo, 'ran'))).toBe(false)
    expect(readFileSync(configPath(), 'utf8')).toBe(text)
  })

  test('an invalid flag value: exit 2, one line naming the allowed values, nothing runs', async () => {
    const result = await passing('touch ran', ['--capture-before-retry', 'maybe'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe("reverify: --capture-before-retry: 'maybe' is not allowed; expected one of warn, block, off\n")
    expect(existsSync(join(repo, 'ran'))).toBe(false)
    expect(runDirs(stateDir())).toHaveLength(0)
  })
})

describe('an untrusted store', () => {
  test('corrupt receipts are skipped with a warning naming them, the right failure is still found, nothing is deleted', async () => {
    const failedId = await failedRun()
    const good = receiptOf(failedId)
    const later = (seconds: number, suffix: string): string => {
      const start = new Date(Date.parse(good.started_at) + seconds * 1000)
      return `${start.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}-verify-${suffix}`
    }
    // Each of these, if believed, would be a newer receipt of the same command that passed.
    const passedAs = (runId: string, seconds: number) => ({
      ...good,
      run_id: runId,
      status: 'passed',
      started_at: new Date(Date.parse(good.started_at) + seconds * 1000).toISOString()
    })
    const badJson = later(10, 'b0000a')
    const wrongSchema = later(20, 'b0000b')
    const linkedDir = later(30, 'b0000c')
    const linkedFile = later(40, 'b0000d')
    const misfiled = later(50, 'b0000e')
    const outside = await mkdtemp(join(tmpdir(), 'reverify-outside-'))
    const runs = join(stateDir(), 'runs')

    mkdirSync(join(runs, badJson))
    writeFileSync(receiptPathOf(badJson), '{"schema_version": 1, "run_id": ')
    mkdirSync(join(runs, wrongSchema))
    writeFileSync(receiptPathOf(wrongSchema), JSON.stringify({ ...passedAs(wrongSchema, 20), schema_version: 3 }))
    mkdirSync(join(outside, linkedDir))
    writeFileSync(join(outside, linkedDir, 'receipt.json'), JSON.stringify(passedAs(linkedDir, 30)))
    symlinkSync(join(outside, linkedDir), join(runs, linkedDir))
    mkdirSync(join(runs, linkedFile))
    writeFileSync(join(outside, 'receipt.json'), JSON.stringify(passedAs(linkedFile, 40)))
    symlinkSync(join(outside, 'receipt.json'), receiptPathOf(linkedFile))
    mkdirSync(join(runs, misfiled))
    writeFileSync(receiptPathOf(misfiled), JSON.stringify(passedAs(later(50, 'c0000e'), 50)))
    const planted = [badJson, wrongSchema, linkedDir, linkedFile, misfiled].map(id => receiptPathOf(id))
    const contents = planted.map(path => readFileSync(path, 'utf8'))

    const retry = await failing()
    expect(retry.code).toBe(1)
    expectWarning(retry, failedId)
    for (const path of planted) expect(retry.stderr).toContain(`reverify: warning: skipped ${path}`)
    expect(retry.stderr).toMatch(/skipped \S+b0000a\/receipt\.json: not valid JSON/)
    expect(retry.stderr).toMatch(/skipped \S+b0000b\/receipt\.json: not a valid receipt \(schema_version/)
    expect(retry.stderr).toMatch(/skipped \S+b0000c\/receipt\.json: \S+ is a symbolic link/)
    expect(retry.stderr).toMatch(/skipped \S+b0000d\/receipt\.json: (\S+ )?is a symbolic link/)
    expect(retry.stderr).toMatch(/skipped \S+b0000e\/receipt\.json: its run_id \S+c0000e does not match its directory/)

    planted.forEach((path, index) => expect(readFileSync(path, 'utf8')).toBe(contents[index]))
    expect(lstatSync(join(runs, linkedDir)).isSymbolicLink()).toBe(true)
    expect(lstatSync(receiptPathOf(linkedFile)).isSymbolicLink()).toBe(true)
  })

  test.each([
    ['the whole index', (state: string) => join(state, 'index')],
    ['one list of the index', (state: string) => join(state, 'index', 'history', readdirSync(join(state, 'index', 'history'))[0]!)]
  ])('a symlink in place of %s is not followed: the failure is still found, the run completes', async (_label, linked) => {
    const failedId = await failedRun()
    // An empty directory behind the link: believed, it would hide the failure.
    const outside = await mkdtemp(join(tmpdir(), 'reverify-outside-'))
    const link = linked(stateDir())
    renameSync(link, join(outside, 'moved-away'))
    mkdirSync(join(outside, 'empty'))
    symlinkSync(join(outside, 'empty'), link)

    const blocked = await failing('false', ['--capture-before-retry', 'block'])
    expect(blocked.code).toBe(1)
    expect(blocked.stderr).toContain(`reverify: error: The last run of this verify command (${failedId}) failed`)
    expect(blocked.stderr).toMatch(
      /reverify: warning: the receipt index in \S+ could not be \w+.*symbolic link.*reading every receipt instead/
    )

    const retry = await failing()
    expect(retry.code).toBe(1)
    expect(retry.stderr).not.toContain('internal error')
    expectWarning(retry, failedId)
    expect(receiptOf(runIdOf(retry))).toMatchObject({ status: 'failed' })
    expect(readdirSync(join(outside, 'empty'))).toEqual([])
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
  })

  test.each(['runs', 'sessions'])('a symlink in place of %s/: one line, exit 2, nothing runs', async name => {
    await failedRun()
    const outside = await mkdtemp(join(tmpdir(), 'reverify-outside-'))
    renameSync(join(stateDir(), name), join(outside, name))
    symlinkSync(join(outside, name), join(stateDir(), name))

    const result = await passing('touch ran')
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      `reverify: ${join(stateDir(), name)} is a symbolic link; it is not followed; reverify keeps its state in real directories only, so move it out of the way\n`
    )
    expect(existsSync(join(repo, 'ran'))).toBe(false)
  })

  test('a receipt corrupted after it was indexed is skipped; the newest readable one decides', async () => {
    const command = 'test -f ok'
    const failedId = await failedRun(command)
    writeFileSync(join(repo, 'ok'), '')
    const passId = runIdOf(await passing(command))
    writeFileSync(receiptPathOf(passId), 'garbage')

    const retry = await passing(command)
    expect(retry.code).toBe(0)
    expect(retry.stderr).toContain(`reverify: warning: skipped ${receiptPathOf(passId)}: not valid JSON`)
    expectWarning(retry, failedId)
    expect(readFileSync(receiptPathOf(passId), 'utf8')).toBe('garbage')
  })
})
