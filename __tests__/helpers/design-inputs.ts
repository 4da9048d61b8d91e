/**
 * Compares the run inputs table of docs/design.md (§1 "Inputs") with the input table
 * (src/core/inputs/table.ts) and lists every difference in one line each. The design's
 * meanings and limits say more than the table's one-line descriptions, so what must agree is:
 * one row per run input, none other, in table order; the default column `required` for a
 * required input, and the table's literal default as a code span where it declares one.
 */
import { inputSpec, inputsOf, type InputName } from '../../src/core/inputs/table.js'

/** The rows of the design's run inputs table: name and default column. */
function designRows(text: string): { name: string; default: string }[] {
  const section = text.split(/^### /m).find(part => part.startsWith('Inputs\n')) ?? ''
  const rows: { name: string; default: string }[] = []
  for (const line of section.split('\n')) {
    const match = /^\| `([a-z-]+)` \| .* \| (.*?) \| (.*?) \|$/.exec(line)
    if (match) rows.push({ name: match[1]!, default: match[2]! })
  }
  return rows
}

/** What the default column must say for an input, when the table decides it. */
function expectedDefault(name: InputName): string | undefined {
  const spec = inputSpec(name)
  if (spec.required) return 'required'
  return spec.default === undefined || spec.default === '' ? undefined : `\`${spec.default}\``
}

/** Every way docs/design.md's run inputs table disagrees with the input table. */
export function designInputDifferences(text: string): string[] {
  const rows = designRows(text)
  const names = rows.map(row => row.name)
  const run = inputsOf('run')
  const differences = [
    ...run.filter(name => !names.includes(name)).map(name => `docs/design.md: no row for input ${name}`),
    ...names.filter(name => !run.includes(name as InputName)).map(name => `docs/design.md: input ${name} is not a run input of the table`),
    ...names.filter((name, index) => names.indexOf(name) !== index).map(name => `docs/design.md: input ${name} has two rows`)
  ]
  if (differences.length === 0 && names.join() !== run.join())
    differences.push("docs/design.md: the rows are not in the input table's order")
  for (const row of rows) {
    if (!run.includes(row.name as InputName)) continue
    const expected = expectedDefault(row.name as InputName)
    if (expected !== undefined && row.default !== expected)
      differences.push(`docs/design.md: ${row.name} default ${JSON.stringify(row.default)}, the table says ${JSON.stringify(expected)}`)
  }
  return differences
}
