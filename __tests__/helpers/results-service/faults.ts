import type { Fault } from './types.js'

interface PendingFault {
  target: string
  fault: Fault
  remaining: number
}

/** Faults waiting for their requests, served first-injected first. */
export class FaultQueue {
  private pending: PendingFault[] = []

  /** Queues `fault` for the next `count` requests whose target is `target`. */
  add(target: string, fault: Fault, count: number): void {
    if (!Number.isInteger(count) && count !== Infinity) throw new Error(`fault count must be an integer, got ${count}`)
    if (count < 1) throw new Error(`fault count must be at least 1, got ${count}`)
    this.pending.push({ target, fault, remaining: count })
  }

  /** The fault for this request, if one is waiting; consumes one use of it. */
  take(target: string): Fault | undefined {
    const match = this.pending.find(entry => entry.target === target)
    if (match === undefined) return undefined
    match.remaining -= 1
    if (match.remaining === 0) this.pending = this.pending.filter(entry => entry !== match)
    return match.fault
  }

  /** Drops every waiting fault. */
  clear(): void {
    this.pending = []
  }
}
