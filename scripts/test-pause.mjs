// The fault injection's pause (docs/reliability.md, "Fault injection"), built by the harness
// rather than by the shipped front ends. Preloaded into the built CLI or action with
// NODE_OPTIONS=--import (see `withTestPause`): with `REVERIFY_TEST_PAUSE_AT=<point>:<marker file>`
// in the environment it leaves a pause in the slot the core reads (src/core/recovery/test-pause.ts).
// The run, reaching that point, writes the marker file (its pid) and waits there until the
// marker is removed, or for a minute. Without the variable it leaves the slot empty.
import { existsSync, writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/** The environment variable that names the point and the marker file. */
export const TEST_PAUSE_VARIABLE = 'REVERIFY_TEST_PAUSE_AT'
/** The slot src/core/recovery/test-pause.ts reads (`TEST_PAUSE_SLOT`). */
const SLOT = Symbol.for('reverify.test-pause')
const PAUSE_MS = 60_000
/** How often a paused run looks whether its marker is gone. */
const POLL_MS = 2

/** The pause `value` (`<point>:<marker file>`) asks for. */
export function pauseAt(value) {
  return async point => {
    if (!value.startsWith(`${point}:`)) return
    const marker = value.slice(point.length + 1)
    writeFileSync(marker, `${process.pid}\n`)
    const deadline = Date.now() + PAUSE_MS
    while (existsSync(marker) && Date.now() < deadline) await sleep(POLL_MS)
  }
}

/**
 * A child's environment with this module preloaded when it asks for a pause: the harness
 * passes every environment it starts the CLI or the action with through here.
 */
export function withTestPause(env) {
  if (env[TEST_PAUSE_VARIABLE] === undefined) return env
  const preload = `--import=${new URL(import.meta.url).href}`
  return { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, preload].filter(Boolean).join(' ') }
}

const asked = process.env[TEST_PAUSE_VARIABLE]
if (asked !== undefined) globalThis[SLOT] = pauseAt(asked)
