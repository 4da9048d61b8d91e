/**
 * A command that stops its test runner at the first failure (docs/design.md §1 "Rerunning only
 * the failed tests"): `--bail`, pytest's `-x`, go's `-failfast` and their kin. The tests after
 * the failure never ran, so the failed tests cannot explain the attempt's failure: a rerun of
 * them, or their quarantine, would pass a run whose other tests nobody ran. Some runners say
 * so in their output too (core/output/runner-lines.ts); mocha and go do not, hence this look
 * at the command itself. The command is the user's own setting, and a flag found here only
 * ever takes a rerun or an excuse away.
 */

// Flags that mean "stop at the first failure" whatever runner takes them.
const ANY_RUNNER =
  /^(?:--bail(?:=\S*)?|--?failfast(?:=true)?|-test\.failfast(?:=true)?|--exitfirst|--maxfail(?:=\S*)?|--max-failures(?:=\S*)?|--stepwise|--sw)$/
// Short flags that mean it only for the runner named in the same command.
const SHORT_FLAGS: readonly { runner: RegExp; flag: string }[] = [
  { runner: /^(?:jest|mocha|_mocha)$/, flag: '-b' },
  { runner: /^(?:pytest|py\.test|playwright)$/, flag: '-x' }
]

/** The words of one simple command of the script: split at blanks, quotes taken off. */
function simpleCommands(script: string): string[][] {
  return script
    .split(/\n|;|&&|\|\|?|&/)
    .map(part =>
      part
        .split(/\s+/)
        .map(word => word.replace(/^['"]|['"]$/g, ''))
        .filter(word => word !== '')
    )
    .filter(words => words.length > 0)
}

/** The flag in `script` by which a test runner stops at its first failure, or undefined. */
export function stopsAtFirstFailure(script: string): string | undefined {
  for (const words of simpleCommands(script)) {
    const programs = words.map(word => word.slice(word.lastIndexOf('/') + 1))
    for (const word of words) {
      if (ANY_RUNNER.test(word)) return word
      const short = SHORT_FLAGS.find(({ runner, flag }) => word === flag && programs.some(program => runner.test(program)))
      if (short !== undefined) return word
    }
  }
  return undefined
}
