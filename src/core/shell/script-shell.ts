/**
 * How a script reaches its shell (docs/design.md §1 `shell`), the way GitHub's `run:` does
 * it: the script is written to a file in a private temporary folder, and the shell is
 * started on that file: `bash --noprofile --norc -eo pipefail {0}`, `sh -e {0}`,
 * `python {0}`, `pwsh`/`powershell -command ". '{0}'"`, `cmd /D /E:ON /V:OFF /S /C "CALL
 * "{0}""`, or a template of the user's with `{0}` for the file's path.
 */
import { accessSync, constants as fsConstants, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, delimiter, extname, join, resolve } from 'node:path'
import { parse } from 'shell-quote'

/** The shells known by name, as `run:` knows them. */
export const SHELL_NAMES = ['bash', 'sh', 'python', 'pwsh', 'powershell', 'cmd'] as const
/** A shell known by name. */
export type ShellName = (typeof SHELL_NAMES)[number]

/** How a script is handed to a shell: a named shell, or a template holding `{0}`. */
export type ShellSpec = { kind: ShellName } | { kind: 'template'; template: string }

/** What a named shell needs: its program, its file extension, its arguments, GitHub's additions to the script. */
interface NamedShell {
  program: string
  extension: string
  args: (path: string) => string[]
  wrap?: (script: string) => string
  /** cmd parses its own command line: the arguments go to it as written (Windows only). */
  verbatim?: true
}

// PowerShell reads '…' literally but for '' (one quote).
const powershellArgs = (path: string) => ['-command', `. '${path.replace(/'/g, "''")}'`]
// What GitHub's runner puts around a PowerShell script: stop at the first error, exit with the last program's code.
const powershellWrap = (script: string) =>
  `$ErrorActionPreference = 'stop'\n${script}\nif ((Test-Path -LiteralPath variable:\\LASTEXITCODE)) { exit $LASTEXITCODE }\n`

const NAMED: Record<ShellName, NamedShell> = {
  bash: { program: 'bash', extension: '.sh', args: path => ['--noprofile', '--norc', '-eo', 'pipefail', path] },
  sh: { program: 'sh', extension: '.sh', args: path => ['-e', path] },
  python: { program: 'python', extension: '.py', args: path => [path] },
  pwsh: { program: 'pwsh', extension: '.ps1', args: powershellArgs, wrap: powershellWrap },
  powershell: { program: 'powershell', extension: '.ps1', args: powershellArgs, wrap: powershellWrap },
  cmd: {
    program: 'cmd',
    extension: '.cmd',
    args: path => ['/D', '/E:ON', '/V:OFF', '/S', '/C', `"CALL "${path}""`],
    wrap: script => `@echo off\n${script}`,
    verbatim: true
  }
}

/** Whether a trimmed `shell` value names a known shell. */
export function isShellName(text: string): text is ShellName {
  return (SHELL_NAMES as readonly string[]).includes(text)
}

/** A template's words, `{0}` not yet replaced; operators (which no shell will read) dropped. */
function templateWords(template: string): string[] {
  // The template is split like a command line but never given to a shell.
  return parse(template, name => `$${name}`).flatMap(token => (typeof token === 'string' && token !== '' ? [token] : []))
}

/** The program a shell starts: the named shell's, or the template's first word (undefined when it has none). */
export function shellProgram(shell: ShellSpec): string | undefined {
  return shell.kind === 'template' ? templateWords(shell.template)[0] : NAMED[shell.kind].program
}

/** The file extension a script gets: the named shell's, or the one GitHub gives the template's program. */
function extensionOf(shell: ShellSpec): string {
  if (shell.kind !== 'template') return NAMED[shell.kind].extension
  const program = shellProgram(shell) ?? ''
  const name = basename(program, extname(program)).toLowerCase()
  return isShellName(name) ? NAMED[name].extension : ''
}

/** How to start a shell on the script file at `path`: argv, and whether it goes to the program unquoted. */
export function shellInvocation(shell: ShellSpec, path: string): { argv: string[]; verbatim: boolean } {
  if (shell.kind === 'template') return { argv: templateWords(shell.template).map(word => word.split('{0}').join(path)), verbatim: false }
  const named = NAMED[shell.kind]
  return { argv: [named.program, ...named.args(path)], verbatim: named.verbatim === true }
}

/**
 * The line bash gets in front of the script's first line (the line numbers stay the
 * script's): an ERR trap that writes the failed command's status, its line and the shell's
 * flags to `record`, so a script `-e` stopped can be told by which line (docs/design.md §5).
 * Undefined for a path the trap could not quote plainly.
 */
function failedLineTrap(record: string): string | undefined {
  const path = process.platform === 'win32' ? record.replace(/\\/g, '/') : record
  if (!/^[\w./: ~+-]+$/.test(path)) return undefined
  // The braces' stderr goes nowhere, so `set -x` does not trace the trap into the log.
  return `trap '{ printf "%s\\t%s\\t%s\\n" "$?" "$LINENO" "$-" >| "${path}"; } 2>/dev/null' ERR; `
}

/** What a failing line of a bash script left in its record file: its status, line number and the shell's flags. */
export interface FailedLineRecord {
  status: number
  line: number
  /** Whether `-e` was on: only then did the failure stop the script. */
  errexit: boolean
}

/** Reads a record file's text (see failedLineTrap); undefined when it holds none. */
export function parseFailedLine(text: string): FailedLineRecord | undefined {
  const match = /^(\d+)\t(\d+)\t(\S*)\n?$/.exec(text)
  if (!match) return undefined
  return { status: Number(match[1]), line: Number(match[2]), errexit: match[3]!.includes('e') }
}

/**
 * Writes the script to a new private folder (mode 0700) as `script<ext>` (mode 0700, so a
 * `{0}` template may execute it), as written plus a final line break when it has none;
 * PowerShell and cmd get GitHub's additions, bash a trap recording which line failed
 * (`record`, the file it writes). Returns the file and the folder to remove.
 */
export async function writeScriptFile(script: string, shell: ShellSpec): Promise<{ path: string; dir: string; record?: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-script-'))
  const path = join(dir, `script${extensionOf(shell)}`)
  const wrap = shell.kind === 'template' ? undefined : NAMED[shell.kind].wrap
  const record = join(dir, 'failed-line')
  const trap = shell.kind === 'bash' ? failedLineTrap(record) : undefined
  const text = trap !== undefined ? `${trap}${script}` : wrap ? wrap(script) : script
  writeFileSync(path, text.endsWith('\n') ? text : `${text}\n`, { mode: 0o700 })
  return { path, dir, ...(trap !== undefined && { record }) }
}

/** True for a file this process may execute; anything unreadable counts as not. */
function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, fsConstants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * Where `program` would be found when started from `cwd` with this PATH, or undefined: a
 * name with a separator is taken from `cwd`, any other is looked up in PATH (with PATHEXT
 * on Windows). Only an executable file counts.
 */
export function findProgram(program: string, env: { PATH?: string; PATHEXT?: string }, cwd: string): string | undefined {
  const windows = process.platform === 'win32'
  const hasSeparator = program.includes('/') || (windows && program.includes('\\'))
  const candidates = hasSeparator ? [resolve(cwd, program)] : (env.PATH ?? '').split(delimiter).map(dir => resolve(cwd, dir, program))
  const extensions = windows ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(ext => ext !== '')] : ['']
  for (const candidate of candidates) {
    for (const extension of extensions) {
      if (isExecutableFile(candidate + extension)) return candidate + extension
    }
  }
  return undefined
}
