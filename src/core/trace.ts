/**
 * One session's trace on disk (SPEC §2): trace.jsonl, meta.json and the attempt logs under
 * sessions/<date>/<name>/<session-id>/. Every event is one whole line, synced before the
 * call returns, so a crash leaves at most a torn last line.
 */
import { closeSync, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { ensureRealDirectory, writeFileAtomic } from './atomic-file.js'
import type { Redactor } from './redaction.js'
import { newUlid } from './ulid.js'

/** The phases of SPEC §2; readers ignore any other. */
export type Phase = 'start' | 'decision' | 'tool_call' | 'tool_result' | 'verify' | 'note' | 'end'

/** One line of trace.jsonl. */
export interface TraceEvent {
  ts: string
  skill: string
  session_id: string
  phase: Phase
  payload: Record<string, unknown>
}

/** How a verify run ended (SPEC §1). */
export type Outcome = 'success' | 'failure' | 'aborted'

/** meta.json (SPEC §2). */
export interface SessionMeta {
  session_id: string
  skill: string
  version: string
  started_at: string
  ended_at: string | null
  outcome: Outcome | 'running'
  attempts: number
  tool_calls: number
  errors: number
  flaky: boolean
  run_id: string
  summary: string
}

/** RFC 3339 UTC with milliseconds. */
export function timestamp(date: Date): string {
  return date.toISOString()
}

/** Applies the redactor to every string inside a JSON-like value. */
export function redactDeep<T>(value: T, redactor: Redactor): T {
  if (typeof value === 'string') return redactor.redact(value) as T
  if (Array.isArray(value)) return value.map(item => redactDeep(item, redactor)) as T
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[key] = redactDeep(item, redactor)
    return out as T
  }
  return value
}

/** Where a session lives: sessions/<YYYY-MM-DD UTC>/<name>/<session-id>. */
export function sessionDirectory(stateDir: string, name: string, startedAt: Date, sessionId: string): string {
  return join(stateDir, 'sessions', startedAt.toISOString().slice(0, 10), name, sessionId)
}

/**
 * Opens a session's trace.jsonl for appending. When a crash tore its last line, a newline is
 * written first, so the torn line stays on its own and the next event is whole.
 */
export function openTraceForAppend(sessionDir: string): number {
  const fd = openSync(join(sessionDir, 'trace.jsonl'), 'a+', 0o600)
  const size = fstatSync(fd).size
  if (size > 0) {
    const last = Buffer.alloc(1)
    readSync(fd, last, 0, 1, size - 1)
    if (last[0] !== 0x0a) {
      writeSync(fd, '\n')
      fsyncSync(fd)
    }
  }
  return fd
}

/** Options for opening a new session. */
export interface OpenSessionOptions {
  stateDir: string
  name: string
  runId: string
  version: string
  redactor: Redactor
  now: () => Date
  /** A place chosen beforehand (see planSession), so a receipt can name it first. */
  planned?: PlannedSession
}

/** A session's id, directory and start, chosen before it exists. */
export interface PlannedSession {
  id: string
  dir: string
  startedAt: Date
}

/** Chooses a new session's id and directory. */
export function planSession(stateDir: string, name: string, startedAt: Date): PlannedSession {
  const id = newUlid(startedAt.getTime())
  return { id, dir: sessionDirectory(stateDir, name, startedAt, id), startedAt }
}

/** An open trace session: appends events and keeps meta.json current. */
export class TraceSession {
  private fd: number | undefined
  private meta: SessionMeta
  private ended = false

  private constructor(
    readonly id: string,
    readonly dir: string,
    meta: SessionMeta,
    private readonly redactor: Redactor,
    private readonly now: () => Date
  ) {
    this.meta = meta
    this.fd = openTraceForAppend(dir)
  }

  /** Creates the session directory and writes the initial meta.json. */
  static async open(options: OpenSessionOptions): Promise<TraceSession> {
    const { id, dir, startedAt } = options.planned ?? planSession(options.stateDir, options.name, options.now())
    // Level by level, refusing links: a link planted under sessions/ must not take the
    // trace somewhere else.
    let path = options.stateDir
    for (const step of relative(options.stateDir, dir).split(sep)) {
      path = join(path, step)
      await ensureRealDirectory(path)
    }
    const meta: SessionMeta = {
      session_id: id,
      skill: options.name,
      version: options.version,
      started_at: timestamp(startedAt),
      ended_at: null,
      outcome: 'running',
      attempts: 0,
      tool_calls: 0,
      errors: 0,
      flaky: false,
      run_id: options.runId,
      summary: ''
    }
    const session = new TraceSession(id, dir, meta, options.redactor, options.now)
    await session.writeMeta()
    return session
  }

  /** Continues an existing session (resume); its trace is opened as openTraceForAppend does. */
  static async reopen(dir: string, meta: SessionMeta, redactor: Redactor, now: () => Date): Promise<TraceSession> {
    const session = new TraceSession(meta.session_id, dir, { ...meta, ended_at: null, outcome: 'running' }, redactor, now)
    await session.writeMeta()
    return session
  }

  /** The current meta.json content. */
  get metadata(): Readonly<SessionMeta> {
    return this.meta
  }

  /** Whether the `end` event has been written. */
  get isEnded(): boolean {
    return this.ended
  }

  /** Path of an attempt's full log. */
  attemptLogPath(attempt: number): string {
    return join(this.dir, `attempt-${attempt}.log`)
  }

  /** Appends one event as one whole, synced line (redacted). */
  event(phase: Phase, payload: Record<string, unknown>): void {
    if (this.fd === undefined) throw new Error(`trace ${this.id} is closed`)
    if (phase === 'tool_call') this.meta.tool_calls++
    const line: TraceEvent = {
      ts: timestamp(this.now()),
      skill: this.meta.skill,
      session_id: this.id,
      phase,
      payload: redactDeep(payload, this.redactor)
    }
    writeSync(this.fd, `${JSON.stringify(line)}\n`)
    fsyncSync(this.fd)
    if (phase === 'end') this.ended = true
  }

  /** Updates meta fields in memory (written by writeMeta). */
  update(patch: Partial<SessionMeta>): void {
    this.meta = { ...this.meta, ...patch }
  }

  /** Writes meta.json atomically. */
  async writeMeta(): Promise<void> {
    const meta = redactDeep(this.meta, this.redactor)
    await writeFileAtomic(join(this.dir, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`, 0o600)
  }

  /** Closes the trace file. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd)
    this.fd = undefined
  }
}
