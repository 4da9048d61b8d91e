/**
 * A matrix as the report entry point reads it, for the pull request's check run and comment
 * (docs/design.md §5 "The pull request's words"): each leg a real core run (helpers/matrix-legs.ts)
 * whose JUnit results name its tests, with, when asked, an annotations.json written into its
 * session folder as the main action writes it, then read back and aggregated by the core.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { MatrixRead } from '../../src/action/matrix-summary.js'
import { aggregateLegs, matrixHeadline } from '../../src/core/matrix/aggregate.js'
import { readLeg } from '../../src/core/matrix/leg.js'
import { writeLegAnnotations, type LegAnnotation } from '../../src/core/matrix/leg-annotations.js'
import { legRun, PREFIX } from './matrix-legs.js'

/** The tests a leg's receipt names. */
export interface ReceiptTests {
  failed: string[]
  flaky: string[]
}

/** One leg: its name, its shell command, its extra inputs and files, and the annotations its run would write. */
export interface LegSpec {
  label: string
  command: string
  extra?: Record<string, string>
  files?: Record<string, string>
  /** The annotations.json to write, from the tests its receipt names; none written when absent. */
  annotate?: (tests: ReceiptTests) => LegAnnotation[]
}

/** A jest-junit-style report of suite `api` in which each named test failed or passed. */
export function junitOf(tests: Record<string, 'passed' | 'failed'>): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
  const cases = Object.entries(tests).map(([name, outcome]) =>
    outcome === 'passed'
      ? `<testcase classname="api" name="${escape(name)}" time="0.01"/>`
      : `<testcase classname="api" name="${escape(name)}" time="0.01"><failure>Error: expected 200, got 500\n    at Object.toBe (src/api.test.js:5:22)</failure></testcase>`
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="api" tests="${cases.length}">${cases.join('')}</testsuite></testsuites>\n`
}

/** A leg whose JUnit results name these tests failed (and fails). */
export function failingLeg(label: string, failed: readonly string[], annotate?: LegSpec['annotate']): LegSpec {
  return {
    label,
    command: 'mkdir -p reports; cp fixtures/fail.xml reports/junit.xml; exit 1',
    extra: { 'test-results': 'reports/*.xml' },
    files: { 'fixtures/fail.xml': junitOf(Object.fromEntries(failed.map(name => [name, 'failed' as const]))) },
    ...(annotate && { annotate })
  }
}

/** A leg whose named tests fail on the first attempt and pass on the second: a flaky pass. */
export function flakyLeg(label: string, flaky: readonly string[], annotate?: LegSpec['annotate']): LegSpec {
  const tests = (outcome: 'passed' | 'failed') => junitOf(Object.fromEntries(flaky.map(name => [name, outcome])))
  return {
    label,
    command:
      'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; mkdir -p reports; ' +
      'if [ $n -eq 1 ]; then cp fixtures/fail.xml reports/junit.xml; exit 1; fi; cp fixtures/pass.xml reports/junit.xml',
    extra: { 'test-results': 'reports/*.xml', 'max-retries': '2' },
    files: { 'fixtures/fail.xml': tests('failed'), 'fixtures/pass.xml': tests('passed') },
    ...(annotate && { annotate })
  }
}

/** A leg that passes. */
export function passingLeg(label: string): LegSpec {
  return { label, command: 'true' }
}

/** The legs run, their annotations written, read back and aggregated as the report entry point does. */
export async function matrixOf(specs: readonly LegSpec[], options: { expectedLegs?: number } = {}): Promise<MatrixRead> {
  const runs = await Promise.all(specs.map(spec => legRun(spec.label, spec.command, spec.extra, spec.files)))
  const reads = await Promise.all(
    runs.map(async ({ run, dir }, index) => {
      const { annotate } = specs[index]!
      if (annotate !== undefined) {
        const receipt = JSON.parse(await readFile(join(dir, 'receipt.json'), 'utf8')) as { tests?: ReceiptTests }
        await writeLegAnnotations(dir, annotate({ failed: receipt.tests?.failed ?? [], flaky: receipt.tests?.flaky ?? [] }))
      }
      return readLeg(dir, { name: `${PREFIX}${run.runId}`, id: index + 1 }, PREFIX)
    })
  )
  const view = aggregateLegs(reads, options)
  return { view, counts: matrixHeadline(view) }
}
