/**
 * The environment every command reverify runs gets (docs/design.md §5 "What the command
 * sees"): the caller's, without what the runner hands only to actions, and marked with the
 * run id so a crash leaves its processes findable (§6).
 *
 * A `run:` step never sees the Actions runtime token or the service URLs; with them a test
 * could write cache entries in the run's scope (reverify's own history included) or upload
 * artifacts. Nor does a command need reverify's own inputs (`INPUT_REDACT` holds the values
 * to hide) or its saved state.
 */
import { RUN_MARKER_VAR } from './crashed-groups.js'

/** Variables the runner gives an action's process and never a `run:` step's commands. */
const ACTION_ONLY_NAMES = new Set([
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RUNTIME_URL',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_URL',
  'ACTIONS_CACHE_SERVICE_V2',
  'ACTIONS_ID_TOKEN_REQUEST_URL',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN'
])

/** Prefixes of the same: the action's inputs and its saved state. */
const ACTION_ONLY_PREFIXES = ['INPUT_', 'STATE_']

/** Whether the runner gives `name` to the action only. */
function isActionOnly(name: string): boolean {
  const upper = name.toUpperCase()
  return ACTION_ONLY_NAMES.has(upper) || ACTION_ONLY_PREFIXES.some(prefix => upper.startsWith(prefix))
}

/** The commands' environment: `env` without what is the action's only, marked with the run id. */
export function commandEnvironment(env: NodeJS.ProcessEnv, runId: string): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(env)) if (!isActionOnly(name)) kept[name] = value
  kept[RUN_MARKER_VAR] = runId
  return kept
}
