/**
 * An attempt's verdict (docs/design.md §1 "One attempt", "Rerunning only the failed tests",
 * "Quarantine and flaky gates"): one pure function of what the attempt produced (its
 * record), what its results said, the rerun it made and the quarantine — the one answer to
 * "was this attempt verified?". Live attempts and a resumed run's replayed one are judged
 * by it alike (docs/design.md §6). Then the attempt as the rest of the run reads it, put
 * together once from the record, the results and the verdict.
 */
import type { QuarantinedFailure } from '../attempt/quarantined.js'
import type { AttemptTests, FailedTest } from '../attempt/tests.js'
import { followUpOf, type FollowUp, type RetryOutlook } from './follow-up.js'
import { quarantineExcuse, type QuarantineContext } from './quarantine-step.js'
import { judgeRerun, withNotRerun, type PlannedRerun } from './rerun-step.js'
import type { AttemptRecord, AttemptResult, ExpectationCheck } from '../attempt/result.js'
import { rerunMisfit } from '../reruns/misfit.js'

/** An attempt's verdict: made once by `judge`, never edited. */
export interface Verdict {
  verified: boolean
  /** The record's checks, then the rerun's own check when the attempt was a rerun. */
  checks: ExpectationCheck[]
  /** Set when the attempt counts as verified because every failed test is quarantined (quarantine/policy.ts). */
  quarantined?: QuarantinedFailure[]
  /** Set when every failed test is quarantined and still the failure is not excused: why. */
  unexcused?: string
  /** A rerun's targeted tests its results do not show: failed, since they were not rerun. */
  notRerun: FailedTest[]
  /** A failed rerun whose results show none of its targets: the line that says the setting may not fit the command (reruns/misfit.ts). */
  rerunMisfit?: string
  /**
   * What follows a failure (follow-up.ts), planned once with the verdict so the next step
   * (next-step.ts) decides from one value. Undefined for a verified attempt (by its checks or
   * by the quarantine: an excused failure needs no further attempt), an interrupted one, or
   * when the judge was given no retry outlook.
   */
  followUp?: FollowUp
}

/**
 * Judges an attempt: verified when it was not interrupted, it has checks and every one holds —
 * a rerun's own check among them (rerun-step.ts) — or, failing that, when the quarantine
 * excuses every failure (quarantine-step.ts), whatever could follow. `retry` says whether
 * attempts are left and how a retry is chosen; without it no retry follows.
 */
export function judge(
  record: AttemptRecord,
  results: AttemptTests | undefined,
  plannedRerun: PlannedRerun | undefined,
  quarantine: QuarantineContext | undefined,
  retry?: RetryOutlook
): Verdict {
  const rerun = plannedRerun === undefined ? undefined : judgeRerun(plannedRerun, results)
  const checks = rerun === undefined ? record.checks : [...record.checks, rerun.check]
  const notRerun = rerun?.notRerun ?? []
  const held = !record.interrupted && record.checks.length > 0 && checks.every(check => check.ok)
  if (held || record.interrupted) return { verified: held, checks, notRerun }
  const failed = attemptAsShown(record, results, plannedRerun, { verified: false, checks, notRerun })
  const excuse = quarantineExcuse(failed, quarantine)
  if (excuse.quarantined !== undefined) return { verified: true, checks, quarantined: excuse.quarantined, notRerun }
  const followUp = retry === undefined ? undefined : followUpOf(failed, retry)
  const setting = retry?.settings.rerunFailedTests
  const misfit =
    rerun === undefined || setting === undefined || setting.kind === 'off'
      ? undefined
      : rerunMisfit(setting, retry!.settings.script, {
          targets: plannedRerun!.targets.length,
          shown: rerun.shown,
          exitCode: record.exitCode,
          rerunCommand: plannedRerun!.command
        })
  return {
    verified: false,
    checks,
    ...excuse,
    notRerun,
    ...(misfit !== undefined && { rerunMisfit: misfit }),
    ...(followUp !== undefined && { followUp })
  }
}

/** The attempt as reports, receipts and summaries read it: the record, its results (tests not rerun counted in) and its verdict. */
export function attemptAsShown(
  record: AttemptRecord,
  results: AttemptTests | undefined,
  plannedRerun: PlannedRerun | undefined,
  verdict: Pick<Verdict, 'verified' | 'checks' | 'notRerun' | 'quarantined' | 'unexcused' | 'rerunMisfit'>
): AttemptResult {
  return {
    ...record,
    checks: verdict.checks,
    verified: verdict.verified,
    ...(plannedRerun !== undefined && { rerun: { tests: plannedRerun.targets.map(target => target.name), command: plannedRerun.command } }),
    ...(results !== undefined && { tests: withNotRerun(results, verdict.notRerun) }),
    ...(verdict.quarantined !== undefined && { quarantined: verdict.quarantined }),
    ...(verdict.unexcused !== undefined && { unexcused: verdict.unexcused }),
    ...(verdict.rerunMisfit !== undefined && { rerunMisfit: verdict.rerunMisfit })
  }
}

/** The failing part of an attempt, in one line: its failed checks and why the quarantine did not excuse it. */
export function failureReason(attempt: Pick<AttemptResult, 'interrupted' | 'checks' | 'unexcused'>): string {
  if (attempt.interrupted) return 'interrupted'
  const failed = [
    ...attempt.checks.filter(check => !check.ok).map(check => check.detail),
    ...(attempt.unexcused === undefined ? [] : [attempt.unexcused])
  ]
  return failed.length > 0 ? failed.join('; ') : 'not verified'
}
