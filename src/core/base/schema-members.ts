/**
 * The members of zod the core's schemas are built from, each named, so the bundler keeps
 * only what they use (a namespace handed on as a value would keep all of zod). Loaded by
 * schema-library.ts on the first parse, never with the bundle.
 */
import { z } from 'zod'

// zod compiles a parser for each object schema on its first parse unless told not to; every
// reader here parses a value once, or a history of up to a few hundred receipts, and the
// interpreter is the faster of the two for both (BENCHMARKS.md, "zod loaded on the first
// parse"). The setting is zod's, for the whole process: the action's own parses use it too.
z.config({ jitless: true })

export const schemaMembers = {
  array: z.array,
  boolean: z.boolean,
  date: z.date,
  discriminatedUnion: z.discriminatedUnion,
  enum: z.enum,
  iso: { datetime: z.iso.datetime },
  literal: z.literal,
  looseObject: z.looseObject,
  number: z.number,
  object: z.object,
  preprocess: z.preprocess,
  record: z.record,
  strictObject: z.strictObject,
  string: z.string,
  union: z.union,
  unknown: z.unknown
}
