/**
 * Turns the `command` input into the run's command list (docs/design.md §1): one command per line,
 * a line ending in a backslash continues on the next, blank lines are ignored. Commands are
 * kept exactly as written otherwise: they run through the shell as the user typed them.
 */

/** Splits the `command` text into its ordered list of commands. */
export function splitCommandList(text: string): string[] {
  const commands: string[] = []
  let pending: string | undefined
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    // Continuation keeps the backslash-newline, so the shell sees the command as written.
    const line = pending === undefined ? rawLine : `${pending}\n${rawLine}`
    if (/(^|[^\\])(\\\\)*\\$/.test(rawLine)) {
      pending = line
      continue
    }
    pending = undefined
    if (line.trim() !== '') commands.push(line.trim())
  }
  if (pending !== undefined && pending.trim() !== '') {
    // A trailing backslash on the last line has nothing to continue onto: drop it.
    commands.push(pending.replace(/\\$/, '').trim())
  }
  return commands
}
