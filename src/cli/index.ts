/**
 * The CLI's bundle, dist/cli.bundle.cjs, which dist/cli.js loads (cli/launch.ts): wires the
 * process to main(), and tells the launcher whether it ran a verify (`verifyRan`, for the
 * code cache).
 */
import { ExitCode } from '../core/index.js'
import { closedPipeTolerant } from './console-stream.js'
import { main } from './main.js'
import { exitOnceWritten } from '../launch/exit.js'

export { verifyRan } from './verify-ran.js'

const controller = new AbortController()
let reason: string | undefined
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second signal while cleaning up means "now": leave with the interrupt code.
    if (reason !== undefined) process.exit(ExitCode.interrupted)
    reason = signal
    controller.abort()
  })
}

// A reader that goes away (`| head -1`) ends the output, not the command; anything else
// that breaks stdout is said once on stderr.
const stderr = closedPipeTolerant(process.stderr)
const stdout = closedPipeTolerant(process.stdout, error =>
  stderr.write(`reverify: warning: cannot write to stdout (${error.code ?? error.message}); output dropped\n`)
)

void main(process.argv.slice(2), {
  stdout,
  stderr,
  cwd: process.cwd(),
  env: process.env,
  signal: controller.signal,
  interruptReason: () => reason
}).then(code => {
  process.exitCode = code
  exitOnceWritten()
})
