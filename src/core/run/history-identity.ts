/**
 * Which history a command belongs to (docs/design.md §3 "Identity"): the identity of its
 * script and the key its receipts are cached under in the action, for one repository and scope.
 */
import { historyKey, scriptIdentity, type CommandIdentity } from '../receipts/identity.js'

/** A command's identity, and the key of its history in the repository `target` and `scope`. */
export interface HistoryIdentity {
  identity: CommandIdentity
  historyKey: string
  /** False when the script has no command line (blank, or comments only): it names no history. */
  named: boolean
}

/** The identity of `script` and its history's key in `target` and `scope`. */
export function historyIdentity(script: string, target: string, scope: string): HistoryIdentity {
  const identity = scriptIdentity(script)
  return { identity, historyKey: historyKey(target, scope, identity.hash), named: identity.identity.length > 0 }
}
