// BENCHMARKS.md's "Latest figures": one block per runtime, between
// `<!-- bench:start node24 -->` and `<!-- bench:end node24 -->`, which `--update` rewrites.

const startMarker = label => `<!-- bench:start ${label} -->`
const endMarker = label => `<!-- bench:end ${label} -->`
// Before the bench measured each runtime, the one block had no label.
const LEGACY_START = '<!-- bench:start -->'
const LEGACY_END = '<!-- bench:end -->'
const END_OF_ANY_BLOCK = /^<!-- bench:end(?: node\d+)? -->$/gm

/**
 * Where `marker` stands on a line of its own in `text`, or -1: a marker quoted in a sentence
 * (as "Reproduce" quotes them) is not a block's edge.
 */
function markerLine(text, marker) {
  for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
    const next = text[at + marker.length]
    if ((at === 0 || text[at - 1] === '\n') && (next === undefined || next === '\n')) return at
  }
  return -1
}

/** The runtime an unlabelled block's figures were measured on (`node20`), from its "- node: v20…" line. */
function legacyLabel(block) {
  const match = /^- node: v(\d+)\./m.exec(block)
  return match ? `node${match[1]}` : undefined
}

/**
 * BENCHMARKS.md's text with `report` as the block of `label` (e.g. `node24`): in place of that
 * block, or of an unlabelled block measured on that runtime, else after the last block.
 * Throws when the file has no block at all to place it by.
 */
export function replaceFiguresBlock(text, label, report) {
  const block = `${startMarker(label)}\n${report}${endMarker(label)}`
  const start = markerLine(text, startMarker(label))
  const end = markerLine(text, endMarker(label))
  if (start !== -1 && end > start) return `${text.slice(0, start)}${block}${text.slice(end + endMarker(label).length)}`
  const legacyStart = markerLine(text, LEGACY_START)
  const legacyEnd = markerLine(text, LEGACY_END)
  if (legacyStart !== -1 && legacyEnd > legacyStart && legacyLabel(text.slice(legacyStart, legacyEnd)) === label) {
    return `${text.slice(0, legacyStart)}${block}${text.slice(legacyEnd + LEGACY_END.length)}`
  }
  const ends = [...text.matchAll(END_OF_ANY_BLOCK)]
  const last = ends.at(-1)
  if (last === undefined) throw new Error(`BENCHMARKS.md has no ${startMarker(label)} … ${endMarker(label)} block to update`)
  const after = last.index + last[0].length
  return `${text.slice(0, after)}\n\n${block}${text.slice(after)}`
}
