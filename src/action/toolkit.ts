/**
 * The action's one seam to the runner (docs/design.md §5): its inputs, the state main leaves
 * the post step, its outputs, the job summary and the step's outcome. Every module of
 * src/action receives a `Toolkit` rather than reading `@actions/core`'s globals itself;
 * index.ts and report-entry.ts pass `runnerToolkit`, a test may pass its own. Printing stays
 * in workflow-commands.ts, the one escaping path; a failure's line is printed there too.
 */
import * as core from '@actions/core'
import { print } from './workflow-commands.js'

/** What the action reads from the runner and tells it, apart from what it prints. */
export interface Toolkit {
  /** An input as the workflow gave it (`INPUT_<NAME>`, trimmed), '' when unset. */
  input(name: string): string
  /** Saves a value for the post step (`GITHUB_STATE`). */
  saveState(name: string, value: string): void
  /** A value main saved, '' when it saved none (`STATE_<name>`). */
  state(name: string): string
  /** Sets a step output (`GITHUB_OUTPUT`). */
  setOutput(name: string, value: string): void
  /** Asks the runner to mask a value in the log from here on (`::add-mask::`). */
  setSecret(value: string): void
  /** Appends markdown to the job summary and writes it (`GITHUB_STEP_SUMMARY`); rejects when it cannot. */
  writeSummary(markdown: string): Promise<void>
  /** Fails the step with one error line (escaped by workflow-commands.ts). */
  fail(message: string): void
  /** Fails the step without a line: one that was already said (a titled annotation) is not repeated. */
  failSilently(): void
}

/** The real one: `@actions/core` and the process's exit code. */
export const runnerToolkit: Toolkit = {
  input: name => core.getInput(name),
  saveState: (name, value) => core.saveState(name, value),
  state: name => core.getState(name),
  setOutput: (name, value) => core.setOutput(name, value),
  setSecret: value => core.setSecret(value),
  writeSummary: async markdown => {
    await core.summary.addRaw(markdown).write()
  },
  fail: message => print.setFailed(message),
  failSilently: () => {
    process.exitCode = 1
  }
}
