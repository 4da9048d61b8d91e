/**
 * Entry point of the report bundle (dist/report.js), the action's second entry point
 * `report/action.yml` (docs/design.md §5 "One summary for a matrix"): one step that sums up
 * this workflow run's reverify legs. The real artifact client is made here only.
 */
import { DefaultArtifactClient } from '@actions/artifact'
import { runMatrixReport } from './matrix-report.js'

void runMatrixReport({ artifact: () => new DefaultArtifactClient(), env: process.env })
