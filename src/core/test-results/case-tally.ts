/**
 * One attempt's test cases counted as distinct tests (docs/design.md §1 "Runner-level
 * retries"): a test case listed more than once — gotestsum `--rerun-fails`, Gradle's
 * test-retry plugin and others write each run of a retried test as its own `<testcase>` —
 * is one test. Failed and then passed is **flaky** (`repeated`, passed on the run after its
 * failures); failed every time is one failed test with its runs; passed and then failed is
 * failed (never a green from a later listing). A case whose runner wrote its retries inside
 * it (Surefire's `flakyFailure`, `rerunFailure`) counts its runs the same way.
 *
 * Memory stays bounded whatever the file: one small number per distinct test (up to
 * MAX_KNOWN_TESTS; beyond them cases are counted as they come), the failed and the flaky
 * tests listed up to a cap. Results are staged per file: `discard` undoes what a file that
 * turned out bad added, `commit` keeps it.
 */
import { MAX_REPEATED_RUNS, type AttemptTests, type CaseOutcome, type FailedTest, type RunnerFlakyTest } from '../attempt/tests.js'
import type { ParsedTestCase } from './junit-parser.js'
import { KeyList, KeyTable, type PackedKeys } from './key-table.js'
import { MAX_KNOWN_TESTS } from './known-tests.js'
import { MAX_RUNNER_RUNS } from './junit-retries.js'

/** What the tally comes to: the attempt's counts and lists, as AttemptTests names them. */
export interface Tally extends Pick<AttemptTests, 'total' | 'passed' | 'failed' | 'errors' | 'skipped' | 'failedTests'> {
  runnerFlaky: RunnerFlakyTest[]
  /** The identity key of every distinct test (up to MAX_KNOWN_TESTS). */
  keys: PackedKeys
}

type Counts = Record<CaseOutcome, number>

const CODES: readonly CaseOutcome[] = ['passed', 'failed', 'error', 'skipped']
const PASSED = 0
const SKIPPED = 3
/** A test's state packed in one number: its outcome's code, whether it ever passed, its failed runs. */
const PASSED_ONCE = 4
const RUNS_UNIT = 8
/** Most failed runs of one test counted: a pass after them is run MAX_REPEATED_RUNS at most. */
const MAX_FAILED_RUNS = MAX_REPEATED_RUNS - 1

const codeOf = (state: number): number => state & 3
const failuresOf = (state: number): number => Math.floor(state / RUNS_UNIT)
const pack = (code: number, passedOnce: boolean, failures: number): number =>
  code + (passedOnce ? PASSED_ONCE : 0) + Math.min(MAX_FAILED_RUNS, failures) * RUNS_UNIT
const failing = (code: number): boolean => code === 1 || code === 2

/** The runs a case failed inside the runner: its retries, and the case itself when it failed. */
function failedRunsOf(test: ParsedTestCase): number {
  const bad = test.outcome === 'failed' || test.outcome === 'error'
  if (test.runner === undefined) return bad ? 1 : 0
  const runs = Math.min(MAX_RUNNER_RUNS, test.runner.runs)
  return bad ? runs : runs - 1
}

/** Puts back each entry's value from before the file (none: the file added it). */
function restore<T>(
  map: { set(key: string, value: T): unknown; delete(key: string): unknown },
  undo: ReadonlyMap<string, T | undefined>
): void {
  for (const [key, value] of undo) {
    if (value === undefined) map.delete(key)
    else map.set(key, value)
  }
}

/** Counts an attempt's test cases one distinct test at a time. */
export class CaseTally {
  /** Each distinct test's state (pack), by key: in typed arrays, as a suite's every test is here (key-table.ts). */
  private readonly states = new KeyTable()
  private readonly failedList = new Map<string, FailedTest>()
  private readonly flakyList = new Map<string, RunnerFlakyTest>()
  /** Cases without a key (beyond MAX_KNOWN_TESTS): counted as they come; committed, then staged. */
  private readonly loose: Counts = { passed: 0, failed: 0, error: 0, skipped: 0 }
  private staged: Counts = { passed: 0, failed: 0, error: 0, skipped: 0 }
  private looseIds = 0
  /**
   * What the file being read changed, to undo a bad file: the keys it added (a list: one
   * file may hold every test of the suite), and each key it changed with its value before.
   */
  private readonly addedStates = new KeyList()
  private readonly undoStates = new Map<string, number>()
  private readonly undoFailed = new Map<string, FailedTest | undefined>()
  private readonly undoFlaky = new Map<string, RunnerFlakyTest | undefined>()

  /**
   * @param maxListed most failed tests, and most flaky tests, listed
   * @param describe a failed case as the attempt lists it (its name, place and message)
   */
  constructor(
    private readonly maxListed: number,
    private readonly describe: (test: ParsedTestCase) => FailedTest
  ) {}

  /** Counts one case of the file being read; its key when it counts as a distinct test. */
  add(test: ParsedTestCase, key: string | undefined): string | undefined {
    const failedRuns = failedRunsOf(test)
    const before = key === undefined ? undefined : this.states.get(key)
    if (key === undefined || (before === undefined && this.states.size >= MAX_KNOWN_TESTS)) {
      this.staged[test.outcome]++
      this.first(`#${this.looseIds++}`, test, failedRuns)
      return undefined
    }
    if (before === undefined || (codeOf(before) === SKIPPED && test.outcome !== 'skipped')) {
      this.setState(key, before, pack(CODES.indexOf(test.outcome), test.outcome === 'passed', failedRuns))
      this.first(key, test, failedRuns)
      return key
    }
    if (test.outcome === 'skipped') return key
    const was = codeOf(before)
    const failures = failuresOf(before) + failedRuns
    const passedOnce = (before & PASSED_ONCE) !== 0
    if (failing(was) && test.outcome === 'passed') {
      // Failed, then passed on a later listing: flaky inside the runner.
      const first = this.failedList.get(key)
      this.setState(key, before, pack(PASSED, true, failures))
      this.setListed(this.failedList, this.undoFailed, key, undefined)
      const entry = this.flakyEntry(test, failures + 1, 'repeated', first)
      this.setListed(this.flakyList, this.undoFlaky, key, entry)
    } else if (failing(was)) {
      this.setState(key, before, pack(was, passedOnce, failures))
      const listed = this.failedList.get(key)
      if (listed !== undefined && !passedOnce)
        this.setListed(this.failedList, this.undoFailed, key, { ...listed, runnerRuns: failures, runnerForm: 'repeated' })
    } else if (test.outcome !== 'passed') {
      // Passed, then failed: failed, whatever came before.
      this.setState(key, before, pack(CODES.indexOf(test.outcome), true, failures))
      this.setListed(this.flakyList, this.undoFlaky, key, undefined)
      this.setListed(this.failedList, this.undoFailed, key, this.describe(test))
    }
    return key
  }

  /** Whether the test of `key` ended failed (or errored) so far. */
  isFailing(key: string): boolean {
    const state = this.states.get(key)
    return state !== undefined && failing(codeOf(state))
  }

  /** Keeps what the file just read added. */
  commit(): void {
    for (const outcome of CODES) this.loose[outcome] += this.staged[outcome]
    this.staged = { passed: 0, failed: 0, error: 0, skipped: 0 }
    this.addedStates.clear()
    this.undoStates.clear()
    this.undoFailed.clear()
    this.undoFlaky.clear()
  }

  /** Undoes what the file just read added. */
  discard(): void {
    this.staged = { passed: 0, failed: 0, error: 0, skipped: 0 }
    // A key the file added and then changed is put back, then removed with the others it added.
    restore(this.states, this.undoStates)
    this.addedStates.forEachWords((high, low) => this.states.deleteWords(high, low))
    restore(this.failedList, this.undoFailed)
    restore(this.flakyList, this.undoFlaky)
    this.commit()
  }

  /** The committed counts and lists. */
  result(): Tally {
    const counts = { ...this.loose }
    this.states.forEachWords((_high, _low, state) => counts[CODES[codeOf(state)]!]++)
    return {
      total: counts.passed + counts.failed + counts.error + counts.skipped,
      passed: counts.passed,
      failed: counts.failed,
      errors: counts.error,
      skipped: counts.skipped,
      failedTests: [...this.failedList.values()],
      runnerFlaky: [...this.flakyList.values()],
      keys: this.states.packedKeys()
    }
  }

  /** Lists a test seen for the first time: failed (with its runs inside the runner), or flaky inside the runner. */
  private first(id: string, test: ParsedTestCase, failedRuns: number): void {
    if (test.outcome === 'failed' || test.outcome === 'error') {
      if (this.failedList.size >= this.maxListed) return
      const listed = this.describe(test)
      const runs = failedRuns > 1 && test.runner !== undefined ? { runnerRuns: failedRuns, runnerForm: test.runner.form } : {}
      this.setListed(this.failedList, this.undoFailed, id, { ...listed, ...runs })
    } else if (test.outcome === 'passed' && failedRuns > 0 && test.runner !== undefined) {
      const { form, firstMessage, firstDetail } = test.runner
      const failure = this.describe({ ...test, detail: firstDetail, message: firstMessage })
      this.setListed(this.flakyList, this.undoFlaky, id, this.flakyEntry(test, failedRuns + 1, form, failure))
    }
  }

  /** A flaky test's entry: named by the case that passed, placed and worded by its first failure as listed (when it was). */
  private flakyEntry(
    test: ParsedTestCase,
    passedOnRun: number,
    form: RunnerFlakyTest['form'],
    failure: FailedTest | undefined
  ): RunnerFlakyTest | undefined {
    if (this.flakyList.size >= this.maxListed) return undefined
    const { name, file, line } = failure ?? this.describe(test)
    const message = failure?.message
    return {
      name,
      ...(file !== undefined && { file }),
      ...(line !== undefined && { line }),
      passedOnRun,
      form,
      ...(message !== undefined && { message })
    }
  }

  /** Sets a test's state; `before` is its state when the case being counted came (undefined: a new test). */
  private setState(key: string, before: number | undefined, value: number): void {
    if (before === undefined) this.addedStates.push(key)
    else if (!this.undoStates.has(key)) this.undoStates.set(key, before)
    this.states.set(key, value)
  }

  /** Sets (or, with undefined, removes) a listed entry, as far as the list's cap allows a new one. */
  private setListed<T>(list: Map<string, T>, undo: Map<string, T | undefined>, id: string, value: T | undefined): void {
    if (value !== undefined && !list.has(id) && list.size >= this.maxListed) return
    if (value === undefined && !list.has(id)) return
    if (!undo.has(id)) undo.set(id, list.get(id))
    if (value === undefined) list.delete(id)
    else list.set(id, value)
  }
}
