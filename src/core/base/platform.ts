/**
 * Where reverify runs (README "Runners"): it needs POSIX sessions and process groups to stop
 * a command's whole tree, so Linux (everything) and macOS (no /proc: see README) are
 * supported, and anything else stops before it starts.
 */

/** The platforms reverify runs on, as `process.platform` names them. */
const SUPPORTED = new Set(['linux', 'darwin'])

/**
 * The one line that refuses an unsupported platform (`process.platform`), or undefined on
 * Linux and macOS.
 */
export function unsupportedPlatform(platform: string): string | undefined {
  if (SUPPORTED.has(platform)) return undefined
  const name = platform === 'win32' ? 'Windows' : JSON.stringify(platform.slice(0, 40))
  return `reverify: ${name} is not supported: it needs POSIX process groups; use a Linux or macOS runner`
}
