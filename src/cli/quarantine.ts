/**
 * `reverify quarantine list | suggest [--min-runs N] [--rate R] | check` (docs/design.md §1
 * "Quarantine and flaky gates", "The quarantine command"): the quarantine file as a run reads
 * it, each entry with its test's history in the receipts and whether it can be released,
 * and entries to paste for the tests that flake most.
 */
import {
  UsageError,
  adviseQuarantine,
  inputTable,
  printable,
  quarantineStatus,
  readQuarantine,
  type EntryStatus,
  type QuarantineAdvice
} from '../core/index.js'
import { flagsOf, parseCommandLine } from './flags.js'
import { quarantineHelp } from './help.js'
import { println, type CliIo } from './io.js'
import { openStore } from './receipts.js'

const ACTIONS = ['list', 'suggest', 'check'] as const
type Action = (typeof ACTIONS)[number]
/** Flags only `suggest` reads: given to another action, they are a mistake rather than ignored. */
const SUGGEST_ONLY = ['min-runs', 'rate'] as const

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
const entriesWord = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`
/** The file's texts come with the checkout: control characters are escaped before they reach a terminal. */
const shown = (value: string) => printable(value, 2000)

/** `reverify quarantine …`. */
export async function quarantineCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, positionals, help } = parseCommandLine(argv, 'quarantine', 'reverify quarantine --help')
  if (help) {
    io.stdout.write(quarantineHelp())
    return 0
  }
  const [action, ...rest] = positionals
  if (!ACTIONS.includes(action as Action) || rest.length > 0) {
    throw new UsageError(
      'quarantine: expected `quarantine list`, `quarantine suggest` or `quarantine check`; see reverify quarantine --help'
    )
  }
  for (const name of SUGGEST_ONLY) {
    if (action !== 'suggest' && flags[name] !== undefined)
      throw new UsageError(`--${name}: only \`quarantine suggest\` takes it; see reverify quarantine --help`)
  }
  const given = inputTable.parseInputs(flags, flagsOf('quarantine'), { front: 'cli', base: io.cwd })
  // Found as a run finds it: from the git top level containing the working directory.
  const root = inputTable.findTargetRoot(given['working-directory'])
  // Read as a run would read it today: on a UTC day, the same one the file is checked against.
  const read = await readQuarantine({ shown: given.quarantine, root, inputName: '--quarantine' }, new Date())
  if (action === 'check') return check(read, io)
  const { store } = openStore(given, io)
  const receipts = await store.list({ target: root })
  if (action === 'list') return listEntries(read, quarantineStatus(read, receipts, new Date()), io)
  const threshold = { minRuns: given['min-runs'], rate: given.rate }
  return suggest(await adviseQuarantine(read, receipts, threshold), threshold, io)
}

/** `suggest`: a `#` line saying what was found, then the YAML to paste (or one `#` line saying why there is none). */
function suggest(advice: QuarantineAdvice, threshold: { minRuns: number; rate: number }, io: CliIo): number {
  const { suggestions, runs, text, source } = advice
  const share = `${Math.round(threshold.rate * 100)}%`
  if (text === undefined) {
    const why =
      runs < threshold.minRuns
        ? `${plural(runs, 'run')} with test results; a suggestion needs at least ${threshold.minRuns} (--min-runs)`
        : `no test without an entry flaked or failed in at least ${share} of the ${plural(runs, 'run')} with test results (--rate ${threshold.rate})`
    println(io.stdout, `# reverify: ${why}`)
    return 0
  }
  const { yaml, items } = text
  println(
    io.stdout,
    `# reverify: ${plural(suggestions.length, 'test')} flaked or failed in at least ${share} of the ${plural(runs, 'run')} with test results.`
  )
  println(
    io.stdout,
    items
      ? `# Paste at the end of the \`quarantine:\` list in ${source}, and replace each <owner> with who will fix the test.`
      : `# Save as ${source}, and replace each <owner> with who will fix the test.`
  )
  io.stdout.write(yaml.endsWith('\n') ? yaml : `${yaml}\n`)
  return 0
}

/** `check`: one line when the file is valid, the expiry warnings after it (a bad file has thrown already). */
function check(read: { source: string; exists: boolean; entries: readonly unknown[]; warnings: readonly string[] }, io: CliIo): number {
  const count = entriesWord(read.entries.length)
  println(io.stdout, `${read.source}: ${count}, valid${read.exists ? '' : ' (the file does not exist: nothing is quarantined)'}`)
  for (const warning of read.warnings) println(io.stderr, `reverify: warning: ${shown(warning)}`)
  return 0
}

/** When the entry ends, in words. */
function expiryWords({ entry, state, daysLeft }: EntryStatus): string {
  if (state.kind === 'expired') return `${entry.expires} (expired ${plural(state.since, 'day')} ago: no longer applies)`
  if (daysLeft === 0) return `${entry.expires} (today is its last day)`
  return `${entry.expires} (${plural(daysLeft, 'day')} left${state.kind === 'expiring' ? ': fix the test, or renew the entry with a reason' : ''})`
}

/** The history line: `12 runs since 2026-11-20: passed 8, failed 3 (2 of them quarantined), flaky 1`. */
function historyWords({ entry, history }: EntryStatus): string {
  if (history.runs === 0) return `no run with test results since ${entry.added}`
  const failed = history.failed + history.quarantined
  const excused = history.quarantined > 0 ? ` (${history.quarantined} of them quarantined)` : ''
  return `${plural(history.runs, 'run')} since ${entry.added}: passed ${history.passed}, failed ${failed}${excused}, flaky ${history.flaky}`
}

/** When an entry can be released (the contract's §12): every run of the last `windowDays` passed, with `minRuns` since added; or `streakRuns` passes in a row. */
interface ReleaseRule {
  windowDays: number
  minRuns: number
  streakRuns: number
}

/** The release line (the contract's §12). */
function releaseWords({ history }: EntryStatus, rule: ReleaseRule): string {
  const { recent } = history
  const { windowDays, minRuns, streakRuns } = rule
  if (history.ready === 'streak') return `ready to release: remove the entry (passed in the last ${history.streak} runs in a row)`
  if (history.ready === 'recent')
    return `ready to release: remove the entry (passed in all ${plural(recent.runs, 'run')} of the last ${windowDays} days, ${history.runs} since added)`
  const week =
    recent.runs === 0
      ? `no run in the last ${windowDays} days`
      : `passed in ${recent.passed} of ${plural(recent.runs, 'run')} of the last ${windowDays} days`
  return `not yet: ${week}, ${plural(history.runs, 'run')} since added; release needs every run of the last ${windowDays} days passed with at least ${minRuns} runs since added, or ${streakRuns} passes in a row (${history.streak} so far)`
}

/** `list`: each entry, its expiry, its test's history since it was added and whether it can be released. */
function listEntries(
  read: { source: string; exists: boolean },
  status: { entries: readonly EntryStatus[]; release: ReleaseRule },
  io: CliIo
): number {
  const statuses = status.entries
  if (statuses.length === 0) {
    println(io.stdout, `${read.source}: ${read.exists ? 'no entries' : 'the file does not exist'}: nothing is quarantined`)
    return 0
  }
  println(io.stdout, `${read.source}: ${entriesWord(statuses.length)}`)
  for (const entryStatus of statuses) {
    const { entry } = entryStatus
    println(io.stdout, '')
    println(io.stdout, shown(entry.test))
    if (entry.file !== undefined) println(io.stdout, `  file:     ${shown(entry.file)}`)
    if (entry.suite !== undefined) println(io.stdout, `  suite:    ${shown(entry.suite)}`)
    println(io.stdout, `  owner:    ${shown(entry.owner)}`)
    println(io.stdout, `  expires:  ${expiryWords(entryStatus)}`)
    println(io.stdout, `  reason:   ${shown(entry.reason)}`)
    if (entry.issue !== undefined) println(io.stdout, `  issue:    ${/^\d+$/.test(entry.issue) ? `#${entry.issue}` : shown(entry.issue)}`)
    println(io.stdout, `  history:  ${historyWords(entryStatus)}`)
    println(io.stdout, `  release:  ${releaseWords(entryStatus, status.release)}`)
  }
  return 0
}
