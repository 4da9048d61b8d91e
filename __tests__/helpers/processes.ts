/** Process checks for tests. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'

/** Whether a process runs (a zombie waiting for a parent to reap it counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  try {
    // /proc/<pid>/stat: "pid (name) state …"; the name may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return existsSync(`/proc/${pid}`)
  }
}

/**
 * A `sleep` duration of this jest worker's own, from a small number a test picks (no other
 * test in the file uses it): two copies of the suite running side by side never find (or
 * kill) each other's sleeps, and at over ten years it never ends before a test's budget
 * (docs/design.md §9, "Tests on a busy machine").
 */
export function ownSleep(n: number): number {
  return 400_000_000 + (process.pid % 1_000_000) * 100 + (n % 100)
}

/** The running `sleep <seconds>` processes (a test picks a duration no other test uses: see ownSleep). */
export function sleepers(seconds: number): number[] {
  const wanted = `sleep\0${seconds}\0`
  const found: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'latin1') === wanted && isRunning(Number(name))) found.push(Number(name))
    } catch {
      // Gone, or not ours.
    }
  }
  return found
}

/** Kills what is left of `sleep <seconds>` processes (after a failed test). */
export function killSleepers(...durations: number[]): void {
  for (const seconds of durations) {
    for (const pid of sleepers(seconds)) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // Gone already.
      }
    }
  }
}
