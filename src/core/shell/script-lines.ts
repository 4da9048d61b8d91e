/**
 * The `command` input is one script (docs/design.md §1): it runs as written, in one shell
 * process. This module reads its lines for everything that is not running it: command
 * identity (docs/design.md §3), the input limits and the short label messages show.
 */

/** Whether a line ends in an odd run of backslashes: a `\`-continuation onto the next line. */
function continues(line: string): boolean {
  return /(^|[^\\])(\\\\)*\\$/.test(line)
}

/** Whether a trimmed line holds nothing a shell would run: blank, or a comment only. */
function isEmptyLine(trimmed: string): boolean {
  return trimmed === '' || trimmed.startsWith('#')
}

/**
 * The script's command lines as written: `\`-continued lines kept together (backslash and
 * line break included), each trimmed; blank and comment-only lines dropped. The first is
 * what one-line messages show.
 */
export function scriptLines(script: string): string[] {
  const lines: string[] = []
  let pending: string | undefined
  for (const rawLine of script.replace(/\r\n?/g, '\n').split('\n')) {
    const line = pending === undefined ? rawLine : `${pending}\n${rawLine}`
    if (continues(rawLine)) {
      pending = line
      continue
    }
    pending = undefined
    if (!isEmptyLine(line.trim())) lines.push(line.trim())
  }
  // A backslash on the last line has nothing to continue onto.
  if (pending !== undefined && !isEmptyLine(pending.trim())) lines.push(pending.replace(/\\$/, '').trim())
  return lines
}

/**
 * The lines command identity is made of: each command line with its continuations joined
 * the way the shell joins them (the backslash and the line break removed, nothing else), so
 * `echo two \⏎  three` reads `echo two   three`, which normalizes like `echo two three`.
 */
export function identityLines(script: string): string[] {
  return scriptLines(script)
    .map(line => line.replace(/\\\n/g, '').trim())
    .filter(line => !isEmptyLine(line))
}

/** Longest script label: enough to recognize a command in a title or a one-line message. */
const LABEL_CHARS = 80

/** The script in a few words: its first command line (first physical line, ≤ 80 chars), ` …` when more follows. */
export function scriptLabel(script: string): string {
  const lines = scriptLines(script)
  const first = (lines[0] ?? '').split('\n')[0]!.trim()
  const shown = first.length > LABEL_CHARS ? `${first.slice(0, LABEL_CHARS)}…` : first
  return lines.length > 1 || (lines[0] ?? '').includes('\n') ? `${shown} …` : shown
}
