/**
 * An in-memory `Toolkit` (src/action/toolkit.ts): the inputs a test gives, and what the step
 * saved, set, wrote and how it ended, kept in plain objects instead of the runner's files.
 */
import type { Toolkit } from '../../src/action/toolkit.js'

/** The toolkit and what the step told it. */
export interface MemoryToolkit extends Toolkit {
  inputs: Record<string, string>
  saved: Record<string, string>
  outputs: Record<string, string>
  secrets: string[]
  summaries: string[]
  failures: string[]
  failedSilently: boolean
}

/** A toolkit over `inputs`; `saved` may hold what an earlier step saved (the post step reads it). */
export function memoryToolkit(inputs: Record<string, string>, saved: Record<string, string> = {}): MemoryToolkit {
  const toolkit: MemoryToolkit = {
    inputs,
    saved,
    outputs: {},
    secrets: [],
    summaries: [],
    failures: [],
    failedSilently: false,
    input: name => (inputs[name] ?? '').trim(),
    saveState: (name, value) => void (saved[name] = value),
    state: name => saved[name] ?? '',
    setOutput: (name, value) => void (toolkit.outputs[name] = value),
    setSecret: value => void toolkit.secrets.push(value),
    writeSummary: async markdown => void toolkit.summaries.push(markdown),
    fail: message => void toolkit.failures.push(message),
    failSilently: () => void (toolkit.failedSilently = true)
  }
  return toolkit
}
