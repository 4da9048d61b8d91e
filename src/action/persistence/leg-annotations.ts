/**
 * The leg's annotations.json (docs/design.md §5 "Trace artifact"): every annotation the run
 * calls for — not only the ten per level a step may print — up to the core's cap, redacted
 * and clipped exactly as the printed ones are, each with the test it is about. Written into
 * the session folder before the trace is uploaded, so the report entry point can place them
 * on a check run. A reviewer's view: the trace decides every verdict, this file none.
 */
import { MAX_LEG_ANNOTATIONS, describeError, writeLegAnnotations, type LegAnnotation, type RunReport } from '../../core/index.js'
import { MAX_ANNOTATION_TITLE_CHARS } from '../annotation-place.js'
import { runAnnotations, type Annotation, type AnnotationFacts } from '../annotations.js'

/** The run's annotations as the leg's file holds them; none for a blocked or refused run (no tests ran). */
export function legAnnotations(run: RunReport, facts: AnnotationFacts): LegAnnotation[] {
  if (run.kind !== 'completed') return []
  const stepName = facts.redactor.redact(facts.stepName).replace(/\s+/g, ' ').slice(0, MAX_ANNOTATION_TITLE_CHARS)
  return runAnnotations(run, facts, { perLevel: MAX_LEG_ANNOTATIONS, eachTest: true })
    .slice(0, MAX_LEG_ANNOTATIONS)
    .map(annotation => legAnnotation(annotation, stepName))
}

/** One annotation in the file's shape: a title always (the step's name when it has none), a place only with a file. */
function legAnnotation(annotation: Annotation, stepName: string): LegAnnotation {
  const { title, file, startLine } = annotation.properties
  const line = file !== undefined && startLine !== undefined && Number.isInteger(startLine) && startLine >= 1 ? { line: startLine } : {}
  return {
    level: annotation.level,
    title: title ?? stepName,
    message: annotation.message,
    ...(file !== undefined && { file, ...line }),
    ...(annotation.test !== undefined && { test: annotation.test })
  }
}

/**
 * Writes the annotations into the session folder; a write that fails is one warning, and the
 * upload goes ahead without the file (the report then falls back to the receipt's test names).
 */
export async function writeRunAnnotations(
  sessionDir: string,
  annotations: () => readonly LegAnnotation[],
  warn: (message: string) => void
): Promise<void> {
  try {
    await writeLegAnnotations(sessionDir, annotations())
  } catch (error) {
    warn(`reverify: could not put the annotations in the trace artifact: ${describeError(error)}`)
  }
}
