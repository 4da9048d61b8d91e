/**
 * A command's history for the job summary (docs/design.md §5 "Job summary"): its last runs
 * as facts, and the quarantine entries its receipts suggest for the file the run read.
 */
import { historyFacts, type HistoryFacts } from '../report/history-facts.js'
import type { Receipt } from '../receipts/receipt.js'
import { adviseQuarantine, readQuarantine } from './quarantine-queries.js'

/** Most quarantine entries the summary suggests; the rest are counted. */
const MOST_SUGGESTED = 5

/** What the history is for: how many runs it shows, the quarantine file the run read (as given, from `root`), and now. */
export interface CommandHistoryOptions {
  limit: number
  quarantine: { shown: string; root: string }
  now: Date
}

/**
 * The newest `limit` runs of the command and, when a test of it is over the suggestion's
 * threshold, the entries to add to the quarantine file. The suggestion is left out when the
 * run read no file, or the file cannot be read (the run has said why already).
 */
export async function commandHistory(receipts: readonly Receipt[], options: CommandHistoryOptions): Promise<HistoryFacts> {
  const facts = historyFacts(receipts, options.limit)
  const { shown, root } = options.quarantine
  if (shown === '') return facts
  try {
    const read = await readQuarantine({ shown, root, inputName: 'quarantine' }, options.now)
    const advice = await adviseQuarantine(read, receipts, { most: MOST_SUGGESTED })
    return advice.text === undefined ? facts : { ...facts, suggestedQuarantine: advice }
  } catch {
    return facts
  }
}
