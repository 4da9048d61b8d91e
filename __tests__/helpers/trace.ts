/** Reads a session directory back, checking the shape docs/design.md §2 promises. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A parsed trace line. */
export interface Event {
  ts: string
  skill: string
  session_id: string
  phase: string
  payload: Record<string, any>
}

/** Whether an event is the bookkeeping note that records a command's process group (docs/design.md §6). */
export function isProcessGroupNote(event: Event): boolean {
  return event.phase === 'note' && event.payload?.process_group !== undefined
}

/**
 * The events of a session's trace.jsonl (a torn last line is tolerated), without the
 * process-group notes unless asked for: tests of the event sequence are about the run.
 */
export function readTrace(sessionDir: string, options: { processGroups?: boolean } = {}): Event[] {
  const lines = readFileSync(join(sessionDir, 'trace.jsonl'), 'utf8').split('\n')
  const events: Event[] = []
  lines.forEach((line, index) => {
    if (line === '') return
    try {
      events.push(JSON.parse(line) as Event)
    } catch (error) {
      if (index < lines.length - 1 && lines.slice(index + 1).some(rest => rest !== '')) throw error
    }
  })
  return options.processGroups ? events : events.filter(event => !isProcessGroupNote(event))
}

/** meta.json of a session. */
export function readMeta(sessionDir: string): Record<string, any> {
  return JSON.parse(readFileSync(join(sessionDir, 'meta.json'), 'utf8'))
}

/** Every session directory under a state dir. */
export function sessionDirs(stateDir: string): string[] {
  const root = join(stateDir, 'sessions')
  const out: string[] = []
  let dates: string[]
  try {
    dates = readdirSync(root)
  } catch {
    return out
  }
  for (const date of dates) {
    for (const name of readdirSync(join(root, date))) {
      for (const id of readdirSync(join(root, date, name))) out.push(join(root, date, name, id))
    }
  }
  return out
}

/** Every run directory under a state dir. */
export function runDirs(stateDir: string): string[] {
  try {
    return readdirSync(join(stateDir, 'runs')).filter(name => !name.startsWith('.'))
  } catch {
    return []
  }
}

/**
 * Asserts docs/design.md §2's guarantees: one start first, one end last, and a tool_call, tool_result,
 * verify trio per attempt in that order. Returns the events for further checks.
 */
export function expectWellFormedTrace(sessionDir: string): Event[] {
  const events = readTrace(sessionDir)
  const phases = events.map(event => event.phase)
  expect(phases.filter(phase => phase === 'start')).toHaveLength(1)
  expect(phases.filter(phase => phase === 'end')).toHaveLength(1)
  expect(phases[0]).toBe('start')
  expect(phases[phases.length - 1]).toBe('end')
  const trio = phases.filter(phase => ['tool_call', 'tool_result', 'verify'].includes(phase))
  expect(trio.length % 3).toBe(0)
  for (let i = 0; i < trio.length; i += 3) {
    expect(trio.slice(i, i + 3)).toEqual(['tool_call', 'tool_result', 'verify'])
    const attempt = i / 3 + 1
    const [call, result, verify] = events.filter(event => ['tool_call', 'tool_result', 'verify'].includes(event.phase)).slice(i, i + 3)
    expect([call!.payload.attempt, result!.payload.attempt, verify!.payload.attempt]).toEqual([attempt, attempt, attempt])
  }
  const ids = new Set(events.map(event => event.session_id))
  expect(ids.size).toBe(1)
  for (const event of events) expect(event.ts).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
  return events
}
