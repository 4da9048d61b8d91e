/**
 * zod, loaded when the first value is parsed (docs/design.md §8 "What a run loads"). A run writes
 * what it builds from validated settings without parsing it, so a passing run that reads
 * nothing back from disk never loads it: in the CLI's bundle the schemas' library is a chunk
 * of its own, and every reader awaits this before it builds its schemas from what it gives.
 */
import type { schemaMembers } from './schema-members.js'

/** The zod functions the core's schemas are built from (`z.object`, `z.string`, …). */
export type SchemaLibrary = typeof schemaMembers

let loading: Promise<SchemaLibrary> | undefined

/** The library, loaded once, on the first call. */
export function schemaLibrary(): Promise<SchemaLibrary> {
  loading ??= import('./schema-members.js').then(module => module.schemaMembers)
  return loading
}

/**
 * What `build` makes of the library, built on the first call and kept as a promise, so
 * reads that start together (a history is read several receipts at a time) share one build.
 */
export function builtOnce<T>(build: (z: SchemaLibrary) => T): () => Promise<T> {
  let built: Promise<T> | undefined
  return () => (built ??= schemaLibrary().then(build))
}
