/**
 * What the report entry point sends as its check run (docs/design.md §5 "The pull
 * request's words"): the conclusion, a one-line title, the matrix summary within a check run's
 * 65,535 characters, and every annotation of every leg in batches of 50 (the most one
 * request carries). Pure: the artifacts' text is made plain here, the sending is publish.ts's.
 */
import type { LegAnnotation, MatrixView } from '../../core/index.js'
import { checkRunSummary, type MatrixRead } from '../matrix-summary.js'
import { MAX_ANNOTATION_MESSAGE_CHARS } from '../annotation-place.js'
import { annotationMessage, annotationTitle, cutText } from './annotation-text.js'
import { flaggedTests } from './flagged-tests.js'
import { conclusionOf, headline, type Conclusion } from './headline.js'

/** One annotation as the check runs API takes it. */
export interface CheckAnnotation {
  path: string
  start_line: number
  end_line: number
  annotation_level: 'failure' | 'warning'
  /** ≤ 255 characters, one line. */
  title: string
  /** ≤ 4,000 characters. */
  message: string
}

/** Everything the check run says. */
export interface CheckRunPlan {
  conclusion: Conclusion
  /** One line ≤ 255: `❌ 2 of 3 legs failed · 31 tests failed · 1 new flaky test`. */
  title: string
  /** Markdown ≤ 65,535 characters, cut at a whole section, with a link to the report when cut. */
  summary: string
  /** Every annotation of every leg, ≤ 50 per batch. */
  batches: CheckAnnotation[][]
  annotationCount: number
}

/** What the plan needs besides the legs. */
export interface CheckRunPlanOptions {
  /** The combined report's artifact page. */
  reportUrl?: string
  /** Where an annotation without a file goes (the legs' workflow file), line 1. */
  fallbackPath: string
  /** The triggering workflow run's own conclusion (trusted; workflow_run only). */
  runConclusion?: string
}

/** The most annotations one request carries. */
export const ANNOTATIONS_PER_REQUEST = 50
/**
 * The most annotations one check run is sent: 40 updates, well under GitHub's limit of about
 * 80 content-creating requests a minute, so one report (or artifacts crafted to be huge) cannot
 * spend the token's budget. A leg writes at most 1,000; a matrix of many failing legs stops
 * here, and the summary says how many were left out.
 */
export const MAX_CHECK_ANNOTATIONS = 2_000

type LegRow = MatrixView['rows'][number]
type Leg = MatrixView['legs'][number]

/** A leg's annotation placed on the diff: its file when it is a plain workspace-relative path, else the fallback's line 1. */
function placed(annotation: LegAnnotation, fallbackPath: string): { path: string; line: number } {
  const { file, line } = annotation
  const safe =
    file !== undefined &&
    file !== '' &&
    file.length <= 1_000 &&
    !file.startsWith('/') &&
    !/^[A-Za-z]:|\\|(^|\/)\.\.(\/|$)|[\u0000-\u001f\u007f]/.test(file)
  if (!safe) return { path: fallbackPath, line: 1 }
  return { path: file, line: line !== undefined && Number.isInteger(line) && line >= 1 ? line : 1 }
}

function fromLegAnnotation(annotation: LegAnnotation, row: LegRow, options: CheckRunPlanOptions, manyLegs: boolean): CheckAnnotation {
  const { path, line } = placed(annotation, options.fallbackPath)
  // A matrix's legs often share a step name: the leg's label says which one this is.
  const leg = manyLegs ? `\n\nLeg: ${row.label}` : ''
  return {
    path,
    start_line: line,
    end_line: line,
    annotation_level: annotation.level === 'error' ? 'failure' : 'warning',
    title: annotationTitle(annotation.title),
    // The leg's line is kept whole: the message is cut to leave it room.
    message: `${cutText(annotationMessage(annotation.message), MAX_ANNOTATION_MESSAGE_CHARS - leg.length)}${leg}`
  }
}

const NO_PLACE =
  "This leg's trace artifact holds no annotations.json (an older reverify, or a file that did not read back), so the test has no file or line here; the combined report has the leg's attempts."

/** A leg without annotations.json: one annotation per failed, flaky or quarantined test its receipt names. */
function fromReceipt(row: LegRow, leg: Leg | undefined, options: CheckRunPlanOptions): CheckAnnotation[] {
  const at = { path: options.fallbackPath, start_line: 1, end_line: 1 }
  const one = (level: CheckAnnotation['annotation_level'], title: string): CheckAnnotation => ({
    ...at,
    annotation_level: level,
    title: annotationTitle(title),
    message: NO_PLACE
  })
  const newFlaky = leg?.receipt.new_tests?.flaky ?? []
  const newLevel = leg?.receipt.new_tests?.decided === 'fail' ? 'failure' : 'warning'
  const annotations = [
    ...row.failedTests.map(name => one('failure', `${row.label}: ${name} failed`)),
    ...newFlaky.map(name => one(newLevel, `${row.label}: new test is flaky — ${name}`)),
    ...row.flakyTests.map(name => one('warning', `${row.label}: flaky — ${name}`)),
    ...row.quarantinedTests.map(name => one('warning', `${row.label}: quarantined test failed — ${name}`))
  ]
  const failed = row.outcome === 'failure' || row.outcome === 'aborted' || row.outcome === 'running'
  if (failed && !annotations.some(annotation => annotation.annotation_level === 'failure')) {
    const how =
      row.outcome === 'failure'
        ? `failed (${row.attempts}/${row.maxAttempts} attempts)`
        : row.outcome === 'aborted'
          ? 'aborted'
          : 'did not finish'
    annotations.unshift(one('failure', `${row.label}: ${how}`))
  }
  return annotations
}

/** Every leg's annotations, in table order, at most MAX_CHECK_ANNOTATIONS, and how many were left out. */
function allAnnotations(view: MatrixView, options: CheckRunPlanOptions): { annotations: CheckAnnotation[]; left: number } {
  const annotations: CheckAnnotation[] = []
  let left = 0
  const manyLegs = view.rows.length > 1
  view.rows.forEach((row, index) => {
    const leg = view.legs[index]
    const own = leg?.annotations
    const room = MAX_CHECK_ANNOTATIONS - annotations.length
    if (own === undefined) {
      const made = fromReceipt(row, leg, options)
      annotations.push(...made.slice(0, room))
      left += Math.max(0, made.length - room)
      return
    }
    for (const annotation of own.slice(0, room)) annotations.push(fromLegAnnotation(annotation, row, options, manyLegs))
    left += Math.max(0, own.length - room)
  })
  return { annotations, left }
}

/** The check run for the legs read. */
export function checkRunPlan(matrix: MatrixRead, options: CheckRunPlanOptions): CheckRunPlan {
  const conclusion = conclusionOf(matrix, options.runConclusion)
  const title = annotationTitle(headline(matrix, flaggedTests(matrix.view), conclusion, options.runConclusion))
  const { annotations, left } = allAnnotations(matrix.view, options)
  const { summary } = checkRunSummary(matrix, {
    title: 'reverify',
    link: () => undefined,
    report: options.reportUrl === undefined ? { note: 'an artifact of the report workflow run' } : { url: options.reportUrl },
    ...(left > 0 && {
      extra: `${left.toLocaleString('en')} more annotations were left out: a check run is sent at most ${MAX_CHECK_ANNOTATIONS.toLocaleString('en')}.`
    })
  })
  const batches: CheckAnnotation[][] = []
  for (let start = 0; start < annotations.length; start += ANNOTATIONS_PER_REQUEST) {
    batches.push(annotations.slice(start, start + ANNOTATIONS_PER_REQUEST))
  }
  return { conclusion, title, summary, batches, annotationCount: annotations.length }
}
