/**
 * The inputs that are not a verify run's, declared like the run's (table.ts): the action's
 * capture mode and persistence, the reusable workflow's own, and the CLI subcommands' flags.
 */
import { INPUT_LIMITS, type InputSpec } from './input-spec.js'

const ACTION = ['action', 'workflow'] as const

/** Their rows, in the order action.yml, the workflow and the docs list them (after the run's). */
export const OTHER_INPUTS = {
  capture: {
    kind: { type: 'run-ref' },
    description: 'Capture mode, <run-id> or latest: records what happened in a failed run of the same command and scope, and runs nothing.',
    fronts: ACTION
  },
  'capture-note': {
    kind: { type: 'text', trim: true },
    description: 'What you found, recorded with the capture.',
    fronts: ACTION
  },
  'cache-receipts': {
    kind: { type: 'boolean' },
    description: "Keep this command's receipt history between workflow runs in the Actions cache.",
    default: 'true',
    fronts: ACTION
  },
  'github-token': {
    kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.pathChars },
    description:
      "Token that lists this command's cache entries, so the histories of concurrent jobs (matrix legs) are merged; needs actions: read, without it only the newest entry is restored.",
    default: '${{ github.token }}',
    fronts: ['action']
  },
  'upload-trace': {
    kind: { type: 'choice', values: ['always', 'on-failure', 'never'] },
    description: 'always, on-failure or never: when to upload the trace as artifact reverify-trace-<run-id>.',
    default: 'always',
    fronts: ACTION
  },
  'trace-retention-days': {
    kind: { type: 'integer', min: 1, max: 90 },
    description: 'Days to keep the trace artifact (1-90).',
    shownDefault: { action: "the repository's setting" },
    fronts: ACTION
  },
  summary: {
    kind: { type: 'choice', values: ['always', 'on-failure', 'never'] },
    description:
      'always, on-failure or never: when to write the job summary (on-failure: any outcome but success; a flaky pass is a success).',
    default: 'always',
    fronts: ACTION
  },
  'runs-on': {
    kind: { type: 'text', trim: true },
    description: 'Runner label, or a JSON array of labels (e.g. \'["self-hosted", "linux"]\').',
    default: 'ubuntu-latest',
    fronts: ['workflow']
  },
  setup: {
    kind: { type: 'text', trim: false },
    description: 'Shell commands run (bash) in the workspace before the verify, e.g. "npm ci".',
    fronts: ['workflow']
  },
  'node-version': {
    kind: { type: 'text', trim: true },
    description:
      'Node.js version installed with actions/setup-node before setup (e.g. "22" or "lts/*"); empty keeps the runner\'s own Node.js.',
    fronts: ['workflow']
  },
  env: {
    kind: { type: 'text', trim: false },
    description:
      'Environment variables for setup and the verify, one KEY=value per line (not secret: pass secrets in the env-secrets secret).',
    fronts: ['workflow']
  },
  note: {
    kind: { type: 'text', trim: false },
    description: 'What you found in the failed run, recorded with the capture.',
    fronts: ['capture'],
    placeholder: 'TEXT'
  },
  json: {
    kind: { type: 'boolean' },
    description: 'Print JSON instead of lines.',
    default: 'false',
    fronts: ['receipts', 'flaky']
  },
  since: {
    kind: { type: 'integer', min: 1, max: 36_500 },
    description: 'Only runs that started in the last N days.',
    shownDefault: { cli: 'every receipt in the store' },
    fronts: ['flaky'],
    placeholder: 'N'
  },
  'min-runs': {
    kind: { type: 'integer', min: 1, max: 100_000 },
    description: 'quarantine suggest: the fewest runs with test results a suggestion is made from (1-100000).',
    default: '10',
    fronts: ['quarantine'],
    placeholder: 'N'
  },
  rate: {
    kind: { type: 'fraction' },
    description:
      'quarantine suggest: the flake rate (0-1) from which a test is suggested: runs it flaked, failed or was quarantined in, divided by the runs with test results.',
    default: '0.3',
    fronts: ['quarantine'],
    placeholder: 'R'
  },
  out: {
    kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.pathChars },
    description: 'Where to write the file; a relative path is taken from the current directory.',
    shownDefault: { cli: "report.html (ctrf.json for reverify ctrf) in the run's trace folder" },
    fronts: ['report', 'ctrf'],
    placeholder: 'FILE'
  },
  open: {
    kind: { type: 'boolean' },
    description: 'Open the report in the desktop browser (xdg-open or open), when there is one.',
    default: 'false',
    fronts: ['report']
  }
} as const satisfies Record<string, InputSpec>
