/**
 * The guardrail over a run's settings (docs/design.md §1 "The guardrail"): every command
 * reverify would run — the script, expect-check and on-retry — each read whole, and the
 * note a refusal leaves in the trace, which the front ends show as it is.
 */
import { findDestructive, type GuardrailHit } from '../guardrail/index.js'
import type { RunSettings } from '../inputs/settings.js'

/** The first command (of the script, expect-check or on-retry) the guardrail refuses, unless allowed. */
export function guardrailHit(settings: RunSettings): GuardrailHit | undefined {
  if (settings.allowDestructive) return undefined
  const { check } = settings.expectations
  // Everything reverify would run, each read whole: the script, expect-check and on-retry.
  for (const command of [settings.script, ...(check ? [check] : []), ...(settings.onRetry ? [settings.onRetry] : [])]) {
    const hit = findDestructive(command)
    if (hit) return hit
  }
  return undefined
}

/** The trace's note for a refusal, which the front ends show as it is. */
export function refusalNote(hit: GuardrailHit): string {
  return `refused: \`${hit.excerpt}\` matches the destructive-command rule "${hit.rule}"; pass allow-destructive: true (--allow-destructive) if you mean it`
}
