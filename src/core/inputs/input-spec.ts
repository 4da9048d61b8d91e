/**
 * What a row of the input table (table.ts) says about an input: its kind of value, where it
 * is accepted, how `--help` lists it, and the settings field it fills.
 */

/** A CLI subcommand that takes flags. */
export type CliCommand = 'run' | 'capture' | 'receipts' | 'resume' | 'report' | 'flaky' | 'quarantine' | 'ctrf' | 'export'

/** Where an input is accepted: a CLI subcommand, the action, or the reusable workflow. */
export type Front = CliCommand | 'action' | 'workflow'

/** What values an input takes, and so how it is parsed (see kinds.ts). */
export type InputKind =
  /** One script, kept as written; its command lines (docs/design.md §3) and its length are bounded. */
  | { type: 'script'; maxLines: number; maxChars: number }
  | { type: 'integer'; min: number; max: number }
  /** A decimal number from 0 to 1 (a rate: `0.3`). */
  | { type: 'fraction' }
  /** One of a few words, trimmed and case-insensitive. */
  | { type: 'choice'; values: readonly string[] }
  /** The YAML 1.2 core booleans, as @actions/core's getBooleanInput accepts them. */
  | { type: 'boolean' }
  /** Free text; with `unsetEmpty`, not given is the empty string rather than no value. */
  | { type: 'text'; trim: boolean; maxChars?: number; unsetEmpty?: true }
  /** One value per line, trimmed, blank lines dropped. */
  | { type: 'lines'; maxLines: number }
  | { type: 'regex'; maxChars: number }
  | { type: 'exit-codes' }
  | { type: 'shell' }
  /** A label shown as given (1-100 characters, no control characters); its slug names a trace folder. */
  | { type: 'label' }
  /** An existing directory; not given means the cwd (CLI) or the workspace (action). */
  | { type: 'directory' }
  | { type: 'state-dir' }
  /** A run id, or `latest`. */
  | { type: 'run-ref' }
  /** `off`, a test runner's preset, or a rerun template (reruns/presets.ts). */
  | { type: 'rerun' }

/** Headings of `reverify run --help`, in the order they are listed. */
export const HELP_GROUPS = [
  'Command',
  'Expectations (at least one)',
  'Retries and time',
  'Flaky tests',
  'How and where',
  'Receipts'
] as const

/** One heading of `reverify run --help`. */
export type HelpGroup = (typeof HELP_GROUPS)[number]

/** One input. */
export interface InputSpec {
  kind: InputKind
  /** One line, as action.yml, the reusable workflow and docs/action.md give it. */
  description: string
  /** The CLI's wording, where the action's does not fit a flag. */
  help?: string
  /** The value used when the input is not given, exactly as action.yml declares it. */
  default?: string
  /** What "not given" means where there is no literal default (or it differs per front end). */
  shownDefault?: { cli?: string; action?: string }
  /** A run needs it; only the reusable workflow can make the caller give it. */
  required?: true
  fronts: readonly Front[]
  /** The value's name in `--help` (switches have none). */
  placeholder?: string
  /** Where `reverify run --help` lists it. */
  group?: HelpGroup
  /** CLI: the flag may be repeated; the values are joined as lines. */
  repeatable?: true
  /**
   * The `RunSettings` field a run input fills (settings.ts derives the type and both walks
   * from it); a dot names a field of a group, as in `expectations.exit`.
   */
  setting?: string
  /** Left out of a run's record (run.json): `redact` never reaches disk, `state-dir` is where the record lives. */
  notRecorded?: true
}

/**
 * Most command lines of a script, longest script, longest other command (expect-check,
 * on-retry), longest path and scope, most redact values.
 */
export const INPUT_LIMITS = {
  commands: 100,
  scriptChars: 16_384,
  commandChars: 8192,
  pathChars: 4096,
  scopeChars: 1024,
  redactValues: 200
} as const
