/**
 * Capture-before-retry's mode for a repository (docs/design.md §3): the one a run honours —
 * the input or flag when given, else the repository's `.reverify/config.json`, else `warn` —
 * and `reverify config set capture-before-retry`, which writes the file.
 */
import { defaultStateDir } from '../inputs/resolve.js'
import { parseCaptureMode, readConfig, resolveCaptureMode, setCaptureMode, type CaptureMode } from '../capture/config-file.js'
import { ensureStateDir } from '../receipts/state-dir.js'

/**
 * The mode a run in the repository `root` honours: `given` (the input or flag; empty means
 * not given), else the config file's, else `warn`. A bad config file or value is a ConfigError
 * naming where it came from; the file is read first, so its error wins.
 */
export async function captureModeOf(given: string | undefined, root: string): Promise<CaptureMode> {
  const config = await readConfig(root)
  return resolveCaptureMode(given, config)
}

/**
 * Writes `value` as the repository's mode (`warn`, the default, by leaving the key out) and
 * answers it as read; the repository's default state directory is made first, ignored by git,
 * as a run makes it. A value other than warn, block or off is a ConfigError.
 */
export async function configureCaptureMode(root: string, value: string): Promise<CaptureMode> {
  const mode = parseCaptureMode(value, 'capture-before-retry')
  await ensureStateDir(defaultStateDir(root), { gitignore: true })
  await setCaptureMode(root, mode)
  return mode
}
