/**
 * The bench's row p (scripts/bench/build-time.mjs, BENCHMARKS.md): the build against 30 s,
 * beside the type check, and the check that it made the committed dist/ again, byte for byte
 * (docs/design.md §9 "The build").
 */
import { loadBenchModule, type Row } from './helpers/bench-rows.js'

interface BuildRowsModule {
  buildRows(result: { buildMs: number; tscMs: number; rounds: number; sameAsCommitted: boolean | undefined }): Row[]
}

const load = async (): Promise<BuildRowsModule> => await loadBenchModule('build-time.mjs')

test('a build within 30 s that made the committed dist/ again passes', async () => {
  const { buildRows } = await load()
  const rows = buildRows({ buildMs: 28_000, tscMs: 12_000, rounds: 3, sameAsCommitted: true })
  expect(rows.map(row => [row.row, row.median, row.ratio ?? '', row.result ?? ''])).toEqual([
    ['p', '12.0 s', 'reference', ''],
    ['p', '28.0 s', '2.33× tsc', 'PASS'],
    ['p', 'identical', '', 'PASS']
  ])
})

test('a slow build misses, and so does one whose bundles differ from dist/', async () => {
  const { buildRows } = await load()
  const rows = buildRows({ buildMs: 31_000, tscMs: 12_000, rounds: 3, sameAsCommitted: false })
  expect(rows.map(row => row.result ?? '')).toEqual(['', 'MISS', 'MISS'])
  expect(rows[2]!.median).toContain('different')
})
