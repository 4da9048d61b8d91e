/** A command's history as facts: newest runs first, counts, flake rate, capture notes. */
import { expect, jest, test } from '@jest/globals'
import { OutputSummarizer } from '../../../src/core/output/output-summary.js'
import { reviewerExcerpt } from '../../../src/core/output/excerpt.js'
import { historyFacts } from '../../../src/core/report/history-facts.js'
import { testHistory } from '../../../src/core/test-results/test-history.js'
import { makeReceipt, secondsAfter } from '../../helpers/receipts.js'

const START = '2026-11-30T07:51:00.000Z'

test('newest first, running runs left out, each status counted once, flake rate over the runs with a verdict', () => {
  const at = (seconds: number) => ({ started_at: secondsAfter(START, seconds) })
  const receipts = [
    makeReceipt({ ...at(0), status: 'failed', capture: { captured_at: START, note: 'dns', source: 'cli', by: 'me' } }),
    makeReceipt({ ...at(10), status: 'passed', flaky: true }),
    makeReceipt({ ...at(20), status: 'passed' }),
    makeReceipt({ ...at(30), status: 'interrupted' }),
    makeReceipt({ ...at(40), status: 'running', ended_at: null })
  ]
  const facts = historyFacts(receipts, 20)
  expect(facts.runs.map(run => run.status)).toEqual(['interrupted', 'passed', 'passed', 'failed'])
  expect(facts.runs.map(run => run.flaky)).toEqual([false, false, true, false])
  expect(facts.runs[3]!.captureNote).toBe('dns')
  expect(facts.runs[0]!.captureNote).toBeUndefined()
  expect(facts.counts).toEqual({ passed: 1, flaky: 1, failed: 1, stopped: 1 })
  expect(facts.flakeRate).toBeCloseTo(1 / 3)
})

test('runs that started together are ordered by their ids as code units, never through ICU (its collator takes ms to load)', () => {
  const localeCompare = jest.spyOn(String.prototype, 'localeCompare')
  try {
    const receipts = ['Zulu', 'alpha', 'Alpha'].map(runId => makeReceipt({ run_id: runId, started_at: START, status: 'passed' }))
    // Newest first: the greater id first, by code units ('a' > 'Z' > 'A'), where ICU would put 'Zulu' first.
    expect(historyFacts(receipts, 20).runs.map(run => run.runId)).toEqual(['alpha', 'Zulu', 'Alpha'])
    expect(localeCompare).not.toHaveBeenCalled()
  } finally {
    localeCompare.mockRestore()
  }
})

test('the limit keeps the newest runs; no verdict, no flake rate', () => {
  const receipts = Array.from({ length: 5 }, (_, index) => makeReceipt({ started_at: secondsAfter(START, index), status: 'aborted' }))
  const facts = historyFacts(receipts, 2)
  expect(facts.runs.map(run => run.startedAt)).toEqual([secondsAfter(START, 4), secondsAfter(START, 3)])
  expect(facts.flakeRate).toBeUndefined()
  expect(historyFacts([], 20)).toEqual({ runs: [], counts: { passed: 0, flaky: 0, failed: 0, stopped: 0 }, flakyTests: [] })
})

test("a reviewer's excerpt has no escape codes and none of the summarizer's own lines", () => {
  // A summary as the summarizer really writes it, so its own lines sit where it puts them.
  const summarizer = new OutputSummarizer()
  const filler = Array.from({ length: 160 }, (_, index) => `ok ${index}`)
  summarizer.push(
    ['\u001b[31m FAIL\u001b[0m src/a.test.js', ...filler.slice(0, 80), 'ERROR x', ...filler.slice(80), 'tail …', ''].join('\n')
  )
  const summary = summarizer.finish()
  expect(summary).toMatch(/^… \d+ lines omitted/m)
  const excerpt = reviewerExcerpt(summary)
  expect(excerpt).toContain(' FAIL src/a.test.js')
  expect(excerpt).toContain('ERROR x')
  expect(excerpt).not.toContain('\u001b')
  expect(excerpt.split('\n').filter(line => line.startsWith('… '))).toEqual([])
})

test('tests across runs: flaky and failed counts per test, most flakes first; runs without results and running runs do not count', () => {
  const at = (seconds: number) => ({ started_at: secondsAfter(START, seconds), schema_version: 2 as const })
  const receipts = [
    makeReceipt({ ...at(0), status: 'passed', flaky: true, tests: { total: 3, failed: [], flaky: ['api returns the user'] } }),
    makeReceipt({ ...at(10), status: 'failed', tests: { total: 3, failed: ['db migrates', 'api returns the user'], flaky: [] } }),
    makeReceipt({
      ...at(20),
      status: 'passed',
      flaky: true,
      tests: { total: 3, failed: [], flaky: ['api returns the user', 'net fetches config'] }
    }),
    makeReceipt({ ...at(30), status: 'passed' }),
    makeReceipt({ ...at(40), status: 'running', ended_at: null, tests: { total: 1, failed: [], flaky: ['never counted'] } })
  ]
  const history = testHistory(receipts)
  expect(history.runs).toBe(3)
  expect(history.tests.map(({ name, flaky, failed }) => ({ name, flaky, failed }))).toEqual([
    { name: 'api returns the user', flaky: 2, failed: 1 },
    { name: 'net fetches config', flaky: 1, failed: 0 },
    { name: 'db migrates', flaky: 0, failed: 1 }
  ])
  expect(history.tests[0]!.lastRunId).toBe(receipts[2]!.run_id)
  expect(testHistory(receipts, { sinceMs: Date.parse(secondsAfter(START, 5)) }).runs).toBe(2)
  // The summary's history names the tests that flaked among the same runs it counts.
  expect(historyFacts(receipts, 20).flakyTests.map(test => [test.name, test.flaky])).toEqual([
    ['api returns the user', 2],
    ['net fetches config', 1]
  ])
  expect(historyFacts(receipts, 1).flakyTests).toEqual([])
})
