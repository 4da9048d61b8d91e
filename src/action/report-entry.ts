/**
 * The report's bundle (dist/report.bundle.cjs, loaded by dist/report.js: action/launch-report.ts),
 * the action's second entry point `report/action.yml` (docs/design.md §5 "One summary for a matrix"): one step that sums up
 * the reverify legs of this workflow run, or of the one that triggered it (workflow_run),
 * and publishes them on the pull request. The real artifact and REST clients are made here only.
 */
import { DefaultArtifactClient } from '@actions/artifact'
import { describeError } from '../core/index.js'
import { runMatrixReport } from './matrix-report.js'
import { apiDeadlineMs, createGitHubApi } from './pull-request/github-api.js'
import { runnerToolkit } from './toolkit.js'

// runMatrixReport turns every leg's trouble into a warning; this catches only what is left
// (a RUNNER_TEMP it cannot write to), as the step's one error.
runMatrixReport({
  artifact: () => new DefaultArtifactClient(),
  api: token =>
    createGitHubApi({ token, apiUrl: process.env.GITHUB_API_URL || 'https://api.github.com', deadlineMs: apiDeadlineMs(process.env) }),
  env: process.env,
  toolkit: runnerToolkit
}).catch((error: unknown) => runnerToolkit.fail(`reverify: the matrix report could not run: ${describeError(error)}`))
