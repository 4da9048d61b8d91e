/**
 * Judging a script: each simple command, in order, after the substitutions it runs first,
 * with the text earlier stages of its pipeline feed it. The first rule tripped wins.
 */
import { MAX_NESTING, Stdin, type Context, type Finding } from './context.js'
import { invocationsOf } from './invocations.js'
import { programName, unwrap } from './launchers.js'
import { PROGRAMS } from './rules.js'
import { splitScript } from './script-splitter.js'

const EXCERPT_LIMIT = 200
// What one printf may print for the checks: twice the 1 MB a hostile command line can hold
const PRINTED_LIMIT = 2 << 20

/** The first rule a script trips at nesting `depth`, with the offending command as its excerpt. */
export function checkScript(script: string, depth: number): Required<Finding> | undefined {
  if (depth > MAX_NESTING) return undefined
  let pipeline = -1
  let stdin = new Stdin()
  for (const command of splitScript(script)) {
    if (command.pipeline !== pipeline) {
      pipeline = command.pipeline
      stdin = new Stdin()
    }
    for (const body of command.substitutions) {
      const hit = checkScript(body, depth + 1)
      if (hit) return hit
    }
    // `sh <(echo …)` and `source <(…)` read what the body prints: it reaches them like stdin
    stdin.add(command.processSubstitutions.flatMap(printedBy))
    for (const invocation of invocationsOf(command.text)) {
      stdin.add([...command.heredocs, ...invocation.hereStrings])
      const finding = checkWords(invocation.words, depth, stdin)
      if (finding) return { rule: finding.rule, excerpt: excerptOf(finding.excerpt ?? command.raw) }
      stdin.add(printedText(invocation.words))
    }
  }
  return undefined
}

function checkWords(words: string[], depth: number, stdin: Stdin): Finding | undefined {
  if (depth > MAX_NESTING) return undefined
  const command = unwrap(words)
  if (command === undefined) return undefined
  const check = PROGRAMS.get(programName(command.words[command.at] ?? ''))
  return check?.(command.words.slice(command.at + 1), contextAt(depth, stdin))
}

function contextAt(depth: number, stdin: Stdin): Context {
  return {
    stdin,
    script: text => checkScript(text, depth + 1),
    command: (words, input) => checkWords(words, depth + 1, input)
  }
}

function excerptOf(text: string): string {
  const trimmed = text.trim()
  if (trimmed.length <= EXCERPT_LIMIT) return trimmed
  return trimmed.slice(0, EXCERPT_LIMIT - 1) + '…'
}

/** What the `echo`/`printf` commands of a script print (a process substitution's body). */
function printedBy(script: string): string[] {
  return splitScript(script).flatMap(command => invocationsOf(command.text).flatMap(one => printedText(one.words)))
}

/** What `echo`/`printf` write: data, which matters only when a shell or database reads it. */
function printedText(words: string[]): string[] {
  const command = unwrap(words)
  if (command === undefined) return []
  const name = programName(command.words[command.at] ?? '')
  let first = command.at + 1
  if (name === 'echo') {
    while (/^-[neE]+$/.test(command.words[first] ?? '')) first++
  } else if (name === 'printf') {
    if (command.words[first] === '-v') first += 2
    if (command.words[first] === '--') first++
    const [format, ...args] = command.words.slice(first)
    return format === undefined ? [] : [printfOutput(format, args)]
  } else return []
  const args = command.words.slice(first)
  return args.length === 0 ? [] : [unescape(args.join(' '))]
}

/** `printf FORMAT ARGS…` as printf prints it: each `%…` conversion takes the next argument, and the format repeats while arguments remain. */
function printfOutput(format: string, args: string[]): string {
  const template = unescape(format)
  const pieces: string[] = []
  let length = 0
  let next = 0
  // The format repeats only while it consumes arguments, and the text printed is capped
  do {
    const before = next
    const piece = template.replace(/%[-+ #0]*\d*(?:\.\d*)?([%a-zA-Z])/g, (_, conversion: string) =>
      conversion === '%' ? '%' : (args[next++] ?? '')
    )
    pieces.push(piece)
    length += piece.length
    if (next === before) break
  } while (next < args.length && length < PRINTED_LIMIT)
  return pieces.join('')
}

/** Backslash escapes of `echo -e` and printf formats: `\n`, `\t`, `\xHH`, `\0NNN`. */
function unescape(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|0[0-7]{0,3}|[0-7]{1,3}|.)/g, (whole, code: string) => {
    if (code.startsWith('x')) return String.fromCharCode(parseInt(code.slice(1), 16))
    if (/^[0-7]/.test(code)) return String.fromCharCode(parseInt(code, 8))
    return { n: '\n', t: '\t', r: '\r', '\\': '\\' }[code] ?? whole
  })
}
