/**
 * A jest function (`test`, `it`, a hook) whose timeout, given as a number, is scaled by
 * budget(): docs/design.md §9, "Tests on a busy machine". __tests__/helpers/busy-machine.ts
 * installs it before every test file.
 */
import { budget } from './budget.js'

export type Callable = (...args: unknown[]) => unknown

/** How deep jest's modifiers nest (`test.concurrent.only.each`). */
const MAX_DEPTH = 4

/** `api`, and each of its modifiers, with the number at argument `at` of a call scaled by budget(). */
export function withScaledTimeouts<T extends Callable>(api: T, at: number, scale: (ms: number) => number = budget, depth = 0): T {
  const wrapped = function (this: unknown, ...args: unknown[]) {
    if (typeof args[at] === 'number') args[at] = scale(args[at])
    return api.apply(this, args)
  }
  for (const [key, value] of Object.entries(api)) {
    if (typeof value !== 'function' || depth >= MAX_DEPTH) {
      Object.assign(wrapped, { [key]: value })
      continue
    }
    const modifier = value as Callable
    // `.each(table)` answers the function that takes the name, the body and the timeout.
    const scaled =
      key === 'each'
        ? (...table: unknown[]) => withScaledTimeouts(modifier.apply(api, table) as Callable, at, scale, depth + 1)
        : withScaledTimeouts(modifier, at, scale, depth + 1)
    Object.assign(wrapped, { [key]: scaled })
  }
  return wrapped as T
}
