/**
 * Writing a session (docs/design.md §2). Every event is one whole line, synced before the
 * call returns, so a crash leaves at most a torn last line — which the next writer ends
 * with a newline before appending, so it stays on its own line.
 */
import { closeSync, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { ensureRealDirectory } from '../base/atomic-file.js'
import { timestamp } from '../base/clock.js'
import { redactDeep, type Redactor } from '../redaction/index.js'
import type { Phase, TraceEvent, WrittenPayloads } from './events.js'
import { attemptCheckLogName, attemptLogName, planSession, SessionFile, type PlannedSession } from './layout.js'
import { endedMeta, readSessionMeta, writeSessionMeta, type SessionEnding, type SessionMeta } from './meta.js'
import { readSessionTrace, rememberWrittenTrace } from './reader.js'

/** Opens a session's trace for appending, first ending a last line a crash tore; its descriptor and whether it was empty. */
function openTraceForAppend(sessionDir: string): { fd: number; empty: boolean } {
  const fd = openSync(join(sessionDir, SessionFile.trace), 'a+', 0o600)
  const size = fstatSync(fd).size
  if (size > 0) {
    const last = Buffer.alloc(1)
    readSync(fd, last, 0, 1, size - 1)
    if (last[0] !== 0x0a) {
      writeSync(fd, '\n')
      fsyncSync(fd)
    }
  }
  return { fd, empty: size === 0 }
}

/** Appends whole events to a session's trace (redacted) and syncs them. */
export function appendEvents(sessionDir: string, events: readonly TraceEvent[], redactor: Redactor): void {
  const { fd } = openTraceForAppend(sessionDir)
  try {
    writeSync(fd, events.map(event => `${JSON.stringify(redactDeep(event, redactor))}\n`).join(''))
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
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
  /** A test pause once meta.json's temp file is whole (recovery/test-pause.ts). */
  beforeMetaRename?: () => Promise<void>
}

/**
 * Phases written without an fsync of their own: the run's opening and an attempt's start. No
 * effect outside the trace waits on them (a command's result, a verdict and the end are
 * synced as they are written, and with them every line before), so a power loss can only
 * take an attempt that had not got a result, which the next run starts again as it would a
 * cut-off one. A killed process loses nothing: the lines are in the kernel's cache.
 */
const UNSYNCED_PHASES: ReadonlySet<Phase> = new Set<Phase>(['start', 'decision', 'tool_call'])

/** An open trace session: appends events and keeps meta.json current. */
export class TraceSession {
  private fd: number | undefined
  private meta: SessionMeta
  /**
   * Every event of the trace as this process wrote it, when it opened the file empty (a new
   * session); undefined for a session it continues, whose earlier lines only the file holds.
   */
  private readonly written: TraceEvent[] | undefined

  private constructor(
    readonly id: string,
    readonly dir: string,
    meta: SessionMeta,
    private readonly redactor: Redactor,
    private readonly now: () => Date
  ) {
    this.meta = meta
    const trace = openTraceForAppend(dir)
    this.fd = trace.fd
    this.written = trace.empty ? [] : undefined
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
    await writeSessionMeta(dir, meta, options.redactor, options.beforeMetaRename)
    return session
  }

  /** Continues an existing session (resume). */
  static async reopen(dir: string, meta: SessionMeta, redactor: Redactor, now: () => Date): Promise<TraceSession> {
    const session = new TraceSession(meta.session_id, dir, { ...meta, ended_at: null, outcome: 'running' }, redactor, now)
    await session.writeMeta()
    return session
  }

  /** The current meta.json content. */
  get metadata(): Readonly<SessionMeta> {
    return this.meta
  }

  /** Path of an attempt's full log. */
  attemptLogPath(attempt: number): string {
    return join(this.dir, attemptLogName(attempt))
  }

  /** Path of an attempt's expect-check output. */
  attemptCheckLogPath(attempt: number): string {
    return join(this.dir, attemptCheckLogName(attempt))
  }

  /**
   * Appends one event as one whole line (redacted), synced unless `sync: false` or its phase
   * is one nothing outside the trace depends on before the next synced event (UNSYNCED_PHASES,
   * docs/reliability.md): an fsync flushes every line written before it too.
   */
  event<P extends Phase>(phase: P, payload: WrittenPayloads[P], options: { sync?: boolean } = {}): void {
    if (this.fd === undefined) throw new Error(`trace ${this.id} is closed`)
    const line = {
      ts: timestamp(this.now()),
      // The name is free text, redacted like the payload (meta.json's copy is too).
      skill: this.redactor.redact(this.meta.skill),
      session_id: this.id,
      phase,
      payload: redactDeep(payload, this.redactor)
    }
    const text = JSON.stringify(line)
    writeSync(this.fd, `${text}\n`)
    if (options.sync ?? !UNSYNCED_PHASES.has(phase)) fsyncSync(this.fd)
    // As a reader of the line would see it (what JSON keeps); the line itself is redacted.
    this.written?.push(JSON.parse(text) as TraceEvent)
  }

  /** Updates meta fields in memory (written by writeMeta). */
  update(patch: Partial<SessionMeta>): void {
    this.meta = { ...this.meta, ...patch }
  }

  /** Writes meta.json atomically. */
  async writeMeta(): Promise<void> {
    await writeSessionMeta(this.dir, this.meta, this.redactor)
  }

  /**
   * Ends the session: the `end` event, the final meta.json (with the patch), the trace
   * closed. The counts are read back from the trace itself, so they agree with it also
   * after a resume (docs/design.md §2).
   */
  async end(payload: WrittenPayloads['end'], ending: Omit<SessionEnding, 'outcome'>): Promise<void> {
    this.event('end', payload)
    // A trace this process wrote whole is taken as written (docs/design.md §2 "Readers").
    if (this.written !== undefined && this.fd !== undefined) rememberWrittenTrace(this.dir, fstatSync(this.fd), [...this.written])
    this.meta = endedMeta(await readSessionTrace(this.dir), this.meta, { ...ending, outcome: payload.outcome })
    await this.writeMeta()
    this.close()
  }

  /** Closes the trace file. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd)
    this.fd = undefined
  }
}

/**
 * Closes on disk a session its own process could not close (docs/design.md §6): appends the
 * closing events to the trace, then writes meta.json from the whole trace (`endedMeta`).
 */
export async function closeOnDisk(
  sessionDir: string,
  events: readonly TraceEvent[],
  closing: readonly TraceEvent[],
  ending: SessionEnding,
  redactor: Redactor
): Promise<void> {
  appendEvents(sessionDir, closing, redactor)
  await writeSessionMeta(sessionDir, endedMeta([...events, ...closing], await readSessionMeta(sessionDir), ending), redactor)
}
