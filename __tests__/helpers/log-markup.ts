/**
 * The report's log as readline reads it, line by line: what the chunked reader of
 * src/core/report/log-lines.ts must render (docs/design.md §8 "HTML report"). Log files go
 * to a folder of their own; the sink keeps the markup in memory.
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { logLineMarkup, renderLogLines, type HtmlSink, type LogRendering } from '../../src/core/report/log-lines.js'
import { readableLine } from '../../src/core/output/failure-blocks.js'

/** The size of one read of the chunked reader. */
export const READ_CHUNK = 64 * 1024

export class MemorySink implements HtmlSink {
  text = ''
  bytes = 0
  async write(markup: string): Promise<void> {
    this.text += markup
    this.bytes += Buffer.byteLength(markup)
  }
}

/** A folder for log files, removed by `remove`. */
export class LogFolder {
  private readonly dir = mkdtempSync(join(tmpdir(), 'reverify-log-lines-'))
  private serial = 0

  get path(): string {
    return this.dir
  }

  write(content: string | Buffer): string {
    const path = join(this.dir, `attempt-${this.serial++}.log`)
    writeFileSync(path, content)
    return path
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/**
 * The markup, line count and first-error line readline gives: each line it emits (\n, \r\n
 * or a lone \r ends one; crlfDelay Infinity) through logLineMarkup, the line looked for
 * found where it holds the start of that line as it is and reads as it (readableLine).
 */
export async function byReadline(path: string, lookFor?: string): Promise<{ markup: string; lines: number; foundAt?: number }> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity })
  const needle = lookFor?.trim().slice(0, 80)
  let markup = ''
  let count = 0
  let foundAt: number | undefined
  for await (const line of lines) {
    markup += logLineMarkup(line)
    count++
    if (needle && foundAt === undefined && line.includes(needle) && readableLine(line) === lookFor) foundAt = count
  }
  return { markup, lines: count, ...(foundAt !== undefined && { foundAt }) }
}

/** The chunked reader's markup and result for the log at `path`. */
export async function rendered(
  path: string,
  budget = Number.MAX_SAFE_INTEGER,
  lookFor?: string
): Promise<{ sink: MemorySink; result: LogRendering }> {
  const sink = new MemorySink()
  const result = await renderLogLines(path, sink, budget, lookFor)
  return { sink, result }
}

/** Renders `content` both ways; resolves to both, for the caller to compare. */
export async function bothWays(folder: LogFolder, content: string | Buffer, lookFor?: string) {
  const path = folder.write(content)
  const expected = await byReadline(path, lookFor)
  const actual = await rendered(path, undefined, lookFor)
  return {
    expected: {
      markup: expected.markup,
      result: { found: true, lines: expected.lines, cut: false, ...(expected.foundAt !== undefined && { foundAt: expected.foundAt }) }
    },
    actual: { markup: actual.sink.text, result: actual.result }
  }
}
