/**
 * `--test-results` through the built CLI (dist/cli.js): a test that fails in attempt 1 and
 * passes in attempt 2 is a flaky test in the summary, the trace and the receipt; two such
 * runs make `reverify flaky` count it twice; hostile files are warnings that leave the
 * verdict alone.
 */
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { spawnCli, scratchRepo } from '../helpers/cli.js'
import { hostileFiles, junitReport } from '../helpers/junit.js'
import { expectWellFormedTrace, sessionDirs } from '../helpers/trace.js'

let repo: string
beforeEach(async () => {
  repo = await scratchRepo()
  mkdirSync(join(repo, 'fixtures'))
  writeFileSync(join(repo, 'fixtures', 'fail.xml'), junitReport({ 'api returns the user': 'failed', 'api lists users': 'passed' }))
  writeFileSync(join(repo, 'fixtures', 'pass.xml'), junitReport({ 'api returns the user': 'passed', 'api lists users': 'passed' }))
})
afterEach(() => rmSync(repo, { recursive: true, force: true }))

/** Fails "api returns the user" on its first attempt (per run), passes it on the second; writes the report each time. */
const FLAKY_TESTS =
  'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; mkdir -p reports; ' +
  'if [ $n -eq 1 ]; then cp fixtures/fail.xml reports/junit.xml; echo "FAIL api returns the user"; exit 1; fi; cp fixtures/pass.xml reports/junit.xml'
const RUN = ['run', '--command', FLAKY_TESTS, '--expect-exit', '0', '--max-retries', '2', '--test-results', 'reports/*.xml']

test('a test failing in attempt 1 and passing in attempt 2: success, flaky, named in the summary, the trace and the receipt', async () => {
  const result = await spawnCli(RUN, repo)
  expect(result.code).toBe(0)
  expect(result.stdout).toContain('outcome: success (flaky) · attempts: 2/3')
  expect(result.stdout).toContain('tests: 2 (attempt 2) · flaky: api returns the user')
  expect(result.stderr).not.toContain('warning')

  const shown = await spawnCli(['receipts', 'show', 'latest', '--json'], repo)
  const receipt = JSON.parse(shown.stdout)
  expect(receipt.schema_version).toBe(2)
  expect(receipt.status).toBe('passed')
  expect(receipt.flaky).toBe(true)
  expect(receipt.tests).toEqual({
    total: 2,
    failed: [],
    flaky: ['api returns the user'],
    attempts: [
      { attempt: 1, ran: 2, rerun: false },
      { attempt: 2, ran: 2, rerun: false }
    ]
  })

  const [dir] = sessionDirs(join(repo, '.reverify'))
  const notes = expectWellFormedTrace(dir!).filter(event => event.phase === 'note' && event.payload.tests !== undefined)
  expect(notes.map(event => (event.payload.tests as { attempt: number }).attempt)).toEqual([1, 2])
  expect(notes[0]!.payload.message).toBe('attempt 1: 2 tests in reports/junit.xml · 1 failed (api returns the user)')
  expect((notes[0]!.payload.tests as any).failed_tests[0]).toMatchObject({ name: 'api returns the user', outcome: 'failed' })
  expect((notes[1]!.payload.tests as any).recovered).toEqual(['api returns the user'])
})

test('two such runs: `reverify flaky` lists the test with count 2', async () => {
  for (let run = 0; run < 2; run++) {
    rmSync(join(repo, 'count'), { force: true })
    expect((await spawnCli(RUN, repo)).code).toBe(0)
  }
  const json = await spawnCli(['flaky', '--json'], repo)
  expect(json.code).toBe(0)
  const listed = JSON.parse(json.stdout)
  expect(listed.runs).toBe(2)
  expect(listed.tests).toEqual([expect.objectContaining({ name: 'api returns the user', flaky: 2, failed: 0 })])

  const plain = await spawnCli(['flaky'], repo)
  expect(plain.stdout).toContain('tests that flaked or failed in 2 runs with test results')
  expect(plain.stdout).toMatch(/^ {4}2 {7}0 {6}2 {2}100 % {2}\d{4}-\d{2}-\d{2} {2}\d{8}-\d{6}-verify-[0-9a-f]{6} {2}api returns the user$/m)
  expect((await spawnCli(['flaky', '--since', '1'], repo)).stdout).toContain('in 2 runs of the last 1 day with test results')
  expect((await spawnCli(['flaky', '--since', '0'], repo)).stderr).toContain('--since')
})

test('hostile and broken results files: a warning naming each, the verdict what it would be without them', async () => {
  mkdirSync(join(repo, 'hostile'))
  const secret = join(repo, 'secret.txt')
  writeFileSync(secret, 'TOP-SECRET-CONTENT')
  const files = hostileFiles(secret)
  for (const [name, content] of Object.entries(files)) writeFileSync(join(repo, 'hostile', name), content, 'latin1')
  const writeAll = 'mkdir -p reports && cp hostile/* reports/'
  for (const [exit, code] of [
    [0, 0],
    [1, 1]
  ]) {
    const result = await spawnCli(
      ['run', '--command', `${writeAll} && exit ${exit}`, '--expect-exit', '0', '--max-retries', '0', '--test-results', 'reports/*.xml'],
      repo
    )
    expect(result.code).toBe(code)
    for (const name of Object.keys(files))
      expect(result.stderr).toContain(`reverify: warning: test-results (attempt 1): reports/${name}: ignored`)
    expect(result.stderr).toContain('reports/bomb.xml: ignored: it has a DOCTYPE')
    expect(result.stdout).not.toContain('tests:')
    expect(result.stdout + result.stderr).not.toContain('TOP-SECRET')
  }
  const receipt = JSON.parse((await spawnCli(['receipts', 'show', 'latest', '--json'], repo)).stdout)
  expect(receipt.tests).toBeUndefined()
})

test('a report left over from before the attempt is not read: a warning that nothing new matched', async () => {
  mkdirSync(join(repo, 'reports'))
  const stale = join(repo, 'reports', 'junit.xml')
  writeFileSync(stale, readFileSync(join(repo, 'fixtures', 'fail.xml')))
  const hourAgo = new Date(Date.now() - 3_600_000)
  utimesSync(stale, hourAgo, hourAgo)
  const result = await spawnCli(['run', '--command', 'true', '--expect-exit', '0', '--test-results', 'reports/*.xml'], repo)
  expect(result.code).toBe(0)
  expect(result.stderr).toContain('reverify: warning: test-results (attempt 1): reports/*.xml: no file written during the attempt matched')
  expect(result.stdout).not.toContain('api returns the user')
})

test('a secret in a results file is redacted everywhere it goes: console, trace and receipt', async () => {
  const secret = 'hunter2-token-value'
  writeFileSync(join(repo, 'fixtures', 'secret.xml'), junitReport({ [`api sends ${secret}`]: 'failed' }))
  const result = await spawnCli(
    [
      'run',
      '--command',
      'cp fixtures/secret.xml junit.xml; exit 1',
      '--expect-exit',
      '0',
      '--max-retries',
      '0',
      '--test-results',
      'junit.xml',
      '--redact',
      secret
    ],
    repo
  )
  expect(result.code).toBe(1)
  expect(result.stdout).toContain('failed: api sends [redacted:redact-input]')
  const [dir] = sessionDirs(join(repo, '.reverify'))
  const receipt = readFileSync(join(repo, '.reverify', 'runs', /^receipt: (\S+)$/m.exec(result.stdout)![1]!, 'receipt.json'), 'utf8')
  expect(JSON.parse(receipt).tests.failed).toEqual(['api sends [redacted:redact-input]'])
  for (const text of [
    result.stdout,
    result.stderr,
    receipt,
    readFileSync(join(dir!, 'trace.jsonl'), 'utf8'),
    readFileSync(join(dir!, 'report.html'), 'utf8')
  ]) {
    expect(text).not.toContain(secret)
  }
})

test('a pattern through a linked folder: one warning naming the link, nothing outside the working directory is read', async () => {
  const outside = await scratchRepo('reverify-outside-')
  try {
    writeFileSync(join(outside, 'results.xml'), junitReport({ 'read from outside': 'failed' }))
    const result = await spawnCli(
      [
        'run',
        '--command',
        `touch ${outside}/results.xml && ln -s ${outside} linked`,
        '--expect-exit',
        '0',
        '--test-results',
        'linked/results.xml'
      ],
      repo
    )
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(
      'reverify: warning: test-results (attempt 1): linked/results.xml: not searched: linked is a symbolic link, and links are not followed'
    )
    expect(result.stdout).not.toContain('read from outside')
    expect(result.stdout).not.toMatch(/tests: \d/)
  } finally {
    rmSync(outside, { recursive: true, force: true })
  }
})
