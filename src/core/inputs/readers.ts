/**
 * The input table's readers (docs/design.md §8), shown by the core's face as one namespace,
 * `inputTable`: the rows of the table, the parse of given values by them, the settings of a
 * run, and where the target and the state directory are. Both front ends read one table the
 * same way (the CLI for its flags and help, the action for its inputs), so its readers travel
 * together; each stays a plain function of its own module.
 */
export { HELP_GROUPS, inputSpec, inputsOf, type CliCommand, type InputName } from './table.js'
export { inputLines } from './kinds.js'
export { parseInputs, type InputValue } from './parse.js'
export { parseRunSettings, showValue } from './settings.js'
export { defaultStateDir, findTargetRoot, resolveStateDir, type InputPlace } from './resolve.js'
