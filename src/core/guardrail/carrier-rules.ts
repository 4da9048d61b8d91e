/**
 * Programs that carry SQL to a database without being its client: the command-line tools of
 * ORMs and hosted databases (`knex`, `typeorm query`, `wrangler d1 execute --command`), read
 * like a client, and HTTP clients whose request body reaches a database's HTTP interface
 * (`curl -d "DROP TABLE x" http://db/query`, `wget --post-data=…`). A body is judged whole,
 * as form fields (`query=DROP TABLE x`) and by its string literals (`{"sql": "DROP TABLE x"}`).
 */
import { codeSql } from './code-rules.js'
import type { Check, Context, Finding } from './context.js'
import { checkSqlClient, sqlRule } from './sql-rules.js'
import { CURL_DATA, SQL_TOOLS, WGET_DATA } from './tables.js'

/** The rule a request body trips: as SQL, as `name=value` fields, or by a string literal in it. */
function bodySql(body: string, context: Context): Finding | undefined {
  // `@-` reads the body from standard input, `@file` from a file (not read)
  if (body === '@-') {
    for (const text of context.stdin.forSql()) {
      const found = sqlRule(text) ?? codeSql(text)
      if (found) return { rule: found.rule }
    }
    return undefined
  }
  if (body.startsWith('@')) return undefined
  const whole = sqlRule(body)
  if (whole) return { rule: whole.rule }
  for (const field of body.split('&')) {
    const value = fieldValue(field)
    const found = value === undefined ? undefined : sqlRule(value)
    if (found) return { rule: found.rule }
  }
  return codeSql(body)
}

/** The value of a `name=value` field (curl's `-F`, a form body), URL-decoded. */
function fieldValue(field: string): string | undefined {
  const equals = field.indexOf('=')
  if (equals === -1) return undefined
  const value = field.slice(equals + 1).replace(/\+/g, ' ')
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** An HTTP client: the values of its body options (`valued`), attached (`-dBODY`, `--data=BODY`) or as the next word. */
function httpClient(valued: ReadonlySet<string>): Check {
  return (args, context) => {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] ?? ''
      let body: string | undefined
      const equals = arg.indexOf('=')
      if (valued.has(arg)) body = args[++i]
      else if (arg.startsWith('--') && equals !== -1 && valued.has(arg.slice(0, equals))) body = arg.slice(equals + 1)
      else if (/^-[dF]./.test(arg) && valued.has(arg.slice(0, 2))) body = arg.slice(2)
      const finding = body === undefined ? undefined : bodySql(body, context)
      if (finding) return finding
    }
    return undefined
  }
}

/** The programs of this file and their rules. */
export const CARRIER_PROGRAMS: ReadonlyArray<[string, Check]> = [
  ...SQL_TOOLS.map((name): [string, Check] => [name, checkSqlClient]),
  ['curl', httpClient(CURL_DATA)],
  ['wget', httpClient(WGET_DATA)]
]
