/**
 * docs/design.md's run inputs table (§1 "Inputs") is checked against the input table, as
 * docs/action.md is (table.test.ts): a new input costs its row, in table order, and a
 * changed default shows up here.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from '../../helpers/cli.js'
import { designInputDifferences } from '../../helpers/design-inputs.js'

const design = readFileSync(join(REPO_ROOT, 'docs/design.md'), 'utf8')

/** Replaces exactly one occurrence, so a test cannot pass by editing nothing. */
function edit(text: string, from: RegExp, to: string): string {
  const edited = text.replace(from, to)
  expect(edited).not.toBe(text)
  return edited
}

test("the design's run inputs table has one row per run input, in table order, with the table's defaults", () => {
  expect(designInputDifferences(design)).toEqual([])
})

test.each([
  ['a row missing', edit(design, /^\| `fail-on-flaky` .*\n/m, ''), 'docs/design.md: no row for input fail-on-flaky'],
  [
    'a row the table does not have',
    edit(design, /^(\| `scope` .*\n)/m, '$1| `retry-when` | any | — | — |\n'),
    'docs/design.md: input retry-when is not a run input of the table'
  ],
  [
    'rows out of order',
    edit(design, /^(\| `expect-check` .*\n)(\| `expect-no-output` .*\n)/m, '$2$1'),
    "docs/design.md: the rows are not in the input table's order"
  ],
  [
    'a default changed',
    edit(design, /^(\| `rerun-max-tests` \| .* \| )`20`( \| .* \|)$/m, '$1`10`$2'),
    'docs/design.md: rerun-max-tests default "`10`", the table says "`20`"'
  ],
  ['a required input shown with a default', edit(design, /^(\| `command` \| .* \| )required( \| .* \|)$/m, '$1—$2'), 'command default "—"']
])('the check is not a rubber stamp: %s is reported', (_label, edited, expected) => {
  const differences = designInputDifferences(edited)
  expect(differences).toHaveLength(1)
  expect(differences[0]).toContain(expected)
})
