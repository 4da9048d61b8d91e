/**
 * A runner's own retry of a test in the words every surface uses (docs/design.md §1
 * "Runner-level retries"; §5 "Annotations"): `flaky inside the runner, passed on its 2nd
 * run`, `Failed, then passed on the runner's 2nd run (Surefire flakyFailure)`. The core's
 * own words, so the action, the CLI and the HTML report say the same.
 */
import type { RunnerFlakyTest, RunnerRetryForm } from '../attempt/tests.js'

/** `1st`, `2nd`, `3rd`, `4th`, `11th`, `22nd`. */
export function ordinal(count: number): string {
  const tens = count % 100
  if (tens >= 11 && tens <= 13) return `${count}th`
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[count % 10] ?? 'th'
  return `${count}${suffix}`
}

/** Where the runner's retry shows in its results, as a reviewer who knows the runner would name it. */
export function retryFormWords(form: RunnerRetryForm, runs: number): string {
  switch (form) {
    case 'flakyFailure':
    case 'flakyError':
    case 'rerunFailure':
    case 'rerunError':
      return `Surefire ${form}`
    case 'repeated':
      return `listed ${runs === 2 ? 'twice' : `${runs} times`} in the results`
    case 'invocations':
      return "the runner's JSON report"
  }
}

/** `flaky inside the runner, passed on its 2nd run`: the summary's and the report's words. */
export function runnerFlakyWords(test: Pick<RunnerFlakyTest, 'passedOnRun'>): string {
  return `flaky inside the runner, passed on its ${ordinal(test.passedOnRun)} run`
}

/** `Failed, then passed on the runner's 2nd run (Surefire flakyFailure)`: the annotation's opening. */
export function runnerFlakySentence(test: Pick<RunnerFlakyTest, 'passedOnRun' | 'form'>): string {
  return `Failed, then passed on the runner's ${ordinal(test.passedOnRun)} run (${retryFormWords(test.form, test.passedOnRun)})`
}

/** `failed on each of the runner's 3 runs`: a failed test the runner retried itself (`FailedTest.runnerRuns`). */
export function runnerFailedWords(runs: number): string {
  return `failed on each of the runner's ${runs} runs`
}
