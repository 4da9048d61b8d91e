/**
 * The built CLI exports over OTLP/HTTP (docs/design.md §2 "Exports", §10): the exporter
 * is a chunk of dist/ (CommonJS, §9 "Start-up") loaded only when an endpoint
 * is set, and a process whose endpoint never answers still exits within the 10 s bound with
 * its own exit code.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT, scratchRepo, spawnCli } from '../helpers/cli.js'
import { decodeTraces, startReceiver, type Receiver } from '../helpers/otlp-receiver.js'

let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

test("dist/ holds each bundle's exporter chunk under its own name, beside the bundles", () => {
  const files = readdirSync(join(REPO_ROOT, 'dist'))
  expect(files.filter(file => /^\d+\.cli\.cjs$/.test(file)).length).toBeGreaterThan(0)
  expect(files.filter(file => /^\d+\.index\.cjs$/.test(file)).length).toBeGreaterThan(0)
})

test('the built CLI sends one trace of a failing run, exit code unchanged', async () => {
  receiver = await startReceiver()
  const dir = await scratchRepo('reverify-otlp-bundle-')
  const result = await spawnCli(['run', '--command', 'exit 4', '--expect-exit', '0', '--max-retries', '1'], dir, {
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint }
  })
  expect(result.code).toBe(1)
  expect(result.stderr).not.toContain('OpenTelemetry')
  expect(receiver.requests).toHaveLength(1)
  const [{ spans }] = decodeTraces(receiver.requests[0]!.body) as [ReturnType<typeof decodeTraces>[number]]
  const run = spans.find(span => span.parentSpanId === undefined)!
  expect(run.attributes['cicd.pipeline.result']).toBe('failure')
  expect(spans.filter(span => span.parentSpanId === run.spanId).map(span => span.attributes['process.exit.code'])).toEqual([4, 4])
}, 30_000)

// The receiver never answers, so only the export's deadline ends the CLI: without it the test
// runs into its own timeout. The time taken is not asserted (a busy machine stretches it).
test('an endpoint that never answers: the built CLI warns once and exits 0 on its own', async () => {
  receiver = await startReceiver('hang')
  const dir = await scratchRepo('reverify-otlp-bundle-hang-')
  const result = await spawnCli(['run', '--command', 'true', '--expect-exit', '0'], dir, {
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint }
  })
  expect(result.code).toBe(0)
  expect(result.stderr.split('\n').filter(line => line.includes('warning'))).toEqual([
    expect.stringContaining(`could not export the run to OpenTelemetry at ${receiver.endpoint}`)
  ])
}, 60_000)
