/**
 * Values that reach a message can come from untrusted places (a cache, an event payload, a
 * file name), so they are shortened and their control characters escaped before printing.
 */

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

/** The value cut to `maxChars` characters (with '…' when cut) and its control characters escaped. */
export function printable(value: string, maxChars = 80): string {
  const chars = Array.from(value)
  const cut = chars.length > maxChars ? `${chars.slice(0, maxChars).join('')}…` : value
  return cut.replace(CONTROL_CHARS, char => {
    const code = char.charCodeAt(0)
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
  })
}

/** Any value shown for a message: strings as they are, everything else as JSON, then `printable`. */
export function printableValue(value: unknown, maxChars = 80): string {
  if (typeof value === 'string') return printable(value, maxChars)
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return printable(text, maxChars)
}

/** Shows a user value in a message: quoted, control characters escaped, long ones cut. */
export function showValue(value: string): string {
  const escaped = JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)
  return `'${escaped.slice(1, -1).replace(/'/g, "\\'")}'`
}
