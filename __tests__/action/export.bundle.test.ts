/**
 * Export through the bundled action (dist/index.js) against the local results service
 * (docs/design.md §2 "Exports"): with OTEL_EXPORTER_OTLP_ENDPOINT in the step's env, the run reaches a
 * receiver on 127.0.0.1 as one trace carrying the workflow's CI/CD and VCS facts, and the
 * trace artifact holds ctrf.json, valid against the CTRF schema, with the flaky test in it.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ctrfSchemaErrors } from '../helpers/ctrf-schema.js'
import { junitReport } from '../helpers/junit.js'
import { decodeTraces, startReceiver } from '../helpers/otlp-receiver.js'
import { readZip, ResultsService } from '../helpers/results-service.js'
import { FakeRunner } from '../helpers/runner.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

/** Fails "api returns the user" on its first attempt, passes it on the second. */
const FLAKY_TESTS =
  'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; mkdir -p reports; ' +
  'if [ $n -eq 1 ]; then cp fixtures/fail.xml reports/junit.xml; exit 1; fi; cp fixtures/pass.xml reports/junit.xml'

test('a flaky run of the action: one trace with the CI/CD attributes, and ctrf.json in the trace artifact', async () => {
  const service = await started
  const receiver = await startReceiver()
  try {
    const runner = new FakeRunner(service, 'octo/exported')
    mkdirSync(join(runner.workspace, 'fixtures'))
    writeFileSync(
      join(runner.workspace, 'fixtures/fail.xml'),
      junitReport({ 'api returns the user': 'failed', 'api lists users': 'passed' })
    )
    writeFileSync(
      join(runner.workspace, 'fixtures/pass.xml'),
      junitReport({ 'api returns the user': 'passed', 'api lists users': 'passed' })
    )
    const inputs = { command: FLAKY_TESTS, 'expect-exit': '0', 'max-retries': '2', 'test-results': 'reports/*.xml', name: 'Unit tests' }
    const step = await runner.main(inputs, { env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint } })
    expect(step.code).toBe(0)
    expect(step.outputs.flaky).toBe('true')
    const runId = step.outputs['run-id']!

    expect(receiver.requests).toHaveLength(1)
    const [{ spans }] = decodeTraces(receiver.requests[0]!.body) as [ReturnType<typeof decodeTraces>[number]]
    const run = spans.find(span => span.parentSpanId === undefined)!
    expect(run.attributes).toMatchObject({
      'cicd.pipeline.name': 'ci',
      'cicd.pipeline.run.id': runner.runId,
      'cicd.pipeline.task.name': 'Unit tests',
      'cicd.pipeline.task.run.id': runId,
      'cicd.pipeline.result': 'success',
      'vcs.ref.head.revision': 'a'.repeat(40),
      'vcs.ref.head.name': 'main',
      'vcs.ref.head.type': 'branch',
      'vcs.owner.name': 'octo',
      'vcs.repository.name': 'exported',
      'reverify.flaky': true,
      'reverify.ci.job': 'verify'
    })
    expect(JSON.stringify(run.attributes)).not.toContain('octocat')
    expect(
      spans
        .filter(span => span.parentSpanId === run.spanId)
        .map(span => span.name)
        .sort()
    ).toEqual(['attempt 1', 'attempt 2', 'test api returns the user'])

    const artifact = service.artifacts().find(item => item.name === `reverify-trace-${runId}`)
    expect(artifact).toBeDefined()
    const ctrf = readZip(artifact!.data).find(entry => entry.name === 'ctrf.json')
    expect(ctrf).toBeDefined()
    const report = JSON.parse(ctrf!.data.toString('utf8'))
    expect(ctrfSchemaErrors(report)).toEqual([])
    expect(report.results.environment).toMatchObject({ buildId: runner.runId, buildName: 'ci', commit: 'a'.repeat(40), branchName: 'main' })
    expect(report.results.tests.find((test: Record<string, unknown>) => test.name === 'api returns the user')).toMatchObject({
      status: 'passed',
      flaky: true,
      retries: 1
    })
  } finally {
    await receiver.close()
  }
}, 60_000)
