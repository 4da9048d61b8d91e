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
 * Hands `file` to the desktop opener in the background; resolves to what the person at the
 * terminal is told (stderr): that it was handed over, or why not.
 */
async function openInBrowser(file: string, io: CliIo): Promise<string> {
  const program = opener(io)
  const name = process.platform === 'darwin' ? 'open' : 'xdg-open'
  if (program === undefined) return `reverify: --open: no ${name} on PATH, so no browser was opened; open the file above yourself`
  const child = spawn(program, [file], { detached: true, stdio: 'ignore', env: io.env })
  const failed = await new Promise<Error | undefined>(settle => {
    child.once('spawn', () => settle(undefined))
    child.once('error', error => settle(error))
  })
  child.unref()
  if (failed !== undefined) return `reverify: --open: ${program} could not start (${describeError(failed)}); open the file above yourself`
  return `reverify: opened in the browser with ${program}`
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
  const { root, store } = openStore(given, io)
  const receipt = await findRun(store, root, ref, 'report')
  if (receipt === undefined) throw new UsageError(`report: no run ${inputTable.showValue(ref)} in this repository's state directory`)
  const out = given.out === undefined ? undefined : resolve(io.cwd, given.out)
  const written = await exportRun(store, receipt, { format: 'html', ...(out !== undefined && { out }) })
  // A place --out cannot be written to is the user's to fix, like any bad flag.
  if (written.kind === 'unwritable')
    throw new UsageError(`--out: cannot write ${inputTable.showValue(given.out ?? '')}: ${describeError(written.error)}`)
  println(io.stdout, written.path)
  if (given.open === true) println(io.stderr, await openInBrowser(written.path, io))
  return 0
}
