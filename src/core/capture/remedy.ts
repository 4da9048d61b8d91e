/**
 * The `reverify …` commands reverify prints as a remedy (capture a failure, resume a run),
 * written so that they work when pasted as printed into a POSIX shell where they are shown:
 * they carry `--working-directory` (absolute, quoted) when that place is not in the run's
 * repository, and `--state-dir` (absolute, quoted) whenever the run's state directory is not
 * the repository's default one (docs/design.md §3 "Capture").
 */
import { defaultStateDir } from '../inputs/resolve.js'

/** Characters a POSIX shell reads back unchanged outside quotes. */
const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/

/** `text` as one word of a POSIX shell: bare when that is safe, else in single quotes. */
export function shellWord(text: string): string {
  if (BARE.test(text)) return text
  return `'${text.replace(/'/g, `'\\''`)}'`
}

/** Where a remedy's state directory is: the absolute path, and the repository it serves. */
export interface RemedyPlace {
  stateDir: string
  /** The repository root (the receipt's target), whose default state directory needs no flag. */
  root: string
  /**
   * The target of the directory the command is shown in (the CLI's current directory); when
   * it is not `root`, the command names the repository with `--working-directory`. Not given:
   * the command is to be run in the repository.
   */
  here?: string
}

/** ` --working-directory '<root>'` and ` --state-dir '<dir>'`, each only when it is needed. */
function stateDirFlag(place: RemedyPlace | undefined): string {
  if (place === undefined) return ''
  const elsewhere = place.here !== undefined && place.here !== place.root ? ` --working-directory ${shellWord(place.root)}` : ''
  if (place.stateDir === defaultStateDir(place.root)) return elsewhere
  return `${elsewhere} --state-dir ${shellWord(place.stateDir)}`
}

/** Placeholders for the note, shown in double quotes: none holds a character special there. */
export type NotePlaceholder = '<what you found>' | 'what you found'

/** `reverify capture <run-id> [--state-dir DIR] --note "<what you found>"`. */
export function captureCommand(runId: string, place: RemedyPlace | undefined, note: NotePlaceholder = '<what you found>'): string {
  return `reverify capture ${shellWord(runId)}${stateDirFlag(place)} --note "${note}"`
}

/** The commit that captures a failed run through its trailer in GitHub Actions (docs/design.md §3). */
export function captureCommitCommand(runId: string, note: NotePlaceholder = '<what you found>'): string {
  return `git commit --allow-empty -m "Capture verify failure ${runId}" --trailer "Reverify-Capture: ${runId} ${note}"`
}

/** `reverify resume <run-id> [--state-dir DIR]`. */
export function resumeCommand(runId: string, place: RemedyPlace | undefined): string {
  return `reverify resume ${shellWord(runId)}${stateDirFlag(place)}`
}
