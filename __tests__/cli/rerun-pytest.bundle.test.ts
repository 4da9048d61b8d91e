/**
 * Rerunning only the failed tests with a real runner (docs/design.md §1 "Rerunning only the
 * failed tests"): pytest and its --junitxml, a suite of 33 tests in three files, one flaky
 * (fails once, through a counter file; parametrized, so its name is `test_x[x y-1]`) and one
 * that always fails, inside a helper module (the failure's stack ends there, not in the
 * test's file). Every test appends its name to a file when it runs, so the test can count
 * what each attempt executed. pytest writes no file by default; its class name is the node
 * id's path (`tests.test_api.TestUser`), from which {ids} takes the file.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli } from '../helpers/cli.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'

const hasPytest = spawnSync('python', ['-m', 'pytest', '--version']).status === 0
const maybe = hasPytest ? test : test.skip

/** A pytest project in a scratch git folder. */
function suite(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-rerun-pytest-')))
  mkdirSync(join(dir, '.git'))
  writeFileSync(join(dir, 'pytest.ini'), '[pytest]\naddopts = -p no:cacheprovider\n')
  mkdirSync(join(dir, 'tests'))
  const root = `os.path.join(os.path.dirname(__file__), '..')`
  writeFileSync(
    join(dir, 'tests', 'helper.py'),
    `import os\n\ndef record(name):\n    with open(os.path.join(${root}, 'runs.log'), 'a') as log:\n        log.write(name + '\\n')\n\ndef check_fixed():\n    assert os.path.exists(os.path.join(${root}, 'fixed'))\n`
  )
  for (const file of ['api', 'net', 'util']) {
    // api's tests are a class's methods; the others are functions.
    const indent = file === 'api' ? '    ' : ''
    const self = file === 'api' ? 'self, ' : ''
    const tests = Array.from({ length: 11 }, (_, index) => {
      if (file === 'net' && index === 3) {
        // Flaky: fails the first time it ever runs.
        return [
          `@pytest.mark.parametrize('host,port', [('x y', 1)])`,
          `def test_fetches_config(host, port):`,
          `    record('net › fetches config')`,
          `    flag = os.path.join(${root}, 'flaky-ran')`,
          `    first = not os.path.exists(flag)`,
          `    open(flag, 'w').close()`,
          `    assert not first`
        ]
      }
      if (file === 'api' && index === 7)
        return [`def test_returns_user(self):`, `    record('api › returns the user')`, `    check_fixed()`]
      return [`def test_${file}_case_${index}(${self.replace(', ', '')}):`, `    record('${file} case ${index}')`]
    })
    const body = tests.map(lines => lines.map(line => `${indent}${line}`).join('\n')).join('\n\n')
    const head = `import os\nimport pytest\nfrom helper import record, check_fixed\n\n`
    writeFileSync(join(dir, 'tests', `test_${file}.py`), `${head}${file === 'api' ? 'class TestUser:\n' : ''}${body}\n`)
  }
  return dir
}

const ARGS = [
  'run',
  '--command',
  'python -m pytest --junitxml=reports/junit.xml',
  '--expect-exit',
  '0',
  '--test-results',
  'reports/junit.xml',
  '--rerun-failed-tests',
  'pytest',
  '--max-retries',
  '2'
]

const FLAKY = 'tests.test_net › test_fetches_config[x y-1]'
const BROKEN = 'tests.test_api.TestUser › test_returns_user'

maybe(
  'the retry runs exactly the 2 failed tests; the flaky one is named flaky, the broken one is the failure',
  async () => {
    const dir = suite()
    const result = await spawnCli(ARGS, dir)
    expect(result.code).toBe(1)
    const counts = executions(dir)
    expect(counts.size).toBe(33)
    const others = [...counts].filter(([name]) => name !== 'net › fetches config' && name !== 'api › returns the user')
    expect(others.filter(([, count]) => count !== 1)).toEqual([])
    // Attempt 1 ran everything; attempt 2 the two failures; attempt 3 the one still failing.
    expect(counts.get('net › fetches config')).toBe(2)
    expect(counts.get('api › returns the user')).toBe(3)
    // The ids name the test's own module, not the helper its failure's stack ends in.
    expect(result.stderr).toContain(
      "rerunning the 2 failed tests only: python -m pytest --junitxml=reports/junit.xml 'tests/test_api.py::TestUser::test_returns_user' 'tests/test_net.py::test_fetches_config[x y-1]'"
    )
    const receipt = onlyReceipt(dir)
    expect(receipt.status).toBe('failed')
    expect(receipt.tests.flaky).toEqual([FLAKY])
    expect(receipt.tests.failed).toEqual([BROKEN])
  },
  120_000
)

maybe(
  'with the broken test fixed: success, flaky, and nothing ran twice but the flaky test',
  async () => {
    const dir = suite()
    writeFileSync(join(dir, 'fixed'), '')
    const result = await spawnCli(ARGS, dir)
    expect(result.code).toBe(0)
    const counts = executions(dir)
    expect([...counts].filter(([, count]) => count !== 1)).toEqual([['net › fetches config', 2]])
    const receipt = onlyReceipt(dir)
    expect(receipt).toMatchObject({ status: 'passed', flaky: true })
    expect(existsSync(join(dir, 'flaky-ran'))).toBe(true)
  },
  120_000
)

maybe(
  'a template whose filter matches nothing: the rerun exits 0 and the run is still a failure, naming the tests not rerun',
  async () => {
    const dir = suite()
    // pytest exits 5 when nothing is collected; the template turns that into 0.
    const template = 'python -m pytest --junitxml=reports/junit.xml {ids} -k no_such_test || test $? = 5'
    const result = await spawnCli([...ARGS.slice(0, -4), '--rerun-failed-tests', template, '--max-retries', '1'], dir)
    expect(result.code).toBe(1)
    expect(`${result.stdout}${result.stderr}`).toContain(`not in the results, so not rerun: ${BROKEN}; ${FLAKY}`)
    const receipt = onlyReceipt(dir)
    expect(receipt.status).toBe('failed')
    expect([...receipt.tests.failed].sort()).toEqual([BROKEN, FLAKY].sort())
  },
  120_000
)
