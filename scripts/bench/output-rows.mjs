// Rows (b), (c) and (f): the output path, against the raw command and the bare node pipe.
import { formatMs, formatRatio, kbToMb, verdict } from './report.mjs'
import { TARGETS } from './rows.mjs'

/** Rows (b) or (c) from benchOutputVolume's result; only (b) (`large`) carries targets. */
/** A row of reverify's wall time against the bare node pipe's, with the floor target. */
function floorRow(row, what, reverifyMs, floorMs) {
  const ratio = reverifyMs / floorMs
  return {
    row,
    what,
    median: formatMs(reverifyMs),
    ratio: formatRatio(ratio, 'node pipe'),
    target: `≤ ${TARGETS.floodFloorMaxRatio}× (goal ${TARGETS.floodFloorGoalRatio}×)`,
    result: ratio <= TARGETS.floodFloorGoalRatio ? 'PASS (goal met)' : verdict(ratio <= TARGETS.floodFloorMaxRatio)
  }
}

/** Row (f): the same volume from a program that formats its lines, as test runners do. */
export function producerRows(row, bytes, result) {
  const size = `${bytes / 1e6} MB`
  const ratio = result.reverifyMs / result.rawMs
  const floor =
    result.nodeFloorMs === undefined
      ? []
      : [
          {
            row,
            what: `${size} from the program, piped through a bare node process`,
            median: formatMs(result.nodeFloorMs),
            ratio: formatRatio(result.nodeFloorMs / result.rawMs, 'raw'),
            target: 'reference'
          },
          floorRow(row, `${size} from the program under reverify, against the bare node pipe`, result.reverifyMs, result.nodeFloorMs)
        ]
  return [
    { row, what: `${size} from a log-formatting program, raw`, median: formatMs(result.rawMs), ratio: 'baseline' },
    {
      row,
      what: `${size} from a log-formatting program, under reverify`,
      median: formatMs(result.reverifyMs),
      ratio: formatRatio(ratio, 'raw'),
      target: `≤ ${TARGETS.floodMaxRatio}× (goal ${TARGETS.floodGoalRatio}×)`,
      result: ratio <= TARGETS.floodGoalRatio ? 'PASS (goal met)' : verdict(ratio <= TARGETS.floodMaxRatio)
    },
    ...floor,
    { row, what: `reverify peak RSS, ${size} from the program`, median: `${kbToMb(result.peakRssKb).toFixed(1)} MB` }
  ]
}

export function floodRows(row, bytes, result, large) {
  const size = `${bytes / 1e6} MB`
  const ratio = result.reverifyMs / result.rawMs
  const rows = [
    { row, what: `${size} to stdout, raw (\`bash -c\`)`, median: formatMs(result.rawMs), ratio: 'baseline' },
    {
      row,
      what: `${size} to stdout, under reverify`,
      median: formatMs(result.reverifyMs),
      ratio: formatRatio(ratio, 'raw'),
      // The target is against the bare node pipe below: the floor of any reader in node.
      ...(large && { target: 'reference' })
    }
  ]
  if (result.catMs !== undefined) {
    rows.push(
      {
        row,
        what: `${size}, piped through \`cat\``,
        median: formatMs(result.catMs),
        ratio: formatRatio(result.catMs / result.rawMs, 'raw'),
        target: 'reference'
      },
      {
        row,
        what: `${size}, piped through a bare node process`,
        median: formatMs(result.nodeFloorMs),
        ratio: formatRatio(result.nodeFloorMs / result.rawMs, 'raw'),
        target: 'reference'
      },
      floorRow(row, `${size} under reverify, against the bare node pipe`, result.reverifyMs, result.nodeFloorMs)
    )
  }
  if (large) {
    const rssMb = kbToMb(result.peakRssKb)
    rows.push({
      row,
      what: `reverify peak RSS, ${size}`,
      median: `${rssMb.toFixed(1)} MB`,
      target: `≤ ${TARGETS.floodMaxRssMb} MB`,
      result: verdict(rssMb <= TARGETS.floodMaxRssMb)
    })
  }
  return rows
}

/**
 * Rows (b) − (c): the output throughput alone. What 450 MB more output costs under reverify
 * against what it costs the bare node pipe; start-up and closing the run (the same for both
 * sizes) drop out.
 */
export function throughputRow(small, large) {
  const more = `${(large.bytes - small.bytes) / 1e6} MB`
  if (small.nodeFloorMs === undefined || large.nodeFloorMs === undefined) {
    return { row: 'c', what: `throughput: ${more} more output`, result: 'needs rows b and c' }
  }
  const reverifyMs = large.reverifyMs - small.reverifyMs
  const ratio = reverifyMs / (large.nodeFloorMs - small.nodeFloorMs)
  return {
    row: 'c',
    what: `throughput: ${more} more output under reverify ((b) − (c)), against the bare node pipe`,
    median: formatMs(reverifyMs),
    ratio: formatRatio(ratio, 'node pipe'),
    target: `≤ ${TARGETS.floodFloorMaxRatio}× (goal ${TARGETS.floodFloorGoalRatio}×)`,
    result: ratio <= TARGETS.floodFloorGoalRatio ? 'PASS (goal met)' : verdict(ratio <= TARGETS.floodFloorMaxRatio)
  }
}

/** Row (b)'s parts: each stage of the output path alone, in process (scripts/bench/output-parts.mjs). */
export function partRows(result) {
  const size = `${result.bytes / 1e6} MB`
  const what = {
    decode: `output path in process, ${size} in 64 KiB chunks: UTF-8 decoding (in every line below)`,
    redaction: 'redaction alone (token shapes and one value)',
    ordering: 'line ordering with its newline scan, redaction left out',
    summary: 'summary alone',
    failures: 'failure-block search alone',
    log: 'capped log alone (10 MiB)',
    all: 'all of it, as an attempt wires them'
  }
  return Object.entries(result.ms).map(([stage, ms]) => ({
    row: 'b',
    what: what[stage] ?? stage,
    median: stage === 'decode' ? formatMs(ms) : `+${formatMs(ms - result.ms.decode)}`,
    ratio: stage === 'decode' ? 'baseline' : `${(result.bytes / 1e6 / (ms / 1000)).toFixed(0)} MB/s`,
    target: 'reference'
  }))
}

/** Row (c)'s memory check: the small flood's peak RSS against the large one's. */
export function rssDriftRow(bytes, small, large) {
  const drift = (small.peakRssKb - large.peakRssKb) / large.peakRssKb
  return {
    row: 'c',
    what: `reverify peak RSS, ${bytes / 1e6} MB`,
    median: `${kbToMb(small.peakRssKb).toFixed(1)} MB`,
    ratio: `${drift >= 0 ? '+' : '−'}${Math.abs(drift * 100).toFixed(1)} % vs (b)`,
    target: `within ±${TARGETS.rssMaxDrift * 100} % of (b)`,
    result: verdict(Math.abs(drift) <= TARGETS.rssMaxDrift)
  }
}
