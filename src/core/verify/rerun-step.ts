/**
 * The verify loop's part in rerunning only the failed tests (docs/design.md §1 "Rerunning
 * only the failed tests"): after a failed attempt, what the next attempt runs — the failed
 * tests alone, or the whole command and why — and after a rerun attempt, its own check, where
 * a targeted test its results do not show counts as failed.
 */
import { findDestructive } from '../guardrail/index.js'
import type { RunSettings } from '../inputs/settings.js'
import { planRetry } from '../reruns/decide.js'
import { expandTemplate, type RerunTarget } from '../reruns/template.js'
import { describeRerunVerdict, rerunVerdict } from '../reruns/verdict.js'
import { rerunTemplate } from '../reruns/launcher.js'
import { readPackageScripts } from '../reruns/package-scripts.js'
import type { AttemptTests, FailedTest } from '../attempt/tests.js'
import type { AttemptResult, ExpectationCheck } from '../attempt/result.js'

/** A rerun the next attempt makes: the tests it targets and the command that runs them. */
export interface PlannedRerun {
  targets: RerunTarget[]
  command: string
}

/** What the next attempt runs, and the trace note's words for it. */
export interface NextAttempt {
  rerun?: PlannedRerun
  note: string
}

/** After a failed attempt that is retried: the failed tests alone when the results explain the failure, else the whole command. */
export function nextAttempt(settings: RunSettings, attempt: AttemptResult): NextAttempt | undefined {
  const setting = settings.rerunFailedTests
  if (setting.kind === 'off') return undefined
  const plan = planRetry(attempt, { template: setting.template, maxTests: settings.rerunMaxTests })
  if (plan.kind === 'whole') return { note: `retrying the whole command: ${plan.why}` }
  let command: string
  try {
    // A preset starts its runner as the command did, else through the project's own binary (reruns/launcher.ts).
    const template = rerunTemplate(setting, settings.script, readPackageScripts(settings.workingDirectory), settings.workingDirectory)
    command = expandTemplate(template, plan.targets, settings.shell)
  } catch (error) {
    return { note: `retrying the whole command: ${(error as Error).message}` }
  }
  // The guardrail judges the command that will run, names and all.
  const hit = settings.allowDestructive ? undefined : findDestructive(command)
  if (hit !== undefined) return { note: `retrying the whole command: the rerun command matches the destructive-command rule "${hit.rule}"` }
  const count = plan.targets.length === 1 ? 'the failed test' : `the ${plan.targets.length} failed tests`
  return { rerun: { targets: plan.targets, command }, note: `rerunning ${count} only: ${command}` }
}

/** A rerun attempt's own check, and the targeted tests its results do not show. */
export interface RerunJudgement {
  check: ExpectationCheck
  /** Targeted tests the results do not show: failed, since they were not rerun (none when there are no results). */
  notRerun: FailedTest[]
  /** How many targeted tests the results show, passed or failed (0 when it wrote none: reruns/misfit.ts). */
  shown: number
}

/**
 * Judges a rerun attempt by its results as well as its exit code: every targeted test must
 * be in them and pass. One they do not show counts as a failed test (it was not rerun), so
 * it stays a failed test everywhere the run is shown (`withNotRerun`).
 */
export function judgeRerun(rerun: PlannedRerun, tests: AttemptTests | undefined): RerunJudgement {
  const verdict = rerunVerdict(rerun.targets, tests)
  const missing = tests === undefined ? [] : rerun.targets.filter(target => verdict.missing.includes(target.name))
  const notRerun = missing.map((target): FailedTest => ({
    name: target.name,
    caseName: target.caseName,
    classname: target.classname,
    outcome: 'failed',
    ...(target.file !== undefined && { file: target.file }),
    message: 'not in the rerun’s results, so it was not rerun'
  }))
  const shown = verdict.passed.length + verdict.failed.length
  return { check: { expectation: 'rerun', ok: verdict.ok, detail: describeRerunVerdict(verdict) }, notRerun, shown }
}

/** The results with the tests a rerun did not rerun counted as failed (a copy; the results are left as read). */
export function withNotRerun(tests: AttemptTests, notRerun: readonly FailedTest[]): AttemptTests {
  if (notRerun.length === 0) return tests
  return {
    ...tests,
    failedTests: [...tests.failedTests, ...notRerun],
    failed: tests.failed + notRerun.length,
    total: tests.total + notRerun.length,
    notRerun: notRerun.length
  }
}
