import { randomBytes } from 'node:crypto'

/** Crockford's base32, the ULID alphabet. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A ULID for the time `now` (epoch milliseconds): 48 bits of it then 80 random bits, 26 characters, sortable by time. */
export function newUlid(now: number): string {
  let time = ''
  let ms = Math.max(0, Math.floor(now))
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[ms % 32] + time
    ms = Math.floor(ms / 32)
  }
  const bytes = randomBytes(16)
  let random = ''
  for (let i = 0; i < 16; i++) random += ALPHABET[bytes[i]! % 32]
  return time + random
}

/** Matches a ULID as produced by newUlid. */
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/
