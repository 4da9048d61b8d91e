// The benchmark's output: a Markdown table, so a run can be pasted into BENCHMARKS.md as is.

const COLUMNS = ['row', 'what', 'median', 'vs baseline', 'target', 'result']

/** Milliseconds for a table cell: fine resolution for small figures, whole ms or seconds above. */
export function formatMs(ms) {
  if (ms < 10) return `${ms.toFixed(3)} ms`
  if (ms < 10_000) return `${Math.round(ms).toLocaleString('en-US')} ms`
  return `${(ms / 1000).toFixed(1)} s`
}

/** A ratio for a table cell, e.g. `2.41× node -e 0`. */
export function formatRatio(ratio, baseline) {
  return `${ratio.toFixed(2)}× ${baseline}`
}

/** Megabytes (10^6 bytes, the unit of the targets) from the kernel's KiB. */
export function kbToMb(kb) {
  return (kb * 1024) / 1e6
}

/** PASS or MISS. */
export function verdict(pass) {
  return pass ? 'PASS' : 'MISS'
}

/** The rows (`{ row, what, median, ratio, target, result }`) as a Markdown table. */
export function renderTable(rows) {
  const cells = rows.map(row => [row.row, row.what, row.median ?? '', row.ratio ?? '', row.target ?? '', row.result ?? ''])
  const widths = COLUMNS.map((title, column) => Math.max(title.length, ...cells.map(line => line[column].length)))
  const line = values => `| ${values.map((value, column) => value.padEnd(widths[column])).join(' | ')} |`
  return [line(COLUMNS), `|${widths.map(width => '-'.repeat(width + 2)).join('|')}|`, ...cells.map(line)].join('\n')
}

/** The machine facts as a Markdown list. */
export function renderFacts(facts) {
  return [
    `- date: ${facts.date}`,
    `- node: ${facts.node} (first on PATH for every child)`,
    `- CPU: ${facts.cpu} · ${facts.cores} cores · ${facts.memoryGb} GB RAM`,
    `- load average at start (1/5/15 min): ${facts.load}`,
    `- kernel: ${facts.kernel}`,
    `- tmp file system: ${facts.tmpFilesystem}`,
    `- commit: ${facts.commit}`,
    `- bundle: ${facts.bundle}`
  ].join('\n')
}
