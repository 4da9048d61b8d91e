/**
 * Rerunning only the failed tests with a real runner (docs/design.md §1 "Rerunning only the
 * failed tests"): vitest and its junit reporter, a suite of 33 tests in three files, one
 * flaky (fails once, through a counter file) and one that always fails. Every test appends
 * its name to a file when it runs, so the test can count what each attempt executed.
 * vitest's junit reporter writes the file as the class name and the describe blocks and
 * title joined by ` > ` as the name; `-t` matches them joined by spaces, which `{pattern}`
 * also spells.
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT, spawnCli } from '../helpers/cli.js'
import { executions, onlyReceipt } from '../helpers/rerun-suite.js'

/** A vitest project in a scratch git folder, using this repository's vitest; the junit reporter is in its config. */
function suite(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-rerun-vitest-')))
  mkdirSync(join(dir, '.git'))
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n')
  writeFileSync(
    join(dir, 'vitest.config.js'),
    `export default { test: { include: ['src/**/*.test.js'], reporters: ['default', 'junit'], outputFile: { junit: 'reports/junit.xml' } } }\n`
  )
  mkdirSync(join(dir, 'src'))
  const head = [
    `import { describe, test, expect } from 'vitest'`,
    `import fs from 'node:fs'`,
    `import path from 'node:path'`,
    `const root = path.join(import.meta.dirname, '..')`,
    `const record = name => fs.appendFileSync(path.join(root, 'runs.log'), name + '\\n')`
  ].join('\n')
  for (const file of ['api', 'net', 'util']) {
    const tests = Array.from({ length: 11 }, (_, index) => {
      const name = `${file} case ${index}`
      if (file === 'net' && index === 3) {
        // Flaky: fails the first time it ever runs.
        return `  test('fetches config', () => { record('${file} › fetches config'); const f = path.join(root, 'flaky-ran'); const first = !fs.existsSync(f); fs.writeFileSync(f, ''); expect(first).toBe(false) })`
      }
      if (file === 'api' && index === 7) {
        return `  test('returns the user', () => { record('${file} › returns the user'); expect(fs.existsSync(path.join(root, 'fixed'))).toBe(true) })`
      }
      return `  test('${name}', () => { record('${name}') })`
    })
    writeFileSync(join(dir, 'src', `${file}.test.js`), `${head}\ndescribe('${file}', () => {\n${tests.join('\n')}\n})\n`)
  }
  return dir
}

const ARGS = [
  'run',
  '--command',
  'npx vitest run',
  '--expect-exit',
  '0',
  '--test-results',
  'reports/junit.xml',
  '--rerun-failed-tests',
  'vitest',
  '--max-retries',
  '2'
]

const FLAKY = 'src/net.test.js › net > fetches config'
const BROKEN = 'src/api.test.js › api > returns the user'

test('the retry runs exactly the 2 failed tests; the flaky one is named flaky, the broken one is the failure', async () => {
  const dir = suite()
  const result = await spawnCli(ARGS, dir)
  expect(result.code).toBe(1)
  const counts = executions(dir)
  expect(counts.size).toBe(33)
  const others = [...counts].filter(([name]) => name !== 'net › fetches config' && name !== 'api › returns the user')
  expect(others.filter(([, count]) => count !== 1)).toEqual([])
  // Attempt 1 ran everything; attempt 2 the two failures; attempt 3 the one still failing.
  expect(counts.get('net › fetches config')).toBe(2)
  expect(counts.get('api › returns the user')).toBe(3)
  // The CLI prints the rerun command it ran: the files from the stacks, each name in both spellings.
  const line = /rerunning the 2 failed tests only: (.*)/.exec(result.stderr)?.[1]
  expect([
    "node_modules/.bin/vitest run 'src/api.test.js' 'src/net.test.js' -t '^(?:api > returns the user|api returns the user|net > fetches config|net fetches config)$'",
    "node_modules/.bin/vitest run 'src/net.test.js' 'src/api.test.js' -t '^(?:net > fetches config|net fetches config|api > returns the user|api returns the user)$'"
  ]).toContain(line)
  expect(result.stderr).toContain(
    "rerunning the failed test only: node_modules/.bin/vitest run 'src/api.test.js' -t '^(?:api > returns the user|api returns the user)$'"
  )
  const receipt = onlyReceipt(dir)
  expect(receipt.status).toBe('failed')
  expect(receipt.tests.flaky).toEqual([FLAKY])
  expect(receipt.tests.failed).toEqual([BROKEN])
}, 120_000)

test('with the broken test fixed: success, flaky, and nothing ran twice but the flaky test', async () => {
  const dir = suite()
  writeFileSync(join(dir, 'fixed'), '')
  const result = await spawnCli(ARGS, dir)
  expect(result.code).toBe(0)
  const counts = executions(dir)
  expect([...counts].filter(([, count]) => count !== 1)).toEqual([['net › fetches config', 2]])
  const receipt = onlyReceipt(dir)
  expect(receipt).toMatchObject({ status: 'passed', flaky: true })
  expect(receipt.tests.flaky).toEqual([FLAKY])
  expect(existsSync(join(dir, 'flaky-ran'))).toBe(true)
}, 120_000)

test('a template whose filter matches nothing: no test runs and the run is still a failure, naming the tests not rerun', async () => {
  const dir = suite()
  const template = 'npx vitest run {files} -t no-such-test'
  const result = await spawnCli([...ARGS.slice(0, -4), '--rerun-failed-tests', template, '--max-retries', '1'], dir)
  expect(result.code).toBe(1)
  const counts = executions(dir)
  expect([...counts].filter(([, count]) => count !== 1)).toEqual([])
  expect(`${result.stdout}${result.stderr}`).toMatch(/not in the results, so not rerun: (.*)/)
  const notRerun = /not in the results, so not rerun: (.*)/.exec(`${result.stdout}${result.stderr}`)![1]!.split('; ').sort()
  expect(notRerun).toEqual([BROKEN, FLAKY])
  const receipt = onlyReceipt(dir)
  expect(receipt.status).toBe('failed')
  expect([...receipt.tests.failed].sort()).toEqual([BROKEN, FLAKY])
}, 120_000)
