/**
 * The core's use cases the front ends call instead of composing the core themselves
 * (docs/design.md §8): `createRunPorts`, `resumeRun`'s admission and `closeAbandonedRun`.
 */
import { hostname } from 'node:os'
import { afterEach, describe, expect, test } from '@jest/globals'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { systemClock } from '../../../src/core/base/clock.js'
import { UsageError } from '../../../src/core/base/errors.js'
import { ReceiptStore } from '../../../src/core/receipts/receipt-store.js'
import { createRedactor } from '../../../src/core/redaction/index.js'
import { TEST_PAUSE_SLOT } from '../../../src/core/recovery/test-pause.js'
import { closeAbandonedRun } from '../../../src/core/run/close-abandoned.js'
import { resumeRun } from '../../../src/core/run/resume-run.js'
import { createRunPorts } from '../../../src/core/run/run-ports.js'
import { makeReceipt, plantReceipt, scratchDir } from '../../helpers/receipts.js'

const slot = globalThis as Record<symbol, unknown>

afterEach(() => {
  delete slot[TEST_PAUSE_SLOT]
})

describe('createRunPorts', () => {
  test('the real machine: the system clock, a store of the state directory, the seal from the key under HOME', async () => {
    const home = await scratchDir()
    const stateDir = await scratchDir()
    const ports = await createRunPorts({ env: { HOME: home }, stateDir, warn: () => undefined })
    expect(ports.clock).toBe(systemClock)
    expect(ports.store.stateDir).toBe(stateDir)
    expect(ports.seal).toBeDefined()
    expect(existsSync(join(home, '.local', 'state', 'reverify', 'seal-key'))).toBe(true)
    expect(ports.pause).toBeUndefined()
  })

  test('a step that runs nothing makes no seal key', async () => {
    const home = await scratchDir()
    const ports = await createRunPorts({ env: { HOME: home }, stateDir: await scratchDir(), warn: () => undefined, sealed: false })
    expect(ports.seal).toBeUndefined()
    expect(existsSync(join(home, '.local'))).toBe(false)
  })

  test('the pause is the one the test harness left in its slot, never one built from the environment', async () => {
    const env = { HOME: await scratchDir(), REVERIFY_TEST_PAUSE_AT: 'before-opening:/nowhere' }
    expect((await createRunPorts({ env, stateDir: await scratchDir(), warn: () => undefined })).pause).toBeUndefined()
    const pause = async () => undefined
    slot[TEST_PAUSE_SLOT] = pause
    expect((await createRunPorts({ env, stateDir: await scratchDir(), warn: () => undefined })).pause).toBe(pause)
  })
})

describe('resumeRun', () => {
  const query = {
    runId: undefined,
    target: 'octo/widgets',
    redactor: createRedactor({ values: [] }),
    env: process.env,
    onLeftoverEnded: () => undefined
  }

  test('nothing to resume in the repository is a usage error', async () => {
    const stateDir = await scratchDir()
    const store = new ReceiptStore(stateDir, { now: () => new Date() })
    await expect(resumeRun(query, { store, clock: systemClock, owner: { host: hostname(), pid: process.pid } })).rejects.toThrow(
      new UsageError(`resume: nothing to resume: no runs in ${stateDir} yet; run one with reverify run --command "npm test"`)
    )
  })

  test('a receipt this machine did not seal is refused, whatever it says', async () => {
    const stateDir = await scratchDir()
    const receipt = makeReceipt({ status: 'running', ended_at: null, host: 'elsewhere' })
    await plantReceipt(stateDir, receipt)
    const ports = await createRunPorts({ env: { HOME: await scratchDir() }, stateDir, warn: () => undefined })
    await expect(resumeRun({ ...query, runId: receipt.run_id }, ports)).rejects.toThrow(/was not started by reverify on this machine/)
  })

  test('a run id that is not one is refused before anything is read', async () => {
    const store = new ReceiptStore(await scratchDir(), { now: () => new Date() })
    await expect(
      resumeRun({ ...query, runId: '../x' }, { store, clock: systemClock, owner: { host: hostname(), pid: process.pid } })
    ).rejects.toThrow(/is not a run id/)
  })
})

describe('closeAbandonedRun', () => {
  test('a run killed before its receipt was written: nothing to close, no group told', async () => {
    const store = new ReceiptStore(await scratchDir(), { now: () => new Date() })
    const told: unknown[] = []
    const closed = await closeAbandonedRun({
      store,
      runId: makeReceipt().run_id,
      sessionDir: undefined,
      reason: 'abandoned',
      redactor: createRedactor({ values: [] }),
      clock: systemClock,
      env: process.env,
      onGroup: ending => told.push(ending)
    })
    expect(closed).toEqual({ kind: 'never-recorded' })
    expect(told).toEqual([])
  })
})
