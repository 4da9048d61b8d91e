/**
 * The check run's plan (docs/design.md §5 "The pull request's words"), from legs made by real core
 * runs and read back as the report entry point reads them: every annotation of every leg in
 * batches of 50, the conclusion (never greener than the workflow run GitHub concluded), the
 * title, and a summary cut at a whole section within a check run's 65,535 characters. What
 * the artifacts carry stays plain, capped text on a place inside the workspace.
 */
import { expect, test } from '@jest/globals'
import { checkRunPlan, type CheckRunPlan } from '../../src/action/pull-request/check-run-plan.js'
import type { MatrixRead } from '../../src/action/matrix-summary.js'
import { aggregateLegs, matrixHeadline } from '../../src/core/matrix/aggregate.js'
import type { LegAnnotation } from '../../src/core/matrix/leg-annotations.js'
import { failingLeg, flakyLeg, matrixOf, passingLeg, type ReceiptTests } from '../helpers/pull-request-legs.js'

const WORKFLOW = '.github/workflows/tests.yml'
const REPORT_URL = 'https://github.com/octo/widgets/actions/runs/77/artifacts/9'
const options = { fallbackPath: WORKFLOW, reportUrl: REPORT_URL }

/** What the main action writes for each failed test of its run: on its file and line, with its rate. */
function failedAnnotations(step: string) {
  return ({ failed }: ReceiptTests): LegAnnotation[] =>
    failed.map(name => ({
      level: 'error',
      title: `${step}: ${name} failed (1/1 attempts)`,
      message: `Error: expected 200, got 500\nat src/api.test.js:5\nFailed in 2 of the last 37 runs (5 %).`,
      file: 'src/api.test.js',
      line: 5,
      test: { name, flag: 'failed', rate: { runs: 37, flaked: 0, failed: 2 } }
    }))
}

const names = (count: number, prefix = 'returns row') => Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`)
const all = (plan: CheckRunPlan) => plan.batches.flat()

test('30 failed tests: 30 annotations in one batch, on their file and line, and the conclusion failure', async () => {
  const matrix = await matrixOf([
    failingLeg('test (node 22)', names(30), failedAnnotations('test (node 22)')),
    passingLeg('test (node 20)')
  ])
  const plan = checkRunPlan(matrix, options)
  expect(plan.conclusion).toBe('failure')
  expect(plan.title).toBe('❌ 1 of 2 legs failed · 30 tests failed')
  expect(plan.batches.map(batch => batch.length)).toEqual([30])
  expect(plan.annotationCount).toBe(30)
  expect(all(plan)[0]).toEqual({
    path: 'src/api.test.js',
    start_line: 5,
    end_line: 5,
    annotation_level: 'failure',
    title: 'test (node 22): api › returns row 1 failed (1/1 attempts)',
    message: 'Error: expected 200, got 500\nat src/api.test.js:5\nFailed in 2 of the last 37 runs (5 %).\n\nLeg: test (node 22)'
  })
  expect(new Set(all(plan).map(annotation => annotation.title)).size).toBe(30)
  expect(plan.summary.length).toBeLessThanOrEqual(65_535)
  expect(plan.summary).toMatch(/^### ❌ reverify — 2 legs: 1 failed · 0 flaky · 1 passed/)
  expect(plan.summary).toContain(`[the combined report](${REPORT_URL})`)
})

test('120 failed tests over two legs: batches of 50, 50 and 20, every test once per leg', async () => {
  const matrix = await matrixOf([
    failingLeg('unit', names(60, 'unit row'), failedAnnotations('unit')),
    failingLeg('integration', names(60, 'integration row'), failedAnnotations('integration'))
  ])
  const plan = checkRunPlan(matrix, options)
  expect(plan.batches.map(batch => batch.length)).toEqual([50, 50, 20])
  expect(plan.annotationCount).toBe(120)
  expect(new Set(all(plan).map(annotation => annotation.title)).size).toBe(120)
  expect(all(plan).every(annotation => annotation.annotation_level === 'failure')).toBe(true)
  expect(plan.title).toBe('❌ 2 of 2 legs failed · 120 tests failed')
})

test('a flaky pass: success, its flaky tests as warnings; a leg without annotations.json falls back to its receipt at the workflow file', async () => {
  const matrix = await matrixOf([flakyLeg('test (node 22)', ['fetches config', 'reads cache']), passingLeg('test (node 20)')])
  expect(matrix.view.legs.every(leg => leg.annotations === undefined)).toBe(true)
  const plan = checkRunPlan(matrix, options)
  expect(plan.conclusion).toBe('success')
  expect(plan.title).toBe('✅ 2 legs passed · 2 flaky tests')
  expect(all(plan).map(annotation => [annotation.annotation_level, annotation.title, annotation.path, annotation.start_line])).toEqual([
    ['warning', 'test (node 22): flaky — api › fetches config', WORKFLOW, 1],
    ['warning', 'test (node 22): flaky — api › reads cache', WORKFLOW, 1]
  ])
  expect(all(plan)[0]!.message).toMatch(/holds no annotations\.json/)
})

test('the workflow run GitHub concluded as failed is never a green check, whatever the artifacts say', async () => {
  const matrix = await matrixOf([passingLeg('test (node 20)')])
  expect(checkRunPlan(matrix, options).conclusion).toBe('success')
  for (const runConclusion of ['failure', 'timed_out', 'cancelled', 'startup_failure']) {
    const plan = checkRunPlan(matrix, { ...options, runConclusion })
    expect([runConclusion, plan.conclusion, plan.title]).toEqual([
      runConclusion,
      'failure',
      `❌ 1 leg passed · the workflow run's conclusion: ${runConclusion}`
    ])
  }
  for (const runConclusion of ['success', 'neutral', 'skipped']) {
    expect(checkRunPlan(matrix, { ...options, runConclusion }).conclusion).toBe('success')
  }
})

test('no leg read: neutral with no annotation; expected legs that uploaded nothing: failure', () => {
  const none = aggregateLegs([])
  const plan = checkRunPlan({ view: none, counts: matrixHeadline(none) }, options)
  expect([plan.conclusion, plan.title, plan.batches]).toEqual(['neutral', '⚪ no leg was read', []])
  expect(plan.summary).toContain('No trace artifact of the workflow run was found.')
  const missing = aggregateLegs([], { expectedLegs: 3 })
  const failed = checkRunPlan({ view: missing, counts: matrixHeadline(missing) }, options)
  expect([failed.conclusion, failed.title]).toEqual(['failure', '❌ no leg was read · 1 problem reading the legs'])
})

test('a failed leg that names no test is one failure annotation at the workflow file', async () => {
  const matrix = await matrixOf([{ label: 'lint', command: 'exit 3' }])
  const plan = checkRunPlan(matrix, options)
  expect(all(plan).map(annotation => [annotation.annotation_level, annotation.title, annotation.path])).toEqual([
    ['failure', 'lint: failed (1/1 attempts)', WORKFLOW]
  ])
})

/** The real legs' read, copied into `count` legs whose receipts name 100 long tests each (the receipt's most). */
function manyLegs(matrix: MatrixRead, count: number): MatrixRead {
  const [leg] = matrix.view.legs
  const reads = Array.from({ length: count }, (_, index) => {
    // `&` is the character escaping makes longest (`&amp;`): each cell as long as it can be.
    const failed = Array.from({ length: 100 }, (_, test) => `suite ${index} › test ${test} ${'&'.repeat(470)}`)
    return {
      ok: true as const,
      leg: {
        ...leg!,
        label: `leg ${index} ${'&'.repeat(90)}`,
        artifact: { name: `reverify-trace-${index}`, id: index },
        receipt: { ...leg!.receipt, tests: { total: 100, failed, flaky: failed } }
      }
    }
  })
  // And artifacts that did not read back, one with a problem of 5 MiB.
  const broken = Array.from({ length: 5 }, (_, index) => ({
    ok: false as const,
    artifact: { name: `reverify-trace-broken-${index}`, id: 1_000 + index },
    problem: '&'.repeat(index === 0 ? 5 * 1024 * 1024 : 600)
  }))
  const view = aggregateLegs([...reads, ...broken])
  return { view, counts: matrixHeadline(view) }
}

test('10,000 long test names and a 5 MiB message: the summary fits in 65,535 characters, cut at a whole section, ending with the report link', async () => {
  const huge = `\u001b[31m${'Expected 200 '.repeat(420_000)}\u001b[0m`
  const real = await matrixOf([
    failingLeg('unit', ['one'], ({ failed }) =>
      failedAnnotations('unit')({ failed, flaky: [] }).map(annotation => ({ ...annotation, message: huge.slice(0, 4_000) }))
    )
  ])
  const matrix = manyLegs(real, 100)
  expect(matrix.view.tests).toHaveLength(10_000)
  // The leg's own message is capped at 4,000 when read back; the plan caps whatever it is given the same.
  matrix.view.legs[0]!.annotations = [{ ...real.view.legs[0]!.annotations![0]!, message: huge }]
  expect(huge.length).toBeGreaterThan(5 * 1024 * 1024)
  const plan = checkRunPlan(matrix, options)
  expect(plan.summary.length).toBeLessThanOrEqual(65_535)
  const [kept, last] = plan.summary.split(/\n\n(?=✂️)/)
  expect(last).toBe(
    `✂️ The rest of this summary is left out to fit a check run (65,535 characters): [the combined report](${REPORT_URL}) has every leg and test.\n`
  )
  // Whole sections: the legs table is there with its own closing count, and nothing after it is half a table.
  expect(kept).toMatch(/^### ❌ reverify — 100 legs: 100 failed/)
  expect(kept).toContain('\n… and 97 more legs (all of them are in the combined report).\n\n**Tests that failed or flaked across legs**')
  expect(kept).toMatch(/\n… and 9997 more tests \(all of them are in the combined report\)\.$/)
  expect(
    kept!
      .split('\n')
      .filter(line => line.startsWith('| '))
      .every(line => line.endsWith(' |'))
  ).toBe(true)
  const [first] = all(plan)
  expect(first!.message.length).toBeLessThanOrEqual(4_000)
  expect(first!.message).not.toContain('\u001b')
})

test('hostile titles, messages and places stay plain text on a place inside the workspace', async () => {
  const hostile = (title: string, file: string): LegAnnotation => ({
    level: 'warning',
    title,
    message: 'line one\r\n\u001b[2J::error::forged%0Aline\u202e two\u0007',
    file,
    line: 3
  })
  const matrix = await matrixOf([passingLeg('lint')])
  matrix.view.legs[0]!.annotations = [
    hostile(`\u001b[31mlint\u001b[0m: ${'x'.repeat(400)}`, '../../etc/passwd'),
    hostile('lint: b', '/etc/passwd'),
    hostile('lint: c', 'src\\win.ts'),
    hostile('lint: c2', 'C:/Users/runner/x.ts'),
    hostile('lint: d', 'src/ok.ts')
  ]
  const plan = checkRunPlan(matrix, options)
  const annotations = all(plan)
  expect(annotations.map(annotation => [annotation.path, annotation.start_line])).toEqual([
    [WORKFLOW, 1],
    [WORKFLOW, 1],
    [WORKFLOW, 1],
    [WORKFLOW, 1],
    ['src/ok.ts', 3]
  ])
  expect(annotations[0]!.title).toMatch(/^lint: x+…$/)
  expect(annotations[0]!.title).toHaveLength(255)
  expect(annotations[0]!.message).toBe('line one\n::error::forged%0Aline two')
})
