/**
 * Entry point of the report bundle (dist/report.js), the action's second entry point
 * `report/action.yml` (docs/design.md §5 "One summary for a matrix"): one step that sums up
 * this workflow run's reverify legs. The real artifact client is made here only.
 */
import { DefaultArtifactClient } from '@actions/artifact'
import { describeError } from '../core/index.js'
import { runMatrixReport } from './matrix-report.js'
import { runnerToolkit } from './toolkit.js'

// runMatrixReport turns every leg's trouble into a warning; this catches only what is left
// (a RUNNER_TEMP it cannot write to), as the step's one error.
runMatrixReport({ artifact: () => new DefaultArtifactClient(), env: process.env, toolkit: runnerToolkit }).catch((error: unknown) =>
  runnerToolkit.fail(`reverify: the matrix report could not run: ${describeError(error)}`)
)
