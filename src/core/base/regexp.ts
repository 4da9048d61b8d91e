/**
 * A regular expression's metacharacters escaped, so the text matches only itself (in
 * JavaScript without the `u` flag, and in the runners' own dialects: `/` and `-` too).
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')
}
