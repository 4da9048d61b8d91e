/**
 * A large suite (docs/design.md §2 "Exports"): the cases an attempt records for the CTRF
 * report stay within their share of the trace, the rest are counted, and the failed test is
 * in the report whatever the budget left out.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, scratchRepo } from '../../helpers/cli.js'
import { ctrfSchemaErrors } from '../../helpers/ctrf-schema.js'
import { onlyReceipt } from '../../helpers/rerun-suite.js'

test('5,000 passed tests and one failure at the end: a bounded trace, the failure listed, the rest counted', async () => {
  const dir = await scratchRepo('reverify-ctrf-budget-')
  const cases = Array.from(
    { length: 5_000 },
    (_, index) => `<testcase classname="suite.module${index % 50}" name="passes case number ${index}"/>`
  )
  cases.push('<testcase classname="suite.last" name="fails at the end"><failure message="expected 1, got 2">stack</failure></testcase>')
  writeFileSync(join(dir, 'fixture.xml'), `<testsuites><testsuite name="s">${cases.join('')}</testsuite></testsuites>`)
  const result = await runCli(
    ['run', '--command', 'cp fixture.xml results.xml; exit 1', '--expect-exit', '0', '--test-results', 'results.xml', '--max-retries', '0'],
    dir
  )
  expect(result.code).toBe(1)
  const receipt = onlyReceipt(dir)
  const trace = readFileSync(join(receipt.session.dir, 'trace.jsonl'), 'utf8')
  const note = trace.split('\n').find(line => line.includes('"kind":"tests"'))!
  expect(note.length).toBeLessThan(100 * 1024)
  const report = JSON.parse(readFileSync(join(receipt.session.dir, 'ctrf.json'), 'utf8'))
  expect(ctrfSchemaErrors(report)).toEqual([])
  const listed = report.results.tests.length
  expect(listed).toBeGreaterThan(500)
  expect(listed).toBeLessThan(5_001)
  expect(report.results.summary.extra.testsNotListed).toBe(5_001 - listed)
  expect(report.results.tests.find((test: Record<string, unknown>) => test.name === 'suite.last › fails at the end')).toMatchObject({
    status: 'failed',
    message: 'expected 1, got 2'
  })
})
