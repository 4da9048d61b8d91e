/**
 * The input table is the one declaration of every input: the CLI's flags, `--help` and the
 * action's inputs come from it, and action.yml, the reusable workflow and docs/action.md
 * are checked against it (see __tests__/helpers/input-contract.ts for what must agree).
 */
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readActionSettings } from '../../../src/action/settings.js'
import { ActionInput } from '../../../src/action/constants.js'
import { flagsOf, parseCommandLine } from '../../../src/cli/flags.js'
import { captureHelp, quarantineHelp, receiptsHelp, resumeHelp, runHelp } from '../../../src/cli/help.js'
import { parseInputs } from '../../../src/core/inputs/parse.js'
import { INPUT_NAMES, inputSpec, inputsOf } from '../../../src/core/inputs/table.js'
import { RUN_INPUT_NAMES } from '../../../src/core/inputs/settings.js'
import { REPO_ROOT } from '../../helpers/cli.js'
import { contractDifferences, type ContractTexts } from '../../helpers/input-contract.js'

const scratch = () => realpathSync(mkdtempSync(join(tmpdir(), 'reverify-inputs-')))

/** `--flag` names listed at the start of lines of a help text. */
const helpFlags = (help: string) => [...help.matchAll(/^ {2}--([a-z-]+)/gm)].map(match => match[1])

describe('every front end takes its inputs from the one table', () => {
  test('the CLI run flags are the run inputs, and --help lists each of them once', () => {
    expect(RUN_INPUT_NAMES).toEqual(inputsOf('run'))
    expect(flagsOf('run')).toEqual(inputsOf('run'))
    expect(helpFlags(runHelp()).sort()).toEqual([...inputsOf('run')].sort())
  })

  test.each([
    ['capture', captureHelp(), ['note', 'state-dir', 'working-directory']],
    ['receipts', receiptsHelp(), ['json', 'state-dir', 'working-directory']],
    ['resume', resumeHelp(), ['capture-before-retry', 'redact', 'state-dir', 'working-directory']],
    ['quarantine', quarantineHelp(), ['min-runs', 'quarantine', 'rate', 'state-dir', 'working-directory']]
  ] as const)('reverify %s takes its flags from the table, and its help lists them', (command, help, flags) => {
    expect([...flagsOf(command)].sort()).toEqual(flags)
    expect(helpFlags(help).sort()).toEqual(flags)
  })

  test('the CLI accepts every flag of a subcommand and refuses those of other front ends', () => {
    for (const name of flagsOf('run')) {
      const argv = inputSpec(name).kind.type === 'boolean' ? [`--${name}`] : [`--${name}`, 'value']
      expect(parseCommandLine(argv, 'run', 'reverify run --help').flags[name]).toBe(argv[1] ?? 'true')
    }
    for (const name of INPUT_NAMES.filter(name => !inputSpec(name).fronts.includes('run'))) {
      // A close run flag may be suggested (`--capture`: `--capture-before-retry`), so only the start is fixed.
      expect(() => parseCommandLine([`--${name}`, 'x'], 'run', 'reverify run --help')).toThrow(`unknown flag --${name}`)
    }
  })

  test('the action reads exactly the action inputs of the table, and ActionInput names the ones only it has', () => {
    const workspace = scratch()
    const read: string[] = []
    readActionSettings(
      name => (read.push(name), { command: 'true', 'expect-exit': '0' }[name] ?? ''),
      { RUNNER_TEMP: workspace, PATH: process.env.PATH },
      workspace
    )
    expect([...new Set(read)].sort()).toEqual([...inputsOf('action')].sort())
    expect(Object.values(ActionInput).sort()).toEqual(
      inputsOf('action')
        .filter(name => !inputsOf('run').includes(name))
        .sort()
    )
  })

  test("every literal default parses with its own input's rules", () => {
    const base = scratch()
    for (const name of INPUT_NAMES) {
      const fallback = inputSpec(name).default
      if (fallback !== undefined) expect(() => parseInputs({ [name]: fallback }, [name], { front: 'action', base })).not.toThrow()
    }
  })
})

describe('action.yml, the reusable workflow and docs/action.md agree with the table', () => {
  const real: ContractTexts = {
    actionYml: readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8'),
    workflowYml: readFileSync(join(REPO_ROOT, '.github/workflows/reverify.yml'), 'utf8'),
    docsMd: readFileSync(join(REPO_ROOT, 'docs/action.md'), 'utf8')
  }

  test('names, defaults and descriptions', () => {
    expect(contractDifferences(real)).toEqual([])
  })

  /** Replaces exactly one occurrence, so a test cannot pass by editing nothing. */
  function edit(text: string, from: string | RegExp, to: string): string {
    const edited = text.replace(from, to)
    expect(edited).not.toBe(text)
    return edited
  }

  test.each([
    [
      'an input removed from action.yml',
      { actionYml: edit(real.actionYml, /^ {2}scope:\n(?: {4}.*\n)+/m, '') },
      'action.yml: missing input scope'
    ],
    [
      'an input action.yml has and the table does not',
      { actionYml: edit(real.actionYml, /^inputs:\n/m, 'inputs:\n  retry-when:\n    description: any, error or timeout.\n') },
      'action.yml: input retry-when is not in the input table'
    ],
    [
      'a default changed in action.yml',
      { actionYml: edit(real.actionYml, "default: '20'", "default: '50'") },
      'action.yml: rerun-max-tests default "50", the table says "20"'
    ],
    [
      'a description changed in action.yml',
      { actionYml: edit(real.actionYml, 'Days to keep the trace artifact (1-90).', 'Days to keep the trace.') },
      'action.yml: trace-retention-days description'
    ],
    [
      'a default changed in the workflow',
      { workflowYml: edit(real.workflowYml, /(max-retries:\n(?: {8}.*\n)*? {8}default: )'2'/, "$1'3'") },
      'reverify.yml: max-retries default "3", the table says "2"'
    ],
    [
      'a boolean typed string in the workflow',
      { workflowYml: edit(real.workflowYml, /(cache-receipts:\n(?: {8}.*\n)*? {8}type: )boolean/, '$1string') },
      'reverify.yml: cache-receipts is typed string, the table says boolean'
    ],
    [
      'an input missing from the workflow',
      { workflowYml: edit(real.workflowYml, /^ {6}setup:\n(?: {8}.*\n)+/m, '') },
      'reverify.yml: missing input setup'
    ],
    [
      'a row missing from the docs',
      { docsMd: edit(real.docsMd, /^\| `keep-receipts` .*\n/m, '') },
      'docs/action.md: no row for input keep-receipts'
    ],
    [
      'a default changed in the docs',
      { docsMd: edit(real.docsMd, /^(\| `max-retries` .*\| )`2` \|$/m, '$1`3` |') },
      'docs/action.md: max-retries default "`3`", the table says "2"'
    ],
    [
      'a meaning changed in the docs',
      { docsMd: edit(real.docsMd, "the attempt's stdout must contain this text", 'stdout contains this') },
      'docs/action.md: expect-stdout reads'
    ]
  ])('the checker is not a rubber stamp: %s is reported', (_label, change, expected) => {
    const differences = contractDifferences({ ...real, ...change })
    expect(differences).toHaveLength(1)
    expect(differences[0]).toContain(expected)
  })
})
