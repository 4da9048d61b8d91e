/**
 * The bench on more than one runtime (scripts/bench/runtime.mjs, latest-figures.mjs, rows.mjs;
 * BENCHMARKS.md "Reproduce"): the chosen node's folder leads PATH for every child, each
 * runtime's figures go into a block of their own, and row a's limit follows the runtime.
 */
import { loadBenchModule, type Row } from './helpers/bench-rows.js'

interface RuntimeModule {
  pathWithNodeFirst(nodeBinary: string, path?: string): string
  runtimeLabel(version: string): string
}

interface FiguresModule {
  replaceFiguresBlock(text: string, label: string, report: string): string
}

interface RowsModule {
  startupRows(result: { reverifyMs: number; coldMs?: number; bashMs: number; nodeMs: number }, major: number): Row[]
}

const loadRuntime = async (): Promise<RuntimeModule> => await loadBenchModule('runtime.mjs')
const loadFigures = async (): Promise<FiguresModule> => await loadBenchModule('latest-figures.mjs')
const loadRows = async (): Promise<RowsModule> => await loadBenchModule('rows.mjs')

test("the chosen node's folder leads PATH once, whatever PATH held", async () => {
  const { pathWithNodeFirst, runtimeLabel } = await loadRuntime()
  expect(pathWithNodeFirst('/opt/node24/bin/node', '/usr/bin:/opt/node24/bin:/bin')).toBe('/opt/node24/bin:/usr/bin:/bin')
  expect(pathWithNodeFirst('/opt/node24/bin/node', '')).toBe('/opt/node24/bin')
  expect(runtimeLabel('v24.22.3')).toBe('node24')
  expect(runtimeLabel('20.20.2')).toBe('node20')
})

const page = (blocks: string): string => `# Benchmarks\n\n## Latest figures\n\n${blocks}\n\n## Findings\n\ntext\n`

test("a runtime's block is replaced in place, and the other runtime's is left alone", async () => {
  const { replaceFiguresBlock } = await loadFigures()
  const before = page(
    '<!-- bench:start node20 -->\nold 20\n<!-- bench:end node20 -->\n\n<!-- bench:start node24 -->\nold 24\n<!-- bench:end node24 -->'
  )
  expect(replaceFiguresBlock(before, 'node24', 'new 24\n')).toBe(
    page('<!-- bench:start node20 -->\nold 20\n<!-- bench:end node20 -->\n\n<!-- bench:start node24 -->\nnew 24\n<!-- bench:end node24 -->')
  )
})

test('a marker quoted in a sentence is not taken for the edge of a block', async () => {
  const { replaceFiguresBlock } = await loadFigures()
  const prose = 'writes between `<!-- bench:start node24 -->\nand <!-- bench:end node24 -->` (full runs only)\n\n'
  const before = `${prose}${page('<!-- bench:start node24 -->\nold 24\n<!-- bench:end node24 -->')}`
  expect(replaceFiguresBlock(before, 'node24', 'new 24\n')).toBe(
    `${prose}${page('<!-- bench:start node24 -->\nnew 24\n<!-- bench:end node24 -->')}`
  )
})

test('the unlabelled block of an earlier bench is taken as the runtime its Machine section names', async () => {
  const { replaceFiguresBlock } = await loadFigures()
  const legacy = page('<!-- bench:start -->\n- node: v20.20.2\n<!-- bench:end -->')
  expect(replaceFiguresBlock(legacy, 'node20', 'new 20\n')).toBe(page('<!-- bench:start node20 -->\nnew 20\n<!-- bench:end node20 -->'))
  // Another runtime's figures go after it, and leave it as it was.
  expect(replaceFiguresBlock(legacy, 'node24', 'new 24\n')).toBe(
    page('<!-- bench:start -->\n- node: v20.20.2\n<!-- bench:end -->\n\n<!-- bench:start node24 -->\nnew 24\n<!-- bench:end node24 -->')
  )
  expect(() => replaceFiguresBlock(page('nothing'), 'node24', 'x\n')).toThrow(
    'BENCHMARKS.md has no <!-- bench:start node24 --> … <!-- bench:end node24 --> block to update'
  )
})

test("row a's limit is 2.5× node -e 0 on Node 20 and 2× where the runtime has a compile cache; the cold cache is a reference", async () => {
  const { startupRows } = await loadRows()
  const figures = { reverifyMs: 230, coldMs: 300, bashMs: 3, nodeMs: 100 }
  const on20 = startupRows(figures, 20)
  expect(on20.map(row => [row.median, row.ratio ?? '', row.target ?? '', row.result ?? ''])).toEqual([
    ['100 ms', 'baseline', '', ''],
    ['3.000 ms', '0.03× node -e 0', '', ''],
    ['230 ms', '2.30× node -e 0', '≤ 2.5× on Node 20 (goal 1.6×)', 'PASS'],
    ['300 ms', '3.00× node -e 0', 'reference', '']
  ])
  expect(startupRows(figures, 24)[2]).toMatchObject({ target: '≤ 2× on Node 24 (goal 1.6×)', result: 'MISS' })
  expect(startupRows({ ...figures, reverifyMs: 160 }, 24)[2]?.result).toBe('PASS (goal met)')
})
