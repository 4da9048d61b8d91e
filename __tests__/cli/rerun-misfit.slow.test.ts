/**
 * A preset that does not fit the command, with the real runners through the built CLI
 * (docs/design.md §1 "Rerunning only the failed tests"): a rerun whose results show none of
 * its targets says so in one line naming the setting and the command — in the log, the
 * console summary, the trace and the HTML report — and the verdict never loosens; and a
 * preset starts its runner the way the command did (`/usr/bin/python3 -m pytest` on a PATH
 * without `python`).
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { spawnCli } from '../helpers/cli.js'
import { jestProject, pytestProject } from '../helpers/rerun-projects.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'

const TIMEOUT = 180_000
const SYSTEM_PYTHON = '/usr/bin/python3'
const hasSystemPytest = spawnSync(SYSTEM_PYTHON, ['-m', 'pytest', '--version']).status === 0

function args(command: string, rerun: string, retries: number): string[] {
  return ['run', '--command', command, '--expect-exit', '0', '--test-results', 'reports/junit.xml', '--rerun-failed-tests', rerun].concat([
    '--max-retries',
    `${retries}`
  ])
}

/** The trace's misfit notes and the report, from the one run in `dir`. */
function traceOf(dir: string): { misfits: string[]; report: string } {
  const session = onlyReceipt(dir).session.dir as string
  const events = readFileSync(join(session, 'trace.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line))
  const misfits = events
    .filter(event => event.phase === 'note' && event.payload.kind === 'rerun-misfit')
    .map(event => event.payload.message)
  return { misfits, report: readFileSync(join(session, 'report.html'), 'utf8') }
}

test(
  'vitest on a jest project: the flaky pass carries the line naming the preset and the command',
  async () => {
    const dir = jestProject()
    writeFileSync(join(dir, 'fixed'), '')
    const result = await spawnCli(args('npx jest --ci', 'vitest', 2), dir)
    expect(result.code).toBe(0)
    const line = 'the rerun wrote no results for the targeted test: is `rerun-failed-tests: vitest` right for `npx jest --ci`?'
    expect(result.stderr).toContain(`reverify: warning: attempt 2: ${line}`)
    expect(result.stdout).toContain('outcome: success (flaky)')
    expect(result.stdout).toContain(`rerun: ${line}`)
    const { misfits, report } = traceOf(dir)
    expect(misfits).toEqual([line])
    expect(report).toContain(`<li>attempt 2: ${line}</li>`)
  },
  TIMEOUT
)

test(
  'pytest on a jest project: the red run blames a test the rerun never ran, and the line says why',
  async () => {
    const dir = jestProject()
    writeFileSync(join(dir, 'fixed'), '')
    const result = await spawnCli(args('npx jest --ci', 'pytest', 1), dir)
    expect(result.code).toBe(1)
    const line = 'is `rerun-failed-tests: pytest` right for `npx jest --ci`?'
    expect(result.stdout).toMatch(
      /rerun: the rerun (wrote no results for the targeted test|could not start `python` \(exit 127: not found\)): /
    )
    expect(result.stdout).toContain(line)
    // The verdict never loosens: the target the rerun did not show counts as failed.
    expect(onlyReceipt(dir).tests.failed).toEqual(['net fetches config'])
    expect(traceOf(dir).misfits).toHaveLength(1)
  },
  TIMEOUT
)

test(
  'a template whose filter matches nothing: the run fails and the line names the template',
  async () => {
    const dir = jestProject()
    const template = 'npx jest --ci --passWithNoTests {files} -t no-such-test'
    const result = await spawnCli(args('npx jest --ci', template, 1), dir)
    expect(result.code).toBe(1)
    expect(result.stdout).toContain(
      `rerun: the rerun wrote no results for the 2 targeted tests: is \`rerun-failed-tests: ${template}\` right for \`npx jest --ci\`?`
    )
    expect([...onlyReceipt(dir).tests.failed].sort()).toEqual(['api returns the user', 'net fetches config'])
  },
  TIMEOUT
)

test(
  'a rerun that shows some of its targets is an ordinary rerun: no line',
  async () => {
    const dir = jestProject()
    const result = await spawnCli(args('npx jest --ci', 'jest', 1), dir)
    expect(result.code).toBe(1)
    expect(`${result.stdout}${result.stderr}`).not.toContain('targeted test')
    expect(traceOf(dir).misfits).toEqual([])
  },
  TIMEOUT
)

/** A PATH with node and the shell tools, and no `python`: a Debian host or container with only python3. */
function pathWithoutPython(): string {
  const bin = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-no-python-')))
  for (const tool of ['bash', 'sh', 'env', 'cat', 'mkdir', 'rm', 'git']) {
    const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim()
    if (found !== '') symlinkSync(found, join(bin, tool))
  }
  symlinkSync(process.execPath, join(bin, 'node'))
  return bin
}

;(hasSystemPytest ? test : test.skip)(
  'pytest preset on `/usr/bin/python3 -m pytest` with no `python` on PATH: the rerun starts pytest the same way',
  async () => {
    const dir = pytestProject()
    const path = pathWithoutPython()
    expect(spawnSync('sh', ['-c', 'command -v python'], { env: { PATH: path } }).status).not.toBe(0)
    const result = await spawnCli(args(`${SYSTEM_PYTHON} -m pytest --junitxml=reports/junit.xml`, 'pytest', 2), dir, {
      env: { PATH: path }
    })
    expect(result.stderr).toContain(
      `rerunning the 2 failed tests only: ${SYSTEM_PYTHON} -m pytest --junitxml=reports/junit.xml 'tests/test_api.py::TestUser::test_returns_user' 'tests/test_net.py::test_fetches_config[x y-1]'`
    )
    expect(result.code).toBe(1)
    expect(executions(dir).get('net › fetches config')).toBe(2)
    expect(onlyReceipt(dir).tests.flaky).toEqual(['tests.test_net › test_fetches_config[x y-1]'])
    expect(traceOf(dir).misfits).toEqual([])
  },
  TIMEOUT
)

;(hasSystemPytest ? test : test.skip)(
  'nothing to infer and no `python` on PATH: exit 127 from the rerun, and the line points at a template',
  async () => {
    const dir = pytestProject()
    const path = pathWithoutPython()
    const script = join(dir, 'run-tests')
    writeFileSync(script, `#!/bin/sh\nexec ${SYSTEM_PYTHON} -m pytest --junitxml=reports/junit.xml "$@"\n`)
    chmodSync(script, 0o755)
    mkdirSync(dirname(join(dir, 'reports', 'x')), { recursive: true })
    const result = await spawnCli(args('./run-tests', 'pytest', 1), dir, { env: { PATH: path } })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain(
      'rerun: the rerun could not start `python` (exit 127: not found): is `rerun-failed-tests: pytest` right for `./run-tests`? A template starts the runner the way the command does'
    )
  },
  TIMEOUT
)
