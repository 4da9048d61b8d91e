/**
 * JUnit files written by six real producers (see __tests__/fixtures/junit/README.md) parse
 * to the tests they hold: names, outcomes, counts, and the file and line of each failure.
 */
import { expect, test } from '@jest/globals'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readAttemptTests } from '../../../src/core/test-results/attempt-tests.js'
import { type AttemptTests } from '../../../src/core/attempt/tests.js'

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'junit')

/**
 * A copy of one producer's project, with the absolute root it ran in (kept in some stacks)
 * replaced by the copy's own, as if the tool had run here.
 */
async function readProducer(folder: string, pattern: string): Promise<AttemptTests> {
  const dir = mkdtempSync(join(tmpdir(), `reverify-junit-${folder}-`))
  try {
    cpSync(join(FIXTURES, folder), dir, { recursive: true })
    for (const name of readdirSync(dir).filter(file => file.endsWith('.xml'))) {
      const path = join(dir, name)
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll(`/tmp/demo-api/${folder === 'jest' ? 'js' : folder}`, dir))
    }
    return await readAttemptTests({ patterns: [pattern], workingDirectory: dir, sinceMs: 0, watch: new Set() })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const counts = (tests: AttemptTests) => ({
  total: tests.total,
  passed: tests.passed,
  failed: tests.failed,
  errors: tests.errors,
  skipped: tests.skipped
})
const places = (tests: AttemptTests) => tests.failedTests.map(({ name, outcome, file, line }) => ({ name, outcome, file, line }))

test.each(['jest-junit.xml', 'jest-junit-file.xml'])(
  'jest + jest-junit (%s): names, outcomes, file and line from the stack',
  async file => {
    const tests = await readProducer('jest', file)
    expect(tests.warnings).toEqual([])
    expect(tests.files).toEqual([file])
    expect(counts(tests)).toEqual({ total: 4, passed: 1, failed: 2, errors: 0, skipped: 1 })
    expect(places(tests)).toEqual([
      { name: 'api returns the user', outcome: 'failed', file: 'src/api.test.js', line: 5 },
      { name: 'api users finds one by name', outcome: 'failed', file: 'src/api.test.js', line: 16 }
    ])
    // jest-junit writes no message: the failure text's assertion, Expected/Received and first user frame stand in,
    // its absolute path of a workspace file made relative.
    expect(tests.failedTests[0]!.message).toBe(
      'Error: expect(received).toBe(expected) // Object.is equality\nExpected: 200\nReceived: 500\n    at Object.toBe (src/api.test.js:5:22)'
    )
    expect(tests.failedTests[0]!.column).toBe(22)
  }
)

test('vitest: the class name is the file; no stack, so no line', async () => {
  const tests = await readProducer('vitest', 'vitest.xml')
  expect(counts(tests)).toEqual({ total: 4, passed: 1, failed: 2, errors: 0, skipped: 1 })
  expect(places(tests)).toEqual([
    { name: 'src/api.test.js › api > returns the user', outcome: 'failed', file: 'src/api.test.js', line: undefined },
    { name: 'src/api.test.js › api > users > finds one by name', outcome: 'failed', file: 'src/api.test.js', line: undefined }
  ])
  expect(tests.failedTests[0]!.message).toBe('expected 500 to be 200 // Object.is equality')
})

test.each(['report.xml', 'report-xunit1.xml'])(
  'pytest (%s): <error> apart from <failure>, the failing line of the test file',
  async file => {
    const tests = await readProducer('pytest', file)
    expect(counts(tests)).toEqual({ total: 5, passed: 1, failed: 2, errors: 1, skipped: 1 })
    expect(places(tests)).toEqual([
      { name: 'tests.test_api › test_returns_the_user', outcome: 'failed', file: 'tests/test_api.py', line: 9 },
      { name: 'tests.test_api › test_reads_the_database', outcome: 'error', file: 'tests/test_api.py', line: 23 },
      { name: 'tests.test_api.TestUsers › test_by_name', outcome: 'failed', file: 'tests/test_api.py', line: 33 }
    ])
    expect(tests.failedTests[1]!.message).toBe('failed on setup with "ConnectionError: database is not reachable"')
  }
)

test('Go through gotestsum: subtests, the file found in the package the import path names', async () => {
  const tests = await readProducer('go', 'report.xml')
  expect(counts(tests)).toEqual({ total: 6, passed: 2, failed: 3, errors: 0, skipped: 1 })
  expect(places(tests)).toEqual([
    { name: 'example.com/demo/api › TestReturnsTheUser', outcome: 'failed', file: 'api/api_test.go', line: 7 },
    { name: 'example.com/demo/api › TestUsers/by_name', outcome: 'failed', file: 'api/api_test.go', line: 20 },
    { name: 'example.com/demo/api › TestUsers', outcome: 'failed', file: undefined, line: undefined }
  ])
  // Its message attribute says only "Failed": the first line that says more takes its place.
  expect(tests.failedTests[0]!.message).toBe('api_test.go:7: GET /users/1: expected status 200, got 500')
})

test('Maven Surefire: the class is a file under src/test/java, the line from its own stack frame', async () => {
  const tests = await readProducer('surefire', 'TEST-*.xml')
  expect(counts(tests)).toEqual({ total: 4, passed: 1, failed: 1, errors: 1, skipped: 1 })
  expect(places(tests)).toEqual([
    { name: 'com.example.ApiTest › failsWithAnError', outcome: 'error', file: 'src/test/java/com/example/ApiTest.java', line: 24 },
    { name: 'com.example.ApiTest › returnsTheUser', outcome: 'failed', file: 'src/test/java/com/example/ApiTest.java', line: 14 }
  ])
  expect(tests.failedTests[1]!.message).toBe('status of GET /users/1 ==> expected: <200> but was: <500>')
})

test("Node's test runner (junit reporter): a file:// stack frame", async () => {
  const tests = await readProducer('node-test', '*.xml')
  expect(counts(tests)).toEqual({ total: 3, passed: 1, failed: 1, errors: 0, skipped: 1 })
  expect(places(tests)).toEqual([{ name: 'test › returns the user', outcome: 'failed', file: 'test/api.test.js', line: 8 }])
})

test('every producer at once through one ** glob', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-junit-all-'))
  try {
    cpSync(FIXTURES, dir, { recursive: true })
    const tests = await readAttemptTests({ patterns: ['**/*.xml'], workingDirectory: dir, sinceMs: 0, watch: new Set() })
    // pom.xml is XML but not JUnit: a warning naming it, and nothing counted from it.
    expect(tests.warnings).toEqual([{ file: 'surefire/pom.xml', reason: expect.stringContaining('not JUnit XML') }])
    expect(tests.files).toHaveLength(8)
    expect(tests.total).toBe(4 + 4 + 4 + 5 + 5 + 6 + 4 + 3)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
