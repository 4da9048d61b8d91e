/**
 * A leg's trace artifact that unpacks far past its listed size (docs/design.md §5 "One
 * summary for a matrix"), through the bundled report entry point (dist/report.js), the real
 * artifact client and the local results service. Four legs of one run: two ordinary, one
 * whose trace.jsonl is 64 MiB of spaces (a zip of well under a megabyte, uploaded by the real
 * client), one whose log is 64 MiB of the same. The report runs with RUNNER_TEMP on a 32 MiB
 * tmpfs, so a report that wrote what the bomb unpacks to would fill it: instead the bomb leg
 * is one warning naming the leg and the cap, the log bomb is never unpacked, and the other
 * three legs are reported.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from '../helpers/cli.js'
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'
import { mountTmpfs, type Tmpfs } from '../helpers/tmpfs.js'

const RUN_ID = '515151'
const BOMB_BYTES = 64 * 1024 * 1024

let service: ResultsService
let disk: Tmpfs | undefined
let legs: StepResult[]
let bombName: string
let report: StepResult

/** Uploads `files` of `dir` as artifact `name` with @actions/artifact, in a process of its own, as a job of the run would. */
function uploadWithRealClient(runner: FakeRunner, name: string, dir: string, files: string[]): Promise<void> {
  const script =
    "import { DefaultArtifactClient } from '@actions/artifact';" +
    'const [name, dir, ...files] = process.argv.slice(1);' +
    'await new DefaultArtifactClient().uploadArtifact(name, files, dir);'
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, name, dir, ...files.map(file => join(dir, file))], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...service.env({ jobBackendId: runner.jobBackendId }) },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stderr = ''
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('close', code => (code === 0 ? resolve() : reject(new Error(`upload exited ${code}: ${stderr}`))))
  })
}

const leg = (name: string, extra: Record<string, string> = {}) => ({ name, command: 'echo ok', 'expect-exit': '0', ...extra })

beforeAll(async () => {
  disk = mountTmpfs(32 * 1024)
  service = await ResultsService.start()
  const runners = ['a', 'b', 'c', 'd'].map(job => new FakeRunner(service, 'octo/widgets', `test-${job}`, RUN_ID))
  legs = await Promise.all([
    runners[0]!.main(leg('leg one')),
    runners[1]!.main(leg('leg two')),
    runners[2]!.main(leg('leg with a bomb for a trace', { 'upload-trace': 'never' })),
    runners[3]!.main(leg('leg with a bomb for a log', { 'upload-trace': 'never' }))
  ])
  // The receipt goes into the session folder as the action's own upload puts it there.
  const withReceipt = (index: number): string => {
    const step = legs[index]!
    const sessionDir = step.outputs['trace-dir']!
    const receipt = join(runners[index]!.stateDir, 'runs', step.outputs['run-id']!, 'receipt.json')
    writeFileSync(join(sessionDir, 'receipt.json'), readFileSync(receipt))
    return sessionDir
  }
  const bombDir = withReceipt(2)
  writeFileSync(join(bombDir, 'trace.jsonl'), Buffer.alloc(BOMB_BYTES, 0x20))
  bombName = `reverify-trace-${legs[2]!.outputs['run-id']}`
  await uploadWithRealClient(runners[2]!, bombName, bombDir, ['receipt.json', 'trace.jsonl', 'meta.json'])
  const logBombDir = withReceipt(3)
  writeFileSync(join(logBombDir, 'attempt-1.log'), Buffer.alloc(BOMB_BYTES, 0x20))
  await uploadWithRealClient(runners[3]!, `reverify-trace-${legs[3]!.outputs['run-id']}`, logBombDir, [
    'receipt.json',
    'trace.jsonl',
    'meta.json',
    'attempt-1.log'
  ])
  const temp = disk?.dir ?? runners[0]!.runnerTemp
  report = await new FakeRunner(service, 'octo/widgets', 'report', RUN_ID).report({}, { env: { RUNNER_TEMP: temp } })
}, 180_000)

afterAll(async () => {
  await service?.stop()
  disk?.unmount()
})

test("every leg's artifact, the bombs included, is under a megabyte as listed: the listed-size cap lets them all through", () => {
  const traces = service.artifacts().filter(artifact => artifact.name.startsWith('reverify-trace-'))
  expect(traces).toHaveLength(4)
  for (const trace of traces) expect(trace.size).toBeLessThan(1024 * 1024)
})

test('the bomb leg is one warning naming the leg and the cap; the step passes', () => {
  expect(report.code).toBe(0)
  const warnings = report.annotations.filter(annotation => annotation.level === 'warning').map(annotation => annotation.message)
  expect(warnings).toEqual([
    `reverify: ${bombName}: its trace.jsonl unpacks to more than 16 MiB, the most the report reads of it; stopped, and its files removed`
  ])
  expect(report.summary).toContain(`${bombName}: its trace.jsonl unpacks to more than 16 MiB`)
  // Nothing of the legs is left on the report's disk once it is done; what stays is the job's
  // code cache (docs/design.md §9 "Start-up").
  if (disk !== undefined) expect(readdirSync(disk.dir).filter(name => name !== 'reverify-compile-cache')).toEqual([])
})

// Had the report written what the bombs unpack to (128 MiB) on its 32 MiB disk, both legs
// would be download errors (no space left) instead of the lines above and below.
test('the other three legs are reported, the log bomb among them', () => {
  expect(report.outputs).toMatchObject({ legs: '3', 'failed-legs': '0' })
  for (const name of ['leg one', 'leg two', 'leg with a bomb for a log']) expect(report.summary).toContain(name)
})
