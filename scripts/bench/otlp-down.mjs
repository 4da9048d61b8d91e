// Row (o): what a run pays for its OpenTelemetry export when the collector is down
// (docs/export.md "What a run pays when the collector is down"; docs/design.md §2
// "Exports"): a refused connection fails fast, a collector that never answers costs the
// export's 10 s bound and no more.
import { rm } from 'node:fs/promises'
import { createServer as createHttpServer } from 'node:http'
import { createServer as createTcpServer } from 'node:net'
import { join } from 'node:path'
import { interleave, medianOf, requireExit, timeProcess } from './measure.mjs'

// The CLI's warning when an export fails (src/core/export/otlp.ts words it).
const EXPORT_WARNING = 'could not export the run to OpenTelemetry'

/** Listens on a free port of 127.0.0.1; resolves to the port. */
async function listen(server) {
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return server.address().port
}

/** Closes a server and every connection it still holds. */
async function shut(server, sockets) {
  for (const socket of sockets) socket.destroy()
  await new Promise(resolve => server.close(() => resolve()))
}

/** A collector that answers every request with 200 and `{}`; counts the requests. */
async function healthyCollector() {
  const sockets = new Set()
  const collector = { requests: 0 }
  const server = createHttpServer((request, response) => {
    request.resume()
    request.on('end', () => {
      collector.requests += 1
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{}')
    })
  })
  server.on('connection', socket => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  collector.port = await listen(server)
  collector.close = () => shut(server, sockets)
  return collector
}

/** A collector that takes every connection, reads what it is sent and never answers. */
async function hangingCollector() {
  const sockets = new Set()
  const server = createTcpServer(socket => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {}) // the client gives up and resets: expected
    socket.resume()
  })
  const port = await listen(server)
  return { port, close: () => shut(server, sockets) }
}

/** A port nothing listens on: bound once to take it from the kernel, then closed. */
async function refusedPort() {
  const server = createTcpServer()
  const port = await listen(server)
  await shut(server, [])
  return port
}

/**
 * Median wall ms of `reverify run --command true --expect-exit 0` (a fresh --state-dir every
 * time, in the scratch repository) with no OTLP endpoint, with a healthy local collector and
 * with a port that refuses the connection, interleaved over `rounds`; then with a collector
 * that takes the connection and never answers (it costs the 10 s bound a round), interleaved
 * with no endpoint over `hangingRounds`. Each run is checked: exit 0; a warning about the
 * export exactly when the collector is down (ECONNREFUSED for the refused port); one request
 * to the healthy collector per run.
 * Resolves to { noneMs, healthyMs, refusedMs, hangingMs, rounds, hangingRounds }.
 */
export async function benchOtlpCollectorDown({ cli, scratch, rounds, hangingRounds, progress }) {
  const healthy = await healthyCollector()
  const hanging = await hangingCollector()
  const refused = await refusedPort()
  let serial = 0
  // The endpoint variables of the bench's own environment must not reach any variant.
  const endpoint = url => ({
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url,
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    OTEL_SDK_DISABLED: ''
  })
  const variant = (key, url, check) => ({
    key,
    run: async () => {
      const stateDir = join(scratch, `otlp-state-${serial++}`)
      const argv = [cli, 'run', '--command', 'true', '--expect-exit', '0', '--max-retries', '0', '--state-dir', stateDir]
      const before = healthy.requests
      try {
        const what = `reverify run --command true (collector: ${key})`
        const sample = requireExit(await timeProcess(argv, { cwd: scratch, env: endpoint(url) }), 0, what)
        const problem = check(sample.stderr, healthy.requests - before)
        if (problem) throw new Error(`${what}: ${problem}:\n${sample.stderr.trim()}`)
        return sample
      } finally {
        await rm(stateDir, { recursive: true, force: true })
      }
    }
  })
  const quiet = stderr => (stderr.includes(EXPORT_WARNING) ? 'warned about the export' : '')
  const sent = (stderr, requests) =>
    stderr.includes(EXPORT_WARNING) ? 'warned about the export' : requests !== 1 ? `made ${requests} requests, expected 1` : ''
  // The port must have refused: whether that failed fast is the figure's to say, not the check's.
  const refusedIt = stderr => (stderr.includes(EXPORT_WARNING) && stderr.includes('ECONNREFUSED') ? '' : 'no ECONNREFUSED warning')
  const timedOut = stderr => (stderr.includes(EXPORT_WARNING) ? '' : 'no warning about the export')
  try {
    const none = variant('none', '', quiet)
    const samples = await interleave(
      [
        none,
        variant('healthy', `http://127.0.0.1:${healthy.port}/v1/traces`, sent),
        variant('refused', `http://127.0.0.1:${refused}/v1/traces`, refusedIt)
      ],
      rounds,
      progress
    )
    const slow = await interleave([none, variant('hanging', `http://127.0.0.1:${hanging.port}/v1/traces`, timedOut)], hangingRounds)
    return {
      noneMs: medianOf(samples.get('none'), 'wallMs'),
      healthyMs: medianOf(samples.get('healthy'), 'wallMs'),
      refusedMs: medianOf(samples.get('refused'), 'wallMs'),
      hangingMs: medianOf(slow.get('hanging'), 'wallMs'),
      rounds,
      hangingRounds
    }
  } finally {
    await healthy.close()
    await hanging.close()
  }
}
