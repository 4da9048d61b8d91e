/**
 * A run its own process could not close still gets its CTRF report (docs/design.md §2 "Exports"):
 * whoever closes it from disk (the action's post step, the next run) writes ctrf.json next
 * to the trace it finished.
 */
import { systemClock } from '../../../src/core/base/clock.js'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { closeInterruptedRun } from '../../../src/core/recovery/close-interrupted.js'
import { ReceiptStore } from '../../../src/core/receipts/receipt-store.js'
import { createRedactor } from '../../../src/core/redaction/index.js'
import { runCli, scratchRepo } from '../../helpers/cli.js'
import { ctrfSchemaErrors } from '../../helpers/ctrf-schema.js'
import { onlyReceipt } from '../../helpers/rerun-suite.js'

test('closing an interrupted run writes its ctrf.json: the command as one test, status other (interrupted)', async () => {
  const dir = await scratchRepo('reverify-ctrf-close-')
  expect((await runCli(['run', '--command', 'exit 1', '--expect-exit', '0', '--max-retries', '0'], dir)).code).toBe(1)
  const receipt = onlyReceipt(dir)
  // As a killed run leaves it: no end in the trace, a `running` receipt, no report yet.
  const trace = join(receipt.session.dir, 'trace.jsonl')
  const lines = readFileSync(trace, 'utf8').trimEnd().split('\n')
  writeFileSync(trace, `${lines.filter(line => !line.includes('"phase":"end"')).join('\n')}\n`)
  const receiptPath = join(dir, '.reverify', 'runs', receipt.run_id, 'receipt.json')
  writeFileSync(receiptPath, JSON.stringify({ ...receipt, status: 'running', ended_at: null }))
  rmSync(join(receipt.session.dir, 'ctrf.json'))

  const store = new ReceiptStore(join(dir, '.reverify'), { now: () => new Date() })
  const closed = await closeInterruptedRun({
    store,
    runId: receipt.run_id,
    reason: 'closed by the post step',
    redactor: createRedactor({}),
    clock: systemClock,
    env: process.env
  })
  expect(closed).toMatchObject({ closedTrace: true, receipt: { status: 'interrupted' } })
  expect(closed.reportError).toBeUndefined()
  const path = join(receipt.session.dir, 'ctrf.json')
  expect(existsSync(path)).toBe(true)
  const report = JSON.parse(readFileSync(path, 'utf8'))
  expect(ctrfSchemaErrors(report)).toEqual([])
  expect(report.results.tests).toEqual([expect.objectContaining({ name: 'exit 1', status: 'other', rawStatus: 'interrupted' })])
})
