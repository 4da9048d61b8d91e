/**
 * Where each token of a JSON report stands (docs/design.md §1 "Test results", "JSON reports"):
 * the walker follows the tokenizer's events with the path from the root (keys and array
 * indexes), tells the reader of a report each scalar and each closing outside what it
 * gathers, and gathers whole the values the reader asks for — one test's record at a time —
 * keeping only the keys the reader names (`JsonPick`), the first items of each array (the count
 * is kept), and at most `maxRecordChars` characters of strings. Nothing else of the document
 * is kept, so memory follows one record, not the file.
 */
import type { JsonEvents } from './json-tokens.js'

/** A value as gathered. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/** One step of a path: an object's key or an array's index. */
export type PathStep = string | number

/**
 * What of a value to keep: `true` keeps a scalar (a container there is left out);
 * `{keys}` keeps those keys of an object; `{items, max}` the first `max` items of an array.
 */
export type JsonPick = true | { keys: Record<string, JsonPick> } | { items: JsonPick; max: number }

/** The reader of a report: what it gathers, and what it hears of the rest. */
export interface WalkHandler {
  /** A value starts at `path`: the pick to gather it with, or undefined to walk through it. */
  gather(path: readonly PathStep[]): JsonPick | undefined
  /** A value gathered whole (`overflow` when it held more than the record's characters). */
  gathered(path: readonly PathStep[], value: JsonValue | undefined, overflow: boolean): void
  /** A scalar outside anything gathered. */
  scalar(path: readonly PathStep[], value: string | number | boolean | null): void
  /** An object or array outside anything gathered has closed. */
  closed(path: readonly PathStep[]): void
}

const TOTAL = Symbol('total')
type CountedArray = JsonValue[] & { [TOTAL]?: number }

/** How many items a gathered array had in the document (its kept items may be fewer). */
export function itemCount(value: JsonValue | undefined): number {
  if (!Array.isArray(value)) return 0
  return (value as CountedArray)[TOTAL] ?? value.length
}

interface Frame {
  object: boolean
  index: number
}

/** A value being gathered: its container, its pick, and the key the next value goes under. */
interface Building {
  value: { [key: string]: JsonValue } | CountedArray | undefined
  pick: JsonPick | undefined
  key: string | undefined
}

/** Turns tokenizer events into paths, and gathers the values the handler asks for. */
export class JsonWalker implements JsonEvents {
  private readonly path: PathStep[] = []
  private readonly frames: Frame[] = []
  /** The value being gathered, innermost container last; empty when none is. */
  private readonly building: Building[] = []
  private gatherPath = 0
  private chars = 0
  private overflow = false

  constructor(
    private readonly handler: WalkHandler,
    private readonly maxRecordChars: number
  ) {}

  openObject(): void {
    this.open(true)
  }

  openArray(): void {
    this.open(false)
  }

  key(name: string): void {
    const building = this.building[this.building.length - 1]
    if (building !== undefined) building.key = name
    else this.path[this.path.length - 1] = name
  }

  scalar(value: string | number | boolean | null): void {
    if (this.building.length > 0) {
      const pick = this.childPick()
      if (pick === true) this.add(typeof value === 'string' ? this.budget(value) : value)
      return
    }
    this.step()
    const pick = this.handler.gather(this.path)
    if (pick === true) this.handler.gathered(this.path, typeof value === 'string' ? value : value, false)
    else this.handler.scalar(this.path, value)
  }

  close(): void {
    if (this.building.length > 0) {
      const done = this.building.pop()!
      if (this.building.length === 0) {
        this.path.length = this.gatherPath
        const overflow = this.overflow
        this.overflow = false
        this.chars = 0
        this.handler.gathered(this.path, done.value, overflow)
      } else if (done.value !== undefined) this.add(done.value)
      return
    }
    this.frames.pop()
    this.path.pop()
    this.handler.closed(this.path)
  }

  private open(object: boolean): void {
    if (this.building.length > 0) {
      const pick = this.childPick()
      const kept = pick !== undefined && pick !== true && ('keys' in pick ? object : !object)
      this.building.push({ value: kept ? (object ? {} : []) : undefined, pick: kept ? pick : undefined, key: undefined })
      return
    }
    this.step()
    const pick = this.handler.gather(this.path)
    if (pick !== undefined) {
      const kept = pick !== true && ('keys' in pick ? object : !object)
      this.gatherPath = this.path.length
      this.building.push({ value: kept ? (object ? {} : []) : undefined, pick: kept ? pick : undefined, key: undefined })
      return
    }
    this.frames.push({ object, index: 0 })
    this.path.push(object ? '' : 0)
  }

  /** Sets the path's last step for a value starting in an array. */
  private step(): void {
    const frame = this.frames[this.frames.length - 1]
    if (frame !== undefined && !frame.object) this.path[this.path.length - 1] = frame.index++
  }

  /** The pick for a value starting inside the innermost container being gathered. */
  private childPick(): JsonPick | undefined {
    const parent = this.building[this.building.length - 1]!
    const pick = parent.pick
    if (pick === undefined || pick === true || parent.value === undefined) return undefined
    if ('keys' in pick) return parent.key !== undefined && Object.hasOwn(pick.keys, parent.key) ? pick.keys[parent.key] : undefined
    const array = parent.value as CountedArray
    const count = (array[TOTAL] ?? 0) + 1
    array[TOTAL] = count
    return count <= pick.max ? pick.items : undefined
  }

  /** Adds a finished value to the innermost container being gathered. */
  private add(value: JsonValue): void {
    const parent = this.building[this.building.length - 1]!
    if (parent.value === undefined) return
    if (Array.isArray(parent.value)) parent.value.push(value)
    else if (parent.key !== undefined) parent.value[parent.key] = value
  }

  /** A string within what is left of the record's characters. */
  private budget(text: string): string {
    const room = this.maxRecordChars - this.chars
    if (text.length > room) this.overflow = true
    const kept = text.length > room ? text.slice(0, Math.max(0, room)) : text
    this.chars += kept.length
    return kept
  }
}
