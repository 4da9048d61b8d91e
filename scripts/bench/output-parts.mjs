// Row (b)'s parts: what each stage of the output path costs on its own, in this process,
// over the same bytes row (b) streams (its log line, cut into 64 KiB chunks as a pipe
// delivers them). Each stage runs the compiled modules in build/ (the bench compiles src/
// with tsc), so a regression in one stage shows in its own line. Every variant decodes the
// chunks first, as the CLI does; "decode alone" is that shared cost.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { StringDecoder } from 'node:string_decoder'
import { median } from './measure.mjs'

const CHUNK_BYTES = 64 * 1024
// Row (b)'s line: a web server's access log, no keyword the summary or the failure search collects.
const LOG_LINE = 'INFO 2026-11-30 request handled in 12 ms path=/api/items status=200\n'

/** The chunks of `bytes` bytes of LOG_LINE, cut every 64 KiB (views into one buffer). */
function chunksOf(bytes) {
  const period = Buffer.byteLength(LOG_LINE)
  const base = Buffer.from(LOG_LINE.repeat(Math.ceil((CHUNK_BYTES + period) / period) + 1))
  const chunks = []
  for (let at = 0; at < bytes; at += CHUNK_BYTES) {
    const offset = at % period
    chunks.push(base.subarray(offset, offset + Math.min(CHUNK_BYTES, bytes - at)))
  }
  return chunks
}

async function loadModules(root) {
  const load = path => import(join(root, 'build', 'src', path))
  const [ordered, summary, failures, log, redaction] = await Promise.all([
    load('core/output/ordered-output.js'),
    load('core/output/output-summary.js'),
    load('core/output/failure-blocks.js'),
    load('core/output/capped-log.js'),
    load('core/redaction/index.js')
  ])
  return {
    // What the summary and the failure search look for, found once per piece (builds before
    // the shared scan have none: each reader then searches on its own).
    scanFor: {
      words: [...(summary.SUMMARY_WORDS ?? []), ...(failures.FAILURE_WORDS ?? [])],
      lineStarts: failures.FAILURE_LINE_STARTS ?? []
    },
    MAX_OPEN_LINE: ordered.MAX_OPEN_LINE,
    OrderedOutput: ordered.OrderedOutput,
    OutputSummarizer: summary.OutputSummarizer,
    FailureBlocks: failures.FailureBlocks,
    CappedLogWriter: log.CappedLogWriter,
    createRedactor: redaction.createRedactor
  }
}

// A redactor that changes nothing and holds nothing back: the ordering's own cost.
const PASS_THROUGH = {
  hasValues: false,
  redact: text => text,
  stream: () => ({ push: text => text, pushPieces: text => [text], end: () => '' })
}

/** Each stage as a function from the decoded chunks' consumer to a finishing step. */
function stages(modules, scratch) {
  // A redactor as the CLI builds one: the token shapes, plus one configured value.
  const redactor = modules.createRedactor({ values: ['s3cr3t-bench-value'], env: {} })
  let logs = 0
  const logPath = () => join(scratch, `attempt-${logs++}.log`)
  return {
    decode: async () => ({ push: () => {}, end: () => {} }),
    redaction: async () => {
      const stream = redactor.stream()
      return { push: text => stream.push(text), end: () => stream.end() }
    },
    ordering: async () => {
      const ordered = new modules.OrderedOutput(PASS_THROUGH, () => {})
      return { push: text => ordered.push('stdout', text), end: () => ordered.end() }
    },
    summary: async () => {
      const summary = new modules.OutputSummarizer()
      return { push: text => summary.push(text), end: () => summary.finish() }
    },
    failures: async () => {
      const failures = new modules.FailureBlocks()
      return { push: text => failures.push(text), end: () => failures.end() }
    },
    log: async () => {
      const log = await modules.CappedLogWriter.open(logPath())
      return { push: text => log.write(text), end: () => log.close() }
    },
    // As src/core/verify/attempt.ts wires them: redacted, ordered, then the log, the summary and the failure search.
    all: async () => {
      const log = await modules.CappedLogWriter.open(logPath())
      const summary = new modules.OutputSummarizer()
      const failures = new modules.FailureBlocks()
      const sink = (text, scan) => {
        log.write(text)
        summary.push(text, scan)
        failures.push(text, scan)
      }
      const ordered = new modules.OrderedOutput(redactor, sink, modules.MAX_OPEN_LINE, modules.scanFor)
      return {
        push: text => ordered.push('stdout', text),
        end: async () => {
          ordered.end()
          failures.end()
          summary.finish()
          await log.close()
        }
      }
    }
  }
}

async function timeStage(make, chunks) {
  const stage = await make()
  const decoder = new StringDecoder('utf8')
  const started = performance.now()
  for (const chunk of chunks) stage.push(decoder.write(chunk))
  await stage.end()
  return performance.now() - started
}

/**
 * Times every stage over `bytes` bytes, `rounds` times, the stages interleaved (order
 * reversed every other round). Resolves to { bytes, rounds, ms: { stage: median } }.
 */
export async function benchOutputParts({ root, bytes, rounds, progress, only }) {
  const modules = await loadModules(root)
  const chunks = chunksOf(bytes)
  const scratch = mkdtempSync(join(tmpdir(), 'reverify-bench-parts-'))
  try {
    const all = stages(modules, scratch)
    const names = Object.keys(all).filter(name => only === undefined || name === only)
    const samples = new Map(names.map(name => [name, []]))
    for (const name of names) await timeStage(all[name], chunks) // warm-up
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse()
      for (const name of order) samples.get(name).push(await timeStage(all[name], chunks))
      progress?.(round + 1, rounds)
    }
    return { bytes, rounds, ms: Object.fromEntries(names.map(name => [name, median(samples.get(name))])) }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
