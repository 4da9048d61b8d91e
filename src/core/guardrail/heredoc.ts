/** Heredocs: the delimiter word after `<<`, and finding the line that closes each body. */
import { breaksWord, lineEnd } from '../shell/lexer.js'

/** The heredoc delimiter word starting at `from`, unquoted; quoting stops expansion. */
export function readDelimiter(text: string, from: number): { text: string; quoted: boolean; end: number } {
  let word = ''
  let quoted = false
  let i = from
  while (i < text.length && !breaksWord(text[i])) {
    const char = text[i]
    if (char === "'" || char === '"') {
      const close = text.indexOf(char, i + 1)
      const end = close === -1 ? text.length : close
      word += text.slice(i + 1, end)
      quoted = true
      i = end + 1
    } else if (char === '\\') {
      word += text[i + 1] ?? ''
      quoted = true
      i += 2
    } else {
      word += char
      i++
    }
  }
  return { text: word, quoted, end: Math.min(i, text.length) }
}

/** Finds heredoc closing lines without rescanning the script for every heredoc. */
export class LineIndex {
  private readonly exact = new Map<string, number[]>()
  private readonly tabless = new Map<string, number[]>()

  constructor(script: string) {
    let start = 0
    while (start <= script.length) {
      const end = lineEnd(script, start)
      const line = script.slice(start, end)
      append(this.exact, line, start)
      append(this.tabless, line.replace(/^\t+/, ''), start)
      start = end + 1
    }
  }

  /** Start of the first line at or after `from` that reads `text`. */
  find(text: string, from: number, ignoreLeadingTabs: boolean): number | undefined {
    const starts = (ignoreLeadingTabs ? this.tabless : this.exact).get(text)
    if (starts === undefined) return undefined
    let low = 0
    let high = starts.length
    while (low < high) {
      const middle = (low + high) >> 1
      const start = starts[middle]
      if (start !== undefined && start < from) low = middle + 1
      else high = middle
    }
    return starts[low]
  }
}

function append(index: Map<string, number[]>, key: string, value: number): void {
  const list = index.get(key)
  if (list === undefined) index.set(key, [value])
  else list.push(value)
}
