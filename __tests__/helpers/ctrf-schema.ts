/**
 * Validates a CTRF report with the `ctrf` package's own validator: ajv with formats against
 * the JSON schema the package ships (docs/design.md §2 "Exports").
 */
import { validate } from 'ctrf'

/** The schema's errors for `report`, as `path: message` lines (empty when it is valid). */
export function ctrfSchemaErrors(report: unknown): string[] {
  const result = validate(report)
  return result.valid ? [] : (result.errors ?? []).map(error => `${error.path}: ${error.message}`)
}
