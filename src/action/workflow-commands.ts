/**
 * The one way the action prints (docs/design.md §5, SECURITY.md "Workflow-command injection").
 * The runner reads every log line that starts (after blanks) with `::` as a workflow
 * command: an annotation, `::add-mask::`, `::stop-commands::`. reverify prints data other
 * people shape (notes, trailers, cache keys, file names, restored receipts), so every text
 * it prints passes `workflowSafe` first, and the command's own output, streamed live, is
 * fenced by `::stop-commands::<random token>` (`CommandFence`).
 */
import * as core from '@actions/core'
import { randomBytes } from 'node:crypto'

// Characters some reader may take for a line break, other than LF: CR, VT, FF, NEL, LS, PS
const OTHER_BREAKS = /[\r\u000b\u000c\u0085\u2028\u2029]/g
// A line the runner (or the log viewer) would read as a command
const COMMAND_LINE = /^\s*(::|##\[)/

/**
 * The escaping function for everything the action prints: line breaks other than LF are
 * written as escapes (`\u2028`, `\r`), and a line that would start a workflow command gets
 * a visible `» ` in front, so no line of data can become a command. Text without either is
 * returned as it is.
 */
export function workflowSafe(text: string): string {
  const oneKind = text.replace(/\r\n/g, '\n').replace(OTHER_BREAKS, char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return oneKind
    .split('\n')
    .map(line => (COMMAND_LINE.test(line) ? `» ${line}` : line))
    .join('\n')
}

function safeProperties(properties: core.AnnotationProperties = {}): core.AnnotationProperties {
  const { title, file, ...rest } = properties
  return {
    ...rest,
    ...(title !== undefined && { title: workflowSafe(title) }),
    ...(file !== undefined && { file: workflowSafe(file) })
  }
}

/** @actions/core's printing, each text through `workflowSafe`. Nothing in src/action prints otherwise. */
export const print = {
  info: (text: string): void => core.info(workflowSafe(text)),
  debug: (text: string): void => core.debug(workflowSafe(text)),
  notice: (text: string, properties?: core.AnnotationProperties): void => core.notice(workflowSafe(text), safeProperties(properties)),
  warning: (text: string, properties?: core.AnnotationProperties): void => core.warning(workflowSafe(text), safeProperties(properties)),
  error: (text: string, properties?: core.AnnotationProperties): void => core.error(workflowSafe(text), safeProperties(properties)),
  setFailed: (text: string): void => core.setFailed(workflowSafe(text)),
  startGroup: (name: string): void => core.startGroup(workflowSafe(name)),
  endGroup: (): void => core.endGroup(),
  group: <T>(name: string, body: () => Promise<T>): Promise<T> => core.group(workflowSafe(name), body)
}

/**
 * Fences the command's live output: before its first byte, `::stop-commands::<token>` (the
 * runner then runs no command until it sees `::<token>::`); before reverify prints anything
 * again, the token. The token is random per fence, so the output cannot guess it.
 */
export class CommandFence {
  private token: string | undefined

  constructor(private readonly write: (text: string) => void) {}

  /** Called before command output is written: stops command processing, once. */
  open(): void {
    if (this.token !== undefined) return
    this.token = randomBytes(16).toString('hex')
    this.write(`::stop-commands::${this.token}\n`)
  }

  /** Called before reverify prints again: resumes command processing (the caller ends the output's last line first). */
  close(): boolean {
    if (this.token === undefined) return false
    this.write(`::${this.token}::\n`)
    this.token = undefined
    return true
  }
}
