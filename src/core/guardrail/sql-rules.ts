/**
 * SQL: `DROP TABLE`, `DROP DATABASE` (or `SCHEMA`) and `TRUNCATE` at the start of a
 * statement, in a database client's arguments, on its standard input, or as the command.
 */
import { lineEnd } from '../shell/lexer.js'
import type { Check } from './context.js'

/** The SQL statement `DROP TABLE x` given as the command (a SQL `shell` template, a heredoc). */
export const checkDrop: Check = args => {
  const found = sqlRule(['drop', ...args].join(' '))
  return found && { rule: found.rule }
}

/** A database client, judged on the SQL in its arguments and then on its standard input. */
export const checkSqlClient: Check = (args, context) => {
  for (const arg of args) {
    const found = sqlRule(sqlIn(arg))
    if (found) return { rule: found.rule }
  }
  for (const text of context.stdin.forSql()) {
    const found = sqlRule(text)
    if (found) return { rule: found.rule, excerpt: found.statement }
  }
  return undefined
}

/** The SQL an argument may carry: `-c SQL` as its own word, `--command=SQL`, `-cSQL`. */
function sqlIn(arg: string): string {
  if (!arg.startsWith('-')) return arg
  const equals = arg.indexOf('=')
  if (equals !== -1) return arg.slice(equals + 1)
  return arg.startsWith('--') ? '' : arg.slice(2)
}

/** The rule tripped by the first destructive statement of some SQL text, if any. */
export function sqlRule(sql: string): { rule: string; statement: string } | undefined {
  for (const statement of statements(sql)) {
    const rule = statementRule(leadingWords(statement, 3))
    if (rule) return { rule, statement: statement.trim() }
  }
  return undefined
}

// Where a statement's text may hold a `;` that ends nothing: 'strings' (with '' inside),
// "identifiers", `backticks`, -- and /* */ comments, and $tag$ dollar quotes
const SQL_QUOTED = /'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|(\$[A-Za-z_]*\$)[\s\S]*?(?:\1|$)/y

/** SQL text cut at each `;` that ends a statement: one inside a string, identifier, comment or dollar quote does not. */
function statements(sql: string): string[] {
  const found: string[] = []
  let start = 0
  let i = 0
  while (i < sql.length) {
    const char = sql.charAt(i)
    if (char === ';') {
      found.push(sql.slice(start, i))
      start = ++i
      continue
    }
    SQL_QUOTED.lastIndex = i
    const quoted = '\'"`-/$'.includes(char) ? SQL_QUOTED.exec(sql) : null
    i = quoted === null || quoted[0] === '' ? i + 1 : i + quoted[0].length
  }
  found.push(sql.slice(start))
  return found
}

function statementRule([first, second, third]: string[]): string | undefined {
  if (first === 'truncate') return second === undefined ? undefined : 'truncate'
  if (first !== 'drop') return undefined
  const object = second === 'temporary' || second === 'temp' ? third : second
  if (object === 'table') return 'drop table'
  // MySQL's DROP SCHEMA is DROP DATABASE by another name
  return object === 'database' || object === 'schema' ? 'drop database' : undefined
}

/** The first `count` blank-separated words of a statement, lower-cased, comments skipped. */
function leadingWords(sql: string, count: number): string[] {
  const words: string[] = []
  let i = 0
  while (i < sql.length && words.length < count) {
    if (/\s/.test(sql.charAt(i))) i++
    else if (sql.startsWith('--', i)) i = lineEnd(sql, i)
    else if (sql.startsWith('/*', i)) {
      const close = sql.indexOf('*/', i + 2)
      i = close === -1 ? sql.length : close + 2
    } else {
      // A comment between two keywords separates them as a blank would: DROP/**/TABLE
      let end = i
      while (end < sql.length && !/\s/.test(sql.charAt(end)) && !sql.startsWith('/*', end) && !sql.startsWith('--', end)) end++
      words.push(sql.slice(i, end).toLowerCase())
      i = end
    }
  }
  return words
}
