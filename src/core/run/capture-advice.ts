/**
 * What a person is told about a failed run nobody captured (docs/design.md §3
 * "Capture-before-retry"), the same in every front end: the verdict in one sentence, and the
 * commands that capture it — from a terminal, or with a commit in GitHub Actions.
 */
import { captureHeadline } from '../capture/capture-policy.js'
import { captureCommand, captureCommitCommand, type RemedyPlace } from '../capture/remedy.js'

/** The words and commands about one uncaptured failed run. */
export interface CaptureAdvice {
  /** The verdict, as capture-before-retry acts on it: `warn` retries anyway, `block` does not. */
  headline: Record<'warn' | 'block', string>
  /** `reverify capture <run-id> … --note "<what you found>"`, naming the state directory when `place` needs it. */
  command: string
  /** The empty commit whose `Reverify-Capture:` trailer captures the run in GitHub Actions. */
  commit: string
}

/** How to capture `failedRunId`; `place` is where the CLI command will be run (none: in the repository, default state directory). */
export function captureAdvice(failedRunId: string, place?: RemedyPlace): CaptureAdvice {
  return {
    headline: { warn: captureHeadline('warn', failedRunId), block: captureHeadline('block', failedRunId) },
    command: captureCommand(failedRunId, place),
    commit: captureCommitCommand(failedRunId)
  }
}
