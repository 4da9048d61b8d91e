/**
 * The OTLP headers are credentials (docs/design.md §1 `redact`, SECURITY.md): an API key in
 * OTEL_EXPORTER_OTLP_HEADERS (and a bearer token in OTEL_EXPORTER_OTLP_TRACES_HEADERS) that
 * the command prints reaches neither reverify's console lines, the log, the trace,
 * meta.json, the receipt, report.html nor the exported spans (the built CLI, with a real
 * receiver); nor the trace artifact of the bundled action, which has the runner mask them in
 * the live log. The command's own live output goes to the console unchanged, as SECURITY.md
 * says of every secret.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { leaksIn, leaksUnder, regularFiles } from '../helpers/fuzz.js'
import { startReceiver, type Receiver } from '../helpers/otlp-receiver.js'
import { readZip, ResultsService } from '../helpers/results-service.js'
import { FakeRunner } from '../helpers/runner.js'
import { sessionDirs } from '../helpers/trace.js'

// Assembled at run time, so that no credential-looking literal sits in the source.
const API_KEY = ['hcaik', '01j9x7q2', 'w8Zp4RtYv3Lm'].join('_')
const BEARER = ['tok', 'Qm5Xv8', 'Lp2Wz9Ks'].join('-')

let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

test('a header value the command prints is redacted everywhere a run writes or sends it', async () => {
  receiver = await startReceiver()
  const repo = await scratchRepo('reverify-otlp-headers-')
  const env = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_HEADERS: `x-api-key=${API_KEY}`,
    OTEL_EXPORTER_OTLP_TRACES_HEADERS: `authorization=Bearer%20${BEARER}`
  }
  const command = [
    'echo "headers: $OTEL_EXPORTER_OTLP_HEADERS"',
    `echo "key: \${OTEL_EXPORTER_OTLP_HEADERS#x-api-key=}"`,
    `echo "token: \${OTEL_EXPORTER_OTLP_TRACES_HEADERS#authorization=Bearer%20}" >&2`,
    'exit 3'
  ].join('\n')
  const result = await spawnCli(['run', '--command', command, '--expect-exit', '0', '--max-retries', '1'], repo, { env })
  expect(result.code).toBe(1)

  const stateDir = join(repo, '.reverify')
  const [session] = sessionDirs(stateDir)
  const files = regularFiles(stateDir).map(path => path.slice(stateDir.length + 1))
  for (const kind of [/trace\.jsonl$/, /meta\.json$/, /attempt-1\.log$/, /attempt-2\.log$/, /report\.html$/, /receipt\.json$/]) {
    expect(files.some(file => kind.test(file))).toBe(true)
  }
  expect(leaksUnder(stateDir, [API_KEY, BEARER])).toEqual([])
  const log = readFileSync(join(session!, 'attempt-1.log'), 'utf8')
  expect(log).toContain('headers: x-api-key=[redacted:env:OTEL_EXPORTER_OTLP_HEADERS]\n')
  expect(log).toContain('key: [redacted:env:OTEL_EXPORTER_OTLP_HEADERS]\n')
  expect(log).toContain('token: [redacted:env:OTEL_EXPORTER_OTLP_TRACES_HEADERS]\n')

  // The console: reverify's own lines (the summary, the retry note), apart from the command's live output.
  const own = [...result.stdout.split('\n'), ...result.stderr.split('\n')].filter(line => !/^(headers|key|token): /.test(line))
  expect(own.join('\n')).toContain('outcome: failure')
  expect(own.filter(line => line.includes(API_KEY) || line.includes(BEARER))).toEqual([])

  // The export still carries the credentials as headers, and only there.
  expect(receiver.requests).toHaveLength(1)
  const [request] = receiver.requests
  expect(request!.headers['x-api-key']).toBe(API_KEY)
  expect(request!.headers.authorization).toBe(`Bearer ${BEARER}`)
  expect(request!.body.toString('utf8')).not.toContain(API_KEY)
  expect(request!.body.toString('utf8')).not.toContain(BEARER)
}, 30_000)

test('the bundled action: masked in the live log, redacted in the trace artifact', async () => {
  const service = await ResultsService.start()
  try {
    const runner = new FakeRunner(service, 'octo/otlp-headers')
    const step = await runner.main(
      { command: 'echo "key: ${OTEL_EXPORTER_OTLP_HEADERS#x-api-key=}"', 'expect-exit': '0', 'max-retries': '0' },
      { env: { OTEL_EXPORTER_OTLP_HEADERS: `x-api-key=${API_KEY}` } }
    )
    expect(step.code).toBe(0)
    expect(step.stdout.split('\n')).toContain(`::add-mask::${API_KEY}`)
    const artifact = service.artifacts().find(item => item.name === `reverify-trace-${step.outputs['run-id']}`)
    const files = new Map(readZip(artifact!.data).map(entry => [entry.name, entry.data] as const))
    expect([...files.keys()].some(name => name.endsWith('attempt-1.log'))).toBe(true)
    expect(leaksIn(files, [API_KEY])).toEqual([])
    expect(leaksIn(new Map([['summary', step.summary]]), [API_KEY])).toEqual([])
  } finally {
    await service.stop()
  }
}, 60_000)
