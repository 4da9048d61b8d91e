/**
 * Whether this process ran a verify (`run`, or `resume` of one): the work the CLI's code cache
 * is for. The launcher asks the bundle as the process exits (cli/launch.ts), and a process
 * that only printed its help or listed receipts leaves a partial cache, which the next verify
 * replaces with one that holds its code (launch/code-cache.ts).
 */
let ran = false

/** Notes that this process runs a verify. */
export function noteVerifyRan(): void {
  ran = true
}

/** Whether this process ran a verify. */
export function verifyRan(): boolean {
  return ran
}
