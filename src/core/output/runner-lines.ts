/**
 * What a test runner says about its own run beyond its results (docs/design.md §1 "Rerunning
 * only the failed tests", the contract's §11): lines that mark a failure no test result can
 * account for — a test file that failed to run, a package that did not build, a collection
 * error, a run stopped at its first failure, a coverage or snapshot check — and the runner's
 * own count of failed tests. One readable line at a time (core/output/failure-blocks.ts
 * `readableLine`); what the lines add up to is core/output/runner-report.ts's.
 */

/** What one line says. */
export type RunnerLine =
  /** A failure outside every test: `what` quotes or names it. */
  | { kind: 'outside'; what: string }
  /** The runner's total of failed tests (of this run: several totals add up). */
  | { kind: 'failed-tests'; count: number }
  /** A jest file header (`FAIL src/x.test.js`): the file a following `● Test suite failed to run` is about. */
  | { kind: 'file'; path: string }

import { WIDE_LINE_START } from './text-scan.js'

// Longest text quoted from a line.
const MAX_QUOTE = 200

function quote(raw: string): string {
  const text = raw.replace(/\s+/g, ' ')
  const cut = text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 1)}…` : text
  return JSON.stringify(cut)
}

function count(text: string, label: RegExp): number {
  const match = label.exec(text)
  return match === null ? 0 : Number(match[1])
}

/** jest: `Test Suites: 1 failed, 2 skipped, 1 passed, 2 of 3 total`; suites neither run nor skipped never ran (a bail). */
function jestSuites(line: string, totals: string): RunnerLine | undefined {
  const of = /(\d+) of (\d+) total$/.exec(totals)
  if (of === null) return undefined
  const missing = Number(of[2]) - Number(of[1]) - count(totals, /(\d+) skipped/)
  if (missing <= 0) return undefined
  return { kind: 'outside', what: `${quote(line)} (${missing} test ${missing === 1 ? 'suite' : 'suites'} did not run)` }
}

/** vitest: `Test Files  1 failed | 4 skipped (5)`; files none of the parts count never ran (a bail). */
function vitestFiles(line: string, parts: string, total: number): RunnerLine | undefined {
  let counted = 0
  for (const part of parts.matchAll(/(\d+) [a-z]/g)) counted += Number(part[1])
  const missing = total - counted
  if (missing <= 0) return undefined
  return { kind: 'outside', what: `${quote(line)} (${missing} test ${missing === 1 ? 'file' : 'files'} did not run)` }
}

/** A line's one finding, if it has one. */
export function readRunnerLine(readable: string): RunnerLine | undefined {
  const line = readable.trim()
  if (line === '') return undefined
  // jest
  if (line.startsWith('FAIL ')) {
    // go: `FAIL	example.com/demo/api [build failed]`; vitest: `FAIL  src/x.test.js [ src/x.test.js ]`, a file or suite that failed, not a test.
    if (/\[(?:build|setup) failed\]$/.test(line) || /^FAIL\s+\S.*\[ .+ \]$/.test(line)) return { kind: 'outside', what: quote(line) }
    const file = /^FAIL\s+(\S+)/.exec(line)
    return file === null ? undefined : { kind: 'file', path: file[1]!.slice(0, MAX_QUOTE) }
  }
  if (line === '● Test suite failed to run') return { kind: 'outside', what: quote(line) }
  let match = /^Test Suites:\s+(.*\btotal)$/.exec(line)
  if (match !== null) return jestSuites(line, match[1]!)
  match = /^Tests:\s+(.*\btotal)$/.exec(line)
  if (match !== null) return { kind: 'failed-tests', count: count(match[1]!, /(\d+) failed/) }
  if (/^Snapshots:.*\b\d+ obsolete\b/.test(line)) return { kind: 'outside', what: `${quote(line)} (obsolete snapshots fail the run)` }
  if (/\bCoverage for \w+ \([\d.]+%\) does not meet\b|\bcoverage threshold for \w+ \([^)]*\) not met\b/i.test(line))
    return { kind: 'outside', what: quote(line) }
  // vitest
  match = /^Test Files\s+(.+?)\s+\((\d+)\)$/.exec(line)
  if (match !== null) return vitestFiles(line, match[1]!, Number(match[2]))
  match = /^Tests\s+(.+?)\s+\(\d+\)$/.exec(line)
  if (match !== null) return { kind: 'failed-tests', count: count(match[1]!, /(\d+) failed/) }
  // pytest
  match = /\bERROR collecting (\S+)/.exec(line)
  if (match !== null) return { kind: 'outside', what: quote(`ERROR collecting ${match[1]}`) }
  match = /^!+ ((?:Interrupted: .+|stopping after \d+ failures?)) !+$/.exec(line)
  if (match !== null) return { kind: 'outside', what: quote(match[1]!) }
  match = /^=+ (.*\d+ (?:failed|passed|errors?|skipped|deselected|xfailed|xpassed)\b.*) in [\d.]+s\b.*=+$/.exec(line)
  if (match !== null) return { kind: 'failed-tests', count: count(match[1]!, /(\d+) failed/) + count(match[1]!, /(\d+) errors?\b/) }
  // go: a build failure reported by another tool (`bad output from test2json: FAIL	… [build failed]`), a panic that ended a test binary, gotestsum's tally
  match = /\bFAIL\s+(\S+)\s+\[(build|setup) failed\]/.exec(line)
  if (match !== null) return { kind: 'outside', what: quote(`FAIL ${match[1]} [${match[2]} failed]`) }
  if (readable.startsWith('panic: '))
    return { kind: 'outside', what: `${quote(line)} (a panic ends the test binary: the tests after it never ran)` }
  match = /^DONE (?:\d+ runs?, )?\d+ tests?\b(.*) in [\d.]+\w*$/.exec(line)
  if (match !== null) {
    const errors = count(match[1]!, /(\d+) errors?\b/)
    if (errors > 0)
      return {
        kind: 'outside',
        what: `${quote(line)} (${errors} ${errors === 1 ? 'package' : 'packages'} with an error outside the tests)`
      }
    return { kind: 'failed-tests', count: count(match[1]!, /(\d+) failures?\b/) }
  }
  // mocha
  if (line.startsWith('Exception during run: ')) return { kind: 'outside', what: quote(line) }
  match = /^(\d+) failing$/.exec(line)
  if (match !== null) return { kind: 'failed-tests', count: Number(match[1]) }
  // node --test (spec, then TAP)
  match = /^(?:ℹ|#) (fail|cancelled) (\d+)$/.exec(line)
  if (match !== null) {
    const found = Number(match[2])
    if (match[1] === 'fail') return { kind: 'failed-tests', count: found }
    if (found > 0) return { kind: 'outside', what: `${quote(line)} (tests cancelled before they ended)` }
  }
  return undefined
}

/**
 * Text one of the lines above holds anywhere (searched for in a whole piece of output at
 * once, core/output/text-scan.ts): a line holding one of these is read.
 */
export const RUNNER_WORDS: readonly string[] = ['FAIL', '●', 'overage', 'ERROR collecting', 'panic: ', 'DONE ', 'Exception during run']

/**
 * Text the other lines above hold, each of which starts (past its blanks, once readable) with
 * a character of RUNNER_LINE_STARTS: a line holding one of these is read too, looked for only
 * in lines that may start so (core/output/runner-report.ts). Lower-case words and `Test`
 * would make the search of every piece several times slower (docs/design.md §1 "Output path").
 */
export const RUNNER_LINE_WORDS: readonly string[] = [
  'Test',
  'Snapshots:',
  'Interrupted: ',
  'stopping after',
  'failed',
  'error',
  'failing',
  'fail ',
  'cancelled '
]

/**
 * The first characters (past spaces and tabs) of a line that may be one of the lines
 * RUNNER_LINE_WORDS finds: `Test…`, `Snapshots:`, pytest's `=…` and `!…` lines, mocha's
 * count, `# fail`. A line starting with any other character below U+007F is read as it
 * stands, so one starting with a control character (an escape code), a wider blank or
 * `ℹ` may be one as well.
 */
export function mayStartRunnerLine(code: number): boolean {
  return code < 0x20 || code >= 0x7f || LINE_START_CHARS[code] === 1
}

const LINE_START_CHARS = new Uint8Array(0x7f)
for (const char of 'TS!=#0123456789') LINE_START_CHARS[char.charCodeAt(0)] = 1

/**
 * What a line that may be one of them starts with, just after its newline, for a shared
 * TextScan: a character mayStartRunnerLine accepts, or a space or tab before it (an empty
 * line is none).
 */
export const RUNNER_LINE_STARTS: readonly number[] = [
  ...Array.from({ length: WIDE_LINE_START }, (_, code) => code).filter(code => code !== 0x0a && mayStartRunnerLine(code)),
  0x20,
  0x09,
  WIDE_LINE_START
]
