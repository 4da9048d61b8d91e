/**
 * A rerun whose results show none of the tests it targeted (docs/design.md §1 "Rerunning only
 * the failed tests"): the preset or template does not fit the command — `vitest` on a jest
 * project, `pytest` where only `python3` exists, a filter that matches nothing. The verdict
 * is the same either way (a target the results do not show counts as failed, verdict.ts);
 * this is the one line that says where to look, naming the setting and the command. A rerun
 * that shows some of its targets is an ordinary rerun.
 */
import { printable } from '../base/printable.js'
import { tokenize } from '../shell/tokenize.js'
import type { RerunSetting } from './presets.js'

/** The exit code of a command the shell could not find. */
const NOT_FOUND = 127

/** What a rerun attempt came to, as far as fitting its command goes. */
export interface RerunOutcome {
  /** How many tests it targeted. */
  targets: number
  /** How many of them its results show, passed or failed (0 when it wrote none). */
  shown: number
  exitCode: number
  /** The command the rerun ran. */
  rerunCommand: string
}

/**
 * The line for a rerun that showed none of its targets, or undefined for one that showed
 * some. `command` is the verify command the setting stands in for.
 */
export function rerunMisfit(setting: Exclude<RerunSetting, { kind: 'off' }>, command: string, outcome: RerunOutcome): string | undefined {
  if (outcome.targets === 0 || outcome.shown > 0) return undefined
  const question = `is \`rerun-failed-tests: ${printable(setting.kind === 'preset' ? setting.preset : setting.template, 80)}\` right for \`${printable(command.trim(), 80)}\`?`
  if (outcome.exitCode === NOT_FOUND) {
    const program = firstWord(outcome.rerunCommand)
    const what = program === undefined ? 'its runner' : `\`${printable(program, 40)}\``
    return `the rerun could not start ${what} (exit 127: not found): ${question} A template starts the runner the way the command does`
  }
  const tests = outcome.targets === 1 ? 'the targeted test' : `the ${outcome.targets} targeted tests`
  return `the rerun wrote no results for ${tests}: ${question}`
}

function firstWord(command: string): string | undefined {
  const first = tokenize(command)?.tokens[0]
  if (first === undefined || first.kind !== 'word') return undefined
  return first.parts.map(part => ('literal' in part ? part.literal : `$${part.variable}`)).join('')
}
