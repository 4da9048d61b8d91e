/**
 * The annotations of a verify run (docs/design.md §5): a failure's error annotations, one per
 * failing block that names a workspace file (else one for the whole excerpt), a flaky pass's
 * warning, and the block and refusal errors. Built as plain values, then printed.
 */
import { print } from './workflow-commands.js'
import {
  attemptOutput,
  describeEntry,
  runnerRetry,
  shownCommand,
  testRates,
  type CompletedRun,
  type HistoryFacts,
  type Redactor,
  type RunReport
} from '../core/index.js'
import { AnnotationTitle, captureMessage, describeCommand } from './run-log.js'
import type { AttemptResult, FailedTest } from './report-parts.js'
import {
  locationProperties,
  MAX_ANNOTATION_MESSAGE_CHARS,
  MAX_ANNOTATION_TITLE_CHARS,
  sentence,
  testLocation,
  type Annotation,
  type PathBase
} from './annotation-place.js'
import {
  aboutTest,
  flakyNewTestNames,
  newTestAnnotations,
  rateSentence,
  runnerFlakyAnnotations,
  runnerFlakyNames
} from './flake-annotations.js'

export type { Annotation, PathBase } from './annotation-place.js'

/** GitHub shows at most 10 annotations of each level per step: what is printed. */
const MAX_PER_LEVEL = 10

/** How many annotations runAnnotations returns, and in which form. */
export interface AnnotationOptions {
  /** Most annotations of each level (default 10, what a step may print). */
  perLevel?: number
  /**
   * One warning per flaky test, not one for the flaky pass naming the first three, and a
   * refused flaky pass's tests each as a warning beside the gate's error: every test an
   * annotation of its own, for the leg's annotations.json (docs/design.md §5 "Trace artifact").
   */
  eachTest?: boolean
}

/** What the annotations need beyond the run report. */
export interface AnnotationFacts {
  /** The step's `name` input (default `verify`): titles start with it. */
  stepName: string
  commands: readonly string[]
  redactor: Redactor
  /** Where file names in the output are looked up (the workspace and the working directory). */
  location: PathBase
  /** This command's history, to say how often a flaky test flaked before (when the run carries no rates). */
  history?: HistoryFacts
  /** The run is a pull request's: a flaky new test is `New in this pull request`. */
  pullRequest?: boolean
}

function clip(text: string): string {
  return text.length > MAX_ANNOTATION_MESSAGE_CHARS ? `${text.slice(0, MAX_ANNOTATION_MESSAGE_CHARS - 1)}…` : text
}

/** Redacts and clips every text of an annotation, title, file name and test name included. */
function finished(annotation: Annotation, redactor: Redactor): Annotation {
  const { title, file, ...rest } = annotation.properties
  // One line: \s has no NEL, which some readers take for a line break.
  const oneLine = (text: string) => text.replace(/[\s\u0085]+/g, ' ')
  return {
    level: annotation.level,
    message: clip(redactor.redact(annotation.message)),
    properties: {
      ...rest,
      ...(title !== undefined && { title: shownCommand.cutAtWord(oneLine(redactor.redact(title)), MAX_ANNOTATION_TITLE_CHARS) }),
      ...(file !== undefined && { file: redactor.redact(file) })
    },
    ...(annotation.test !== undefined && { test: { ...annotation.test, name: clip(redactor.redact(annotation.test.name)) } })
  }
}

/**
 * A failed test's annotation body: its message, and where it failed (unless the message's
 * stack line says so); then, when the runner retried it itself, how often, and its rate.
 */
function testBody(run: CompletedRun, test: FailedTest): string {
  const place = test.file === undefined ? undefined : `${test.file}${test.line === undefined ? '' : `:${test.line}`}`
  const where = place === undefined || (test.line !== undefined && test.message?.includes(`${place}:`)) ? '' : `\nat ${place}`
  const retried = test.runnerRuns === undefined || test.runnerRuns < 2 ? '' : `\nIt ${runnerRetry.runnerFailedWords(test.runnerRuns)}.`
  const rate = rateSentence(run, test.name)
  return `${test.message ?? `${test.name} ${test.outcome === 'error' ? 'could not run' : 'failed'}`}${where}${retried}${rate === '' ? '' : `\n${rate}`}`
}

/** Most output lines a timeout's or a failed line's annotation ends with. */
const LAST_OUTPUT_LINES = 10

/**
 * The error of a script that timed out or that `-e` stopped at a line (docs/design.md §5):
 * the limit and how the tree was stopped, or the failing line, then the last output lines.
 */
function endingAnnotation(attempt: AttemptResult, stepName: string): Annotation | undefined {
  const { ending, text } = attemptOutput(attempt)
  if (ending === undefined) return undefined
  const lines = text
    .split('\n')
    .filter(line => line.trim() !== '')
    .slice(-LAST_OUTPUT_LINES)
  const output = lines.length === 0 ? '' : `\nLast output:\n${lines.map(line => `  ${line}`).join('\n')}`
  if (ending.timeoutTitle !== undefined) {
    const stop = ending.stop === undefined ? 'The attempt was stopped.' : `${ending.stop.charAt(0).toUpperCase()}${ending.stop.slice(1)}.`
    return { level: 'error', message: `${stop}${output}`, properties: { title: `${stepName}: ${ending.timeoutTitle}` } }
  }
  if (ending.line === undefined) return undefined
  return { level: 'error', message: `${ending.line.sentence}${output}`, properties: { title: `${stepName}: ${ending.line.title}` } }
}

/** The failed attempts' records of one test, oldest first. */
function failuresOf(run: CompletedRun, name: string): FailedTest[] {
  return run.attempts.flatMap(attempt => attempt.tests?.failedTests.filter(test => test.name === name) ?? [])
}

/**
 * How a test of the final attempt failed, for its title: in how many of the attempts, so the
 * one that failed every time reads as the real break; a one-attempt run says only its count.
 */
function failedWords(run: CompletedRun, name: string, attempts: string): string {
  if (run.attempts.length < 2) return `failed ${attempts}`
  const times = run.attempts.filter(attempt => attempt.tests?.failedTests.some(test => test.name === name)).length
  return times >= run.attempts.length ? `failed in every attempt ${attempts}` : `failed in ${times} of ${run.attempts.length} attempts`
}

/**
 * A failed run's tests that failed in an attempt and passed in a later one: warnings, never
 * errors — only what failed in the final attempt is an error (docs/design.md §5).
 */
function recoveredWarnings(run: CompletedRun, facts: AnnotationFacts): Annotation[] {
  const final = new Set((run.tests?.failed ?? []).map(test => test.name))
  // A test flaky inside the runner, or a new test that failed a repeat, has a warning of its own.
  const apart = new Set([...runnerFlakyNames(run), ...flakyNewTestNames(run)])
  const recovered = (run.tests?.flaky ?? []).filter(name => !final.has(name) && !apart.has(name))
  const broke = final.size > 0 ? `; the run failed on ${namedTests([...final])}` : ''
  return recovered.map(name => {
    const first = failuresOf(run, name)[0]
    const when = first === undefined ? '' : ` in attempt ${attemptOf(run, first)}`
    const rate = rateSentence(run, name)
    return {
      level: 'warning',
      message: `${first?.message ?? `${name} failed`}\nIt passed on a retry${broke}.${rate === '' ? '' : ` ${rate}`}`,
      properties: {
        title: `${facts.stepName}: flaky — ${name} failed${when}, passed in a later attempt`,
        ...locationProperties(first === undefined ? undefined : testLocation(first, facts.location))
      },
      test: aboutTest(run, name, 'flaky')
    }
  })
}

/** The attempt a failed test's record belongs to. */
function attemptOf(run: CompletedRun, test: FailedTest): number | undefined {
  return run.attempts.find(attempt => attempt.tests?.failedTests.includes(test) === true)?.attempt
}

/** Error annotations of a failed run: one per failed test when JUnit results name them, else per located failing block, else one for the excerpt. */
function failureAnnotations(run: CompletedRun, facts: AnnotationFacts, perLevel: number): Annotation[] {
  const attempts = `(${run.attempts.length}/${run.maxAttempts} attempts)`
  const command = describeCommand(facts.commands)
  // A quarantined test that failed next to the real failure is a warning of its own, not an error.
  const covered = new Set((run.quarantine?.covered ?? []).map(({ test }) => test.name))
  // A new test that failed a repeat is told by its own annotation (flake-annotations.ts).
  const newFlaky = flakyNewTestNames(run)
  const failedTests = (run.tests?.failed ?? []).filter(test => !covered.has(test.name) && !newFlaky.has(test.name))
  if (failedTests.length === 0 && newFlaky.size > 0 && run.newTests?.mode === 'fail') return []
  if (failedTests.length > 0) {
    return failedTests.slice(0, perLevel).map(test => ({
      level: 'error',
      message: testBody(run, test),
      properties: {
        title: `${facts.stepName}: ${test.name} ${failedWords(run, test.name, attempts)}`,
        ...locationProperties(testLocation(test, facts.location))
      },
      test: aboutTest(run, test.name, 'failed')
    }))
  }
  const last = run.attempts[run.attempts.length - 1]
  const blocks = last === undefined ? [] : attemptOutput(last, facts.location).blocks
  const withPlace = blocks.filter(item => item.location !== undefined)
  // A timeout, or the line -e stopped the script at, says what failed more plainly than the excerpt.
  const ending = last === undefined ? undefined : endingAnnotation(last, facts.stepName)
  const pinned: Annotation[] = withPlace.slice(0, perLevel).map(({ block, location }) => ({
    level: 'error',
    message: block.lines.join('\n'),
    properties: { title: `${facts.stepName}: ${block.test ?? command} failed ${attempts}`, ...locationProperties(location) },
    ...(block.test !== undefined && { test: aboutTest(run, block.test, 'failed') })
  }))
  if (ending !== undefined) return [ending, ...pinned]
  if (withPlace.length === 0) {
    // Nothing to pin on a line: the whole excerpt, under the loop's own summary when it is empty.
    const body = run.excerpt !== '' ? run.excerpt : run.summary
    const how = last === undefined ? undefined : howItFailed(last)
    const message = how === undefined ? body : `${how}\n${body}`
    return [{ level: 'error', message, properties: { title: `${facts.stepName}: ${command} failed ${attempts}` } }]
  }
  return pinned
}

/**
 * The first line of a command failure's body (docs/design.md §5 "Annotations"): its exit
 * code when expect-exit failed (`Failed with exit 1 (expect-exit 0).`), the signal that killed it, or
 * the expectations that failed.
 */
function howItFailed(attempt: AttemptResult): string | undefined {
  const failed = attempt.checks.filter(check => !check.ok)
  const exit = failed.find(check => check.expectation === 'expect-exit')
  if (exit !== undefined && attempt.signal) return `Killed by ${attempt.signal} (exit ${attempt.exitCode}).`
  if (exit !== undefined) {
    const wanted = /^expect-exit (-?\d+(?:,\s*-?\d+)*) but got/.exec(exit.detail)?.[1]
    return `Failed with exit ${attempt.exitCode}${wanted === undefined ? '' : ` (expect-exit ${wanted})`}.`
  }
  return failed.length === 0 ? undefined : `${sentence(failed.map(check => check.detail).join('; '))}.`
}

/** `a; b; c` or `a; b; c and 4 more`, for a title. */
function namedTests(names: readonly string[]): string {
  return names.slice(0, 3).join('; ') + (names.length > 3 ? ` and ${names.length - 3} more` : '')
}

/** The warning of a flaky pass: which attempt passed, and what failed before it. */
function flakyAnnotation(run: CompletedRun, facts: AnnotationFacts): Annotation | undefined {
  // The attempt that really failed: one a crash cut off is not a failure (docs/design.md §6).
  const failed = run.attempts.find(attempt => !attempt.verified && !attempt.interrupted)
  if (!run.flaky || failed === undefined) return undefined
  const why =
    failed.checks
      .filter(check => !check.ok)
      .map(check => check.detail)
      .join('; ') || (failed.interrupted ? 'interrupted' : 'not verified')
  const excerpt = run.firstFailure?.excerpt ?? ''
  const title = `${facts.stepName}: flaky — passed on attempt ${run.attempts.length}/${run.maxAttempts}`
  // Tests flaky inside the runner and new tests that failed a repeat have warnings of their own.
  const apart = new Set([...runnerFlakyNames(run), ...flakyNewTestNames(run)])
  const flakyTests = (run.tests?.flaky ?? []).filter(name => !apart.has(name))
  if (flakyTests.length > 0) {
    // The JUnit results name the tests: the first one's failure is where the warning lands.
    const first = run.attempts.flatMap(attempt => attempt.tests?.failedTests ?? []).find(test => test.name === flakyTests[0])
    const shown = namedTests(flakyTests)
    const lines = [`Attempt ${failed.attempt} failed: ${shown}${first?.message !== undefined ? ` — ${first.message}` : ''}`]
    for (const name of flakyTests.slice(0, 3)) {
      const rate = run.rates === undefined ? undefined : testRates.rateOf(run.rates, name)
      const past = facts.history?.flakyTests.find(test => test.name === name)
      if (rate !== undefined) lines.push(`${name} ${rate}.`)
      else if (run.rates === undefined && past !== undefined && facts.history !== undefined) {
        lines.push(`${name} flaked in ${past.flaky} of the last ${facts.history.runs.length} runs.`)
      }
    }
    return {
      level: 'warning',
      message: lines.join('\n'),
      properties: { title, ...locationProperties(first === undefined ? undefined : testLocation(first, facts.location)) }
    }
  }
  const { blocks } = attemptOutput(failed, facts.location)
  const place = blocks.find(item => item.location !== undefined)
  const test = place?.block.test ?? blocks.find(item => item.block.test !== undefined)?.block.test
  const head = `Attempt ${failed.attempt} failed${test !== undefined ? ` (${test})` : ''}: ${why}`
  return {
    level: 'warning',
    message: excerpt === '' ? head : `${head}\n${excerpt}`,
    properties: { title, ...locationProperties(place?.location) }
  }
}

/**
 * One warning per quarantined failure, on its file and line, saying until when, by whom and
 * why — never an error: the failure is known and owned. In a pass the quarantine excused,
 * every failure; in a failed run, those that failed next to what the quarantine does not excuse.
 */
function quarantineAnnotations(run: CompletedRun, facts: AnnotationFacts): Annotation[] {
  const passed = run.outcome === 'success'
  const failures = (passed ? run.quarantine?.excused : run.quarantine?.covered) ?? []
  const outcome = passed
    ? 'The run passed because every failure is quarantined.'
    : 'The run failed for something else, which the quarantine does not excuse.'
  return failures.map(({ test, entry }) => {
    const rate = rateSentence(run, test.name)
    return {
      level: 'warning',
      message: `${sentence(describeEntry(entry))}. ${outcome}${rate === '' ? '' : ` ${rate}`}`,
      properties: {
        title: `${facts.stepName}: quarantined test failed — ${test.name}`,
        ...locationProperties(testLocation(test, facts.location))
      },
      test: aboutTest(run, test.name, 'quarantined')
    }
  })
}

/**
 * A flaky pass a gate refused: one error naming the gate and the flaky tests, on the first
 * one's failure when the results place it. It replaces the failure's and the flaky pass's
 * annotations: the last attempt passed, so there is nothing else to point at.
 */
function gateAnnotation(run: CompletedRun, facts: AnnotationFacts): Annotation | undefined {
  const gate = run.gate
  if (gate === undefined) return undefined
  const first = run.attempts.flatMap(attempt => attempt.tests?.failedTests ?? []).find(test => test.name === gate.tests[0])
  const lines = [`${gate.message}.`]
  if (first?.message !== undefined) lines.push(`${first.name}: ${first.message}`)
  lines.push('Fix the flaky tests, or quarantine them in the quarantine file with an owner and an expiry.')
  return {
    level: 'error',
    message: lines.join('\n'),
    properties: {
      title: `${facts.stepName}: flaky pass refused by ${gate.gate} — ${gate.tests.length > 0 ? namedTests(gate.tests) : 'the command'}`,
      ...locationProperties(first === undefined ? undefined : testLocation(first, facts.location))
    }
  }
}

/** A failure's or flaky pass's body, ending with the line of a rerun whose results showed none of its targets (reruns/misfit.ts). */
function withMisfit(annotation: Annotation, run: CompletedRun): Annotation {
  const misfits = [...new Set(run.attempts.flatMap(attempt => attempt.rerunMisfit ?? []))]
  return misfits.length === 0 ? annotation : { ...annotation, message: [annotation.message, ...misfits].join('\n') }
}

/**
 * Every annotation a verify run's report calls for, redacted and clipped, at most 10 per
 * level (`perLevel`); each test-level one names its test.
 */
export function runAnnotations(run: RunReport, facts: AnnotationFacts, options: AnnotationOptions = {}): Annotation[] {
  const { redactor } = facts
  const perLevel = options.perLevel ?? MAX_PER_LEVEL
  const found: Annotation[] = []
  if (run.kind === 'blocked') {
    found.push({ level: 'error', message: captureMessage('block', run.failedRunId), properties: { title: AnnotationTitle.blocked } })
  } else if (run.kind === 'refused') {
    found.push({ level: 'error', message: run.note, properties: { title: AnnotationTitle.refused } })
  } else {
    const gate = gateAnnotation(run, facts)
    // Each flaky test on its own: a flaky pass its results name, and the tests a gate refused.
    const eachFlaky = options.eachTest === true && run.flaky && (run.tests?.flaky.length ?? 0) > 0
    if (gate !== undefined) found.push(gate, ...(options.eachTest === true ? recoveredWarnings(run, facts) : []))
    else if (run.outcome === 'failure')
      found.push(...failureAnnotations(run, facts, perLevel).map(found => withMisfit(found, run)), ...recoveredWarnings(run, facts))
    else if (eachFlaky) found.push(...recoveredWarnings(run, facts))
    found.push(...newTestAnnotations(run, facts))
    const flaky = gate === undefined && !eachFlaky ? flakyAnnotation(run, facts) : undefined
    if (flaky !== undefined) found.push(withMisfit(flaky, run))
    found.push(...runnerFlakyAnnotations(run, facts), ...quarantineAnnotations(run, facts))
  }
  const errors = found.filter(annotation => annotation.level === 'error').slice(0, perLevel)
  const warnings = found.filter(annotation => annotation.level === 'warning').slice(0, perLevel)
  return [...errors, ...warnings].map(annotation => finished(annotation, redactor))
}

/** Prints a verify run's annotations. */
export function annotateRun(run: RunReport, facts: AnnotationFacts): void {
  for (const annotation of runAnnotations(run, facts)) {
    if (annotation.level === 'error') print.error(annotation.message, annotation.properties)
    else print.warning(annotation.message, annotation.properties)
  }
}
