/**
 * Early flake detection's decisions (docs/design.md §1 "Early flake detection"), pure: which
 * tests of a passing run are new and repeated, what the next repeat runs or why none does
 * (the count reached, every new test already flaky, the budget), how a repeat is judged —
 * like a rerun: every targeted test in its results and passing, one they do not show
 * counted as failed — and what the flaky new tests it found decide. The loop carries them
 * out (repeat-step.ts); a resumed run makes the same decisions from what the trace recorded.
 */
import type { FlakyNewTest } from '../attempt/new-tests.js'
import type { AttemptResult } from '../attempt/result.js'
import type { AttemptTests, NewTest } from '../attempt/tests.js'
import type { ExcerptBlock } from '../output/failure-blocks.js'
import type { QuarantineEntry } from '../quarantine/file.js'
import { describeRerunVerdict, rerunVerdict } from '../reruns/verdict.js'
import type { RerunTarget } from '../reruns/template.js'
import type { ExpectationCheck } from '../attempt/result.js'
import { entryFor } from './quarantine-policy.js'

/** The new tests of a passing run, or why there are none to repeat. */
export interface NewTestsFound {
  skipped?: 'empty-history' | 'none-new' | 'not-passed'
  /** New tests found (listed, and counted beyond the list). */
  found: number
  /** Those repeated: at most `new-test-max`, in the order the results list them. */
  tests: NewTest[]
}

/**
 * The new tests of a run whose verdict is a pass: the passing tests its attempts' results
 * list as new (not among the history's known tests), each once, leaving out a test that
 * failed in any attempt (it is a flaky or failed test already, and shown as one). An empty
 * history knows no test, so nothing is new: detection starts with the next run.
 */
export function newTestsOfRun(attempts: readonly AttemptResult[], passed: boolean, knownSize: number, max: number): NewTestsFound {
  if (!passed) return { skipped: 'not-passed', found: 0, tests: [] }
  if (knownSize === 0) return { skipped: 'empty-history', found: 0, tests: [] }
  const failed = new Set(attempts.flatMap(attempt => attempt.tests?.failedTests.map(test => test.name) ?? []))
  const flakyInRunner = new Set(attempts.flatMap(attempt => attempt.tests?.runnerFlaky?.map(test => test.name) ?? []))
  const seen = new Set<string>()
  const listed: NewTest[] = []
  let omitted = 0
  for (const attempt of attempts) {
    if (attempt.interrupted) continue
    omitted = Math.max(omitted, attempt.tests?.newTestsOmitted ?? 0)
    for (const test of attempt.tests?.newTests ?? []) {
      if (seen.has(test.key) || failed.has(test.name) || flakyInRunner.has(test.name)) continue
      seen.add(test.key)
      listed.push(test)
    }
  }
  const found = listed.length + omitted
  if (found === 0) return { skipped: 'none-new', found: 0, tests: [] }
  return { found, tests: listed.slice(0, max) }
}

/** A new test as a repeat targets it through the rerun template. */
export function repeatTarget(test: NewTest): RerunTarget {
  return { name: test.name, caseName: test.caseName, classname: test.classname, ...(test.file !== undefined && { file: test.file }) }
}

/** A repeat that ran to its results: its round, the trace's attempt, the tests it targeted, its script's time, the flaky new tests it found. */
export interface RepeatDone {
  round: number
  attempt: number
  /** The names of the tests it targeted. */
  tests: string[]
  durationMs: number
  flaky: FlakyNewTest[]
}

/** What the repeats are bounded by: `new-test-repeats` and `new-test-budget-seconds`. */
export interface RepeatLimits {
  repeats: number
  budgetMs: number
}

/** What runs next, or why nothing does. */
export type RepeatStep =
  | { kind: 'repeat'; round: number; targets: NewTest[] }
  | { kind: 'done'; why: 'repeated' | 'all-flaky' }
  /** The next repeat would pass the budget: it is not started. */
  | { kind: 'budget'; estimateMs: number }

/**
 * The next repeat: the next round while rounds are left, of the new tests no repeat found
 * flaky yet (a test that failed once is flaky; repeating it again proves nothing more). It
 * is not started when the time spent plus its estimate would pass the budget: the previous
 * repeat's time, or for the first the repeated tests' own durations from the passing run.
 */
export function nextRepeat(tests: readonly NewTest[], done: readonly RepeatDone[], limits: RepeatLimits): RepeatStep {
  const round = done.length + 1
  if (round > limits.repeats) return { kind: 'done', why: 'repeated' }
  const flaky = new Set(done.flatMap(repeat => repeat.flaky.map(found => found.test.key)))
  const targets = tests.filter(test => !flaky.has(test.key))
  if (targets.length === 0) return { kind: 'done', why: 'all-flaky' }
  const spent = spentMs(done)
  const previous = done[done.length - 1]
  const estimateMs = previous !== undefined ? previous.durationMs : targets.reduce((sum, test) => sum + (test.durationMs ?? 0), 0)
  if (spent + estimateMs > limits.budgetMs) return { kind: 'budget', estimateMs }
  return { kind: 'repeat', round, targets }
}

/** The time the repeats took, their scripts' own. */
export function spentMs(done: readonly RepeatDone[]): number {
  return done.reduce((sum, repeat) => sum + repeat.durationMs, 0)
}

/** A repeat's results as its verdict reads them. */
export interface RepeatEvidence {
  round: number
  attempt: number
  targets: readonly NewTest[]
  /** What its results files said (undefined: none were read, so every target counts as failed). */
  tests: Pick<AttemptTests, 'failedTests' | 'recovered'> | undefined
  /** The failing blocks of its output. */
  failures: readonly ExcerptBlock[]
  /** The quarantine entries that apply today. */
  entries: readonly QuarantineEntry[]
}

/** A repeat's verdict: its check (`rerun`, as a rerun's), and each targeted test it did not see pass. */
export interface RepeatVerdict {
  check: ExpectationCheck
  flaky: FlakyNewTest[]
}

/**
 * Judges a repeat like a rerun (reruns/verdict.ts): a targeted test that failed, or that its
 * results do not show, did not pass it — a flaky new test, with its message from the
 * results and the failing block of the output that names it.
 */
export function judgeRepeat(evidence: RepeatEvidence): RepeatVerdict {
  const targets = evidence.targets.map(repeatTarget)
  const verdict = rerunVerdict(targets, evidence.tests === undefined ? undefined : { ...evidence.tests, warnings: [], ...EMPTY_COUNTS })
  const failed = new Map((evidence.tests?.failedTests ?? []).map(test => [test.name, test]))
  const flaky: FlakyNewTest[] = []
  for (const test of evidence.targets) {
    if (!verdict.failed.includes(test.name) && !verdict.missing.includes(test.name)) continue
    const message = failed.get(test.name)?.message ?? (verdict.missing.includes(test.name) ? 'not in the repeat’s results' : undefined)
    const block = blockNaming(evidence.failures, test)
    const entry = entryFor(evidence.entries, {
      name: test.name,
      classname: test.classname,
      ...(test.file !== undefined && { file: test.file })
    })
    flaky.push({
      test,
      repeat: evidence.round,
      attempt: evidence.attempt,
      ...(message !== undefined && { message: message.slice(0, 1_000) }),
      ...(block !== undefined && { block }),
      ...(entry !== undefined && { quarantine: { owner: entry.owner, expires: entry.expires } })
    })
  }
  return {
    check: { expectation: 'rerun', ok: verdict.ok, detail: describeRerunVerdict(verdict).replace('rerun tests', 'repeated new tests') },
    flaky
  }
}

const EMPTY_COUNTS = { files: [], total: 0, passed: 0, failed: 0, errors: 0, skipped: 0 }

/** A name in a form both a results file and an output header spell alike: separators and case aside. */
function spelled(text: string): string {
  return text
    .toLowerCase()
    .replace(/›|::|>|\.|\//g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The failing block whose header names the test (`● cart › applies the coupon`, `___ test_coupon ___`), as text. */
function blockNaming(blocks: readonly ExcerptBlock[], test: NewTest): string | undefined {
  const own = spelled(test.caseName)
  const full = spelled(test.name)
  const found = blocks.find(block => {
    if (block.test === undefined) return false
    const header = spelled(block.test)
    return header === full || header === own || (own !== '' && header.endsWith(` ${own}`))
  })
  return found?.lines.join('\n')
}

/** What the flaky new tests of a run decide: nothing without one; `warn` mode, or every one quarantined, lets the run pass. */
export function detectionDecision(mode: 'fail' | 'warn', flaky: readonly FlakyNewTest[]): 'fail' | 'warn' | undefined {
  if (flaky.length === 0) return undefined
  return mode === 'fail' && flaky.some(found => found.quarantine === undefined) ? 'fail' : 'warn'
}

/** The trace's words for a run a flaky new test failed: `new test cart › applies the coupon failed repeat 3/5`. */
export function flakyNewTestSummary(flaky: readonly FlakyNewTest[], repeats: number): string {
  const open = flaky.filter(found => found.quarantine === undefined)
  const named = open.slice(0, 3).map(found => `new test ${found.test.name} failed repeat ${found.repeat}/${repeats}`)
  const more = open.length > named.length ? `, and ${open.length - named.length} more` : ''
  return `${named.join('; ')}${more}`
}
