/**
 * The action's words for what happens during a run (docs/design.md §5): progress in the
 * log, the capture-before-retry warning as an annotation, and the state the post step
 * needs saved the moment it exists.
 */
import {
  captureAdvice,
  describeSetAside,
  shownCommand,
  type ConsoleStream,
  type Redactor,
  type RunProgress,
  type RunReport
} from '../core/index.js'
import { CommandFence, print } from './workflow-commands.js'

/** Annotation titles, one per kind of finding. */
export const AnnotationTitle = {
  uncaptured: 'reverify: retrying an uncaptured failure',
  blocked: 'reverify: retry blocked until the failure is captured',
  refused: 'reverify: destructive command refused',
  onRetry: 'reverify: on-retry failed',
  testResults: 'reverify: a test results file was ignored',
  quarantineExpiring: 'reverify: a quarantine expires soon',
  quarantineExpired: 'reverify: a quarantine has expired'
} as const

/** Ignored results files shown as warning annotations; the rest only in the log (10 warnings per step are shown). */
const RESULTS_WARNINGS = 3

/** The commit that captures a failed run through its trailer, as one command to copy. */
export function captureCommitCommand(failedRunId: string): string {
  return captureAdvice(failedRunId).commit
}

/** How to capture a failed run from Actions: a commit trailer, or this action's capture mode. */
export function captureRemedy(failedRunId: string): string[] {
  return [
    `Capture it with a commit: ${captureCommitCommand(failedRunId)}`,
    `or run this action once with capture: ${failedRunId} and capture-note: <what you found> (same command and scope).`
  ]
}

/** The capture-before-retry message with the Actions remedy. */
export function captureMessage(action: 'warn' | 'block', failedRunId: string): string {
  return [captureAdvice(failedRunId).headline[action], ...captureRemedy(failedRunId)].join('\n')
}

/**
 * The log of one verify run: each attempt inside a group of its own (`Attempt N/M — <command>`),
 * closed before the retry note and whenever the run ends, is interrupted or throws; progress
 * worded for the log; the state the post step needs saved the moment it exists.
 */
export class RunLog {
  private groupOpen = false
  private maxAttempts = 0
  private atLineStart = true
  private resultsWarnings = new Set<string>()
  private readonly fence: CommandFence
  /** Where the command's stdout goes: the step's stdout, watched for an unfinished last line. */
  readonly stdout: ConsoleStream
  /** Where the command's stderr goes: the step's stderr. */
  readonly stderr: ConsoleStream

  constructor(
    private readonly commands: readonly string[],
    private readonly redactor: Redactor,
    private readonly out: ConsoleStream,
    err: ConsoleStream = out
  ) {
    this.fence = new CommandFence(text => out.write(text))
    this.stdout = {
      write: chunk => {
        this.fence.open()
        if (chunk.length > 0) this.atLineStart = typeof chunk === 'string' ? chunk.endsWith('\n') : chunk[chunk.length - 1] === 0x0a
        return out.write(chunk)
      },
      once: (event, listener) => out.once(event, listener)
    }
    this.stderr = {
      write: chunk => {
        this.fence.open()
        return err.write(chunk)
      },
      once: (event, listener) => err.once(event, listener)
    }
  }

  /** Ends the command output's fence (on a line of its own), so reverify's own lines are commands again. */
  private resumeCommands(): void {
    if (!this.atLineStart) this.out.write('\n')
    this.atLineStart = true
    this.fence.close()
  }

  /** Tells the log (and the post step's saved state) what the core reports as it happens. */
  progress(progress: RunProgress): void {
    // These print nothing (main saves them for the post step): the command may still be printing
    if (progress.kind !== 'run-created' && progress.kind !== 'process-started') this.resumeCommands()
    switch (progress.kind) {
      case 'uncaptured-failure':
        print.warning(this.redactor.redact(captureMessage('warn', progress.failedRunId)), { title: AnnotationTitle.uncaptured })
        return
      case 'restarting':
        print.info(`reverify: interrupted run ${progress.interruptedRunId} cannot be resumed (${progress.reason}); starting a new run`)
        if (progress.setAside !== undefined) print.info(`reverify: ${this.redactor.redact(describeSetAside(progress.setAside))}`)
        return
      case 'resumed':
        print.info(`reverify: ${this.redactor.redact(progress.note)}`)
        return
      case 'attempt-failed':
        this.closeAttempt()
        print.info(`reverify: attempt ${progress.attempt}/${this.maxAttempts} failed: ${this.redactor.redact(progress.note)}`)
        return
      case 'rerun-misfit':
        // Told in the log; the failure or flaky annotation carries it (annotations.ts), not an annotation of its own.
        this.closeAttempt()
        print.info(`reverify: attempt ${progress.attempt}: ${this.redactor.redact(progress.note)}`)
        return
      case 'on-retry-failed':
        print.warning(`${this.redactor.redact(progress.note)}; retrying all the same (after attempt ${progress.attempt})`, {
          title: AnnotationTitle.onRetry
        })
        return
      case 'report-failed':
        print.warning(`reverify: run ${progress.runId}: ${this.redactor.redact(progress.error)}`)
        return
      case 'leftover-ended':
        print.info(`reverify: stopped process group ${progress.pgid}, left running by interrupted run ${progress.runId}`)
        return
      case 'log-incomplete':
        print.warning(`reverify: ${progress.note}`)
        return
      case 'known-tests-warning':
        print.warning(`reverify: ${this.redactor.redact(progress.note)}`)
        return
      case 'quarantine-expiry':
        print.warning(this.redactor.redact(progress.note), {
          title: progress.expired ? AnnotationTitle.quarantineExpired : AnnotationTitle.quarantineExpiring
        })
        return
      case 'test-results-warning': {
        const message = this.redactor.redact(`test-results: ${progress.file}: ${progress.reason}`)
        // The same file warned about by every attempt is one warning.
        const seen = this.resultsWarnings.has(message)
        this.resultsWarnings.add(message)
        if (!seen && this.resultsWarnings.size <= RESULTS_WARNINGS) print.warning(message, { title: AnnotationTitle.testResults })
        else print.info(`reverify: warning: ${message} (attempt ${progress.attempt})`)
        return
      }
      case 'attempt-started':
        this.closeAttempt()
        this.maxAttempts = progress.maxAttempts
        print.startGroup(
          `Attempt ${progress.attempt}/${progress.maxAttempts} — ${this.redactor.redact(attemptWords(progress, this.commands))}`
        )
        this.groupOpen = true
        return
      case 'repeat-started':
        this.closeAttempt()
        print.startGroup(
          `New tests, repeat ${progress.round}/${progress.of} (${progress.tests} ${progress.tests === 1 ? 'test' : 'tests'}) — ${this.redactor.redact(describeCommand([progress.command]))}`
        )
        this.groupOpen = true
        return
      case 'run-created':
      case 'process-started':
        // The run id is saved for the post step (main.ts) and each process group is in the
        // trace (a process-group note): nothing to print.
        return
    }
  }

  /** Ends the open attempt's group, if any, on a line of its own. */
  closeAttempt(): void {
    // A command whose output does not end in a newline would swallow the token or `::endgroup::`.
    this.resumeCommands()
    if (!this.groupOpen) return
    print.endGroup()
    this.groupOpen = false
  }
}

/** The first line of the first command, cut at a word, plus how many more there are. */
export function describeCommand(commands: readonly string[]): string {
  const first = shownCommand.shortCommand(commands[0] ?? '')
  return commands.length > 1 ? `${first} (+${commands.length - 1})` : first
}

/**
 * What an attempt's group is named after (docs/design.md §5 "The log"): the command, or for
 * a rerun of the failed tests what it reran and the command it ran (`2 failed tests: npx jest src/api.test.js …`).
 */
function attemptWords(progress: Extract<RunProgress, { kind: 'attempt-started' }>, commands: readonly string[]): string {
  if (progress.rerun === undefined) return describeCommand(commands)
  const { tests, command } = progress.rerun
  return `${tests} failed ${tests === 1 ? 'test' : 'tests'}: ${shownCommand.shortRerunCommand(command)}`
}

/** The one line printed last: the step's name, the verdict and the receipt. */
export function verdictLine(run: RunReport, name: string): string {
  if (run.kind === 'blocked') return `reverify: ${name} — blocked: the last failure (${run.failedRunId}) was not captured`
  if (run.kind === 'refused')
    return `reverify: ${name} — aborted: destructive command refused (${run.guardrail.rule}) · receipt ${run.runId}`
  const outcome = run.interrupted ? 'aborted (interrupted)' : run.flaky ? 'success (flaky)' : run.outcome
  const used = `${run.attempts.length}/${run.maxAttempts}`
  const when = run.outcome === 'success' ? `on attempt ${used}` : `after ${used} ${run.maxAttempts === 1 ? 'attempt' : 'attempts'}`
  return `reverify: ${name} — ${outcome} ${when} · receipt ${run.runId}`
}
