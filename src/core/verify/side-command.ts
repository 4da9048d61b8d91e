/**
 * A command run beside the script (docs/design.md §1): `expect-check` and `on-retry`. It
 * runs like the script — the configured shell, working directory, environment, the attempt's
 * timeout, its own process group recorded as it starts — and whatever it leaves in the
 * background is stopped before this returns.
 */
import type { AttemptEnvironment } from './types.js'
import type { CommandResult } from '../attempt/command-result.js'
import { processStartTime } from '../process/process-identity.js'
import type { RunSettings } from '../inputs/settings.js'

/** Runs `command`; `onOutput` takes each chunk and returns false when the console is behind. */
export async function runSideCommand(
  command: string,
  settings: Pick<RunSettings, 'shell' | 'workingDirectory' | 'timeoutSeconds'>,
  env: AttemptEnvironment,
  onOutput: (chunk: Buffer, stream: 'stdout' | 'stderr') => boolean
): Promise<CommandResult> {
  const { result, group } = await env.processes.run({
    command,
    shell: settings.shell,
    cwd: settings.workingDirectory,
    env: env.env,
    timeoutMs: settings.timeoutSeconds * 1000,
    killGraceMs: env.killGraceMs,
    signal: env.signal,
    onOutput,
    waitForDrain: stream => new Promise(resolve => env.console[stream].once('drain', () => resolve())),
    // Recorded like the script's, so a crash while it runs leaves its group findable (§6).
    onStart: pgid => env.log({ kind: 'process-started', pgid, started: processStartTime(pgid) })
  })
  if (group?.isAlive()) await group.terminate(env.killGraceMs)
  return result
}
