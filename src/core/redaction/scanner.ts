import { ownText } from '../base/own-text.js'
import type { CharClass } from './char-class.js'
import { PRIVATE_KEY_MARKER, PrivateKeyBody } from './private-key.js'
import type { SecretFinder } from './secret-finder.js'
import { SHAPE_LOOKBEHIND } from './token-shapes.js'

// Input kept from before the held text, so that the character before a token and an
// Authorization header name in front of an auth word look the same whichever way the
// text was cut into chunks.
const CONTEXT_LENGTH = SHAPE_LOOKBEHIND + 8
// How much of a big chunk is joined to the held text (see textStep).
const SEAM_LENGTH = 1024

/** Ordinary text; the body of a private key block; the rest of a token longer than the window. */
type Mode = 'text' | 'private-key' | 'token-tail'

/**
 * Redacts one stream of text. Whole-text redaction is the same machine fed everything
 * at once, so a stream and a whole text give the same result wherever every secret fits
 * in the window that a stream holds back.
 *
 * How it stays correct across chunks: text is only let out up to the first position
 * where more input could still change a decision (a literal's start that the text ends
 * in, the final run of token characters, an unfinished BEGIN line); the rest is held and
 * scanned again with the next chunk (with a little context from before it).
 */
export class RedactionScanner {
  private pending = ''
  /** The input just before `pending` (already let out; read, never emitted again). */
  private context = ''
  /** Whether `pending` starts right where a redacted secret ended. */
  private afterRedaction = false
  private mode: Mode = 'text'
  private body: PrivateKeyBody | undefined
  private tail: CharClass | undefined

  constructor(private readonly finder: SecretFinder) {}

  /** Feeds a chunk; returns what is safe to write now. */
  push(chunk: string): string {
    return joined(this.run(chunk, false))
  }

  /** Feeds a chunk; returns what is safe to write now, in pieces (joining them would copy the chunk). */
  pushPieces(chunk: string): string[] {
    return this.run(chunk, false)
  }

  /** Ends the stream; returns whatever was held back, redacted. */
  end(): string {
    return joined(this.run('', true))
  }

  /** Redacts a whole text in one go (this scanner is used up afterwards). */
  redactAll(text: string): string {
    return joined(this.run(text, true))
  }

  private run(input: string, final: boolean): string[] {
    const out: string[] = []
    let rest = input
    for (;;) {
      const mode = this.mode
      if (mode === 'token-tail') rest = this.tokenTailStep(rest)
      else if (mode === 'private-key') rest = this.privateKeyStep(rest, final)
      else rest = this.textStep(rest, final, out)
      if (this.mode === mode) return out
    }
  }

  private textStep(input: string, final: boolean, out: string[]): string {
    const head = this.context.length + this.pending.length
    if (head > 0 && input.length > 2 * SEAM_LENGTH) {
      // Prepending the held text to a big chunk would copy all of it (and slowly, for text
      // outside Latin-1). So the chunk's first stretch goes through on its own; after that
      // the held text is a stretch of this chunk again, and the rest is a plain slice.
      const held = this.pending
      const seamPiece = out.length
      const rest = this.scan(this.context + this.pending + input.slice(0, SEAM_LENGTH), false, out)
      if (this.mode !== 'text') return rest + input.slice(SEAM_LENGTH)
      const restPiece = out.length
      const resume = SEAM_LENGTH - this.pending.length - this.context.length
      if (resume >= 0) {
        const from = this.context.length
        this.context = ''
        this.pending = ''
        const after = this.scan(input.slice(resume), final, out, from)
        // Nothing redacted in the stretch (one piece): what it let out is the held text, then
        // the chunk's start, and the rest's first piece (text, never a marker) goes on from
        // there. The held text and one slice of the chunk for all of it: readers then take
        // one piece of the chunk where they would take two (docs/design.md §1 "Output path").
        const seamText = out[seamPiece] as string
        if (restPiece === seamPiece + 1 && out.length > restPiece && seamText.length >= held.length) {
          const length = seamText.length - held.length + (out[restPiece] as string).length
          out.splice(seamPiece, 2, ...(held === '' ? [] : [held]), input.slice(0, length))
        }
        return after
      }
      input = input.slice(SEAM_LENGTH)
    }
    return this.scan(this.context + this.pending + input, final, out)
  }

  /** Redacts `text`, of which the first `from` characters are context (already let out). */
  private scan(text: string, final: boolean, out: string[], from = this.context.length): string {
    this.pending = ''
    if (text.length === from) {
      this.context = ownText(text.slice(Math.max(0, from - CONTEXT_LENGTH)))
      return ''
    }
    // Candidates first: their indexOf flattens the concatenation, which the character
    // reads of settledUpTo would otherwise walk piece by piece.
    const starts = this.finder.candidates(text)
    const limit = final ? text.length : Math.max(from, this.finder.settledUpTo(text))
    let scanned = from
    let emitted = from
    let redactedUpTo = this.afterRedaction ? from : -1
    let holdFrom = -1
    let tailAtEnd: CharClass | undefined
    for (let i = 0; i < starts.length; i++) {
      const at = starts[i] as number
      if (at < scanned) continue
      if (at >= limit) break
      const found = this.finder.at(text, at, at === redactedUpTo)
      if (found === undefined) continue
      if (found.privateKey) {
        out.push(text.slice(emitted, at), PRIVATE_KEY_MARKER)
        this.mode = 'private-key'
        this.body = new PrivateKeyBody()
        return text.slice(found.end)
      }
      // Overlapping secrets are blanked as one span, named after the longest of them.
      let end = found.end
      let longest = found
      let last = found
      let next = i + 1
      for (; next < starts.length && (starts[next] as number) < end; next++) {
        const other = starts[next] as number
        if (other <= at || found.keep) continue
        const overlap = this.finder.at(text, other, false)
        if (overlap === undefined || overlap.keep) continue
        if (overlap.privateKey) {
          end = other // the key block takes over from its BEGIN line
          break
        }
        if (overlap.end > end) {
          end = overlap.end
          last = overlap
        }
        if (overlap.end - overlap.start > longest.end - longest.start) longest = overlap
      }
      if (!final && end > limit && text.length - at <= this.finder.holdLimit) {
        holdFrom = at
        break
      }
      if (!found.keep) {
        out.push(text.slice(emitted, at), longest.start === at ? longest.kept + longest.marker : longest.marker)
        emitted = end
        redactedUpTo = end
        // Only reached when a token outgrew the window: drop the rest of it as it comes.
        tailAtEnd = !final && end === text.length ? last.tail : undefined
      }
      scanned = end
      i = next - 1
    }
    const stop = holdFrom >= 0 ? holdFrom : Math.max(emitted, limit)
    if (stop > emitted) out.push(text.slice(emitted, stop))
    // Held across chunks: copies, so that the chunk they came from can be collected young.
    this.pending = ownText(text.slice(stop))
    this.context = ownText(text.slice(Math.max(0, stop - CONTEXT_LENGTH), stop))
    this.afterRedaction = stop === redactedUpTo
    if (tailAtEnd !== undefined && emitted === text.length) {
      this.mode = 'token-tail'
      this.tail = tailAtEnd
    }
    return ''
  }

  private tokenTailStep(input: string): string {
    const tail = this.tail as CharClass
    let i = 0
    while (i < input.length && tail(input.charCodeAt(i))) i++
    if (i > 0) this.context = ownText((this.context + input.slice(Math.max(0, i - CONTEXT_LENGTH), i)).slice(-CONTEXT_LENGTH))
    if (i === input.length) return ''
    this.mode = 'text'
    this.tail = undefined
    this.afterRedaction = true
    return input.slice(i)
  }

  private privateKeyStep(input: string, final: boolean): string {
    const rest = (this.body as PrivateKeyBody).feed(input, final)
    if (rest === undefined) return ''
    this.mode = 'text'
    this.body = undefined
    // Text after a block is read as if the stream started there, whichever way it was cut.
    this.context = ''
    this.afterRedaction = true
    return rest
  }
}

function joined(pieces: readonly string[]): string {
  return pieces.length === 1 ? (pieces[0] as string) : pieces.join('')
}
