/** Matrix legs made by real core runs, for the matrix tests (unit and browser). */
import { expect } from '@jest/globals'
import { hostname } from 'node:os'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Writable } from 'node:stream'
import { copyReceiptIntoSession } from '../../src/core/matrix/leg.js'
import { parseRunSettings } from '../../src/core/inputs/settings.js'
import { createProcessRunner } from '../../src/core/process/process-runner.js'
import { systemClock } from '../../src/core/base/clock.js'
import { ReceiptStore } from '../../src/core/receipts/receipt-store.js'
import { createRedactor } from '../../src/core/redaction/index.js'
import type { CompletedRun } from '../../src/core/run/report.js'
import { verifyRun } from '../../src/core/run/verify-run.js'
import { scratchDir } from './receipts.js'

/** The trace artifacts' name prefix. */
export const PREFIX = 'reverify-trace-'

function sink(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() })
}

/** A leg: a real run of `command` named `name` (with `files` in its folder), its receipt copied into its session folder. */
export async function legRun(
  name: string,
  command: string,
  extra: Record<string, string> = {},
  files: Record<string, string> = {}
): Promise<{ run: CompletedRun; dir: string }> {
  const workDir = await scratchDir('reverify-matrix-')
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(workDir, path)), { recursive: true })
    await writeFile(join(workDir, path), content)
  }
  const stateDir = join(workDir, '.reverify')
  const store = new ReceiptStore(stateDir, { warn: () => undefined, now: () => new Date() })
  const settings = parseRunSettings({ 'state-dir': stateDir, 'expect-exit': '0', name, command, 'max-retries': '0', ...extra }, workDir, {
    path: process.env.PATH
  })
  const report = await verifyRun(
    { settings, target: 'octo/widgets', captureMode: 'off', version: 'test', redactor: createRedactor({ values: [] }), env: process.env },
    {
      clock: { now: () => new Date(), monotonicMs: () => performance.now(), sleep: async () => undefined, random: () => 0.5 },
      processes: createProcessRunner(systemClock),
      owner: { host: hostname(), pid: process.pid },
      store,
      log: () => undefined,
      console: { stdout: sink(), stderr: sink() }
    }
  )
  if (report.kind !== 'completed') throw new Error(`expected a completed run, got ${report.kind}`)
  expect(await copyReceiptIntoSession(stateDir, report.runId, report.session.dir)).toBe(true)
  return { run: report, dir: report.session.dir }
}
