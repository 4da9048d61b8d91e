/**
 * Quarantine suggestions as YAML to paste into the file (docs/design.md §1 "The quarantine
 * command"). A module of its own, loaded only when there is a suggestion to write: the YAML
 * library is then read with it, not on every run and every action step
 * (docs/design.md §9 "Start-up").
 */
import { Document, isScalar, parseDocument, visit } from 'yaml'
import { OWNER_PLACEHOLDER } from './file.js'
import { suggestedEntry, type QuarantineSuggestion, type SuggestionText } from './suggest.js'

/**
 * The suggestions as YAML: a whole file (`quarantine:` and its list) when there is no
 * `existing` file or it has no `quarantine` key, else the list items alone, indented as its
 * own items so they can be pasted at the end of its list. Text is quoted by the YAML library,
 * whatever a test is called.
 */
export function suggestionYaml(suggestions: readonly QuarantineSuggestion[], today: string, existing?: string): SuggestionText {
  const entries = suggestions.map(suggestion => suggestedEntry(suggestion, today))
  const generated = new Document({ quarantine: entries })
  // Quoted, so that the owner typed over it may start with '@' (`"@acme/qa"`), as teams do.
  visit(generated, {
    Scalar(_key, node) {
      if (isScalar(node) && node.value === OWNER_PLACEHOLDER) node.type = 'QUOTE_DOUBLE'
    }
  })
  const whole = generated.toString({ lineWidth: 0 })
  const document = existing === undefined ? undefined : parseDocument(existing)
  if (document === undefined || !document.has('quarantine')) return { yaml: whole, items: false }
  const indent = itemIndent(existing!, document.get('quarantine', true) as { range?: [number, number, number] } | undefined)
  // stringify indents the list's items by two spaces under its key.
  const items = whole
    .split('\n')
    .slice(1)
    .map(line => (line === '' ? line : ' '.repeat(indent) + line.slice(2)))
  return { yaml: items.join('\n'), items: true }
}

/** The column of the `-` of the first item of the file's `quarantine` list (2 when it has none in block style). */
function itemIndent(existing: string, list: { range?: [number, number, number] } | undefined): number {
  const start = list?.range?.[0]
  if (start === undefined || existing[start] !== '-') return 2
  return start - (existing.lastIndexOf('\n', start - 1) + 1)
}
