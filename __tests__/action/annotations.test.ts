/** The annotations built from a run report: located failing blocks, limits, redaction, titles. */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runAnnotations, type AnnotationFacts } from '../../src/action/annotations.js'
import type { AttemptResult } from '../../src/core/attempt/result.js'
import { OutputSummarizer } from '../../src/core/output/output-summary.js'
import { createRedactor } from '../../src/core/redaction/index.js'
import { reviewerExcerpt } from '../../src/core/output/excerpt.js'
import type { CompletedRun } from '../../src/core/run/report.js'

let workspace: string

beforeAll(() => {
  workspace = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-annotations-')))
  mkdirSync(join(workspace, 'src'))
  for (let index = 0; index < 15; index++) writeFileSync(join(workspace, 'src', `m${index}.ts`), '')
})

afterAll(() => rmSync(workspace, { recursive: true, force: true }))

function summaryOf(output: string): string {
  const summarizer = new OutputSummarizer()
  summarizer.push(output)
  return summarizer.finish()
}

function attempt(number: number, output: string, verified: boolean): AttemptResult {
  return {
    attempt: number,
    commands: [],
    exitCode: verified ? 0 : 2,
    signal: null,
    timedOut: false,
    interrupted: false,
    durationMs: 10,
    startedAt: '2026-01-01T00:00:00.000Z',
    endedAt: '2026-01-01T00:00:00.010Z',
    summary: summaryOf(output),
    checks: [{ expectation: 'expect-exit', ok: verified, detail: verified ? 'exit 0' : 'expect-exit 0 but got 2 (`npx tsc` exited 2)' }],
    verified,
    outputMatched: false,
    logBytesDropped: 0
  }
}

/** A completed run of these attempts; only the fields annotations read are meaningful. */
function completed(attempts: AttemptResult[], maxAttempts: number): CompletedRun {
  const last = attempts[attempts.length - 1]!
  const failed = attempts.find(item => !item.verified)
  const flaky = last.verified && failed !== undefined
  return {
    kind: 'completed',
    outcome: last.verified ? 'success' : 'failure',
    flaky,
    attempts,
    maxAttempts,
    summary: last.verified ? 'verified' : 'expect-exit 0 but got 2',
    excerpt: last.verified ? '' : reviewerExcerpt(last.summary),
    ...(flaky && { firstFailure: { attempt: failed!.attempt, excerpt: reviewerExcerpt(failed!.summary) } })
  } as CompletedRun
}

function facts(redact: string[] = []): AnnotationFacts {
  return {
    stepName: 'types',
    commands: ['npx tsc --noEmit', 'echo done'],
    redactor: createRedactor({ values: redact }),
    location: { workspace }
  }
}

const tscErrors = Array.from(
  { length: 15 },
  (_, index) => `src/m${index}.ts(${index + 1},3): error TS2322: Type 'string' is not assignable to type 'number'.`
)

test('one error annotation per located failing block, at most 10, each on its file and line', () => {
  const annotations = runAnnotations(completed([attempt(1, `${tscErrors.join('\n')}\n`, false)], 1), facts())
  expect(annotations).toHaveLength(10)
  annotations.forEach((annotation, index) => {
    expect(annotation.level).toBe('error')
    expect(annotation.properties).toEqual({
      title: 'types: npx tsc --noEmit (+1) failed (1/1 attempts)',
      file: `src/m${index}.ts`,
      startLine: index + 1,
      startColumn: 3
    })
    expect(annotation.message).toBe(tscErrors[index])
  })
})

test('a failure naming no workspace file: one annotation with its exit code and the whole excerpt, and no file', () => {
  const output = 'src/gone.ts(1,1): error TS1005: expected\nError: something else broke\n'
  const annotations = runAnnotations(completed([attempt(1, output, false)], 3), facts())
  expect(annotations).toEqual([
    {
      level: 'error',
      message: 'Failed with exit 2 (expect-exit 0).\nsrc/gone.ts(1,1): error TS1005: expected\nError: something else broke',
      properties: { title: 'types: npx tsc --noEmit (+1) failed (1/3 attempts)' }
    }
  ])
})

test('a flaky pass: one warning naming the passing attempt, what failed and where', () => {
  const run = completed([attempt(1, `${tscErrors[4]}\n`, false), attempt(2, 'ok\n', true)], 3)
  const annotations = runAnnotations(run, facts())
  expect(annotations).toEqual([
    {
      level: 'warning',
      message: `Attempt 1 failed: expect-exit 0 but got 2 (\`npx tsc\` exited 2)\n${tscErrors[4]}`,
      properties: { title: 'types: flaky — passed on attempt 2/3', file: 'src/m4.ts', startLine: 5, startColumn: 3 }
    }
  ])
})

test('titles and bodies are redacted and bodies clipped to 4,000 characters', () => {
  const secret = 'tops3cret-value'
  const long = `Error: ${secret} ${'z'.repeat(990)}\n`.repeat(8)
  const annotations = runAnnotations(completed([attempt(1, long, false)], 1), { ...facts([secret]), commands: [`deploy ${secret}`] })
  expect(annotations).toHaveLength(1)
  for (const annotation of annotations) {
    expect(`${annotation.properties.title}\n${annotation.message}`).not.toContain(secret)
    expect(annotation.message.length).toBeLessThanOrEqual(4000)
  }
})

test("a leg's annotations.json takes them all: a higher per-level cap gives every located block, the printed ten first", () => {
  const run = completed([attempt(1, `${tscErrors.join('\n')}\n`, false)], 1)
  const all = runAnnotations(run, facts(), { perLevel: 1_000 })
  expect(all).toHaveLength(15)
  expect(all.map(annotation => annotation.properties.file)).toEqual(tscErrors.map((_, index) => `src/m${index}.ts`))
  expect(all.slice(0, 10)).toEqual(runAnnotations(run, facts()))
})
