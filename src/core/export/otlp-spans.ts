/**
 * A closed run as the spans of one trace (docs/design.md §2 "Exports"), as plain data: a span for the
 * run, a child per attempt, a child per failed or flaky test, with the OpenTelemetry CI/CD
 * and VCS semantic-convention attributes and `reverify.*` for what they lack. The ids are
 * derived from the run id, so sending a run again gives the same trace. Nothing here loads
 * an OpenTelemetry package (otlp-send.ts does, only when an endpoint is set).
 */
import { createHash } from 'node:crypto'
import type { Receipt } from '../receipts/receipt.js'
import type { TraceEvent } from '../session/events.js'
import { ctrfTests } from './ctrf-tests.js'
import { runFacts, type AttemptFacts, type RunFacts } from './run-facts.js'

/** Most test spans of one run (the failed and flaky tests beyond it are counted on the run span). */
export const MAX_TEST_SPANS = 100
/** Most names in a list attribute. */
const MAX_LIST = 50
/** Longest attribute value or span name sent (the SDK's limit enforces it again). */
export const MAX_ATTRIBUTE_CHARS = 1_000

/** An attribute value as OTLP carries it. */
export type AttributeValue = string | number | boolean | string[]

/** One span to send. */
export interface PlannedSpan {
  name: string
  /** The parent's index in the plan; the run span has none. */
  parent?: number
  startMs: number
  endMs: number
  ok: boolean
  /** Shown as the span's status message when it is an error. */
  message?: string
  attributes: Record<string, AttributeValue>
}

/** The spans of a run, the run's first. */
export interface SpanPlan {
  traceId: string
  spans: PlannedSpan[]
}

const hex = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length)

/** The trace id of a run: the same for every export of it. */
export function traceIdOf(runId: string): string {
  return hex(`reverify-trace:${runId}`, 32)
}

/** The span id of the `index`th span of a run's trace. */
export function spanIdOf(runId: string, index: number): string {
  return hex(`reverify-span:${runId}:${index}`, 16)
}

const cap = (text: string) => (text.length > MAX_ATTRIBUTE_CHARS ? `${text.slice(0, MAX_ATTRIBUTE_CHARS - 1)}…` : text)
const list = (names: readonly string[]) => names.slice(0, MAX_LIST).map(cap)

/** The CI/CD conventions' result of a run (cicd.pipeline.result). */
function pipelineResult(receipt: Receipt, last: AttemptFacts | undefined): string {
  if (receipt.status === 'passed') return 'success'
  if (receipt.status === 'interrupted') return 'cancellation'
  if (receipt.status === 'aborted') return 'error'
  return last?.timedOut ? 'timeout' : 'failure'
}

/** Whether the run needed, and got, a capture (docs/design.md §3). */
function captureState(receipt: Receipt): string {
  if (receipt.capture !== undefined) return 'captured'
  return receipt.status === 'failed' ? 'uncaptured' : 'not-needed'
}

/**
 * The run span's attributes. `testTotal`: the run's tests as ctrf.json counts them (its tests
 * and those it could not list, docs/design.md §2 "Exports"), whatever an older receipt says.
 */
function runAttributes(facts: RunFacts, testTotal: number | undefined): Record<string, AttributeValue> {
  const { receipt } = facts
  const ci = receipt.ci
  const ref = ci?.ref
  const [owner, repository] = ci !== undefined && receipt.target.includes('/') ? receipt.target.split('/', 2) : []
  return {
    'cicd.pipeline.task.name': cap(facts.stepName),
    'cicd.pipeline.task.run.id': receipt.run_id,
    'cicd.pipeline.result': pipelineResult(receipt, facts.attempts.at(-1)),
    ...(ci?.workflow !== undefined && { 'cicd.pipeline.name': cap(ci.workflow) }),
    ...(ci?.run_id !== undefined && { 'cicd.pipeline.run.id': ci.run_id }),
    ...(ci?.sha !== undefined && { 'vcs.ref.head.revision': ci.sha }),
    ...(ref !== undefined && { 'vcs.ref.head.name': ref.replace(/^refs\/(heads|tags)\//, '') }),
    ...(ref !== undefined && /^refs\/(heads|tags)\//.test(ref) && { 'vcs.ref.head.type': ref.startsWith('refs/tags/') ? 'tag' : 'branch' }),
    ...(owner && repository && { 'vcs.owner.name': owner, 'vcs.repository.name': repository }),
    'reverify.run.id': receipt.run_id,
    'reverify.receipt.id': receipt.run_id,
    'reverify.status': receipt.status,
    'reverify.flaky': receipt.flaky,
    'reverify.attempts': receipt.attempts,
    'reverify.max_attempts': receipt.max_attempts,
    'reverify.capture.state': captureState(receipt),
    'reverify.command': cap(facts.script),
    ...(receipt.scope !== '' && { 'reverify.scope': cap(receipt.scope) }),
    ...(ci?.run_attempt !== undefined && { 'reverify.ci.run_attempt': ci.run_attempt }),
    ...(ci?.job !== undefined && { 'reverify.ci.job': cap(ci.job) }),
    ...(receipt.tests !== undefined && {
      'reverify.tests.total': testTotal ?? receipt.tests.total,
      'reverify.tests.failed': list(receipt.tests.failed),
      'reverify.tests.flaky': list(receipt.tests.flaky)
    }),
    ...(receipt.quarantined !== undefined && { 'reverify.quarantine.tests': list(receipt.quarantined) }),
    ...(receipt.gate !== undefined && { 'reverify.gate': receipt.gate })
  }
}

/** One attempt's span. */
function attemptSpan(attempt: AttemptFacts, facts: RunFacts): PlannedSpan {
  const startMs = attempt.startMs ?? facts.startMs
  const result = attempt.ok ? 'success' : attempt.interrupted ? 'cancellation' : attempt.timedOut ? 'timeout' : 'failure'
  return {
    name: `attempt ${attempt.attempt}`,
    parent: 0,
    startMs,
    endMs: startMs + attempt.durationMs,
    ok: attempt.ok,
    ...(!attempt.ok && attempt.detail !== '' && { message: cap(attempt.detail) }),
    attributes: {
      'cicd.pipeline.task.run.result': result,
      'reverify.attempt': attempt.attempt,
      ...(attempt.exit !== undefined && { 'process.exit.code': attempt.exit }),
      'reverify.attempt.duration_ms': Math.round(attempt.durationMs),
      'reverify.attempt.timed_out': attempt.timedOut,
      'reverify.attempt.interrupted': attempt.interrupted,
      ...(attempt.detail !== '' && { 'reverify.attempt.detail': cap(attempt.detail) }),
      ...(attempt.rerunTests !== undefined && { 'reverify.attempt.rerun_tests': list(attempt.rerunTests) }),
      ...(attempt.tests !== undefined && {
        'reverify.attempt.tests.total': attempt.tests.total,
        'reverify.attempt.tests.failed': attempt.tests.failed + attempt.tests.errors
      })
    }
  }
}

/** The spans of a closed run from its trace events and receipt. */
export function planRunSpans(events: readonly TraceEvent[], receipt: Receipt): SpanPlan {
  const facts = runFacts(events, receipt)
  const ran = facts.attempts.filter(attempt => !attempt.interrupted || attempt === facts.attempts.at(-1))
  const quarantined = new Set(receipt.quarantined ?? [])
  const counted = facts.hasTests ? ctrfTests(facts) : undefined
  const notable = (counted?.tests ?? []).filter(test => test.status === 'failed' || test.flaky)
  const run: PlannedSpan = {
    name: cap(`verify ${facts.stepName}`),
    startMs: facts.startMs,
    endMs: facts.endMs,
    ok: receipt.status === 'passed',
    ...(receipt.status !== 'passed' && { message: `run ${receipt.status}` }),
    attributes: {
      ...runAttributes(facts, counted === undefined ? undefined : counted.tests.length + counted.omitted),
      ...(notable.length > MAX_TEST_SPANS && { 'reverify.tests.not_sent': notable.length - MAX_TEST_SPANS })
    }
  }
  const tests = notable.slice(0, MAX_TEST_SPANS).map((test): PlannedSpan => {
    const startMs = test.retryAttempts?.[0]?.start ?? test.start ?? facts.startMs
    return {
      name: cap(`test ${test.name}`),
      parent: 0,
      startMs,
      endMs: Math.max(startMs, test.stop ?? startMs + test.duration),
      ok: test.status !== 'failed',
      ...(test.status === 'failed' && test.message !== undefined && { message: cap(test.message) }),
      attributes: {
        'test.case.name': cap(test.name),
        'test.case.result.status': test.status === 'failed' ? 'fail' : 'pass',
        'reverify.test.flaky': test.flaky,
        'reverify.test.retries': test.retries,
        'reverify.test.quarantined': quarantined.has(test.name),
        ...(test.filePath !== undefined && { 'code.file.path': cap(test.filePath) }),
        ...(test.line !== undefined && { 'code.line.number': test.line }),
        ...(test.message !== undefined && { 'reverify.test.message': cap(test.message) }),
        // Retried inside the runner (docs/design.md §1 "Runner-level retries"): how its results said so, and its runs there.
        ...(test.extra !== undefined && {
          'reverify.test.runner.form': test.extra.runnerRetry.form,
          'reverify.test.runner.runs': test.extra.runnerRetry.runs,
          'reverify.test.runner.flaky': test.extra.runnerRetry.flaky
        })
      }
    }
  })
  return { traceId: traceIdOf(receipt.run_id), spans: [run, ...ran.map(attempt => attemptSpan(attempt, facts)), ...tests] }
}
