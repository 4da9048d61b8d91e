/** The CLI's help texts: every subcommand, and every flag as the input table describes it. */
import { inputTable } from '../core/index.js'
import { flagsOf } from './flags.js'

/** `reverify --help`: the subcommands, exit codes and where state lives. */
export const MAIN_HELP = `reverify: run a verify command with retries and expectations, keep a receipt of
every run, and refuse to retry a failure nobody captured.

Usage:
  reverify run --command CMD --expect-exit N [flags]   run a verify (see reverify run --help)
  reverify capture <run-id|latest> [--note TEXT]        record what happened in a failed run
  reverify receipts list [--json]                       receipts of this repository, newest first
  reverify receipts show <run-id|latest> [--json]       one receipt in full
  reverify config set capture-before-retry <warn|block|off>
  reverify resume [<run-id>]                            continue an interrupted run
  reverify report <run-id|latest> [--out FILE] [--open] write a run's HTML report
  reverify ctrf <run-id|latest> [--out FILE]           write a run's CTRF test report (JSON)
  reverify export <run-id|latest>                      send a run to OpenTelemetry (OTLP/HTTP) again
  reverify flaky [--json] [--since N]                   tests by how often they flaked (needs --test-results)
  reverify quarantine list | suggest | check            the quarantine file, its tests' history, entries to add
  reverify --help | --version

Exit codes: 0 success, 1 failure (or a blocked retry), 2 usage or config error,
3 refused by the destructive-command guardrail, 130 interrupted.
State lives in .reverify/ at the git top level of the working directory (--working-directory,
else the cwd; outside a repository, that directory itself); override with --state-dir.
A run id may be cut to any unique part of 4 or more characters from its start or end
(its tail, e.g. 3fa9c2).
`

/** Where descriptions start, and where lines are wrapped. */
const DESCRIPTION_COLUMN = 30
const LINE_WIDTH = 96

/** `lead` (as wide as the description column) and the words of `text`, wrapped at LINE_WIDTH under the column. */
function wrap(lead: string, text: string): string {
  const lines: string[] = []
  let line = lead
  let words = 0
  for (const word of text.split(' ')) {
    if (words > 0 && line.length + 1 + word.length > LINE_WIDTH) {
      lines.push(line)
      line = ' '.repeat(DESCRIPTION_COLUMN)
      words = 0
    }
    line += words > 0 ? ` ${word}` : word
    words++
  }
  return [...lines, line].join('\n')
}

/** One flag's help: `--name VALUE`, then its description and default. */
function flagHelp(name: inputTable.InputName): string {
  const spec = inputTable.inputSpec(name)
  const sentence = spec.help ?? spec.description.replace(/\.$/, '')
  const notes = [sentence.charAt(0).toLowerCase() + sentence.slice(1)]
  const shownDefault = spec.kind.type === 'boolean' ? undefined : (spec.default ?? spec.shownDefault?.cli)
  if (shownDefault !== undefined) notes.push(`(default: ${shownDefault})`)
  if (spec.repeatable) notes.push('(repeatable)')
  const flag = `--${name}${spec.placeholder ? ` ${spec.placeholder}` : ''}`
  return wrap(`  ${flag.padEnd(DESCRIPTION_COLUMN - 3)} `, notes.join(' '))
}

/** A help section: a heading and its flags' lines. */
function section(heading: string, names: readonly inputTable.InputName[]): string {
  return `${heading}:\n${names.map(flagHelp).join('\n')}\n`
}

/** The flags of a subcommand other than `run`, under one heading. */
function flagsSection(command: 'capture' | 'receipts' | 'resume' | 'report' | 'flaky' | 'quarantine' | 'ctrf' | 'export'): string {
  return section('Flags', flagsOf(command))
}

/** `reverify run --help` (built when asked, not at start-up): every flag of the input table's `run` front, by group. */
export const runHelp = (): string =>
  [
    `Usage: reverify run --command CMD [--command CMD …] EXPECTATION… [flags]

Runs the script (its lines, or one line per --command) as one script in one shell, as a
run step does, up to 1 + max-retries times, stopping at the first attempt that meets every
expectation. A shell that is not on PATH is an error before anything runs.
`,
    ...inputTable.HELP_GROUPS.map(group =>
      section(
        group,
        flagsOf('run').filter(name => inputTable.inputSpec(name).group === group)
      )
    )
  ].join('\n')

/** `reverify capture --help`. */
export const captureHelp = (): string =>
  `Usage: reverify capture <run-id|latest> [--note TEXT] [--working-directory DIR] [--state-dir DIR]

Records that someone looked at a failed run: what they found goes in --note. A captured
failure no longer warns or blocks the next run of the same command. "latest" is the newest
failed receipt of this repository: the one containing --working-directory, else the current
directory, as for reverify run.

${flagsSection('capture')}`

/** `reverify receipts --help`. */
export const receiptsHelp = (): string =>
  `Usage: reverify receipts list [--json] [--state-dir DIR]
       reverify receipts show <run-id|latest> [--json] [--state-dir DIR]

list: this repository's receipts, newest first (run id, status, flaky, captured, command).
show: one receipt in full, including its normalized command identity.

${flagsSection('receipts')}`

/** `reverify config --help`. */
export const CONFIG_HELP = `Usage: reverify config set capture-before-retry <warn|block|off>

Writes .reverify/config.json in the repository (commit it to share the setting). The key
is omitted when the value is the default, warn.
`

/** `reverify resume --help`. */
export const resumeHelp = (): string =>
  `Usage: reverify resume [<run-id>] [--state-dir DIR] [--capture-before-retry MODE] [--redact VALUE]

Continues an interrupted run: one whose receipt is still "running" while its process is
gone (killed, crashed, machine lost). The same receipt and session are continued:
  - a result that was recorded but not yet verified is judged from the record
    (expect-exit, expect-stdout) without running the command again;
  - an attempt cut off mid-command is run again and spends no retry.
Without a run id: the newest such run of this repository. Running the same command with
reverify run resumes it too. When the evidence is unclear, nothing is guessed: the old run
is closed as interrupted and a new one starts. A run that had already ended before its
receipt was written is settled from its trace; one whose session is gone is closed as
interrupted. The exit code is the status the run ends with (0 passed, 1 failed, 130
interrupted); 2 when the run is left as it was.

${flagsSection('resume')}`

/** `reverify report --help`. */
export const reportHelp = (): string =>
  `Usage: reverify report <run-id|latest> [--out FILE] [--open] [--state-dir DIR]

Writes a run's HTML report (one self-contained file: no script, no network request) and
prints its path. By default it is report.html in the run's trace folder, where every run
already leaves one; --out writes it elsewhere. "latest" is this repository's newest run.
--open hands it to xdg-open (open on macOS) and says on stderr whether a browser opened;
if not, open the printed file yourself: the exit code is 0 either way.

${flagsSection('report')}`

/** `reverify ctrf --help`. */
export const ctrfHelp = (): string =>
  `Usage: reverify ctrf <run-id|latest> [--out FILE] [--state-dir DIR]

Writes a run's test report in the Common Test Report Format (CTRF, JSON) and prints its
path: one test per JUnit test the run read (with its retries, whether it was flaky, and each
attempt's result), or one test for the command when it read none. By default it is
ctrf.json in the run's trace folder, where every run already leaves one; --out writes it
elsewhere. "latest" is this repository's newest run.

${flagsSection('ctrf')}`

/** `reverify export --help`. */
export const exportHelp = (): string =>
  `Usage: reverify export <run-id|latest> [--state-dir DIR]

Sends a stored run over OTLP/HTTP (JSON) as one trace: a span for the run, one per attempt
and one per failed or flaky test. Every run with an endpoint set is sent when it closes;
this sends one again, with the same trace and span ids, so a collector sees the same trace.
The endpoint and headers come from the environment, as the OpenTelemetry specification
defines them: OTEL_EXPORTER_OTLP_ENDPOINT (/v1/traces is appended) or
OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME and
OTEL_RESOURCE_ATTRIBUTES. Exit 1 when the endpoint does not take the trace within 10 s.

${flagsSection('export')}`

/** `reverify flaky --help`. */
export const flakyHelp = (): string =>
  `Usage: reverify flaky [--json] [--since N] [--state-dir DIR]

Lists the tests of this repository that flaked (failed in one attempt, passed in a later
one) or failed, with how many runs each did so in, most flakes first. It reads the JUnit
results that runs with --test-results recorded in their receipts.

${flagsSection('flaky')}`

/** `reverify quarantine --help`. */
export const quarantineHelp = (): string =>
  `Usage: reverify quarantine list [--quarantine PATH] [--state-dir DIR]
       reverify quarantine suggest [--min-runs N] [--rate R] [--quarantine PATH] [--state-dir DIR]
       reverify quarantine check [--quarantine PATH]

The quarantine file (YAML, in the repository) lists tests whose failure does not fail a run
until the entry expires. It is found as a run finds it: relative to the git top level of
--working-directory (else the current directory). The default file may be absent (it
quarantines nothing); a --quarantine path that does not exist is an error, exit 2.

check:   validates the file: "N entries, valid" and exit 0, with a warning for each entry
         that expires within 7 days or has expired; else one line naming the entry and
         field, exit 2.
list:    each entry (test, owner, expiry, reason, issue), its test's runs since the entry
         was added (from the receipts) and whether it is ready to release: passed in every
         run of the last 7 days with at least 20 runs since added, or 100 runs in a row.
suggest: YAML entries to paste for the tests that flaked, failed or were quarantined in at
         least --rate of the runs with test results, when there are at least --min-runs
         such runs. The owner is left as <owner>, which check refuses until filled in.

${flagsSection('quarantine')}`
