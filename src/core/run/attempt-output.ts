/**
 * What a surface shows of one attempt's output (docs/design.md §5 "Annotations", "Job
 * summary"): how its deciding command ended when the exit does not say it all, its excerpt,
 * and the failing blocks of that excerpt, each with the workspace file and line it names.
 */
import type { AttemptResult } from '../attempt/result.js'
import { attemptBlocks, attemptText, type ExcerptBlock } from '../output/excerpt.js'
import { locateInText, type LocationBase, type SourceLocation } from '../output/source-location.js'
import { attemptEnding, endedCommand, type AttemptEnding } from '../verify/ending-words.js'

/** One failing block of the excerpt and, when it names one, the place in a workspace file. */
export interface LocatedBlock {
  block: ExcerptBlock
  location?: SourceLocation
}

/** An attempt's output, as facts for a surface to word. */
export interface AttemptOutput {
  /** A timeout's limit and how the tree was stopped, or the line `-e` stopped the script at; absent when the exit says it all. */
  ending?: AttemptEnding
  /** The excerpt, as text. */
  text: string
  /** The excerpt's failing blocks, each looked up under `base`; none when no base is given. */
  blocks: LocatedBlock[]
}

/** The output of `attempt`; its blocks are located under `base` when one is given. */
export function attemptOutput(attempt: AttemptResult, base?: LocationBase): AttemptOutput {
  const command = endedCommand(attempt)
  const ending = command === undefined ? undefined : attemptEnding(command.command, command)
  const blocks =
    base === undefined
      ? []
      : attemptBlocks(attempt).map(block => {
          const location = locateInText(block.lines.join('\n'), base)
          return { block, ...(location !== undefined && { location }) }
        })
  return { ...(ending !== undefined && { ending }), text: attemptText(attempt), blocks }
}
