/**
 * How long each phase of a step took, as one debug line per phase (docs/design.md §5 "The
 * log"): `reverify: restore 41 ms`. The runner shows them with step debug logging on; the
 * bench (row h) reads them from the step's output. Nothing else depends on them.
 */
import { performance } from 'node:perf_hooks'
import { print } from './workflow-commands.js'

/** The phases a step reports, in the order they start. */
export type Phase = 'start' | 'restore' | 'run' | 'save' | 'upload' | 'report'

/** The debug line of one phase. */
export function phaseLine(phase: Phase, ms: number): string {
  return `reverify: ${phase} ${Math.round(ms)} ms`
}

/** Prints the phase's line once `work` settles, whether it resolved or threw. */
export async function timed<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    return await work()
  } finally {
    print.debug(phaseLine(phase, performance.now() - started))
  }
}

/** The `start` line: node's own start and the bundle's load, up to the moment this is called. */
export function reportStart(): void {
  print.debug(phaseLine('start', performance.now()))
}
