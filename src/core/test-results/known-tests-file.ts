/**
 * A history's known tests on disk (docs/design.md §3 "Known tests", §4): one file per
 * history, `known-tests/<history-key>.json` in the state directory, written atomically and
 * read as untrusted (a regular file, within MAX_KNOWN_TESTS_BYTES, its whole content valid).
 * A file that cannot be used is a warning and an empty set: nothing counts as new, so early
 * flake detection repeats nothing rather than everything.
 */
import { join } from 'node:path'
import { ensureRealDirectory, readRegularFile, writeFileAtomic } from '../base/atomic-file.js'
import { describeError } from '../base/errors.js'
import { KnownTests, MAX_KNOWN_TESTS_BYTES } from './known-tests.js'

/** The folder of the known-tests files in a state directory. */
export const KNOWN_TESTS_DIR = 'known-tests'

const HISTORY_KEY = /^[0-9a-f]{32}$/

/** The file of one history's known tests; the key is checked before it becomes part of a path. */
export function knownTestsPath(stateDir: string, historyKey: string): string {
  if (!HISTORY_KEY.test(historyKey)) throw new Error(`'${historyKey.slice(0, 40)}' is not a history key`)
  return join(stateDir, KNOWN_TESTS_DIR, `${historyKey}.json`)
}

/** What reading a history's known tests gave: the set (empty when there is none), and why a file was not used. */
export interface KnownTestsLoad {
  known: KnownTests
  warning?: string
}

/** Reads one history's known tests from a state directory (or any folder laid out like one: a restored cache). */
export async function readKnownTests(stateDir: string, historyKey: string): Promise<KnownTestsLoad> {
  const path = knownTestsPath(stateDir, historyKey)
  let text: string | undefined
  try {
    text = await readRegularFile(path, MAX_KNOWN_TESTS_BYTES)
  } catch (error) {
    return { known: new KnownTests(), warning: `the known tests (${path}) could not be read: ${describeError(error)}` }
  }
  if (text === undefined) return { known: new KnownTests() }
  const read = KnownTests.parse(text)
  return read.ok ? { known: read.known } : { known: new KnownTests(), warning: `the known tests (${path}) were ignored: ${read.reason}` }
}

/** Writes one history's known tests, atomically, piece by piece (KnownTests.pieces). */
export async function writeKnownTests(stateDir: string, historyKey: string, known: KnownTests): Promise<void> {
  const path = knownTestsPath(stateDir, historyKey)
  await ensureRealDirectory(join(stateDir, KNOWN_TESTS_DIR))
  await writeFileAtomic(path, known.pieces())
}
