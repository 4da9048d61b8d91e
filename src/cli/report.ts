/** `reverify report <run-id|latest> [--out FILE] [--open]`: a run's HTML report (docs/design.md §8). */
import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join, resolve } from 'node:path'
import { UsageError, describeError, exportRun, findRun, inputTable } from '../core/index.js'
import { flagsOf, parseCommandLine } from './flags.js'
import { reportHelp } from './help.js'
import { println, type CliIo } from './io.js'
import { openStore } from './receipts.js'

/** The desktop's "open this file" program on PATH, if there is one. */
function opener(io: CliIo): string | undefined {
  const names = process.platform === 'darwin' ? ['open'] : ['xdg-open']
  for (const dir of (io.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of names) {
      const path = join(dir, name)
      try {
        accessSync(path, constants.X_OK)
        return path
      } catch {
        // Not here; the next directory of PATH may have it.
      }
    }
  }
  return undefined
}

/**
 * How long `--open` waits for the opener to say how it went (docs/design.md §8): `xdg-open`
 * hands the file over and exits at once when it works, and exits non-zero when it cannot;
 * an opener that starts the browser in the foreground is still running after this and is
 * left running, detached, without holding the command.
 */
const OPEN_WAIT_MS = 5000

/** How the opener ended, or that it is still running after OPEN_WAIT_MS. */
type OpenerEnd = { kind: 'error'; error: Error } | { kind: 'exit'; code: number | null; signal: string | null } | { kind: 'running' }

/** Waits for the opener's exit, an error starting it, or OPEN_WAIT_MS, whichever is first. */
async function openerEnd(program: string, file: string, io: CliIo): Promise<OpenerEnd> {
  const child = spawn(program, [file], { detached: true, stdio: 'ignore', env: io.env })
  try {
    return await new Promise<OpenerEnd>(settle => {
      const timer = setTimeout(() => settle({ kind: 'running' }), OPEN_WAIT_MS)
      const done = (end: OpenerEnd) => {
        clearTimeout(timer)
        settle(end)
      }
      child.once('error', error => done({ kind: 'error', error }))
      child.once('exit', (code, signal) => done({ kind: 'exit', code, signal }))
    })
  } finally {
    // An opener still running is left to the desktop: the command does not wait for it.
    child.unref()
  }
}

/**
 * Hands `file` to the desktop opener and waits (bounded) for its answer; resolves to what the
 * person at the terminal is told (stderr), one line: that it opened, that it is still
 * starting, or why not, with the file to open by hand.
 */
async function openInBrowser(file: string, io: CliIo): Promise<string> {
  const program = opener(io)
  const name = process.platform === 'darwin' ? 'open' : 'xdg-open'
  const byHand = `open ${file} yourself`
  if (program === undefined) return `reverify: --open: no ${name} on PATH, so no browser was opened; ${byHand}`
  const end = await openerEnd(program, file, io)
  if (end.kind === 'error') return `reverify: --open: ${program} could not start (${describeError(end.error)}); ${byHand}`
  if (end.kind === 'running')
    return `reverify: --open: handed to ${program}, still running after ${OPEN_WAIT_MS / 1000} s; if no browser opens, ${byHand}`
  if (end.code === 0) return `reverify: opened in the browser with ${program}`
  const how = end.code === null ? `was stopped by ${end.signal ?? 'a signal'}` : `exited ${end.code}`
  return `reverify: --open: ${program} ${how}, so no browser was opened; ${byHand}`
}

/** `reverify report <run-id|latest> [--out FILE] [--open] [--state-dir DIR]`. */
export async function reportCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, positionals, help } = parseCommandLine(argv, 'report', 'reverify report --help')
  if (help) {
    io.stdout.write(reportHelp())
    return 0
  }
  const given = inputTable.parseInputs(flags, flagsOf('report'), { front: 'cli', base: io.cwd })
  const [ref, ...rest] = positionals
  if (ref === undefined || rest.length > 0) throw new UsageError('report: give exactly one run id (or latest); see reverify report --help')
  const { root, stateDir, store } = openStore(given, io)
  const receipt = await findRun(store, root, ref, 'report')
  if (receipt === undefined && ref === 'latest')
    throw new UsageError(`report: no runs in ${stateDir} yet; run one with reverify run --command "npm test"`)
  if (receipt === undefined)
    throw new UsageError(`report: no run ${inputTable.showValue(ref)} in ${stateDir}; reverify receipts list shows the runs there`)
  const out = given.out === undefined ? undefined : resolve(io.cwd, given.out)
  const written = await exportRun(store, receipt, { format: 'html', ...(out !== undefined && { out }) })
  // A place --out cannot be written to is the user's to fix, like any bad flag.
  if (written.kind === 'unwritable')
    throw new UsageError(`--out: cannot write ${inputTable.showValue(given.out ?? '')}: ${describeError(written.error)}`)
  println(io.stdout, written.path)
  if (given.open === true) println(io.stderr, await openInBrowser(written.path, io))
  return 0
}
