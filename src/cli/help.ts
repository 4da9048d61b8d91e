/** The CLI's help texts: every subcommand and every flag. */

export const MAIN_HELP = `reverify: run a verify command with retries and expectations, keep a receipt of
every run, and refuse to retry a failure nobody captured.

Usage:
  reverify run --command CMD --expect-exit N [flags]   run a verify (see reverify run --help)
  reverify capture <run-id|latest> [--note TEXT]        record what happened in a failed run
  reverify receipts list [--json]                       receipts of this repository, newest first
  reverify receipts show <run-id|latest> [--json]       one receipt in full
  reverify config set capture-before-retry <warn|block|off>
  reverify resume [<run-id>]                            continue an interrupted run
  reverify --help | --version

Exit codes: 0 success, 1 failure (or a blocked retry), 2 usage or config error,
3 refused by the destructive-command guardrail, 130 interrupted.
State lives in <git top-level, else cwd>/.reverify/ (override with --state-dir).
`

export const RUN_HELP = `Usage: reverify run --command CMD [--command CMD …] EXPECTATION… [flags]

Runs the command list (one command per line, or one per --command) up to
1 + max-retries times, stopping at the first attempt that meets every expectation.

Expectations (at least one):
  --expect-exit N             the attempt's exit code must equal N (0-255)
  --expect-stdout TEXT        the attempt's stdout must contain TEXT
  --expect-file PATH          PATH (relative to --working-directory) must exist afterwards
  --expect-check CMD          a shell command run after the attempt; exit 0 means verified

Retries and time:
  --max-retries N             retries after the first attempt (default 2)
  --timeout-seconds N         per attempt, 0 = none (default 0); kills the whole process tree
  --retry-wait-seconds N      wait before each retry (default 0)
  --retry-backoff MODE        fixed | exponential (doubling, ±20 % jitter, max 5 min)
  --retry-on-exit-codes LIST  only retry when the exit code is in this comma list
  --retry-on-output REGEX     only retry when a line of the output matches REGEX

How and where:
  --shell SHELL               bash (default) | sh | a template containing {0}, e.g. "python {0}"
  --working-directory DIR     where commands and checks run (default: current directory)
  --name NAME                 label the trace is filed under (default: verify)
  --scope TEXT                separates otherwise identical commands (e.g. a matrix leg)
  --allow-destructive         run a command the destructive-command guardrail flags
  --redact VALUE              blank VALUE out of traces, logs and receipts (repeatable)

Receipts:
  --capture-before-retry MODE warn | block | off (default: .reverify/config.json, else warn)
  --keep-receipts N           receipts kept per command identity (default 20)
  --state-dir DIR             where receipts and traces live (default: .reverify/)
`

export const CAPTURE_HELP = `Usage: reverify capture <run-id|latest> [--note TEXT] [--state-dir DIR]

Records that someone looked at a failed run: what they found goes in --note. A captured
failure no longer warns or blocks the next run of the same command. "latest" is the newest
failed receipt of this repository.
`

export const RECEIPTS_HELP = `Usage: reverify receipts list [--json] [--state-dir DIR]
       reverify receipts show <run-id|latest> [--json] [--state-dir DIR]

list: this repository's receipts, newest first (run id, status, flaky, captured, command).
show: one receipt in full, including its normalized command identity.
`

export const CONFIG_HELP = `Usage: reverify config set capture-before-retry <warn|block|off>

Writes .reverify/config.json in the repository (commit it to share the setting). The key
is omitted when the value is the default, warn.
`

export const RESUME_HELP = `Usage: reverify resume [<run-id>] [--state-dir DIR] [--redact VALUE]

Continues an interrupted run: one whose receipt is still "running" while its process is
gone (killed, crashed, machine lost). The same receipt and session are continued:
  - a result that was recorded but not yet verified is judged from the record
    (expect-exit, expect-stdout) without running the command again;
  - an attempt cut off mid-command counts as used, and the remaining attempts run.
Without a run id: the newest such run of this repository. Running the same command with
reverify run resumes it too. When the evidence is unclear, nothing is guessed: the old run
is closed as interrupted and a new one starts.
`
