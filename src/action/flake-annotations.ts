/**
 * The annotations of flakiness beyond reverify's own retries (docs/design.md §5
 * "Annotations"): a warning per test the runner retried itself and that passed on a later
 * run of its own, an error (a warning in `warn` mode) per new test that failed a repeat of
 * early flake detection, and the rate sentence every failed or flaky test's annotation ends with.
 */
import { runnerRetry, testRates, type CompletedRun, type TestFlag } from '../core/index.js'
import { locationProperties, sentence, testLocation, type AnnotatedTest, type Annotation, type PathBase } from './annotation-place.js'

/** What these annotations need beyond the run report. */
export interface FlakeAnnotationFacts {
  stepName: string
  location: PathBase
  /** The run is a pull request's (`pull_request` or `pull_request_target`): a new test is new in it. */
  pullRequest?: boolean
}

/** `Flaked in 4 of the last 37 runs (11 %) · first seen 2026-11-20.`, or '' when the history says nothing more than the run. */
export function rateSentence(run: CompletedRun, name: string): string {
  const words = testRates.rateOf(run.rates, name)
  return words === undefined ? '' : `${sentence(words)}.`
}

/** The test an annotation is about: its name, its flag, and its rate when the run carries the history's. */
export function aboutTest(run: CompletedRun, name: string, flag: TestFlag): AnnotatedTest {
  const rate = run.rates?.find(found => found.name === name)
  if (rate === undefined) return { name, flag }
  const { runs, flaked, failed, firstSeen } = rate
  return { name, flag, rate: { runs, flaked, failed, ...(firstSeen !== undefined && { firstSeen }) } }
}

/** A message as the middle of a sentence: without its own closing period. */
function clause(message: string): string {
  return message.trimEnd().replace(/\.$/, '')
}

/** The names of the tests flaky inside the runner, which have warnings of their own. */
export function runnerFlakyNames(run: CompletedRun): Set<string> {
  return new Set((run.tests?.runnerFlaky ?? []).map(test => test.name))
}

/**
 * One warning per test the runner retried itself that passed on a later run of its own:
 * `<name>: flaky inside the runner — <test>`, `Failed, then passed on the runner's 2nd run
 * (Surefire flakyFailure): <message>. Flaked in 4 of the last 37 runs (11 %) · first seen …`.
 */
export function runnerFlakyAnnotations(run: CompletedRun, facts: FlakeAnnotationFacts): Annotation[] {
  return (run.tests?.runnerFlaky ?? []).map(test => {
    const head = runnerRetry.runnerFlakySentence(test)
    const body = test.message === undefined || test.message.trim() === '' ? `${head}.` : `${head}: ${clause(test.message)}.`
    const rate = rateSentence(run, test.name)
    return {
      level: 'warning',
      message: rate === '' ? body : `${body} ${rate}`,
      properties: {
        title: `${facts.stepName}: flaky inside the runner — ${test.name}`,
        ...locationProperties(testLocation(test, facts.location))
      },
      test: aboutTest(run, test.name, 'runner-flaky')
    }
  })
}

/** The names of the new tests that failed a repeat: their own annotations say why the run failed. */
export function flakyNewTestNames(run: CompletedRun): Set<string> {
  return new Set((run.newTests?.flaky ?? []).map(flaky => flaky.test.name))
}

/**
 * One annotation per new test that failed a repeat (docs/design.md §1 "Early flake
 * detection"): an error in `fail` mode, a warning in `warn` mode, `<name>: new test is flaky
 * — <test>`, `New in this pull request; repeated 5 times, failed on repeat 3: <message>.`,
 * then the repeat's failing block naming it.
 */
export function newTestAnnotations(run: CompletedRun, facts: FlakeAnnotationFacts): Annotation[] {
  const detection = run.newTests
  if (detection === undefined) return []
  const where = facts.pullRequest === true ? 'New in this pull request' : "New to this command's history"
  return detection.flaky.map(flaky => {
    const failed = `${where}; repeated ${detection.repeats} ${detection.repeats === 1 ? 'time' : 'times'}, failed on repeat ${flaky.repeat}`
    const message = flaky.message === undefined || flaky.message.trim() === '' ? `${failed}.` : `${failed}: ${clause(flaky.message)}.`
    const block = flaky.block === undefined || flaky.block.trim() === '' ? '' : `\n${flaky.block.trimEnd()}`
    // A quarantined flaky new test is shown, never an error: its entry excuses it (docs/design.md §1).
    const quarantined = flaky.quarantine === undefined ? '' : ` Quarantined until ${flaky.quarantine.expires} by ${flaky.quarantine.owner}.`
    return {
      level: detection.mode === 'fail' && flaky.quarantine === undefined ? 'error' : 'warning',
      message: `${message}${quarantined}${block}`,
      properties: {
        title: `${facts.stepName}: new test is flaky — ${flaky.test.name}`,
        ...locationProperties(testLocation(flaky.test, facts.location))
      },
      test: { ...aboutTest(run, flaky.test.name, 'new-flaky'), repeat: { failedOn: flaky.repeat, of: detection.repeats } }
    }
  })
}
