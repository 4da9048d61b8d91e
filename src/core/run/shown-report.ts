/**
 * A run report as the front ends may show it (docs/design.md §5 "Job summary"): every text in
 * it that came from the command, its output, its test results or an input is redacted here,
 * in the core, before any front end escapes it for markdown, HTML or a workflow command.
 * Escaping first would change a secret's spelling (`_` → `\_`) so the redactor no longer
 * finds it, while the rendered page shows it as it was.
 */
import { redactDeep, type Redactor } from '../redaction/index.js'
import type { Receipt } from '../receipts/receipt.js'
import type { RunReport } from './report.js'

/**
 * The report with its shown texts redacted; ids, paths and hashes reverify made are kept.
 * Each attempt's test keys are left out: the history's known tests were kept from them
 * before (known-tests-update.ts), no front end shows them, and a suite's every test would
 * otherwise be copied through the redactor (110,000 keys: 60 MB of garbage, BENCHMARKS.md row j).
 */
export function shownReport(report: RunReport, redactor: Redactor): RunReport {
  if (report.kind === 'blocked') return report
  if (report.kind === 'refused') return { ...report, guardrail: redactDeep(report.guardrail, redactor) }
  const { summary, excerpt, firstFailure, tests, interruptReason, resumed, quarantine, gate, newTests, rates } = report
  const attempts = report.attempts.map(attempt => {
    if (attempt.tests?.keys === undefined) return attempt
    const { keys: _kept, ...tests } = attempt.tests
    return { ...attempt, tests }
  })
  return {
    ...report,
    ...redactDeep(
      {
        attempts,
        summary,
        excerpt,
        ...(firstFailure !== undefined && { firstFailure }),
        ...(tests !== undefined && { tests }),
        ...(interruptReason !== undefined && { interruptReason }),
        ...(resumed !== undefined && { resumed }),
        ...(quarantine !== undefined && { quarantine }),
        ...(gate !== undefined && { gate }),
        ...(newTests !== undefined && { newTests }),
        ...(rates !== undefined && { rates })
      },
      redactor
    )
  }
}

/** Receipts hold commands and expectations as written: redact them like everything else. */
export function redactedReceipt(receipt: Receipt, redactor: Redactor): Receipt {
  const { identity, commands, expectations, tests, quarantined } = receipt
  const shown = {
    identity,
    commands,
    expectations,
    ...(tests !== undefined && { tests }),
    ...(quarantined !== undefined && { quarantined })
  }
  return { ...receipt, ...redactDeep(shown, redactor) }
}
