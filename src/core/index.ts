/**
 * The core's one public entry (docs/design.md §8): the CLI and the action import the core
 * through this module only, so what they rely on is listed here and everything else under
 * src/core/ may change shape freely. A test keeps it so (`__tests__/architecture.test.ts`).
 * The front ends call use cases and word the facts they return; a type is listed only when
 * a front end names it.
 */

// A run: its ports, a verify, its resume, its reports, the close of a run its process abandoned.
export { createRunPorts } from './run/run-ports.js'
export { verifyRun } from './run/verify-run.js'
export { resumeRun } from './run/resume-run.js'
export { writeRunReports } from './run/run-reports.js'
export { closeAbandonedRun } from './run/close-abandoned.js'
export type { MachinePorts, RunProgress } from './run/ports.js'
export type { CompletedRun, RunReport } from './run/report.js'
export type { ConsoleStream } from './verify/types.js'

// Settings, from the input table; its readers as one namespace (core/inputs/readers.ts says why).
export type { RunSettings } from './inputs/settings.js'
export * as inputTable from './inputs/readers.js'

// What a reviewer reads of a run: an attempt's output, the command's history, the quarantine.
export { attemptOutput } from './run/attempt-output.js'
export { commandHistory } from './run/command-history.js'
export type { HistoryFacts } from './report/history-facts.js'
export { testHistory } from './test-results/test-history.js'
export { adviseQuarantine, quarantineStatus, readQuarantine, type EntryStatus } from './run/quarantine-queries.js'
export type { QuarantineAdvice } from './quarantine/suggest.js'

// Stored runs: found by id or as latest, listed, exported; the history restored into the store.
export { exportRun, findRun, receiptStatuses } from './run/stored-run.js'
export { historyIdentity } from './run/history-identity.js'
export { HistoryImport } from './run/receipt-import.js'
export { stageHistory } from './run/history-stage.js'
export { ReceiptStore } from './receipts/receipt-store.js'
export type { Receipt } from './receipts/receipt.js'
export { isRunId } from './receipts/run-id.js'
export { ensureStateDir } from './receipts/state-dir.js'

// Capture and capture-before-retry.
export { captureAdvice } from './run/capture-advice.js'
export { captureModeOf, configureCaptureMode } from './run/capture-config.js'
export { applyCaptureTrailers, captureRun, parseCaptureTrailers } from './capture/capture.js'
export type { CaptureMode } from './capture/config-file.js'

// One summary for a matrix: legs read back from their trace artifacts (docs/design.md §5).
export { readMatrix, readReportInputs } from './run/matrix-read.js'
export type { MatrixView } from './matrix/aggregate.js'
export { copyReceiptIntoSession } from './matrix/leg.js'
// Every annotation of a leg, in its trace artifact, for the pull request's check run and comment.
export {
  LEG_ANNOTATIONS_FILE,
  MAX_LEG_ANNOTATIONS,
  legAnnotationsText,
  writeLegAnnotations,
  type LegAnnotation,
  type LegTestRate,
  type TestFlag
} from './matrix/leg-annotations.js'

// The core's own words, which every front end shows as they are (the trace holds the same).
export { describeEntry } from './verify/quarantine-policy.js'
export { stateDirFull } from './recovery/disk-full.js'
export { describeSetAside } from './recovery/resume.js'
export { testsRan } from './test-results/run-tests.js'
// A test's rate over the history and a runner's own retry of a test, each as one namespace of its counting and words.
export * as testRates from './test-results/test-rates.js'
export * as runnerRetry from './test-results/runner-retry-words.js'
export { formatDuration } from './report/render.js'

// Script lines, redaction, the named errors and the base helpers the front ends share.
export { scriptLabel, scriptLines } from './shell/script-lines.js'
// A command as a title, a cell or a log group shows it: cut at a word, a rerun's test names elided.
export * as shownCommand from './shell/shown-command.js'
export { createRedactor, redactDeep, type Redactor } from './redaction/index.js'
export { otlpHeaderValues } from './redaction/otlp-headers.js'
export { ExitCode, UsageError, describeError, isUserError } from './base/errors.js'
export { printable } from './base/printable.js'
export { unsupportedPlatform } from './base/platform.js'
export { VERSION } from './base/version.js'
