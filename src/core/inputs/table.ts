/**
 * Every input of every front end, declared once: the CLI's flags, the action's inputs and
 * the reusable workflow's inputs are all read from here, and so are `--help`, and the
 * checks that action.yml, the workflow and docs/action.md say the same thing.
 */
import { INPUT_LIMITS, type Front, type InputSpec } from './input-spec.js'
import { OTHER_INPUTS } from './table-other.js'

export { HELP_GROUPS, INPUT_LIMITS, type CliCommand, type Front, type HelpGroup, type InputKind, type InputSpec } from './input-spec.js'

/** Longest regular expression accepted (V8 also refuses some long ones only when first run). */
const MAX_PATTERN_CHARS = 1000

const RUN = ['run', 'action', 'workflow'] as const

/** The inputs of a verify run, in the order action.yml, the workflow and the docs list them. */
const RUN_INPUTS = {
  command: {
    kind: { type: 'script', maxLines: INPUT_LIMITS.commands, maxChars: INPUT_LIMITS.scriptChars },
    description: 'The script to verify, run as one script as a run step does (cd, export, if/fi and heredocs span lines).',
    help: 'the script to verify, run as one script as a run step does; repeat the flag to add lines',
    required: true,
    fronts: RUN,
    placeholder: 'CMD',
    group: 'Command',
    repeatable: true,
    setting: 'script'
  },
  'expect-exit': {
    kind: { type: 'integer', min: 0, max: 255 },
    description: "The attempt's exit code must equal this integer (0-255).",
    fronts: RUN,
    placeholder: 'N',
    group: 'Expectations (at least one)',
    setting: 'expectations.exit'
  },
  'expect-stdout': {
    kind: { type: 'text', trim: false, maxChars: INPUT_LIMITS.commandChars },
    description: "The attempt's stdout must contain this text.",
    fronts: RUN,
    placeholder: 'TEXT',
    group: 'Expectations (at least one)',
    setting: 'expectations.stdout'
  },
  'expect-file': {
    kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.pathChars },
    description: 'This path (relative to working-directory) must exist after the attempt.',
    fronts: RUN,
    placeholder: 'PATH',
    group: 'Expectations (at least one)',
    setting: 'expectations.file'
  },
  'expect-check': {
    kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.commandChars },
    description: 'A shell command run after the attempt; exit 0 means verified.',
    help: 'a command run with the same shell after the attempt; exit 0 means verified',
    fronts: RUN,
    placeholder: 'CMD',
    group: 'Expectations (at least one)',
    setting: 'expectations.check'
  },
  'expect-no-output': {
    kind: { type: 'regex', maxChars: MAX_PATTERN_CHARS },
    description:
      'Regular expression; the attempt fails when any line of its stdout or stderr matches (e.g. WARN(ING)? for a build that exits 0 but warns), naming the first matching line and its number.',
    help: 'a regular expression no line of the output may match; the first matching line and its number are named',
    fronts: RUN,
    placeholder: 'REGEX',
    group: 'Expectations (at least one)',
    setting: 'expectations.noOutput'
  },
  'max-retries': {
    kind: { type: 'integer', min: 0, max: 100 },
    description: 'Retries after the first attempt (0-100); the script runs up to 1 + max-retries times.',
    help: 'retries after the first attempt (0-100); the script runs up to 1 + max-retries times',
    default: '2',
    fronts: RUN,
    placeholder: 'N',
    group: 'Retries and time',
    setting: 'maxRetries'
  },
  'timeout-seconds': {
    kind: { type: 'integer', min: 0, max: 7 * 24 * 3600 },
    description:
      'Time limit of each attempt in seconds (0 means none, at most 604800 = 7 days); on expiry the whole process tree is killed.',
    default: '0',
    fronts: RUN,
    placeholder: 'N',
    group: 'Retries and time',
    setting: 'timeoutSeconds'
  },
  'retry-wait-seconds': {
    kind: { type: 'integer', min: 0, max: 3600 },
    description: 'Seconds to wait before each retry (0-3600; never after the last attempt).',
    default: '0',
    fronts: RUN,
    placeholder: 'N',
    group: 'Retries and time',
    setting: 'retryWaitSeconds'
  },
  'retry-backoff': {
    kind: { type: 'choice', values: ['fixed', 'exponential'] },
    description: 'fixed or exponential (doubling, with +/-20% jitter, capped at 5 minutes).',
    default: 'fixed',
    fronts: RUN,
    placeholder: 'MODE',
    group: 'Retries and time',
    setting: 'retryBackoff'
  },
  'retry-on': {
    kind: { type: 'choice', values: ['any', 'error', 'timeout'] },
    description:
      'any, error (a failure that did not time out) or timeout (only a timed-out attempt); combines with retry-on-exit-codes and retry-on-output (all must allow a retry).',
    default: 'any',
    fronts: RUN,
    placeholder: 'WHEN',
    group: 'Retries and time',
    setting: 'retryOn'
  },
  'retry-on-exit-codes': {
    kind: { type: 'exit-codes' },
    description:
      'Comma list of exit codes and ranges (e.g. 1-123,125-255); when set, a failed attempt is retried only if its exit code is listed.',
    shownDefault: { cli: 'any', action: 'any' },
    fronts: RUN,
    placeholder: 'LIST',
    group: 'Retries and time',
    setting: 'retryOnExitCodes'
  },
  'retry-on-output': {
    kind: { type: 'regex', maxChars: MAX_PATTERN_CHARS },
    description: 'Regular expression; when set, a failed attempt is retried only if a line of its output matches.',
    shownDefault: { cli: 'any', action: 'any' },
    fronts: RUN,
    placeholder: 'REGEX',
    group: 'Retries and time',
    setting: 'retryOnOutput'
  },
  'on-retry': {
    kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.commandChars },
    description:
      'A shell command run after a failed attempt and before the next one (never after the last attempt or a pass); a failing one is a warning.',
    fronts: RUN,
    placeholder: 'CMD',
    group: 'Retries and time',
    setting: 'onRetry'
  },
  'test-results': {
    kind: { type: 'lines', maxLines: 50 },
    description:
      'Globs (one per line, relative to working-directory) of JUnit XML files the command writes; each attempt reads the ones written since it started, to name failed and flaky tests.',
    help: 'a glob of JUnit XML files the command writes, relative to working-directory',
    fronts: RUN,
    placeholder: 'GLOB',
    group: 'How and where',
    repeatable: true,
    setting: 'testResults'
  },
  'rerun-failed-tests': {
    kind: { type: 'rerun' },
    description:
      'off, a preset (jest, vitest, pytest, mocha, node-test, go, playwright) or a command template with {files}, {names}, {pattern}, {titles}, {ids} or {packages}: a retry reruns only the tests that failed, when the test-results explain the failure.',
    help: 'off, a preset (jest, vitest, pytest, mocha, node-test, go, playwright) or a template with {files}, {names}, {pattern}, {titles}, {ids} or {packages}',
    default: 'off',
    fronts: RUN,
    placeholder: 'HOW',
    group: 'Retries and time',
    setting: 'rerunFailedTests'
  },
  'rerun-max-tests': {
    kind: { type: 'integer', min: 1, max: 1000 },
    description: 'Most failed tests rerun on their own (1-1000); with more, the whole command is retried.',
    default: '20',
    fronts: RUN,
    placeholder: 'N',
    group: 'Retries and time',
    setting: 'rerunMaxTests'
  },
  quarantine: {
    kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.pathChars },
    description:
      'The quarantine file (YAML, relative to the repository root): tests whose failure, when it is the only thing wrong, does not fail the run until the entry expires. Absent at the default path, it quarantines nothing; a path set on purpose must exist.',
    help: 'the quarantine file, relative to the repository root (absent at the default path: quarantines nothing)',
    default: '.github/reverify-quarantine.yml',
    fronts: [...RUN, 'quarantine'],
    placeholder: 'PATH',
    group: 'Flaky tests',
    setting: 'quarantine'
  },
  'fail-on-flaky': {
    kind: { type: 'boolean' },
    description: 'true to fail a flaky pass (a test failed, then passed on a retry) unless every flaky test is quarantined.',
    help: 'fail a flaky pass unless every flaky test is quarantined',
    default: 'false',
    fronts: RUN,
    group: 'Flaky tests',
    setting: 'failOnFlaky'
  },
  'max-flaky-tests': {
    kind: { type: 'integer', min: 0, max: 1000 },
    description: 'Most flaky tests (not quarantined) a passing run may have (0-1000); with more, the run fails.',
    help: 'most flaky tests (not quarantined) a passing run may have; with more, it fails',
    fronts: RUN,
    shownDefault: { cli: 'no limit', action: 'no limit' },
    placeholder: 'N',
    group: 'Flaky tests',
    setting: 'maxFlakyTests'
  },
  'new-test-repeats': {
    kind: { type: 'integer', min: 0, max: 20 },
    description:
      'Early flake detection: after a passing attempt, run each new test (one the history has never seen) this many more times through rerun-failed-tests (0-20; 0 = off); a new test that fails a repeat is a flaky new test.',
    help: 'repeat each new test of a passing run this many more times through rerun-failed-tests (0-20; 0 = off)',
    default: '0',
    fronts: RUN,
    placeholder: 'N',
    group: 'Flaky tests',
    setting: 'newTestRepeats'
  },
  'new-test-max': {
    kind: { type: 'integer', min: 1, max: 1000 },
    description: 'Most new tests repeated in one run (1-1000); the others are counted, not repeated.',
    default: '20',
    fronts: RUN,
    placeholder: 'N',
    group: 'Flaky tests',
    setting: 'newTestMax'
  },
  'new-test-budget-seconds': {
    kind: { type: 'integer', min: 0, max: 86_400 },
    description:
      'Time the repeats of new tests may take in all, in seconds (1-86400 with new-test-repeats on); a repeat that would pass it is not started.',
    default: '120',
    fronts: RUN,
    placeholder: 'N',
    group: 'Flaky tests',
    setting: 'newTestBudgetSeconds'
  },
  'new-test-mode': {
    kind: { type: 'choice', values: ['fail', 'warn'] },
    description: 'fail or warn: whether a flaky new test fails the run, or passes it with a warning.',
    default: 'fail',
    fronts: RUN,
    placeholder: 'MODE',
    group: 'Flaky tests',
    setting: 'newTestMode'
  },
  shell: {
    kind: { type: 'shell' },
    description: 'bash, sh, python, pwsh, powershell, cmd, or a template containing {0} (the path of the script file), e.g. "perl {0}".',
    default: 'bash',
    fronts: RUN,
    placeholder: 'SHELL',
    group: 'How and where',
    setting: 'shell'
  },
  'working-directory': {
    kind: { type: 'directory' },
    description: 'Where commands and checks run; a relative path is taken from the workspace.',
    help: 'where commands and checks run; the repository containing it is the target, whose receipts are used (a relative path is taken from the current directory)',
    shownDefault: { cli: 'the current directory', action: 'the workspace' },
    fronts: [...RUN, 'capture', 'receipts', 'resume', 'report', 'flaky', 'quarantine', 'ctrf', 'export'],
    placeholder: 'DIR',
    group: 'How and where',
    setting: 'workingDirectory'
  },
  name: {
    kind: { type: 'label' },
    description:
      'Label of this verify, shown as given (up to 100 characters, e.g. "Unit tests (node 20)"); the trace is filed under its slug (unit-tests-node-20).',
    default: 'verify',
    fronts: RUN,
    placeholder: 'NAME',
    group: 'How and where',
    setting: 'name'
  },
  'allow-destructive': {
    kind: { type: 'boolean' },
    description: 'true to run a command the destructive-command guardrail flags.',
    help: 'run a command the destructive-command guardrail flags',
    default: 'false',
    fronts: RUN,
    group: 'How and where',
    setting: 'allowDestructive'
  },
  'capture-before-retry': {
    kind: { type: 'choice', values: ['warn', 'block', 'off'] },
    description: 'warn, block or off: what to do before retrying a failure nobody captured; overrides .reverify/config.json.',
    shownDefault: { cli: 'the config file, else warn', action: 'the config file, else warn' },
    fronts: [...RUN, 'resume'],
    placeholder: 'MODE',
    group: 'Receipts',
    setting: 'captureBeforeRetry'
  },
  scope: {
    kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.scopeChars, unsetEmpty: true },
    description: 'Extra text that separates otherwise identical commands (e.g. a matrix leg).',
    shownDefault: { action: 'empty' },
    fronts: RUN,
    placeholder: 'TEXT',
    group: 'How and where',
    setting: 'scope'
  },
  redact: {
    kind: { type: 'lines', maxLines: INPUT_LIMITS.redactValues },
    description:
      'Values (one per line) to blank out of traces, logs, receipts, the summary and annotations; they are also masked in the log.',
    help: 'a value to blank out of traces, logs and receipts',
    fronts: [...RUN, 'resume'],
    placeholder: 'VALUE',
    group: 'How and where',
    repeatable: true,
    setting: 'redact',
    notRecorded: true
  },
  'keep-receipts': {
    kind: { type: 'integer', min: 1, max: 100_000 },
    description:
      'Receipts kept per command identity, at least 1 (the newest is always kept); the default is deep enough for flake rates and the 100-run quarantine release rule.',
    default: '200',
    fronts: RUN,
    placeholder: 'N',
    group: 'Receipts',
    setting: 'keepReceipts'
  },
  'state-dir': {
    kind: { type: 'state-dir' },
    description: 'Where receipts and traces live; a relative path is taken from the workspace.',
    help: 'where receipts and traces live; a relative path is taken from the current directory',
    shownDefault: {
      cli: '<git top level of the working directory, else it>/.reverify/',
      action: '${RUNNER_TEMP}/reverify, never inside the workspace'
    },
    fronts: [...RUN, 'capture', 'receipts', 'resume', 'report', 'flaky', 'quarantine', 'ctrf', 'export'],
    placeholder: 'DIR',
    group: 'Receipts',
    setting: 'stateDir',
    notRecorded: true
  }
} as const satisfies Record<string, InputSpec>

/** Every input of every front end: the run's, then the others (table-other.ts). */
export const INPUTS = { ...RUN_INPUTS, ...OTHER_INPUTS }

/** The name of an input, as every front end spells it (`--name` on the CLI). */
export type InputName = keyof typeof INPUTS

/** Every input's name, in table order. */
export const INPUT_NAMES = Object.keys(INPUTS) as InputName[]

/** The spec of one input, typed loosely for code that walks the table. */
export function inputSpec(name: InputName): InputSpec {
  return INPUTS[name]
}

/** The inputs one front end accepts, in table order. */
export function inputsOf(front: Front): InputName[] {
  return INPUT_NAMES.filter(name => inputSpec(name).fronts.includes(front))
}
