/**
 * The matrix aggregation in the core (docs/design.md §5 "One summary for a matrix"): legs
 * made by real core runs (real processes, a real receipt store), their receipts copied into
 * their session folders as the upload does, then read back, aggregated and rendered; and
 * every way a leg's folder can be wrong is one line. Also the report inputs' table.
 */
import { expect, test } from '@jest/globals'
import { JSDOM } from 'jsdom'
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { aggregateLegs, type LegRow } from '../../../src/core/matrix/aggregate.js'
import { renderMatrixReport } from '../../../src/core/matrix/combined-report.js'
import { parseReportInputs } from '../../../src/core/matrix/inputs.js'
import { readLeg, type LegRead } from '../../../src/core/matrix/leg.js'
import type { CompletedRun } from '../../../src/core/run/report.js'
import { legRun, PREFIX } from '../../helpers/matrix-legs.js'
import { scratchDir } from '../../helpers/receipts.js'

const artifactOf = (run: CompletedRun, id: number) => ({ name: `${PREFIX}${run.runId}`, id })

test('legs read back from their folders: a row each, sorted by name, duplicates told apart by run id', async () => {
  const legs = await Promise.all([
    legRun('unit (node 22)', 'exit 1'),
    legRun('unit (node 20)', 'true'),
    legRun('lint', 'true'),
    legRun('lint', 'true')
  ])
  const reads = await Promise.all(legs.map(({ run, dir }, index) => readLeg(dir, artifactOf(run, index + 1), PREFIX)))
  expect(reads.every(read => read.ok)).toBe(true)
  const view = aggregateLegs(reads)
  expect(view.rows.map(row => [row.label, row.outcome, `${row.attempts}/${row.maxAttempts}`])).toEqual([
    [expect.stringMatching(/^lint · \d{8}-\d{6}-[a-z0-9-]+$/), 'success', '1/1'],
    [expect.stringMatching(/^lint · /), 'success', '1/1'],
    ['unit (node 20)', 'success', '1/1'],
    ['unit (node 22)', 'failure', '1/1']
  ])
  expect(view.problems).toEqual([])
  expect(aggregateLegs(reads, { expectedLegs: 6 }).problems).toEqual([
    expect.stringMatching(/^2 of 6 expected legs uploaded no trace artifact \(found 4\)/)
  ])
})

test('every broken leg folder is one line naming its artifact, and never an exception', async () => {
  const { run, dir } = await legRun('unit', 'true')
  const receipt = await readFile(join(dir, 'receipt.json'), 'utf8')
  const variants: [string, (folder: string) => Promise<void>, RegExp][] = [
    ['no receipt', async folder => writeFile(join(folder, 'trace.jsonl'), '{}\n'), /holds no receipt\.json/],
    ['half a receipt', async folder => writeFile(join(folder, 'receipt.json'), receipt.slice(0, 40)), /receipt\.json is not JSON/],
    [
      'a receipt of the wrong shape',
      async folder => writeFile(join(folder, 'receipt.json'), JSON.stringify({ ...JSON.parse(receipt), attempts: -1 })),
      /receipt\.json is not a receipt \(attempts: /
    ],
    [
      'a receipt that is a link',
      async folder => symlink(join(dir, 'receipt.json'), join(folder, 'receipt.json')),
      /could not be read .*symbolic link/
    ],
    [
      'a receipt without a trace',
      async folder => writeFile(join(folder, 'receipt.json'), receipt),
      /trace\.jsonl holds no readable start event/
    ],
    [
      "another run's meta.json",
      async folder => {
        await writeFile(join(folder, 'receipt.json'), receipt)
        await writeFile(join(folder, 'trace.jsonl'), await readFile(join(dir, 'trace.jsonl')))
        const meta = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8'))
        await writeFile(join(folder, 'meta.json'), JSON.stringify({ ...meta, run_id: '20260101-000000-other-abcdef' }))
      },
      /meta\.json is for run 20260101-000000-other-abcdef/
    ]
  ]
  const root = await scratchDir('reverify-broken-legs-')
  const reads: LegRead[] = []
  for (const [index, [, make]] of variants.entries()) {
    const folder = join(root, `leg-${index}`)
    await mkdir(folder)
    await make(folder)
    reads.push(await readLeg(folder, artifactOf(run, index + 1), PREFIX))
  }
  const problems = aggregateLegs(reads).problems
  expect(problems).toHaveLength(variants.length)
  variants.forEach(([, , pattern], index) => {
    expect(problems[index]).toMatch(new RegExp(`^${PREFIX}${run.runId}: `))
    expect(problems[index]).toMatch(pattern)
    expect(problems[index]).not.toContain('\n')
  })
  // A receipt of another run than the artifact's name says.
  const renamed = await readLeg(dir, { name: `${PREFIX}20260101-000000-other-abcdef`, id: 9 }, PREFIX)
  expect(renamed).toMatchObject({
    ok: false,
    problem: expect.stringMatching(/^its receipt is for run .*, not the one the artifact is named after$/)
  })
})

test('the combined report is escaped text under the per-run CSP; the style sheet stays CSS', async () => {
  const hostile = '<img src=x onerror=alert(1)> & "quotes"'
  const { run, dir } = await legRun(hostile.slice(0, 90), `echo '${'</pre><script>alert(2)</script>'}'; exit 3`)
  const view = aggregateLegs([await readLeg(dir, artifactOf(run, 1), PREFIX)])
  const html = renderMatrixReport(view, { link: (row: LegRow) => `https://example.test/a?x=${row.artifactId}&y="z"` })
  const { document } = new JSDOM(html).window
  expect(document.querySelectorAll('script, img')).toHaveLength(0)
  expect(document.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')).toContain("default-src 'none'")
  expect(document.querySelector('style')!.textContent).toContain('details>summary')
  expect(document.querySelector('table.legs td')!.textContent).toBe(hostile.slice(0, 90))
  expect(document.querySelector('table.legs a[href^="https"]')!.getAttribute('href')).toBe('https://example.test/a?x=1&y="z"')
  expect(document.querySelector('#leg-1 pre.commands')!.textContent).toContain('<script>alert(2)</script>')
})

test('report inputs: defaults, a name pattern as a glob, and one-line errors naming the input', () => {
  const defaults = parseReportInputs({})
  expect(defaults).toEqual({
    namePattern: { text: 'reverify-trace-*', match: expect.any(RegExp) },
    reportArtifact: 'reverify-matrix-report',
    // The unexpanded default token is no token.
    githubToken: '',
    checkName: 'reverify',
    checkRun: true,
    comment: 'on-failure'
  })
  expect(defaults.namePattern.match.test('reverify-trace-20261201-061829-verify-ed1c83')).toBe(true)
  expect(defaults.namePattern.match.test('reverify-matrix-report')).toBe(false)
  const dotted = parseReportInputs({ 'name-pattern': 'a.b-?', 'expected-legs': ' 6 ' })
  expect(dotted.expectedLegs).toBe(6)
  expect([dotted.namePattern.match.test('a.b-1'), dotted.namePattern.match.test('aXb-1'), dotted.namePattern.match.test('a.b-12')]).toEqual(
    [true, false, false]
  )
  expect(() => parseReportInputs({ 'expected-legs': '0' })).toThrow(
    /^expected-legs: '0' is not allowed; expected a whole number from 1 to 1000$/
  )
  expect(() => parseReportInputs({ 'name-pattern': 'traces/*' })).toThrow(
    /^name-pattern: 'traces\/\*' is not allowed; an artifact name holds no /
  )
  expect(() => parseReportInputs({ 'report-artifact': 'report-*' })).toThrow(
    /^report-artifact: 'report-\*' is not allowed; an artifact name holds no .*\*/
  )
  const given = parseReportInputs({ 'github-token': ' ghs_x ', 'check-name': ' tests ', 'check-run': 'off', comment: 'always' })
  expect(given).toMatchObject({ githubToken: 'ghs_x', checkName: 'tests', checkRun: false, comment: 'always' })
  expect(() => parseReportInputs({ comment: 'sometimes' })).toThrow(
    /^comment: 'sometimes' is not allowed; expected one of off, on-failure, always$/
  )
  expect(() => parseReportInputs({ 'check-name': 'x'.repeat(101) })).toThrow(/^check-name: 101 characters is too long; at most 100$/)
  expect(() => parseReportInputs({ 'check-run': 'yes' })).toThrow(/^check-run: 'yes' is not allowed/)
})
