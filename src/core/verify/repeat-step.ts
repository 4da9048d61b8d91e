/**
 * The verify loop's early flake detection (docs/design.md §1 "Early flake detection"): once
 * the run has passed, its new tests run `new-test-repeats` more times through the rerun
 * template, each repeat an attempt of kind `repeat` in the trace (a `tool_call` with
 * `repeat`, its `tool_result`, `tests` note and `verify`), never one of the budget. The
 * decisions are new-test-plan.ts's; this step carries them out and records them, and the
 * loop's result takes what they decided: a flaky new test fails the run in `fail` mode.
 */
import type { FlakyNewTest, NewTestDetection } from '../attempt/new-tests.js'
import type { QuarantineEntry } from '../quarantine/file.js'
import type { NewTest } from '../attempt/tests.js'
import { INTERRUPTED_EXIT } from '../base/errors.js'
import { findDestructive } from '../guardrail/index.js'
import type { RunSettings } from '../inputs/settings.js'
import { rerunTemplate } from '../reruns/launcher.js'
import { readPackageScripts } from '../reruns/package-scripts.js'
import { expandTemplate, missingFor } from '../reruns/template.js'
import { unjudgedVerify } from '../session/events.js'
import { newTestsNote } from '../session/notes.js'
import type { TraceSession } from '../session/writer.js'
import { runOnce } from './attempt.js'
import type { LoopResult } from './loop-outcome.js'
import {
  detectionDecision,
  flakyNewTestSummary,
  judgeRepeat,
  newTestsOfRun,
  nextRepeat,
  repeatTarget,
  spentMs,
  type RepeatDone
} from './new-test-plan.js'
import { applyingEntries, entryFor } from './quarantine-policy.js'
import type { QuarantineContext } from './quarantine-step.js'
import { readTestResults, recordTestResults } from './results-step.js'
import { recordingGroups, recordResult } from './trace-events.js'
import type { AttemptEnvironment } from './types.js'
import type { Clock } from '../base/clock.js'

/** What the repeats need of the loop's environment. */
export interface RepeatEnvironment extends AttemptEnvironment {
  clock: Clock
  quarantine?: QuarantineContext
  /** How many tests the history knows: none means nothing is new. */
  known?: { size: number }
}

/** Where the repeats start: those a resumed run found recorded (not run again), and the trace's next attempt number. */
export interface RepeatStart {
  done: RepeatDone[]
  nextAttempt: number
}

/** The tests a repeat targets and the command that runs them, or why no repeat can run. */
type RepeatCommand = { ok: true; command: string } | { ok: false; why: string }

/**
 * After the loop: repeats the run's new tests when `new-test-repeats` is on, and returns the
 * loop's result with what they found (`newTests`), failed in `fail` mode by a flaky new test
 * that no quarantine entry names, aborted when an interrupt came during the repeats.
 */
export async function detectNewTests(
  settings: RunSettings,
  session: TraceSession,
  env: RepeatEnvironment,
  ending: LoopResult,
  start: RepeatStart
): Promise<LoopResult> {
  if (settings.newTestRepeats === 0 || ending.interrupted) return ending
  const found = newTestsOfRun(ending.attempts, ending.outcome === 'success', env.known?.size ?? 0, settings.newTestMax)
  const base: NewTestDetection = {
    mode: settings.newTestMode,
    found: found.found,
    repeated: [],
    repeats: settings.newTestRepeats,
    ran: 0,
    budgetCut: false,
    budgetSeconds: settings.newTestBudgetSeconds,
    spentMs: 0,
    flaky: []
  }
  if (found.skipped !== undefined) return withDetection(session, ending, { ...base, skipped: found.skipped })
  const setting = settings.rerunFailedTests
  if (setting.kind === 'off')
    return withDetection(session, ending, { ...base, skipped: 'not-repeatable', stopped: 'rerun-failed-tests is off' })
  // A preset starts its runner as the command did, else through the project's own binary (reruns/launcher.ts).
  const template = rerunTemplate(setting, settings.script, readPackageScripts(settings.workingDirectory), settings.workingDirectory)
  const tests = found.tests.filter(test => missingFor(template, [repeatTarget(test)]) === undefined)
  if (tests.length === 0) {
    const why = missingFor(template, found.tests.map(repeatTarget)) ?? 'the template cannot name them'
    return withDetection(session, ending, { ...base, skipped: 'not-repeatable', stopped: why })
  }
  const entries = env.quarantine === undefined ? [] : applyingEntries(env.quarantine.entries, env.quarantine.today)
  // Repeats a resumed run read back were judged without the quarantine: its entries name theirs now.
  const done = start.done.map(repeat => ({ ...repeat, flaky: repeat.flaky.map(found => withEntry(found, entries)) }))
  let number = start.nextAttempt
  let budgetCut = false
  let interrupted = false
  let stopped: string | undefined
  for (;;) {
    const step = nextRepeat(tests, done, { repeats: settings.newTestRepeats, budgetMs: settings.newTestBudgetSeconds * 1000 })
    if (step.kind === 'done') break
    if (step.kind === 'budget') {
      budgetCut = true
      break
    }
    if (env.signal?.aborted) {
      interrupted = true
      break
    }
    const command = repeatCommand(settings, template, step.targets)
    if (!command.ok) {
      stopped = command.why
      break
    }
    const repeat = await runRepeat(settings, session, env, {
      attempt: number,
      round: step.round,
      targets: step.targets,
      command: command.command,
      entries
    })
    number++
    if (repeat === undefined) {
      interrupted = true
      break
    }
    done.push(repeat)
  }
  const flaky = done.flatMap(repeat => repeat.flaky)
  const decided = detectionDecision(settings.newTestMode, flaky)
  const detection: NewTestDetection = {
    ...base,
    repeated: tests,
    ran: done.length,
    budgetCut,
    spentMs: spentMs(done),
    flaky,
    ...(stopped !== undefined && { stopped }),
    ...(decided !== undefined && { decided })
  }
  return withDetection(session, ending, detection, interrupted)
}

/** A flaky new test with the quarantine entry that names it, when one applying today does. */
function withEntry(found: FlakyNewTest, entries: readonly QuarantineEntry[]): FlakyNewTest {
  const { test } = found
  const entry = entryFor(entries, { name: test.name, classname: test.classname, ...(test.file !== undefined && { file: test.file }) })
  return entry === undefined ? found : { ...found, quarantine: { owner: entry.owner, expires: entry.expires } }
}

/** The repeat's command: the template expanded for its tests, unless that fails or the guardrail refuses it. */
function repeatCommand(settings: RunSettings, template: string, targets: readonly NewTest[]): RepeatCommand {
  let command: string
  try {
    command = expandTemplate(template, targets.map(repeatTarget), settings.shell)
  } catch (error) {
    return { ok: false, why: (error as Error).message }
  }
  // The guardrail judges the command that will run, names and all.
  const hit = settings.allowDestructive ? undefined : findDestructive(command)
  return hit === undefined
    ? { ok: true, command }
    : { ok: false, why: `the repeat command matches the destructive-command rule "${hit.rule}"` }
}

/** One repeat as planned. */
interface PlannedRepeat {
  attempt: number
  round: number
  targets: NewTest[]
  command: string
  entries: readonly QuarantineEntry[]
}

/** Runs, reads, judges and records one repeat; undefined when it was interrupted. */
async function runRepeat(
  settings: RunSettings,
  session: TraceSession,
  env: RepeatEnvironment,
  planned: PlannedRepeat
): Promise<RepeatDone | undefined> {
  const { attempt, round, targets, command } = planned
  const names = targets.map(test => test.name)
  const of = settings.newTestRepeats
  env.log({ kind: 'repeat-started', attempt, round, of, tests: names.length, command })
  session.event('tool_call', { attempt, commands: [command], repeat: { round, of, tests: names, command } })
  const startedMs = env.clock.now().getTime()
  // A repeat is judged by its results alone: the run's expectations were met by the attempt that passed.
  const plan = {
    attempt,
    settings: { ...settings, script: command, expectations: {} },
    logPath: session.attemptLogPath(attempt),
    checkLogPath: session.attemptCheckLogPath(attempt)
  }
  const record = await runOnce(plan, recordingGroups(env, session, `repeat ${round}`), {
    onScriptEnded: result => recordResult(session, result)
  })
  const read = record.interrupted ? undefined : await readTestResults(settings, record, startedMs, new Set(names), { signal: env.signal })
  if (record.interrupted || env.signal?.aborted) {
    session.event('verify', unjudgedVerify(attempt, 'interrupted: this repeat was not judged'))
    return undefined
  }
  recordTestResults(read, attempt, session, env.log)
  const verdict = judgeRepeat({ round, attempt, targets, tests: read?.tests, failures: record.failures ?? [], entries: planned.entries })
  session.event('verify', { attempt, ok: verdict.check.ok, check: [verdict.check], detail: verdict.check.detail })
  return { round, attempt, tests: names, durationMs: record.durationMs, flaky: verdict.flaky }
}

/** The loop's result with the detection's facts, its note in the trace, and its verdict where it decides one. */
function withDetection(session: TraceSession, ending: LoopResult, detection: NewTestDetection, interrupted = false): LoopResult {
  const message = describeDetection(detection, interrupted)
  session.event(
    'note',
    newTestsNote(message, {
      found: detection.found,
      repeated: detection.repeated.map(test => test.name),
      repeats: detection.repeats,
      ran: detection.ran,
      budget_cut: detection.budgetCut,
      flaky: detection.flaky.map(found => ({ test: found.test.name, repeat: found.repeat, attempt: found.attempt })),
      ...(detection.skipped !== undefined && { skipped: detection.skipped }),
      ...(detection.decided !== undefined && { decided: detection.decided })
    })
  )
  if (interrupted) {
    return {
      ...ending,
      outcome: 'aborted',
      interrupted: true,
      exitCode: INTERRUPTED_EXIT,
      summary: `interrupted during the repeats of new tests, after ${detection.ran} of ${detection.repeats}`,
      newTests: detection
    }
  }
  if (detection.decided === 'fail') {
    return {
      ...ending,
      outcome: 'failure',
      exitCode: 1,
      summary: flakyNewTestSummary(detection.flaky, detection.repeats),
      newTests: detection
    }
  }
  if (detection.decided === 'warn') {
    return { ...ending, summary: `${ending.summary}; flaky new tests (${describeWarned(detection)})`, newTests: detection }
  }
  return { ...ending, newTests: detection }
}

/** The flaky new tests of a run that passes: by `new-test-mode: warn`, or every one quarantined. */
function describeWarned(detection: NewTestDetection): string {
  const words = detection.flaky.map(found => `${found.test.name} failed repeat ${found.repeat}/${detection.repeats}`)
  const why = detection.mode === 'warn' ? 'new-test-mode warn' : 'quarantined'
  return `${words.slice(0, 3).join('; ')}${words.length > 3 ? `, and ${words.length - 3} more` : ''}: ${why}`
}

/** The `new-tests` note's one line. */
export function describeDetection(detection: NewTestDetection, interrupted = false): string {
  switch (detection.skipped) {
    case 'empty-history':
      return 'early flake detection: the history knows no test yet, so no test is new; detection starts with the next run'
    case 'none-new':
      return 'early flake detection: no new test in this run'
    case 'not-passed':
      return 'early flake detection: the run did not pass; no new test is repeated'
    case 'not-repeatable':
      return `early flake detection: ${detection.found} new tests, none repeatable: ${detection.stopped ?? 'the template cannot name them'}`
  }
  const tests = detection.repeated.length
  const counted = detection.found > tests ? ` (${detection.found} found; new-test-max repeats ${tests})` : ''
  const parts = [
    `early flake detection: ${tests} new test${tests === 1 ? '' : 's'}${counted}, ${detection.ran} of ${detection.repeats} repeats ran`
  ]
  if (detection.budgetCut) parts.push(`the next repeat would have passed new-test-budget-seconds (${detection.budgetSeconds} s)`)
  if (detection.stopped !== undefined) parts.push(`stopped: ${detection.stopped}`)
  if (interrupted) parts.push('interrupted')
  parts.push(
    detection.flaky.length === 0
      ? 'no flaky new test'
      : detection.flaky.map(found => `new test ${found.test.name} failed repeat ${found.repeat}/${detection.repeats}`).join('; ')
  )
  return parts.join(' · ')
}
