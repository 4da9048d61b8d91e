/**
 * JSON reports written by jest, vitest and Playwright with their own retries on (see
 * __tests__/fixtures/json/README.md): each test is named exactly as the runner's JUnit
 * reporter names it in the same run (the same identity keys, so quarantine entries, reruns
 * and the history carry over from one to the other), with the same outcomes, failures and
 * places, and the flake the JUnit file hides is there: the test the runner ran twice.
 */
import { expect, test } from '@jest/globals'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readAttemptTests } from '../../../src/core/test-results/attempt-tests.js'
import { parseJsonResultsFile } from '../../../src/core/test-results/json-results.js'
import type { ParsedTestCase } from '../../../src/core/test-results/junit-parser.js'
import type { AttemptTests } from '../../../src/core/attempt/tests.js'

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'json')

/** Runs `body` on a copy of one producer's project, its run root replaced by the copy's. */
async function withProducer<T>(folder: string, body: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `reverify-json-${folder}-`))
  try {
    cpSync(join(FIXTURES, folder), dir, { recursive: true })
    for (const name of readdirSync(dir).filter(file => /\.(json|xml)$/.test(file) && file !== 'package.json')) {
      const path = join(dir, name)
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll(`/tmp/demo-json/${folder}`, dir))
    }
    return await body(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const read = (dir: string, file: string): Promise<AttemptTests> =>
  readAttemptTests({ patterns: [file], workingDirectory: dir, sinceMs: 0, watch: new Set() })

const summary = (tests: AttemptTests) => ({
  warnings: tests.warnings,
  counts: [tests.total, tests.passed, tests.failed, tests.errors, tests.skipped],
  keys: [...tests.keys!].sort(),
  failed: tests.failedTests.map(({ name, caseName, classname, outcome, file, line }) => ({
    name,
    caseName,
    classname,
    outcome,
    file,
    line
  }))
})

async function parsed(dir: string, file: string): Promise<ParsedTestCase[]> {
  const seen: ParsedTestCase[] = []
  const outcome = await parseJsonResultsFile(join(dir, file), test => seen.push(test), { workingDirectory: dir })
  expect(outcome).toEqual({ ok: true, tests: seen.length })
  return seen
}

const byName = (tests: ParsedTestCase[], name: string): ParsedTestCase => tests.find(test => test.name === name)!

test('jest: the JSON report names every test as jest-junit does, and shows the retry it hides', async () => {
  await withProducer('jest', async dir => {
    const json = await read(dir, 'jest.json')
    const junit = await read(dir, 'jest-junit.xml')
    expect(summary(json)).toEqual(summary(junit))
    expect(summary(json).counts).toEqual([5, 3, 1, 0, 1])
    expect(json.failedTests[0]).toMatchObject({ name: 'api returns the user', file: 'src/api.test.js', line: 6 })
    expect(json.failedTests[0]!.message).toContain('Expected: 200')

    const tests = await parsed(dir, 'jest.json')
    expect(byName(tests, 'api fetches config')).toMatchObject({ outcome: 'passed', runner: { runs: 2, form: 'invocations' } })
    expect(byName(tests, 'api fetches config').runner!.firstMessage).toMatch(
      /^Error: expect\(received\)\.toBe\(expected\)[^]*Received: true/
    )
    expect(byName(tests, 'api returns the user')).toMatchObject({ outcome: 'failed', runner: { runs: 3 } })
    expect(byName(tests, 'api lists users').runner).toBeUndefined()
    // jest-junit's own quirks kept: a test outside any group has a leading space, and every test the suite of the file's first.
    expect(byName(tests, ' plain check')).toMatchObject({ suite: 'api', classname: ' plain check' })
  })
})

test('vitest: the JSON report names every test as its JUnit reporter does, and shows the retry it hides', async () => {
  await withProducer('vitest', async dir => {
    const json = await read(dir, 'vitest.json')
    const junit = await read(dir, 'vitest.xml')
    // vitest's JUnit failure text has no stack, its JSON report's has: the line is the JSON's alone.
    expect({ ...summary(json), failed: summary(json).failed.map(({ line: _, ...rest }) => rest) }).toEqual(summary(junit))
    expect(summary(junit).failed[0]!.line).toBeUndefined()
    expect(summary(json).counts).toEqual([5, 3, 1, 0, 1])
    expect(json.failedTests[0]).toMatchObject({ name: 'src/api.test.js › api > returns the user', file: 'src/api.test.js', line: 6 })

    const tests = await parsed(dir, 'vitest.json')
    const flaky = byName(tests, 'api > fetches config')
    expect(flaky).toMatchObject({ outcome: 'passed', runner: { runs: 2, form: 'invocations' } })
    expect(flaky.runner!.firstMessage).toMatch(/^AssertionError: expected true to be false/)
    // vitest keeps every error of every run and not the runs: a failed test has no run count.
    expect(byName(tests, 'api > returns the user')).toMatchObject({ outcome: 'failed' })
    expect(byName(tests, 'api > returns the user').runner).toBeUndefined()
  })
})

test('Playwright: the JSON report names every test as its JUnit reporter does, and shows the retry it hides', async () => {
  await withProducer('playwright', async dir => {
    const json = await read(dir, 'playwright.json')
    const junit = await read(dir, 'playwright.xml')
    expect(summary(json)).toEqual(summary(junit))
    expect(summary(json).counts).toEqual([5, 3, 1, 0, 1])
    expect(json.failedTests[0]).toMatchObject({ name: 'api.spec.js › api › returns the user', file: 'tests/api.spec.js', line: 6 })

    const tests = await parsed(dir, 'playwright.json')
    const flaky = byName(tests, 'api › fetches config')
    expect(flaky).toMatchObject({ outcome: 'passed', line: 9, runner: { runs: 2, form: 'invocations' } })
    expect(flaky.runner!.firstMessage).toMatch(/^Error: expect\(received\)\.toBe\(expected\)[^]*Received: true/)
    expect(byName(tests, 'api › returns the user')).toMatchObject({ outcome: 'failed', runner: { runs: 3 } })
    expect(byName(tests, 'api › deletes the user')).toMatchObject({ outcome: 'skipped' })
    expect(byName(tests, 'api › deletes the user').runner).toBeUndefined()
  })
})

test('Playwright with includeRetries writes the Surefire form into its JUnit file: the flaky run is there', () => {
  const xml = readFileSync(join(FIXTURES, 'playwright', 'playwright-retries.xml'), 'utf8')
  const flaky = /<testcase name="api › fetches config"[^]*?<\/testcase>/.exec(xml)![0]
  expect(flaky).toContain('<flakyFailure')
  expect(flaky).not.toContain('<failure')
  const failed = /<testcase name="api › returns the user"[^]*?<\/testcase>/.exec(xml)![0]
  expect(failed.match(/<rerunFailure/g)).toHaveLength(2)
  expect(failed).toContain('<failure')
  // Without it, the flaky test is a plain pass.
  const plain = readFileSync(join(FIXTURES, 'playwright', 'playwright.xml'), 'utf8')
  expect(/<testcase name="api › fetches config"[^]*?<\/testcase>/.exec(plain)![0]).not.toMatch(/failure/i)
})
