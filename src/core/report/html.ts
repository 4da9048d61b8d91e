/**
 * The report's only way to make markup (docs/design.md §8 "HTML report"): the `markup` tag
 * passes every interpolated value through `escapeHtml` unless it is markup this tag built
 * itself. Command output, commands, notes and receipt fields are all untrusted text; with
 * one escaping function and one template tag, auditing the report means reading this file.
 */

/** Markup built by the `markup` tag (or a list of such): the only values inserted unescaped. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
/** The characters escapeHtml replaces, as the inside of a character class. */
export const ESCAPED_CHARACTERS = Object.keys(ESCAPES).join('')
const SPECIAL = new RegExp(`[${ESCAPED_CHARACTERS}]`, 'g')

/**
 * Text as HTML text or a quoted attribute value: the five characters that could end a text
 * run or an attribute are replaced. Every interpolation of the report goes through here.
 */
export function escapeHtml(text: string): string {
  return text.replace(SPECIAL, character => ESCAPES[character]!)
}

/** What may be interpolated: text (escaped), numbers, markup from `markup`, lists of those, or nothing. */
export type Interpolation = string | number | SafeHtml | undefined | null | false | readonly Interpolation[]

function render(value: Interpolation): string {
  if (value === undefined || value === null || value === false) return ''
  if (value instanceof SafeHtml) return value.text
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

/**
 * Builds markup from a template whose interpolations are escaped (see escapeHtml). Named
 * `markup`, not `html`: Prettier reformats templates tagged `html`, which would change the
 * whitespace inside `<pre>` and the log.
 */
export function markup(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let text = strings[0] ?? ''
  for (let index = 0; index < values.length; index++) text += render(values[index]) + (strings[index + 1] ?? '')
  return new SafeHtml(text)
}
