/**
 * The bench's row o (scripts/bench/otlp-rows.mjs, BENCHMARKS.md): a healthy collector against
 * the run with no endpoint plus 150 ms, a refused collector against 1.5× that run, a silent one against that run plus the export's 10 s bound
 * and 1 s of slack (docs/export.md "What a run pays when the collector is down").
 */
import { loadBenchModule, type Row } from './helpers/bench-rows.js'

interface OtlpRowsModule {
  otlpRows(result: { noneMs: number; healthyMs: number; refusedMs: number; hangingMs: number; rounds: number }): Row[]
}

const load = async (): Promise<OtlpRowsModule> => await loadBenchModule('otlp-rows.mjs')

test('the healthy, the refused and the silent collector pass within their targets and miss past them', async () => {
  const { otlpRows } = await load()
  const within = otlpRows({ noneMs: 600, healthyMs: 750, refusedMs: 900, hangingMs: 11_600, rounds: 3 })
  expect(within.map(row => [row.row, row.median, row.ratio, row.result ?? ''])).toEqual([
    ['o', '600 ms', 'baseline', ''],
    ['o', '750 ms', '1.25× none', 'PASS'],
    ['o', '900 ms', '1.50× none', 'PASS'],
    ['o', '11.6 s', '19.33× none', 'PASS']
  ])
  expect(within[1]?.target).toBe('≤ none + 150 ms')
  const past = otlpRows({ noneMs: 600, healthyMs: 751, refusedMs: 9_000, hangingMs: 11_700, rounds: 3 })
  expect(past.map(row => row.result ?? '')).toEqual(['', 'MISS', 'MISS', 'MISS'])
})
