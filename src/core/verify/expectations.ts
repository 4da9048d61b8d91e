/** The expectations of a run under their input names, as the trace and the receipt record them. */
import type { Expectations } from '../inputs/settings.js'

/** The expectations keyed by input name (`expect-exit`, …), only those given. */
export function describeExpectations(expectations: Expectations): Record<string, string | number> {
  const { exit, stdout, noOutput, file, check } = expectations
  return {
    ...(exit !== undefined && { 'expect-exit': exit }),
    ...(stdout !== undefined && { 'expect-stdout': stdout }),
    ...(noOutput !== undefined && { 'expect-no-output': noOutput.source }),
    ...(file !== undefined && { 'expect-file': file }),
    ...(check !== undefined && { 'expect-check': check })
  }
}
