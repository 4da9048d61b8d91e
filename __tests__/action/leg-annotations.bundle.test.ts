/**
 * Every annotation of a leg in its trace artifact (docs/design.md §5 "Trace artifact"): the
 * bundled action (dist/index.js) runs against the local results service. A command whose
 * JUnit results fail 30 tests prints the ten error annotations a step may, and its uploaded
 * artifact holds annotations.json with all 30, each on its workspace-relative file and
 * line; a flaky pass's artifact holds a warning per flaky test with its rate. The report's
 * reader (the core's unzip and readLeg) takes them back from the artifact as uploaded.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readLeg, type Leg } from '../../src/core/matrix/leg.js'
import { unzipLeg } from '../../src/core/matrix/leg-unzip.js'
import { parseLegAnnotations, type LegAnnotation } from '../../src/core/matrix/leg-annotations.js'
import { scratchDir } from '../helpers/receipts.js'
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { readZip, ResultsService } from '../helpers/results-service.js'

const PREFIX = 'reverify-trace-'
const FAILED = 30

let service: ResultsService
afterAll(async () => service?.stop())

/** Test i's file and the line its failure's stack names. */
const fileOf = (index: number) => `src/t${String(index).padStart(2, '0')}.test.js`
const lineOf = (index: number) => index + 3

/** A report of suite `suite`: the tests `failing` lists (by shown name) fail, each at its own file and line; the rest pass. */
function junit(names: string[], failing: Set<string>): string {
  const cases = names.map((shown, index) => {
    const name = shown.replace(/^suite › /, '')
    return failing.has(shown)
      ? `<testcase classname="suite" name="${name}" time="0.01"><failure>Error: expected ${index}, got -1\n    at Object.&lt;anonymous&gt; (${fileOf(index)}:${lineOf(index)}:7)</failure></testcase>`
      : `<testcase classname="suite" name="${name}" time="0.01"/>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="suite" tests="${cases.length}">${cases.join('')}</testsuite></testsuites>\n`
}

/** A runner whose workspace holds the test files and the JUnit fixtures. */
function runnerWith(job: string, fixtures: Record<string, string>, tests: number): FakeRunner {
  const runner = new FakeRunner(service, 'octo/widgets', job)
  mkdirSync(join(runner.workspace, 'src'))
  mkdirSync(join(runner.workspace, 'fixtures'))
  for (let index = 0; index < tests; index++) writeFileSync(join(runner.workspace, fileOf(index)), '// a test\n')
  for (const [name, text] of Object.entries(fixtures)) writeFileSync(join(runner.workspace, 'fixtures', name), text)
  return runner
}

/** The artifact the step uploaded: its annotations.json as parsed, and the leg the report's reader makes of it. */
async function uploaded(step: StepResult): Promise<{ annotations: LegAnnotation[] | undefined; leg: Leg }> {
  const name = `${PREFIX}${step.outputs['run-id']}`
  const artifact = service.artifacts().find(found => found.name === name)
  expect(artifact).toBeDefined()
  const file = readZip(artifact!.data).find(entry => entry.name === 'annotations.json')
  expect(file).toBeDefined()
  const scratch = await scratchDir('reverify-leg-annotations-')
  const dir = join(scratch, 'leg')
  await mkdir(dir)
  await writeFile(join(scratch, 'artifact.zip'), artifact!.data)
  expect(await unzipLeg(join(scratch, 'artifact.zip'), dir)).toMatchObject({ ok: true })
  const read = await readLeg(dir, { name, id: artifact!.id }, PREFIX)
  if (!read.ok) throw new Error(read.problem)
  return { annotations: await parseLegAnnotations(file!.data.toString('utf8')), leg: read.leg }
}

const names = Array.from({ length: FAILED + 2 }, (_, index) => `suite › case ${String(index).padStart(2, '0')}`)
let failing: StepResult
let flaky: StepResult

beforeAll(async () => {
  service = await ResultsService.start()
  const all = new Set(names.slice(0, FAILED))
  const failRunner = runnerWith('failing', { 'thirty.xml': junit(names, all) }, names.length)
  const flakyRunner = runnerWith(
    'flaky',
    { 'two.xml': junit(names.slice(0, 3), new Set(names.slice(0, 2))), 'pass.xml': junit(names.slice(0, 3), new Set()) },
    3
  )
  const flakyCommand =
    'n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; mkdir -p reports; ' +
    'if [ $n -eq 1 ]; then cp fixtures/two.xml reports/junit.xml; exit 1; fi; cp fixtures/pass.xml reports/junit.xml'
  const inputs = { 'expect-exit': '0', 'test-results': 'reports/*.xml', 'upload-trace': 'always' }
  ;[failing, flaky] = await Promise.all([
    failRunner.main({
      ...inputs,
      name: 'unit',
      command: 'mkdir -p reports; cp fixtures/thirty.xml reports/junit.xml; exit 1',
      'max-retries': '0'
    }),
    flakyRunner.main({ ...inputs, name: 'unit', command: flakyCommand, 'max-retries': '2' })
  ])
}, 240_000)

test('30 failed tests: the step prints 10 error annotations; the artifact holds all 30, each on its file and line', async () => {
  expect(failing.outputs.outcome).toBe('failure')
  expect(failing.annotations.filter(annotation => annotation.level === 'error')).toHaveLength(10)

  const { annotations, leg } = await uploaded(failing)
  expect(annotations).toHaveLength(FAILED)
  expect(annotations!.map(annotation => [annotation.level, annotation.test?.flag, annotation.file, annotation.line])).toEqual(
    names.slice(0, FAILED).map((_, index) => ['error', 'failed', fileOf(index), lineOf(index)])
  )
  expect(annotations!.map(annotation => annotation.test?.name)).toEqual(names.slice(0, FAILED))
  // Titles and bodies are the printed ones: the first ten are exactly what the step printed.
  const printed = failing.annotations.filter(annotation => annotation.level === 'error')
  expect(annotations!.slice(0, 10).map(annotation => [annotation.title, annotation.message])).toEqual(
    printed.map(annotation => [annotation.title, annotation.message])
  )
  expect(annotations![29]!.title).toBe(`unit: ${names[29]} failed (1/1 attempts)`)
  expect(annotations![29]!.message).toContain('Error: expected 29, got -1')
  // The report's reader takes them back from the artifact as uploaded.
  expect(leg.annotations).toEqual(annotations)
})

test("a flaky pass: the artifact holds a warning per flaky test, with the test's rate", async () => {
  expect(flaky.outputs).toMatchObject({ outcome: 'success', flaky: 'true' })
  // Printed: one warning for the flaky pass, naming both tests.
  expect(flaky.annotations).toEqual([expect.objectContaining({ level: 'warning', title: 'unit: flaky — passed on attempt 2/3' })])

  const { annotations, leg } = await uploaded(flaky)
  expect(annotations).toEqual(
    [0, 1].map(index => ({
      level: 'warning',
      title: `unit: flaky — ${names[index]} failed in attempt 1, passed in a later attempt`,
      message: expect.stringContaining(`Error: expected ${index}, got -1`),
      file: fileOf(index),
      line: lineOf(index),
      test: {
        name: names[index],
        flag: 'flaky',
        rate: { runs: 1, flaked: 1, failed: 0, firstSeen: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) }
      }
    }))
  )
  expect(leg.annotations).toEqual(annotations)
})
