/**
 * Compares action.yml, the reusable workflow and the inputs table of docs/action.md with
 * the input table (src/core/inputs/table.ts), and lists every difference in one line each.
 *
 * What must agree:
 * - action.yml: exactly the table's `action` inputs; each default as the table declares it
 *   (none where it has none); none marked required; the description is the table's, plus
 *   "Default: …" where the default is not a literal value.
 * - the reusable workflow: exactly the table's `workflow` inputs; the same descriptions and
 *   defaults (`''` where there is none), typed boolean for boolean inputs, and required where
 *   the table says a run needs it.
 * - docs/action.md: one row per action input, in table order; the meaning column is the
 *   table's description and the default column its default, both up to Markdown code
 *   formatting, the case of the first letter and a final period.
 */
import {
  isBasicExpression,
  isBoolean,
  isMapping,
  isNumber,
  isSequence,
  NoOperationTraceWriter,
  parseWorkflow
} from '@actions/workflow-parser'
import { convertActionTemplate, parseAction } from '@actions/workflow-parser/actions/index'
import type { TemplateToken } from '@actions/workflow-parser/templates/tokens/template-token'
import { inputSpec, inputsOf, type InputName, type InputSpec } from '../../src/core/inputs/table.js'
import { WORKFLOW_REPORT_INPUTS, type ReportInputSpec } from '../../src/core/matrix/inputs.js'

/** Plain data of a parsed YAML token; expressions come back as their `${{ … }}` text. */
export type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain }

/** A parsed token as plain data. */
export function plain(token: TemplateToken): Plain {
  if (isMapping(token)) {
    const object: Record<string, Plain> = {}
    for (const pair of token) object[pair.key.toString()] = plain(pair.value)
    return object
  }
  if (isSequence(token)) return [...token].map(plain)
  if (isBasicExpression(token)) return `\${{ ${token.expression} }}`
  if (isBoolean(token)) return token.value
  if (isNumber(token)) return token.value
  return token.toString()
}

/** The texts the checker reads. */
export interface ContractTexts {
  actionYml: string
  workflowYml: string
  docsMd: string
}

/** The description action.yml and the workflow give an input. */
export function declaredDescription(spec: InputSpec | ReportInputSpec): string {
  return spec.shownDefault?.action === undefined ? spec.description : `${spec.description} Default: ${spec.shownDefault.action}.`
}

/** What the docs' default column says for an input. */
export function documentedDefault(spec: InputSpec): string {
  if (spec.required) return 'required'
  return spec.default ?? spec.shownDefault?.action ?? '—'
}

/** Text as the docs may format it: code spans, the first letter's case and a final period aside. */
function prose(text: string): string {
  const bare = text.replace(/`/g, '').trim().replace(/\.$/, '')
  return bare.charAt(0).toLowerCase() + bare.slice(1)
}

/** Names missing on one side or the other. */
function nameDifferences(where: string, declared: readonly string[], expected: readonly string[]): string[] {
  return [
    ...expected.filter(name => !declared.includes(name)).map(name => `${where}: missing input ${name}`),
    ...declared.filter(name => !expected.includes(name)).map(name => `${where}: input ${name} is not in the input table`)
  ]
}

function actionDifferences(text: string): string[] {
  const parsed = parseAction({ name: 'action.yml', content: text }, new NoOperationTraceWriter())
  const errors = parsed.context.errors.getErrors().map(error => `action.yml: ${error.message}`)
  if (parsed.value === undefined) return errors
  const inputs = convertActionTemplate(parsed.context, parsed.value).inputs ?? []
  const differences = [
    ...errors,
    ...nameDifferences(
      'action.yml',
      inputs.map(input => input.id),
      inputsOf('action')
    )
  ]
  for (const input of inputs) {
    if (!inputsOf('action').includes(input.id as InputName)) continue
    const spec = inputSpec(input.id as InputName)
    const declared = input.default?.toString()
    if (declared !== spec.default)
      differences.push(`action.yml: ${input.id} default ${JSON.stringify(declared)}, the table says ${JSON.stringify(spec.default)}`)
    if (input.required) differences.push(`action.yml: ${input.id} is marked required (the action reports a missing input itself)`)
    if (input.description !== declaredDescription(spec)) {
      differences.push(
        `action.yml: ${input.id} description ${JSON.stringify(input.description)}, the table says ${JSON.stringify(declaredDescription(spec))}`
      )
    }
  }
  return differences
}

function workflowDifferences(text: string): string[] {
  const parsed = parseWorkflow({ name: 'reverify.yml', content: text }, new NoOperationTraceWriter())
  const errors = parsed.context.errors.getErrors().map(error => `reverify.yml: ${error.message}`)
  if (parsed.value === undefined) return errors
  const workflow = plain(parsed.value) as Record<string, any>
  const inputs = (workflow.on?.workflow_call?.inputs ?? {}) as Record<string, Record<string, Plain>>
  // The workflow's report input (src/core/matrix/inputs.ts) is checked as a row of the table.
  const reportInputs: Record<string, ReportInputSpec> = WORKFLOW_REPORT_INPUTS
  const expected = [...inputsOf('workflow'), ...Object.keys(reportInputs)]
  const differences = [...errors, ...nameDifferences('reverify.yml', Object.keys(inputs), expected)]
  for (const [name, input] of Object.entries(inputs)) {
    if (!expected.includes(name)) continue
    const spec: InputSpec | ReportInputSpec = reportInputs[name] ?? inputSpec(name as InputName)
    const type = spec.kind.type === 'boolean' ? 'boolean' : 'string'
    if (input.type !== type) differences.push(`reverify.yml: ${name} is typed ${String(input.type)}, the table says ${type}`)
    if ('required' in spec && spec.required) {
      if (input.required !== true || input.default !== undefined)
        differences.push(`reverify.yml: ${name} must be required, without a default`)
    } else {
      const declared = input.default === undefined ? undefined : String(input.default)
      const expected = spec.default ?? ''
      if (declared !== expected)
        differences.push(`reverify.yml: ${name} default ${JSON.stringify(declared)}, the table says ${JSON.stringify(expected)}`)
    }
    if (input.description !== declaredDescription(spec)) {
      differences.push(
        `reverify.yml: ${name} description ${JSON.stringify(input.description)}, the table says ${JSON.stringify(declaredDescription(spec))}`
      )
    }
  }
  return differences
}

/** The rows of the docs' inputs table: name, meaning, default. */
function docsRows(text: string): { name: string; meaning: string; default: string }[] {
  const section = text.split(/^## /m).find(part => part.startsWith('Inputs\n')) ?? ''
  const rows: { name: string; meaning: string; default: string }[] = []
  for (const line of section.split('\n')) {
    const match = /^\| `([a-z-]+)` \| (.*) \| (.*) \|$/.exec(line)
    if (match) rows.push({ name: match[1]!, meaning: match[2]!, default: match[3]! })
  }
  return rows
}

function docsDifferences(text: string): string[] {
  const rows = docsRows(text)
  const names = rows.map(row => row.name)
  const differences = nameDifferences('docs/action.md', names, inputsOf('action')).map(line =>
    line.replace('missing input', 'no row for input')
  )
  const expectedOrder = inputsOf('action').filter(name => names.includes(name))
  if (differences.length === 0 && names.join() !== expectedOrder.join())
    differences.push("docs/action.md: the rows are not in the input table's order")
  for (const row of rows) {
    if (!inputsOf('action').includes(row.name as InputName)) continue
    const spec = inputSpec(row.name as InputName)
    if (prose(row.meaning) !== prose(spec.description)) {
      differences.push(
        `docs/action.md: ${row.name} reads ${JSON.stringify(row.meaning)}, the table says ${JSON.stringify(spec.description)}`
      )
    }
    if (prose(row.default) !== prose(documentedDefault(spec))) {
      differences.push(
        `docs/action.md: ${row.name} default ${JSON.stringify(row.default)}, the table says ${JSON.stringify(documentedDefault(spec))}`
      )
    }
  }
  return differences
}

/** Every way action.yml, the reusable workflow and the docs disagree with the input table. */
export function contractDifferences(texts: ContractTexts): string[] {
  return [...actionDifferences(texts.actionYml), ...workflowDifferences(texts.workflowYml), ...docsDifferences(texts.docsMd)]
}
