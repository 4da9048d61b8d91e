/**
 * Programs that hand SQL to a database without being a database client by name: the inline
 * code of an interpreter (`python -c`, `node -e`, `ruby -e`, `perl -e`, `php -r`), whose
 * string literals are judged as SQL, and the frameworks' database clients and code runners:
 * Django's `manage.py dbshell` and `shell -c`, Rails' `rails dbconsole` and `rails runner`,
 * and Prisma's `db execute`.
 */
import type { Check } from './context.js'
import { checkSqlClient, sqlRule } from './sql-rules.js'
import { INTERPRETERS, type InlineCode } from './tables.js'

// A string literal in code: '…', "…" or `…`, with backslash escapes
const STRING_LITERAL = /'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|`((?:\\.|[^`\\])*)`/g

/** An interpreter: its inline code judged for SQL, and the framework script it may run (`manage.py`, `bin/rails`). */
function checkInterpreter(spec: InlineCode): Check {
  return (args, context) => {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] ?? ''
      if (arg === '--' || !arg.startsWith('-') || arg === '-') {
        const operand = arg === '--' ? i + 1 : i
        const script = args[operand] ?? ''
        return FRAMEWORK_SCRIPTS.get(script.slice(script.lastIndexOf('/') + 1))?.(args.slice(operand + 1), context)
      }
      const code = inlineCode(arg, args[i + 1], spec)
      if (code !== undefined) return codeSql(code)
      if (spec.valued.some(option => option === arg)) i++
    }
    return undefined
  }
}

/** The code an option carries: `-c CODE`, `-cCODE`, `--eval=CODE`, `--eval CODE`. */
function inlineCode(arg: string, next: string | undefined, spec: InlineCode): string | undefined {
  if (arg.startsWith('--')) {
    const [name, value] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, next]
    return spec.long.includes(name) ? value : undefined
  }
  for (let j = 1; j < arg.length; j++) {
    if (!spec.short.includes(arg.charAt(j))) continue
    return j === arg.length - 1 ? next : arg.slice(j + 1)
  }
  return undefined
}

/** The rule of the first string literal in some code that is destructive SQL. */
export function codeSql(code: string): { rule: string } | undefined {
  for (const match of code.matchAll(STRING_LITERAL)) {
    const found = sqlRule(match[1] ?? match[2] ?? match[3] ?? '')
    if (found) return { rule: found.rule }
  }
  return undefined
}

/** Django (`manage.py` or `django-admin`): `dbshell` is the database client, `shell -c CODE` runs Python. */
const checkDjango: Check = (args, context) => {
  if (args[0] === 'dbshell') return checkSqlClient(args.slice(1), context)
  if (args[0] !== 'shell') return undefined
  for (let i = 1; i < args.length; i++) {
    const arg = args[i] ?? ''
    const code = arg === '-c' || arg === '--command' ? args[i + 1] : arg.startsWith('--command=') ? arg.slice(10) : undefined
    if (code !== undefined) return codeSql(code)
  }
  return undefined
}

/** Rails: `rails dbconsole` (or `db`) is the database client, `rails runner CODE` (or `r`) runs Ruby. */
const checkRails: Check = (args, context) => {
  const command = args[0]?.toLowerCase()
  if (command === 'dbconsole' || command === 'db') return checkSqlClient(args.slice(1), context)
  if (command !== 'runner' && command !== 'r') return undefined
  for (let i = 1; i < args.length; i++) {
    const arg = args[i] ?? ''
    if (arg === '-e' || arg === '--environment') i++
    else if (!arg.startsWith('-')) return codeSql(arg)
  }
  return undefined
}

/** Framework scripts an interpreter may be given (`python manage.py …`, `ruby bin/rails …`), by file name. */
const FRAMEWORK_SCRIPTS: ReadonlyMap<string, Check> = new Map([
  ['manage.py', checkDjango],
  ['rails', checkRails]
])

/** `prisma db execute --stdin` (or `--file`) runs SQL; the SQL on its standard input is judged. */
const checkPrisma: Check = (args, context) => {
  const at = args.findIndex((arg, i) => arg === 'db' && args[i + 1] === 'execute')
  return at === -1 ? undefined : checkSqlClient(args.slice(at + 2), context)
}

/** The programs of this file and their rules. */
export const CODE_PROGRAMS: ReadonlyArray<[string, Check]> = [
  ...[...INTERPRETERS].map(([name, spec]): [string, Check] => [name, checkInterpreter(spec)]),
  ['django-admin', checkDjango],
  ['rails', checkRails],
  ['prisma', checkPrisma]
]
