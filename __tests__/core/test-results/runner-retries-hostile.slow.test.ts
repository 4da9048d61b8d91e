/**
 * Hostile runner-level retries (docs/design.md §1 "Runner-level retries"): a flood of retry
 * elements, retries nested in retries, huge retry texts and a million copies of one test
 * case cost a counter each, never memory that follows the file, and never turn a failure
 * into a pass.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { readAttemptTests } from '../../../src/core/test-results/attempt-tests.js'
import { parseJUnitFile, type ParsedTestCase } from '../../../src/core/test-results/junit-parser.js'
import { MAX_RUNNER_RUNS } from '../../../src/core/test-results/junit-retries.js'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'reverify-hostile-retries-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function garbageCollector(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc')
    return runInNewContext('gc') as () => void
  } catch {
    return undefined
  }
}
const collectGarbage = garbageCollector()
// Without a collector, the heap also holds garbage: only a loose bound is possible.
const allowedGrowth = collectGarbage ? 40 * 2 ** 20 : 150 * 2 ** 20
const memory = (): number => {
  collectGarbage?.()
  const { heapUsed, external } = process.memoryUsage()
  return heapUsed + external
}

/** Writes `head`, `count` copies of `body`, then `tail`, streamed. */
async function writeRepeated(name: string, head: string, body: string, count: number, tail: string): Promise<string> {
  const path = join(dir, name)
  const out = createWriteStream(path)
  out.write(head)
  const batch = body.repeat(1_000)
  for (let written = 0; written < count; written += 1_000) {
    if (!out.write(batch)) await new Promise<void>(resolve => out.once('drain', () => resolve()))
  }
  out.end(tail)
  await new Promise<void>(resolve => out.once('finish', () => resolve()))
  return path
}

test('a million flakyFailure elements in one test case: its runs capped, its first message kept, the file read', async () => {
  const path = await writeRepeated(
    'flood.xml',
    '<testsuite name="s"><testcase classname="c" name="flood"><flakyFailure message="the first"><stackTrace>at c.flood(C.java:3)</stackTrace></flakyFailure>',
    '<flakyFailure message="again"/>',
    1_000_000,
    '</testcase><testcase classname="c" name="after"/></testsuite>'
  )
  const seen: ParsedTestCase[] = []
  expect(await parseJUnitFile(path, test => seen.push(test))).toEqual({ ok: true, tests: 2 })
  expect(seen[0]!.runner).toEqual({
    runs: MAX_RUNNER_RUNS,
    form: 'flakyFailure',
    firstMessage: 'the first',
    firstDetail: 'at c.flood(C.java:3)'
  })
  expect(seen[1]!.runner).toBeUndefined()
}, 120_000)

test('retries nested in retries are not runs; a failure nested in one fails the test; huge retry texts are capped', async () => {
  const big = 'x'.repeat(20 * 1024 * 1024)
  const path = join(dir, 'nested.xml')
  writeFileSync(
    path,
    '<testsuite name="s">' +
      `<testcase classname="c" name="nested">${'<flakyFailure message="m">'.repeat(200)}${'</flakyFailure>'.repeat(200)}</testcase>` +
      `<testcase classname="c" name="hidden-failure"><flakyFailure message="m"><failure message="real"/></flakyFailure></testcase>` +
      `<testcase classname="c" name="huge"><flakyError message="${big}"><stackTrace><![CDATA[${big}]]></stackTrace><system-out>${big}</system-out></flakyError></testcase>` +
      '</testsuite>'
  )
  const seen: ParsedTestCase[] = []
  expect(await parseJUnitFile(path, test => seen.push(test))).toEqual({ ok: true, tests: 3 })
  expect(seen[0]!.runner).toEqual({ runs: 2, form: 'flakyFailure', firstMessage: 'm' })
  // Never a pass: the failure inside counts as the test's.
  expect(seen[1]!.outcome).toBe('failed')
  expect(seen[2]!.runner!.firstMessage!.length).toBeLessThanOrEqual(1_000)
  expect(seen[2]!.runner!.firstDetail!.length).toBeLessThanOrEqual(4_000)
}, 60_000)

test('a million copies of failing test cases through the attempt reader: one flaky test, one failed with its runs, memory that does not follow the file', async () => {
  const reports = mkdtempSync(join(dir, 'attempt-'))
  const path = join(reports, 'junit.xml')
  const out = createWriteStream(path)
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await new Promise<void>(resolve => out.once('drain', () => resolve()))
  }
  await write('<testsuite name="s"><testcase classname="c" name="ok"/>')
  // Half a million failed runs of each, listed in turns; one of them then passes.
  const pair =
    '<testcase classname="c" name="flaky"><failure message="flaked"/></testcase><testcase classname="c" name="broken"><failure message="broke"/></testcase>'.repeat(
      1_000
    )
  for (let i = 0; i < 500; i++) await write(pair)
  out.end('<testcase classname="c" name="flaky"/></testsuite>')
  await new Promise<void>(resolve => out.once('finish', () => resolve()))

  const before = memory()
  let peak = 0
  // The reader yields between chunks: the heap is sampled while it reads.
  const sampler = setInterval(() => (peak = Math.max(peak, memory() - before)), 1_000)
  const tests = await readAttemptTests({
    patterns: ['junit.xml'],
    workingDirectory: reports,
    sinceMs: 0,
    watch: new Set(['c › flaky', 'c › broken'])
  }).finally(() => clearInterval(sampler))
  peak = Math.max(peak, memory() - before)
  expect(peak).toBeLessThan(allowedGrowth)
  expect({ total: tests.total, passed: tests.passed, failed: tests.failed }).toEqual({ total: 3, passed: 2, failed: 1 })
  expect(tests.runnerFlaky).toEqual([{ name: 'c › flaky', passedOnRun: 500_001, form: 'repeated', message: 'flaked' }])
  expect(tests.failedTests).toEqual([expect.objectContaining({ name: 'c › broken', runnerRuns: 500_000, message: 'broke' })])
  expect(tests.recovered).toEqual(['c › flaky'])
  expect([...tests.keys!]).toHaveLength(3)
  // The trace's record of the cases stays within its own budget.
  expect(tests.cases!.length).toBeLessThanOrEqual(2_000)
}, 300_000)
