/**
 * The real machine of a run, built in one place for both front ends (docs/design.md §8): the
 * system clock, this process's host name and pid, the process runner, the receipt store of the state directory, this machine's
 * run seal and, only when the test harness filled it, the fault injection's pause.
 */
import { hostname } from 'node:os'
import { systemClock } from '../base/clock.js'
import { createProcessRunner } from '../process/process-runner.js'
import { ReceiptStore } from '../receipts/receipt-store.js'
import { loadRunSeal, sealKeyPath } from '../receipts/run-seal.js'
import { harnessPause } from '../recovery/test-pause.js'
import type { MachinePorts } from './ports.js'

/** What the machine's ports are built from. */
export interface RunPortsOptions {
  /** The process's environment: where the seal key is kept (`XDG_STATE_HOME`, `HOME`). */
  env: NodeJS.ProcessEnv
  /** The state directory, already created: receipts and sessions. */
  stateDir: string
  /** Told what the store skips as unreadable (worded by the front end). */
  warn: (message: string) => void
  /**
   * Whether to load this machine's run seal, creating its key on first use (receipts/run-seal.ts).
   * False for a step that runs nothing (the action's capture mode): it makes no key.
   * @default true
   */
  sealed?: boolean
}

/** The real ports of a run; the front end adds where it hears of the run (`RunPorts.log`, `console`). */
export async function createRunPorts(options: RunPortsOptions): Promise<MachinePorts> {
  const pause = harnessPause()
  const seal = options.sealed === false ? undefined : await loadRunSeal(sealKeyPath(options.env))
  return {
    clock: systemClock,
    // The one place the core asks who it is; everything else reads the port.
    owner: { host: hostname(), pid: process.pid },
    processes: createProcessRunner(systemClock),
    store: new ReceiptStore(options.stateDir, { warn: options.warn, now: () => systemClock.now() }),
    ...(seal !== undefined && { seal }),
    ...(pause !== undefined && { pause })
  }
}
