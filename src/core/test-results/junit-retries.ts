/**
 * A runner's own retries of one test case, as Surefire and Gradle (`mergeReruns`) write them
 * (docs/design.md §1 "Runner-level retries"): a `<flakyFailure>` or `<flakyError>` for each
 * failed run of a test that then passed, a `<rerunFailure>` or `<rerunError>` for each rerun
 * of a test that failed every time, each with a `message` attribute and a `<stackTrace>`
 * child beside `<system-out>`/`<system-err>`. Only the test case's own children count (one
 * nested deeper is not a run), the count is capped, and only the first one's message and
 * stack are kept, within the parser's caps: a flood of them costs a counter.
 */
import type { RunnerRetryForm } from '../attempt/tests.js'
import type { ParseLimits } from './junit-limits.js'
import { attributeMessage, failureMessage, keptDetail } from './junit-message.js'

/** Most runs of one test counted; a file that says more is read as this many. */
export const MAX_RUNNER_RUNS = 1_000

/** The elements that each stand for one failed run inside the runner, by the form they are named as. */
const RETRY_ELEMENTS: ReadonlySet<string> = new Set<RunnerRetryForm>(['flakyFailure', 'flakyError', 'rerunFailure', 'rerunError'])

/** What one test case's retry elements said: its runs in all, their form, the first failure's message and stack. */
export interface RunnerRuns {
  runs: number
  form: RunnerRetryForm
  firstMessage?: string
  /** The start of the first failure's stack (capped): where a passing test's place is looked for. */
  firstDetail?: string
}

/** Reads the retry elements of the test case being parsed; `start` begins a test case, `finish` ends it. */
export class RetryReader {
  private caseDepth = -1
  private retries = 0
  private form: RunnerRetryForm | undefined
  /** The depth of the first retry element while it is open, else -1. */
  private firstDepth = -1
  private inStack = false
  private message: string | undefined
  private detail = ''

  constructor(private readonly limits: Pick<ParseLimits, 'maxMessage' | 'maxDetail'>) {}

  /** A `<testcase>` opened at `depth`. */
  start(depth: number): void {
    this.caseDepth = depth
    this.retries = 0
    this.form = undefined
    this.firstDepth = -1
    this.inStack = false
    this.message = undefined
    this.detail = ''
  }

  /** An element opened at `depth` inside the test case. */
  open(name: string, attributes: Record<string, string>, depth: number): void {
    if (depth === this.caseDepth + 1 && RETRY_ELEMENTS.has(name)) {
      if (this.retries < MAX_RUNNER_RUNS) this.retries++
      if (this.form !== undefined) return
      this.form = name as RunnerRetryForm
      this.firstDepth = depth
      this.message = attributeMessage(attributes.message, this.limits.maxMessage)
    } else if (this.firstDepth >= 0 && depth === this.firstDepth + 1 && name === 'stackTrace') this.inStack = true
  }

  /** An element closed that was opened at `depth`. */
  close(name: string, depth: number): void {
    if (depth === this.firstDepth) this.firstDepth = -1
    else if (depth === this.firstDepth + 1 && name === 'stackTrace') this.inStack = false
  }

  /** Text inside the element open at `depth`: kept when it is the first retry's own text or its stack. */
  text(value: string, depth: number): void {
    if (this.firstDepth < 0 || this.detail.length >= this.limits.maxDetail) return
    if (depth === this.firstDepth || (this.inStack && depth === this.firstDepth + 1))
      this.detail += value.slice(0, this.limits.maxDetail - this.detail.length + 1)
  }

  /** The runner's runs of the test case, when it retried it and the test ran (a skipped test has none). */
  finish(outcome: string): RunnerRuns | undefined {
    if (this.form === undefined || outcome === 'skipped') return undefined
    const detail = keptDetail(this.detail, this.limits.maxDetail)
    const firstMessage = failureMessage(this.message, detail, this.limits.maxMessage)
    return {
      runs: Math.min(MAX_RUNNER_RUNS, this.retries + 1),
      form: this.form,
      ...(firstMessage !== undefined && { firstMessage }),
      ...(detail !== '' && { firstDetail: detail })
    }
  }
}
