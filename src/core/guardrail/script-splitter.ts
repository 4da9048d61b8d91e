/**
 * Cutting a script into its simple commands, as a POSIX shell reads it: quotes, escapes and
 * line continuations, operators, subshells, `$( )` and backtick substitutions, heredocs and
 * comments. Each command keeps its text as written (for the excerpt) and the text its words
 * are read from.
 */
import { afterClose, closingParen, closingQuote, closingSingleQuote, lineEnd, opensComment, SubstitutionParens } from '../shell/lexer.js'
import { PROCESS_SUBSTITUTION } from './context.js'
import { LineIndex, readDelimiter } from './heredoc.js'

// Stands in for a $( ) or backtick substitution inside the command that holds it: what it
// prints is only known at run time (the substitution itself is checked separately).
const SUBSTITUTED = '__substituted__'

/** One simple command of a script. */
export interface SimpleCommand {
  /** As written, for the excerpt. */
  raw: string
  /** What shell-quote reads: substitutions replaced, continuations and comments removed. */
  text: string
  /** Bodies of the $( ), backtick and `<( )`/`>( )` substitutions inside it; they run before it. */
  substitutions: string[]
  /** Bodies of its `<( )` and `>( )` process substitutions: files whose text is what each body prints. */
  processSubstitutions: string[]
  /** Bodies of its heredocs: its standard input. */
  heredocs: string[]
  /** Commands joined by `|` share this number. */
  pipeline: number
}

interface PendingHeredoc {
  delimiter: string
  stripTabs: boolean
  expands: boolean
  command: SimpleCommand
}

function newCommand(pipeline: number): SimpleCommand {
  return { raw: '', text: '', substitutions: [], processSubstitutions: [], heredocs: [], pipeline }
}

/** The simple commands of a script, in the order they appear. */
export function splitScript(script: string): SimpleCommand[] {
  const commands: SimpleCommand[] = []
  const pending: PendingHeredoc[] = []
  const parens = new SubstitutionParens()
  let lines: LineIndex | undefined
  let pipeline = 0
  let current = newCommand(pipeline)
  let chunks: string[] = []
  let start = 0
  let copied = 0

  const cut = (from: number, to: number, replacement = ''): void => {
    chunks.push(script.slice(copied, from), replacement)
    copied = to
  }
  const finish = (end: number, next: number, piped: boolean): void => {
    chunks.push(script.slice(copied, end))
    current.raw = script.slice(start, end)
    current.text = chunks.join('')
    if (current.raw.trim() !== '') commands.push(current)
    if (!piped) pipeline++
    current = newCommand(pipeline)
    chunks = []
    start = copied = next
  }
  const takeParens = (at: number, process = false): number => {
    const close = closingParen(script, at + 2)
    parens.skipped(close)
    const body = script.slice(at + 2, close)
    current.substitutions.push(body)
    if (process) current.processSubstitutions.push(body)
    const after = Math.min(close + 1, script.length)
    // A process substitution is one word, a file name: `rm <(true) -rf x` still reads `-rf x`
    cut(at, after, process ? PROCESS_SUBSTITUTION : SUBSTITUTED)
    return after
  }
  const takeBackticks = (at: number): number => {
    const close = closingBacktick(script, at + 1)
    current.substitutions.push(unescapeBackticks(script.slice(at + 1, close)))
    const after = Math.min(close + 1, script.length)
    cut(at, after, SUBSTITUTED)
    return after
  }
  const scanDoubleQuoted = (from: number): number => {
    let i = from
    while (i < script.length) {
      const char = script[i]
      if (char === '"') return i + 1
      if (char === '\\') {
        if (script[i + 1] === '\n') cut(i, i + 2)
        i += 2
      } else if (char === '`') i = takeBackticks(i)
      else if (char === '$' && script[i + 1] === '(') i = takeParens(i)
      else i++
    }
    return i
  }
  const noteHeredoc = (from: number): number => {
    let i = from
    const stripTabs = script[i] === '-'
    if (stripTabs) i++
    while (script[i] === ' ' || script[i] === '\t') i++
    const word = readDelimiter(script, i)
    if (word.text !== '') {
      pending.push({ delimiter: word.text, stripTabs, expands: !word.quoted, command: current })
    }
    return word.end
  }
  const takeHeredocBodies = (from: number): number => {
    let i = from
    for (const heredoc of pending.splice(0)) {
      lines ??= new LineIndex(script)
      const close = lines.find(heredoc.delimiter, i, heredoc.stripTabs)
      // No closing line: it was not a heredoc (`1 << 2` in arithmetic); read on as commands
      if (close === undefined) continue
      const body = script.slice(i, close)
      heredoc.command.heredocs.push(body)
      if (heredoc.expands) heredoc.command.substitutions.push(...substitutionsIn(body))
      i = Math.min(lineEnd(script, close) + 1, script.length)
    }
    return i
  }

  let i = 0
  while (i < script.length) {
    const char = script[i]
    const next = script[i + 1]
    if (char === '\\') {
      if (next === '\n') cut(i, i + 2)
      i += 2
    } else if (char === "'") {
      i = afterClose(script, closingSingleQuote(script, i + 1))
    } else if (char === '"') {
      i = scanDoubleQuoted(i + 1)
    } else if (char === '`') {
      i = takeBackticks(i)
    } else if (char === '$' && next === '(') {
      i = takeParens(i)
    } else if ((char === '<' || char === '>') && next === '(') {
      i = takeParens(i, true)
    } else if (char === '$' && next === "'") {
      i = afterClose(script, closingQuote(script, i + 2, "'"))
    } else if (char === '#' && opensComment(script, i, parens)) {
      const end = lineEnd(script, i)
      cut(i, end)
      i = end
    } else if (char === '<' && next === '<') {
      // `<<<` is a here-string, which shell-quote reads; `<<` opens a heredoc
      i = script[i + 2] === '<' ? i + 3 : noteHeredoc(i + 2)
    } else if (char === '\n') {
      finish(i, i + 1, false)
      i = takeHeredocBodies(i + 1)
      start = copied = i
    } else if (char === ';' || char === '(' || char === ')') {
      if (char === '(') parens.opened(script, i)
      if (char === ')') parens.closed(i)
      finish(i, i + 1, false)
      i++
    } else if (char === '&') {
      // `2>&1`, `<&3` and `&> file` are redirections, not separators
      if (script[i - 1] === '>' || script[i - 1] === '<' || next === '>') i++
      else {
        const width = next === '&' ? 2 : 1
        finish(i, i + width, false)
        i += width
      }
    } else if (char === '|') {
      if (script[i - 1] === '>')
        i++ // `>| file`
      else if (next === '|') {
        finish(i, i + 2, false)
        i += 2
      } else {
        const width = next === '&' ? 2 : 1
        finish(i, i + width, true)
        i += width
      }
    } else i++
  }
  finish(script.length, script.length, false)
  return commands
}

/** Index of the backtick closing one opened just before `from` (or the end of `text`). */
function closingBacktick(text: string, from: number): number {
  const close = closingQuote(text, from, '`')
  return close === -1 ? text.length : close
}

/** A backtick body as the inner shell reads it. */
function unescapeBackticks(body: string): string {
  return body.replace(/\\([\\`$])/g, '$1')
}

/** Bodies of the substitutions in text that expands them (an unquoted heredoc). */
function substitutionsIn(text: string): string[] {
  const bodies: string[] = []
  let i = 0
  while (i < text.length) {
    const char = text[i]
    if (char === '\\') i += 2
    else if (char === '$' && text[i + 1] === '(') {
      const close = closingParen(text, i + 2)
      bodies.push(text.slice(i + 2, close))
      i = close + 1
    } else if (char === '`') {
      const close = closingBacktick(text, i + 1)
      bodies.push(unescapeBackticks(text.slice(i + 1, close)))
      i = close + 1
    } else i++
  }
  return bodies
}
