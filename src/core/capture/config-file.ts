import { promises as fsp } from 'node:fs'
import { join } from 'node:path'
import { readRegularFile, writeFileAtomic } from '../base/atomic-file.js'
import { ConfigError, describeError } from '../base/errors.js'
import { printableValue } from '../base/printable.js'

/**
 * `.reverify/config.json` in the repository (docs/design.md §3): `{"capture_before_retry": "warn"}`.
 * Keys this version does not know are kept when the file is rewritten.
 */

/** What to do before retrying a command whose last run failed and was never captured. */
export type CaptureMode = 'warn' | 'block' | 'off'

/** The allowed capture-before-retry values, in the order messages list them. */
const CAPTURE_MODES: readonly CaptureMode[] = ['warn', 'block', 'off']

/** The mode used when neither a flag/input nor the config file says otherwise. */
const DEFAULT_CAPTURE_MODE: CaptureMode = 'warn'

/** The config file's path relative to the repository. */
const CONFIG_PATH = join('.reverify', 'config.json')

const CONFIG_KEY = 'capture_before_retry'
const MAX_CONFIG_BYTES = 64 * 1024

/** Trimmed, case-insensitive; anything else (non-strings, '', 'maybe', 'true', 1) → ConfigError naming where it came from and "allowed: warn, block, off". */
export function parseCaptureMode(value: unknown, source: string): CaptureMode {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined
  const mode = CAPTURE_MODES.find(candidate => candidate === text)
  if (mode !== undefined) return mode
  const shown = typeof value === 'string' ? `'${printableValue(value)}'` : printableValue(value)
  throw new ConfigError(`${source}: ${shown} is not a capture-before-retry value (allowed: ${CAPTURE_MODES.join(', ')})`)
}

/** The settings the config file can hold. */
export interface ReverifyConfig {
  captureBeforeRetry?: CaptureMode
}

/** Reads <repoDir>/.reverify/config.json; missing → {}; bad JSON / bad value → ConfigError (exit 2) naming the file. */
export async function readConfig(repoDir: string): Promise<ReverifyConfig> {
  const path = join(repoDir, CONFIG_PATH)
  const raw = await readConfigObject(path)
  if (raw === undefined || raw[CONFIG_KEY] === undefined) return {}
  return { captureBeforeRetry: parseCaptureMode(raw[CONFIG_KEY], `${path}: ${CONFIG_KEY}`) }
}

/** Writes the key (omitting it when it is the default 'warn'), keeping other keys; atomic. */
export async function setCaptureMode(repoDir: string, mode: CaptureMode): Promise<void> {
  const path = join(repoDir, CONFIG_PATH)
  const next: Record<string, unknown> = { ...((await readConfigObject(path)) ?? {}) }
  if (mode === DEFAULT_CAPTURE_MODE) delete next[CONFIG_KEY]
  else next[CONFIG_KEY] = mode
  await fsp.mkdir(join(repoDir, '.reverify'), { recursive: true })
  await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`)
}

/** flag > config > 'warn'. */
export function resolveCaptureMode(flag: string | undefined, config: ReverifyConfig): CaptureMode {
  // An empty action input arrives as '' and means "not given".
  if (flag !== undefined && flag.trim() !== '') return parseCaptureMode(flag, 'capture-before-retry')
  return config.captureBeforeRetry ?? DEFAULT_CAPTURE_MODE
}

async function readConfigObject(path: string): Promise<Record<string, unknown> | undefined> {
  let text: string | undefined
  try {
    text = await readRegularFile(path, MAX_CONFIG_BYTES)
  } catch (error) {
    const reason = describeError(error)
    throw new ConfigError(`${path}: ${reason.startsWith(path) ? reason.slice(path.length).trim() : reason}`)
  }
  if (text === undefined) return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`${path}: not valid JSON (${describeError(error)})`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`${path}: expected a JSON object such as {"${CONFIG_KEY}": "warn"}`)
  }
  return value as Record<string, unknown>
}
