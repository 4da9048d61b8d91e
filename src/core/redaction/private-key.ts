import { isHighSurrogate } from './char-class.js'
import { marker } from './markers.js'

/** Marker that replaces a whole PEM private key block. */
export const PRIVATE_KEY_MARKER = marker('private-key')

/**
 * Most body text one block may swallow. A BEGIN line whose END line never comes (a
 * truncated dump, a grep hit) must not blank out the rest of the log, nor make a stream
 * hold text: the body is dropped as it arrives, and after this many characters without
 * an END line the output resumes. Real keys are far smaller (RSA 16384 is about 13 KB).
 */
const PRIVATE_KEY_CAP = 64 * 1024

/** How a BEGIN line starts (what the candidate search looks for). */
export const BEGIN_LINE = '-----BEGIN '

const HEADER = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/y
const FOOTER = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g
const HEADER_MAX_LENGTH = '-----BEGIN '.length + 40 + 'PRIVATE KEY BLOCK-----'.length
const FOOTER_MAX_LENGTH = '-----END '.length + 40 + 'PRIVATE KEY BLOCK-----'.length

/** End of the BEGIN line of a private key block starting at `at`, if one does. */
export function privateKeyHeaderEnd(text: string, at: number): number | undefined {
  if (!text.startsWith(BEGIN_LINE, at)) return undefined
  HEADER.lastIndex = at
  const found = HEADER.exec(text)
  return found === null ? undefined : at + found[0].length
}

/** Where a BEGIN line that is not finished yet may start; `text.length` if none can. */
export function unfinishedHeaderFrom(text: string): number {
  const from = Math.max(0, text.length - HEADER_MAX_LENGTH)
  for (let at = text.indexOf('-----BEGIN', from); at !== -1; at = text.indexOf('-----BEGIN', at + 1)) {
    // A finished BEGIN line is settled, and one cut by a line break never becomes one.
    if (privateKeyHeaderEnd(text, at) === undefined && !/[\r\n]/.test(text.slice(at))) return at
  }
  return text.length
}

/**
 * Drops the body of one private key block, as it streams in, up to and including its
 * END line (or PRIVATE_KEY_CAP characters). Holds at most an END line's length.
 */
export class PrivateKeyBody {
  private held = ''
  private offset = 0

  /** Feeds body text; undefined while the block goes on, else the text after it. */
  feed(input: string, final: boolean): string | undefined {
    const text = this.held + input
    const capAt = PRIVATE_KEY_CAP - this.offset
    FOOTER.lastIndex = 0
    const footer = FOOTER.exec(text)
    if (footer !== null && footer.index < capAt) return text.slice(footer.index + footer[0].length)
    // Past this length, an END line starting before the cap would have been complete.
    if (final || text.length >= capAt + FOOTER_MAX_LENGTH - 1) {
      if (text.length <= capAt) return ''
      return text.slice(isHighSurrogate(text.charCodeAt(capAt - 1)) ? capAt + 1 : capAt)
    }
    const keepFrom = Math.max(0, Math.min(text.length - (FOOTER_MAX_LENGTH - 1), capAt))
    this.held = text.slice(keepFrom)
    this.offset += keepFrom
    return undefined
  }
}
