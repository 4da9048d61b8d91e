/**
 * The action's lazily loaded chunks (docs/design.md §10): which of dist/'s `<id>.index.cjs`
 * files hold a client, and a scratch copy of dist/ without them, for the tests that show a
 * step goes on when a chunk cannot be loaded.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from './cli.js'
import type { StepResult } from './runner.js'

export const DIST = join(REPO_ROOT, 'dist')

/** The action's chunks in `dir` whose text holds `marker` (a line only that client prints, kept by the minifier). */
export function chunksHolding(dir: string, marker: string): string[] {
  return readdirSync(dir).filter(file => /^\d+\.index\.cjs$/.test(file) && readFileSync(join(dir, file), 'utf8').includes(marker))
}

/** A scratch copy of dist/ without the chunks holding `marker`; the caller removes it. */
export function distWithout(marker: string, prefix: string): string {
  const copy = mkdtempSync(join(tmpdir(), prefix))
  cpSync(DIST, copy, { recursive: true })
  for (const chunk of chunksHolding(copy, marker)) rmSync(join(copy, chunk))
  return copy
}

/** The warning annotations of a step, their messages only. */
export function warnings(step: StepResult): string[] {
  return step.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
}
