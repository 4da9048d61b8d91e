/**
 * What failed, wherever it is in the output, through the bundled action (dist/index.js)
 * against the local results service (docs/design.md §5 "Excerpt"): a jest block after 40
 * passing files and one in the middle of a 100,000-line log reach the error annotation (on
 * its file, line and column) and the job summary; real jest with jest-junit keeps the
 * failure's Expected/Received and column; real vitest, whose results give no line, gets a
 * file-level annotation.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from '../helpers/cli.js'
import { FakeRunner, type StepResult } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

const TEST_FILE = 'const status = () => 500\n\ntest("returns the user", () => {\n  // the assertion\n  expect(status()).toBe(200)\n})\n'

/** A runner whose workspace holds src/api.test.js (the file the failures name) and `files`. */
async function newRunner(name: string, files: Record<string, string> = {}): Promise<FakeRunner> {
  const runner = new FakeRunner(await started, `octo/${name}`)
  mkdirSync(join(runner.workspace, 'src'))
  writeFileSync(join(runner.workspace, 'src/api.test.js'), TEST_FILE)
  for (const [path, text] of Object.entries(files)) writeFileSync(join(runner.workspace, path), text)
  return runner
}

const errors = (step: StepResult) => step.annotations.filter(annotation => annotation.level === 'error')

/** jest's report of the failure: assertion, expected and received, code frame, stack. */
const JEST_BLOCK = [
  '  ● api › returns the user',
  '',
  '    expect(received).toBe(expected) // Object.is equality',
  '',
  '    Expected: 200',
  '    Received: 500',
  '',
  '      4 |   // the assertion',
  '    > 5 |   expect(status()).toBe(200)',
  '        |                    ^',
  '',
  '      at Object.toBe (node_modules/expect/build/index.js:10:5)',
  '      at Object.<anonymous> (src/api.test.js:5:22)',
  '      at Promise.then.completed (node_modules/jest-circus/build/utils.js:298:28)',
  ''
]

/** A program printing `lines` and exiting 1, written as gen.cjs. */
function printer(lines: string[]): string {
  return `process.stdout.write(${JSON.stringify(`${lines.join('\n')}\n`)}, () => process.exit(1))\n`
}

/** The annotation and the summary both show the assertion, Expected/Received and the place. */
function expectFailureShown(step: StepResult): void {
  expect(step.code).toBe(1)
  expect(errors(step)).toEqual([
    expect.objectContaining({
      title: 'Unit tests: api › returns the user failed (1/1 attempts)',
      file: 'src/api.test.js',
      line: 5,
      col: 22
    })
  ])
  const [error] = errors(step)
  for (const shown of [error!.message, step.summary]) {
    expect(shown).toContain('expect(received).toBe(expected) // Object.is equality')
    expect(shown).toContain('    Expected: 200\n    Received: 500\n      at Object.<anonymous> (src/api.test.js:5:22)')
  }
}

const INPUTS = { command: 'node gen.cjs', 'expect-exit': '0', 'max-retries': '0', name: 'Unit tests' }

test.concurrent('a jest block after 40 PASS lines: the annotation and the summary show the assertion and its place', async () => {
  const output = [
    'FAIL src/api.test.js',
    ...Array.from({ length: 40 }, (_, index) => `PASS src/m${index}.test.js`),
    ...JEST_BLOCK,
    ...Array.from({ length: 30 }, (_, index) => `PASS src/n${index}.test.js`),
    'Test Suites: 1 failed, 70 passed, 71 total',
    'Tests:       1 failed, 70 passed, 71 total'
  ]
  const runner = await newRunner('jest-after-pass', { 'gen.cjs': printer(output) })
  expectFailureShown(await runner.main(INPUTS))
})

test.concurrent('a 100,000-line log with one failing block in the middle: the annotation and the summary show it', async () => {
  const noise = (from: number) => Array.from({ length: 50_000 }, (_, index) => `[build] step ${from + index} done in 3 ms`)
  const output = [...noise(0), ...JEST_BLOCK, 'Tests:       1 failed, 70 passed, 71 total', ...noise(50_000)]
  const runner = await newRunner('long-log', { 'gen.cjs': printer(output) })
  expectFailureShown(await runner.main(INPUTS))
})

/** A project in the runner's workspace using this repository's node_modules. */
function linkModules(runner: FakeRunner): void {
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(runner.workspace, 'node_modules'))
}

test.concurrent('real jest with jest-junit: the annotation keeps Expected/Received and lands on the line and column', async () => {
  const runner = await newRunner('jest-junit', {
    'package.json': '{ "private": true }\n',
    'jest.config.js': `module.exports = { testMatch: ['**/src/**/*.test.js'], reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml' }]] }\n`
  })
  linkModules(runner)
  const step = await runner.main({ ...INPUTS, command: 'npx jest --ci', 'test-results': 'reports/junit.xml' })
  expect(step.code).toBe(1)
  expect(errors(step)).toEqual([
    expect.objectContaining({ title: 'Unit tests: returns the user failed (1/1 attempts)', file: 'src/api.test.js', line: 5, col: 20 })
  ])
  const { message } = errors(step)[0]!
  expect(message).toMatch(/^Error: expect\(received\)\.toBe\(expected\) \/\/ Object\.is equality\nExpected: 200\nReceived: 500\n/)
  expect(message).toMatch(/at Object\.(?:<anonymous>|toBe) \(.*src\/api\.test\.js:5:20\)/)
  expect(message).not.toContain('\x1b')
})

test.concurrent('real vitest: a failure whose text names no place is annotated on its file alone, never on line 1', async () => {
  const runner = await newRunner('vitest-file', {
    'package.json': '{ "private": true, "type": "module" }\n',
    'vitest.config.js': `export default { test: { include: ['src/**/*.test.js'], globals: true, reporters: ['default', 'junit'], outputFile: { junit: 'reports/junit.xml' } } }\n`
  })
  // A thrown string: vitest's results carry no stack and no line for it, only the file.
  writeFileSync(join(runner.workspace, 'src/api.test.js'), `${TEST_FILE}\ntest("loads the config", () => {\n  throw 'no config'\n})\n`)
  linkModules(runner)
  const step = await runner.main({ ...INPUTS, command: 'npx vitest run', 'test-results': 'reports/junit.xml' })
  expect(step.code).toBe(1)
  const [located, fileOnly] = errors(step)
  expect(fileOnly).toMatchObject({ title: 'Unit tests: src/api.test.js › loads the config failed (1/1 attempts)', file: 'src/api.test.js' })
  expect(fileOnly!.line).toBeUndefined()
  expect(fileOnly!.col).toBeUndefined()
  expect(located).toMatchObject({ file: 'src/api.test.js', line: 5, col: 20, message: expect.stringContaining('expected 500 to be 200') })
  expect(step.stdout).toContain(
    '::error title=Unit tests%3A src/api.test.js › loads the config failed (1/1 attempts),file=src/api.test.js::no config'
  )
})
