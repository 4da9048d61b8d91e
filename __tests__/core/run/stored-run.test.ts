/**
 * A stored run, found and exported (core/run/stored-run.ts): a real run of a real command,
 * its store, and the files its exports write.
 */
import { expect, test } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { UsageError } from '../../../src/core/base/errors.js'
import { parseRunSettings } from '../../../src/core/inputs/settings.js'
import { systemClock } from '../../../src/core/base/clock.js'
import { createProcessRunner } from '../../../src/core/process/process-runner.js'
import { ReceiptStore } from '../../../src/core/receipts/receipt-store.js'
import { createRedactor } from '../../../src/core/redaction/index.js'
import { exportRun, findRun } from '../../../src/core/run/stored-run.js'
import { verifyRun } from '../../../src/core/run/verify-run.js'
import { startReceiver } from '../../helpers/otlp-receiver.js'
import { scratchDir } from '../../helpers/receipts.js'

const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() })

/** A store holding one real run of `echo token-1234; exit 1` in the repository `root`. */
async function storedRun() {
  const root = await scratchDir('reverify-stored-run-')
  const store = new ReceiptStore(join(root, '.reverify'), { warn: () => undefined, now: () => new Date() })
  const settings = parseRunSettings(
    { 'state-dir': store.stateDir, 'expect-exit': '0', command: 'echo token-1234; exit 1', 'max-retries': '0' },
    root,
    { path: process.env.PATH }
  )
  const report = await verifyRun(
    { settings, target: root, captureMode: 'off', version: 'test', redactor: createRedactor({ values: [] }), env: process.env },
    {
      clock: { ...systemClock, sleep: async () => undefined, random: () => 0.5 },
      processes: createProcessRunner(systemClock),
      owner: { host: hostname(), pid: process.pid },
      store,
      log: () => undefined,
      console: { stdout: sink(), stderr: sink() }
    }
  )
  if (report.kind !== 'completed') throw new Error(`expected a completed run, got ${report.kind}`)
  return { root, store, runId: report.runId }
}

test('findRun: by its id or as latest of the repository; a malformed id is a UsageError naming the command', async () => {
  const { root, store, runId } = await storedRun()
  expect((await findRun(store, root, runId, 'report'))?.run_id).toBe(runId)
  expect((await findRun(store, root, 'latest', 'report'))?.run_id).toBe(runId)
  expect(await findRun(store, '/elsewhere', 'latest', 'report')).toBeUndefined()
  expect(await findRun(store, root, '20200101-000000-verify-000000', 'report')).toBeUndefined()
  await expect(findRun(store, root, '../etc', 'receipts show')).rejects.toThrow(UsageError)
  await expect(findRun(store, root, '../etc', 'receipts show')).rejects.toThrow(/^receipts show: '\.\.\/etc' is not a run id/)
})

test('exportRun: CTRF redacted and HTML, in the session folder or at out; an unwritable out is a value, not a throw', async () => {
  const { root, store, runId } = await storedRun()
  const receipt = (await store.read(runId))!

  const ctrf = await exportRun(store, receipt, { format: 'ctrf', redactor: createRedactor({ values: ['token-1234'] }) })
  expect(ctrf).toEqual({ kind: 'written', path: expect.stringMatching(/\.json$/) })
  if (ctrf.kind === 'written') {
    expect(ctrf.path.startsWith(receipt.session.dir)).toBe(true)
    expect(readFileSync(ctrf.path, 'utf8')).not.toContain('token-1234')
  }

  const out = join(root, 'report.html')
  expect(await exportRun(store, receipt, { format: 'html', out })).toEqual({ kind: 'written', path: out })
  expect(readFileSync(out, 'utf8')).toMatch(/^<!doctype html>/i)

  const nowhere = await exportRun(store, receipt, { format: 'html', out: join(root, 'missing', 'report.html') })
  expect(nowhere).toEqual({ kind: 'unwritable', error: expect.objectContaining({ code: 'ENOENT' }) })
  expect(existsSync(join(root, 'missing'))).toBe(false)
})

test('exportRun over OTLP: no endpoint is a UsageError; one that takes the trace gives its id', async () => {
  const { store, runId } = await storedRun()
  const receipt = (await store.read(runId))!
  const redactor = createRedactor({ values: [] })
  await expect(exportRun(store, receipt, { format: 'otlp', env: {}, redactor, clock: systemClock })).rejects.toThrow(/^export: no endpoint/)
  const receiver = await startReceiver()
  try {
    const sent = await exportRun(store, receipt, {
      format: 'otlp',
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint },
      redactor,
      clock: systemClock
    })
    expect(sent).toEqual({ kind: 'sent', traceId: expect.stringMatching(/^[0-9a-f]{32}$/) })
    expect(receiver.requests).toHaveLength(1)
  } finally {
    await receiver.close()
  }
})
