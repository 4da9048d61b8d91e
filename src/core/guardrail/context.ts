/**
 * What the judge and the rules share: the shape of a finding, what a rule is told about the
 * command it judges, and the standard input that flows along a pipeline.
 */

// Scripts nested deeper than this (sh -c inside $( ) inside eval …) are not inspected: real
// commands never come close, and the cap bounds the work on a hostile 1 MB line.
export const MAX_NESTING = 5

/** The word a `<( … )` or `>( … )` process substitution becomes: a file, whose text is what its body prints. */
export const PROCESS_SUBSTITUTION = '__process_substitution__'

/** File names through which a program reads its standard input as a file (`bash /dev/stdin`). */
export const STDIN_FILES: ReadonlySet<string> = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0', '-', PROCESS_SUBSTITUTION])

/** A rule that tripped; `excerpt` is set when the finding comes from a nested script with its own simple commands. */
export interface Finding {
  rule: string
  excerpt?: string
}

/** What a rule may ask about the command it judges. */
export interface Context {
  /** Text the command reads on its standard input. */
  stdin: Stdin
  /** Judges a script the command runs (`sh -c`, `eval`, `ssh host …`), one level deeper. */
  script: (text: string) => Finding | undefined
  /** Judges a command it runs (`find -exec`, `kubectl exec --`), one level deeper, fed `input`. */
  command: (words: string[], input: Stdin) => Finding | undefined
}

/** A program's rule: its arguments in, the rule they trip (if any) out. */
export type Check = (args: string[], context: Context) => Finding | undefined

/** Text flowing into a pipeline stage: heredocs, here-strings, what earlier stages print. */
export class Stdin {
  private readonly texts: string[] = []
  private judgedAsScript = 0
  private judgedAsSql = 0

  /** Adds text that later stages will read. */
  add(texts: string[]): void {
    this.texts.push(...texts)
  }

  /** Texts not yet judged as a shell script; each is handed out once. */
  forScript(): string[] {
    const fresh = this.texts.slice(this.judgedAsScript)
    this.judgedAsScript = this.texts.length
    return fresh
  }

  /** Texts not yet judged as SQL; each is handed out once. */
  forSql(): string[] {
    const fresh = this.texts.slice(this.judgedAsSql)
    this.judgedAsSql = this.texts.length
    return fresh
  }
}
