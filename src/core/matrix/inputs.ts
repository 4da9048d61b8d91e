/**
 * The inputs of the report entry point (report/action.yml; docs/design.md §5 "One summary
 * for a matrix"). They live in a small table of their own, with rows shaped like the run
 * table's (inputs/input-spec.ts) and parsed by the same kinds (inputs/kinds.ts): no CLI
 * subcommand, run or reusable-workflow verify takes them, and the run table is already at
 * its size limit. report/action.yml and docs/action.md are checked against this table.
 */
import { UsageError } from '../base/errors.js'
import { showValue } from '../base/printable.js'
import type { InputSpec } from '../inputs/input-spec.js'
import { kindParser } from '../inputs/kinds.js'

/** One row: what the run table's rows say, less what only a run or the CLI needs. */
export type ReportInputSpec = Pick<InputSpec, 'kind' | 'description' | 'default' | 'shownDefault'>

/** Longest artifact name or name pattern. */
const MAX_NAME_CHARS = 200

/** Longest check run name (GitHub shows it in the checks list). */
const MAX_CHECK_NAME_CHARS = 100

/** Longest token taken (GitHub's tokens are far shorter; this only bounds the input). */
const MAX_TOKEN_CHARS = 4_096

/** The report's inputs, in the order report/action.yml and the docs list them. */
export const REPORT_INPUTS = {
  'name-pattern': {
    kind: { type: 'text', trim: true, maxChars: MAX_NAME_CHARS },
    description: "Which of this workflow run's artifacts are legs' traces: a name pattern where * stands for any characters and ? for one.",
    default: 'reverify-trace-*'
  },
  'expected-legs': {
    kind: { type: 'integer', min: 1, max: 1000 },
    description: 'How many legs should have uploaded a trace (1-1000); when fewer did, the summary says how many are missing.',
    shownDefault: { action: 'not checked' }
  },
  'report-artifact': {
    kind: { type: 'text', trim: true, maxChars: MAX_NAME_CHARS },
    description: 'Name of the artifact that holds the combined report.html (unique in the workflow run).',
    default: 'reverify-matrix-report'
  },
  'github-token': {
    kind: { type: 'text', trim: true, maxChars: MAX_TOKEN_CHARS },
    description:
      "Token for the REST calls: another workflow run's artifacts (actions: read), the check run (checks: write), the pull request's comment (pull-requests: write). Never printed.",
    // As the run table's github-token: the runner expands it; elsewhere it is no token (below).
    default: '${{ github.token }}'
  },
  'check-name': {
    kind: { type: 'text', trim: true, maxChars: MAX_CHECK_NAME_CHARS },
    description: 'Name of the check run on the head commit (1-100 characters).',
    default: 'reverify'
  },
  'check-run': {
    kind: { type: 'choice', values: ['on', 'off'] },
    description: 'on or off: whether to create the check run with every failed and flaky test as an annotation.',
    default: 'on'
  },
  comment: {
    kind: { type: 'choice', values: ['off', 'on-failure', 'always'] },
    description:
      'off, on-failure or always: when to keep one comment on the pull request (on-failure still edits an existing one to a green line when the run passes).',
    default: 'on-failure'
  }
} as const satisfies Record<string, ReportInputSpec>

/** A report input's name. */
export type ReportInputName = keyof typeof REPORT_INPUTS

/** The report inputs' names, in table order. */
export const REPORT_INPUT_NAMES = Object.keys(REPORT_INPUTS) as ReportInputName[]

/** The report entry point's settings. */
export interface ReportSettings {
  /** The name pattern as given, and as an anchored expression. */
  namePattern: { text: string; match: RegExp }
  expectedLegs?: number
  reportArtifact: string
  /** The REST token; '' when not given. */
  githubToken: string
  checkName: string
  checkRun: boolean
  comment: 'off' | 'on-failure' | 'always'
}

/** Characters the artifact service refuses in a name (and so in a pattern of names). */
const REFUSED_NAME_CHARS = /[":<>|\\/\r\n]/

/** A name pattern as an anchored expression: `*` any run of characters, `?` one, the rest literal. */
export function namePatternExpression(pattern: string): RegExp {
  const body = Array.from(pattern, char => {
    if (char === '*') return '.*'
    if (char === '?') return '.'
    return char.replace(/[.+^${}()[\]|\\]/g, '\\$&')
  }).join('')
  return new RegExp(`^${body}$`, 'su')
}

function parseOne(name: ReportInputName, raw: string | undefined): unknown {
  const spec: ReportInputSpec = REPORT_INPUTS[name]
  if (raw?.includes('\0')) throw new UsageError(`${name}: contains a NUL character, which no name may hold`)
  const given = raw === undefined || raw.trim() === '' ? spec.default : raw
  if (given === undefined) return undefined
  const parsed = kindParser(spec.kind, { front: 'action', base: '.' })(given)
  if (!parsed.ok) throw new UsageError(`${name}: ${parsed.message}`)
  return parsed.value
}

function artifactName(name: ReportInputName, value: string, wildcards: boolean): string {
  if (REFUSED_NAME_CHARS.test(value) || (!wildcards && /[*?]/.test(value))) {
    const refused = wildcards ? '" : < > | \\ / or a line break' : '" : < > | * ? \\ / or a line break'
    throw new UsageError(`${name}: ${showValue(value)} is not allowed; an artifact name holds no ${refused}`)
  }
  return value
}

/** Parses the report inputs; throws a UsageError of one line naming the first bad one. */
export function parseReportInputs(raw: Readonly<Record<string, string | undefined>>): ReportSettings {
  const pattern = artifactName('name-pattern', parseOne('name-pattern', raw['name-pattern']) as string, true)
  const expected = parseOne('expected-legs', raw['expected-legs']) as number | undefined
  const report = artifactName('report-artifact', parseOne('report-artifact', raw['report-artifact']) as string, false)
  // Outside a runner nobody expands the default `${{ github.token }}`: that is no token.
  const given = parseOne('github-token', raw['github-token']) as string
  const token = /^\$\{\{.*\}\}$/s.test(given) ? '' : given
  const checkName = parseOne('check-name', raw['check-name']) as string
  if (/[\r\n]/.test(checkName)) throw new UsageError(`check-name: ${showValue(checkName)} is not allowed; a check run's name is one line`)
  return {
    namePattern: { text: pattern, match: namePatternExpression(pattern) },
    ...(expected !== undefined && { expectedLegs: expected }),
    reportArtifact: report,
    githubToken: token,
    checkName,
    checkRun: parseOne('check-run', raw['check-run']) === 'on',
    comment: parseOne('comment', raw['comment']) as ReportSettings['comment']
  }
}

/**
 * The reusable workflow's own report input (.github/workflows/reverify.yml): with it, the
 * call runs the report job instead of the verify job. Not an input of either action.
 */
export const WORKFLOW_REPORT_INPUTS = {
  'matrix-report': {
    kind: { type: 'boolean' },
    description:
      "true in a job that needs a matrix of legs calling this workflow: runs no verify (pass command: ''), and writes one summary and one combined report of this workflow run's reverify-trace-* artifacts.",
    default: 'false'
  }
} as const satisfies Record<string, ReportInputSpec>
