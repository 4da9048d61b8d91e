/** A set of ASCII characters, tested by UTF-16 code unit. */
export type CharClass = (code: number) => boolean

/** Builds a CharClass from a one-character regex such as /[A-Za-z0-9_-]/. */
export function asciiClass(pattern: RegExp): CharClass {
  const table = new Uint8Array(128)
  for (let code = 0; code < 128; code++) {
    if (pattern.test(String.fromCharCode(code))) table[code] = 1
  }
  return code => code < 128 && table[code] === 1
}

/** Letters and digits: a token shape preceded by one of these is part of a longer word. */
export const isAlphanumeric = asciiClass(/[A-Za-z0-9]/)

/** True for the first half of a UTF-16 surrogate pair (never cut a pair in two). */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
