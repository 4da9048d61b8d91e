/**
 * OpenTelemetry export of CLI runs (docs/design.md §2 "Exports"), received by a small OTLP/HTTP server
 * on 127.0.0.1 that decodes the bytes it gets: one trace per run (a run span, a child per
 * attempt, a child per flaky or failed test) with the CI/CD conventions' and reverify's
 * attributes; `reverify export` sends the same ids again; nothing secret is in the bytes;
 * an endpoint that refuses, hangs or fails is one warning and changes nothing else.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, scratchRepo } from '../helpers/cli.js'
import { decodeTraces, refusingEndpoint, startReceiver, type Receiver } from '../helpers/otlp-receiver.js'
import { onlyReceipt, tinyRunner } from '../helpers/rerun-suite.js'

let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

/** The runner script in a scratch repository. */
async function runnerRepo(): Promise<string> {
  const dir = await scratchRepo('reverify-otlp-')
  writeFileSync(join(dir, 'runner.sh'), tinyRunner())
  return dir
}

test('a flaky run is one trace: the run span, a child per attempt and one for the flaky test, with their attributes', async () => {
  receiver = await startReceiver()
  const dir = await runnerRepo()
  const env = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_SERVICE_NAME: 'checkout-ci',
    OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=ci,team=payments'
  }
  const args = ['run', '--name', 'Unit tests', '--command', 'bash runner.sh', '--expect-exit', '0', '--test-results', 'results.xml']
  const result = await runCli([...args, '--max-retries', '1'], dir, env)
  expect(result.code).toBe(0)
  expect(result.stderr).not.toContain('warning')
  const receipt = onlyReceipt(dir)
  expect(receiver.requests).toHaveLength(1)
  const [request] = receiver.requests
  expect(request).toMatchObject({ method: 'POST', path: '/v1/traces' })
  expect(request!.headers['content-type']).toContain('application/json')
  const [{ resource, spans }] = decodeTraces(request!.body) as [ReturnType<typeof decodeTraces>[number]]
  expect(resource).toMatchObject({ 'service.name': 'checkout-ci', 'deployment.environment.name': 'ci', team: 'payments' })
  expect(new Set(spans.map(span => span.traceId)).size).toBe(1)
  const run = spans.find(span => span.parentSpanId === undefined)!
  expect(spans.filter(span => span.parentSpanId === undefined)).toHaveLength(1)
  expect(run.name).toBe('verify Unit tests')
  expect(run.attributes).toMatchObject({
    'cicd.pipeline.task.name': 'Unit tests',
    'cicd.pipeline.task.run.id': receipt.run_id,
    'cicd.pipeline.result': 'success',
    'reverify.receipt.id': receipt.run_id,
    'reverify.flaky': true,
    'reverify.attempts': 2,
    'reverify.capture.state': 'not-needed',
    'reverify.tests.flaky': ['s › b']
  })
  const children = spans.filter(span => span.parentSpanId === run.spanId)
  expect(children).toHaveLength(spans.length - 1)
  expect(children.map(span => span.name).sort()).toEqual(['attempt 1', 'attempt 2', 'test s › b'])
  const first = children.find(span => span.name === 'attempt 1')!
  expect(first.attributes).toMatchObject({
    'reverify.attempt': 1,
    'process.exit.code': 1,
    'reverify.attempt.timed_out': false,
    'cicd.pipeline.task.run.result': 'failure'
  })
  expect(first.status).toBe(2)
  expect(children.find(span => span.name === 'attempt 2')!.attributes).toMatchObject({
    'process.exit.code': 0,
    'cicd.pipeline.task.run.result': 'success'
  })
  expect(children.find(span => span.name === 'test s › b')!.attributes).toMatchObject({
    'test.case.name': 's › b',
    'test.case.result.status': 'pass',
    'reverify.test.flaky': true,
    'reverify.test.retries': 1
  })
  for (const span of spans) expect(span.endNs >= span.startNs).toBe(true)

  // Sent again from the store: the same trace, the same span ids.
  const again = await runCli(['export', 'latest'], dir, env)
  expect(again.code).toBe(0)
  expect(receiver.requests).toHaveLength(2)
  const [{ spans: resent }] = decodeTraces(receiver.requests[1]!.body) as [ReturnType<typeof decodeTraces>[number]]
  const ids = (list: typeof spans) => list.map(span => `${span.traceId}/${span.spanId}/${span.parentSpanId ?? ''}/${span.name}`).sort()
  expect(ids(resent)).toEqual(ids(spans))
}, 60_000)

test('a failing run: cicd.pipeline.result failure, a span for the failed test, uncaptured', async () => {
  receiver = await startReceiver()
  const dir = await runnerRepo()
  writeFileSync(join(dir, 'b-ran'), '')
  writeFileSync(join(dir, 'runner.sh'), tinyRunner().replace('[ ! -f b-ran ]', 'true'))
  const env = { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.endpoint}/custom/path` }
  const result = await runCli(
    ['run', '--command', 'bash runner.sh', '--expect-exit', '0', '--test-results', 'results.xml', '--max-retries', '0'],
    dir,
    env
  )
  expect(result.code).toBe(1)
  expect(receiver.requests.map(request => request.path)).toEqual(['/custom/path'])
  const [{ spans }] = decodeTraces(receiver.requests[0]!.body) as [ReturnType<typeof decodeTraces>[number]]
  const run = spans.find(span => span.parentSpanId === undefined)!
  expect(run.attributes).toMatchObject({
    'cicd.pipeline.result': 'failure',
    'reverify.capture.state': 'uncaptured',
    'reverify.status': 'failed'
  })
  expect(run.status).toBe(2)
  const test = spans.find(span => span.name === 'test s › b')!
  expect(test.parentSpanId).toBe(run.spanId)
  expect(test.attributes).toMatchObject({
    'test.case.result.status': 'fail',
    'reverify.test.flaky': false,
    'reverify.test.message': 'boom'
  })
}, 60_000)

test('secrets in the output, in a test name and in a header never reach the receiver', async () => {
  receiver = await startReceiver()
  const dir = await scratchRepo('reverify-otlp-secrets-')
  const [outputSecret, nameSecret, headerSecret] = ['out-secret-4f1a9c', 'name-secret-77b2e0', 'hdr-secret-93c1d5']
  writeFileSync(
    join(dir, 'runner.sh'),
    [
      `echo "token ${outputSecret} and ${headerSecret}"`,
      `printf '<testsuites><testsuite name="s"><testcase classname="s" name="uses ${nameSecret}"><failure message="saw ${outputSecret}">${headerSecret}</failure></testcase></testsuite></testsuites>' > results.xml`,
      'exit 1',
      ''
    ].join('\n')
  )
  const env = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer%20${headerSecret},x-team=payments`
  }
  const redact = `${outputSecret}\n${nameSecret}`
  const command = `bash runner.sh # ${headerSecret}`
  const result = await runCli(
    ['run', '--command', command, '--expect-exit', '0', '--test-results', 'results.xml', '--max-retries', '1', '--redact', redact],
    dir,
    env
  )
  expect(result.code).toBe(1)
  expect(receiver.requests).toHaveLength(1)
  const [request] = receiver.requests
  // The header went as a header, and nowhere else.
  expect(request!.headers.authorization).toBe(`Bearer ${headerSecret}`)
  const bytes = request!.body.toString('utf8')
  for (const secret of [outputSecret, nameSecret, headerSecret]) expect(bytes).not.toContain(secret)
  const [{ spans }] = decodeTraces(request!.body) as [ReturnType<typeof decodeTraces>[number]]
  expect(spans.some(span => String(span.attributes['test.case.name']).startsWith('s › uses [redacted'))).toBe(true)
}, 60_000)

describe.each([
  ['refuses the connection', 'refuse'],
  ['answers 500', 'error'],
  ['never answers', 'hang']
] as const)('an endpoint that %s', (_, mode) => {
  test('is one warning; the verdict, receipt and exit code are unchanged, the export ended at its 10 s bound', async () => {
    let endpoint: string
    if (mode === 'refuse') endpoint = await refusingEndpoint()
    else {
      receiver = await startReceiver(mode)
      endpoint = receiver.endpoint
    }
    const dir = await scratchRepo('reverify-otlp-fail-')
    // No time is asserted (docs/design.md §9, "Tests on a busy machine"): an export that
    // waited for the hanging endpoint would not end before the test's timeout, and the
    // warning names the 10 s bound it ended at.
    const result = await runCli(['run', '--command', 'true', '--expect-exit', '0'], dir, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })
    expect(result.code).toBe(0)
    const warnings = result.stderr.split('\n').filter(line => line.includes('warning'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(`could not export the run to OpenTelemetry at ${endpoint}`)
    expect(onlyReceipt(dir)).toMatchObject({ status: 'passed', flaky: false })
    if (mode === 'hang') expect(warnings[0]).toMatch(/timed out|no answer within 10 s/)
  }, 30_000)
})

test('reverify export without an endpoint, or with a bad one, is a usage error; a bad endpoint on a run is one warning', async () => {
  const dir = await scratchRepo('reverify-otlp-usage-')
  const bad = { OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' }
  const run = await runCli(['run', '--command', 'true', '--expect-exit', '0'], dir, bad)
  expect(run.code).toBe(0)
  expect(run.stderr.split('\n').filter(line => line.includes('warning'))).toEqual([
    expect.stringContaining('OpenTelemetry export: OTEL_EXPORTER_OTLP_ENDPOINT is not an http:// or https:// URL; nothing was exported')
  ])
  const none = await runCli(['export', 'latest'], dir)
  expect(none.code).toBe(2)
  expect(none.stderr).toBe(
    'reverify: export: no endpoint: set OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) to the collector\n'
  )
  expect((await runCli(['export', 'latest'], dir, bad)).code).toBe(2)
  expect((await runCli(['export'], dir)).stderr).toContain('export: give exactly one run id (or latest)')
})
