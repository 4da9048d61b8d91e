// Row (o): the OTLP export to a healthy collector and to one that is down, against the same run with no endpoint.
import { formatMs, formatRatio, verdict } from './report.mjs'
import { TARGETS } from './rows.mjs'

/** Row (o) from benchOtlpCollectorDown's result. */
export function otlpRows(result) {
  const against = ms => formatRatio(ms / result.noneMs, 'none')
  const refusedRatio = result.refusedMs / result.noneMs
  const hangingLimitMs = result.noneMs + TARGETS.otlpHangingMaxExtraMs
  return [
    { row: 'o', what: '`reverify run --command true`, no OTLP endpoint', median: formatMs(result.noneMs), ratio: 'baseline' },
    {
      row: 'o',
      what: 'same, exporting to a local collector that answers 200',
      median: formatMs(result.healthyMs),
      ratio: against(result.healthyMs),
      target: `≤ none + ${TARGETS.otlpHealthyMaxExtraMs} ms`,
      result: verdict(result.healthyMs - result.noneMs <= TARGETS.otlpHealthyMaxExtraMs)
    },
    {
      row: 'o',
      what: 'same, the collector refuses the connection (nothing listens on the port)',
      median: formatMs(result.refusedMs),
      ratio: against(result.refusedMs),
      target: `≤ ${TARGETS.otlpRefusedMaxRatio}×`,
      result: verdict(refusedRatio <= TARGETS.otlpRefusedMaxRatio)
    },
    {
      row: 'o',
      what: 'same, the collector takes the connection and never answers',
      median: formatMs(result.hangingMs),
      ratio: against(result.hangingMs),
      target: `≤ none + ${TARGETS.otlpHangingMaxExtraMs / 1000} s (the 10 s bound + 1 s)`,
      result: verdict(result.hangingMs <= hangingLimitMs)
    }
  ]
}
