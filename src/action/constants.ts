/** Names the action shares with action.yml, the runner and its own post step. */
import type { inputTable } from '../core/index.js'

/** Inputs only the action has (the run inputs are RUN_INPUT_NAMES in the core); all are rows of the input table. */
export const ActionInput = {
  /** `<run-id|latest>`: capture mode, runs nothing. */
  Capture: 'capture',
  CaptureNote: 'capture-note',
  /** `false` turns off receipts in actions/cache. */
  CacheReceipts: 'cache-receipts',
  /** Lists the history's cache entries through the REST API (needs actions: read). */
  GithubToken: 'github-token',
  /** always | on-failure | never. */
  UploadTrace: 'upload-trace',
  TraceRetentionDays: 'trace-retention-days',
  /** always | on-failure | never: when to write the job summary. */
  Summary: 'summary'
} as const satisfies Record<string, inputTable.InputName>

/** Step outputs (docs/design.md §5). */
export const Output = {
  Outcome: 'outcome',
  Attempts: 'attempts',
  ExitCode: 'exit-code',
  Flaky: 'flaky',
  RunId: 'run-id',
  SessionId: 'session-id',
  TraceDir: 'trace-dir',
  ArtifactId: 'artifact-id',
  Captured: 'captured',
  /** The quarantined failures the run's verdict excused; `0` otherwise. */
  Quarantined: 'quarantined'
} as const

/** State saved by main for the post step (read back as STATE_<name>). */
export const State = {
  /** 'true' once main has closed everything itself. */
  MainFinished: 'main-finished',
  StateDir: 'state-dir',
  RunId: 'run-id',
  SessionDir: 'session-dir',
  HistoryKey: 'history-key',
  CacheReceipts: 'cache-receipts',
  UploadTrace: 'upload-trace',
  TraceRetentionDays: 'trace-retention-days'
} as const

/** Prefix of every cache key reverify writes or restores. */
export const CACHE_KEY_PREFIX = 'reverify-v1-'

/** Prefix of trace artifact names. */
export const ARTIFACT_PREFIX = 'reverify-trace-'
