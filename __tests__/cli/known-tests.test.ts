/**
 * The history's known tests are kept after a run (docs/design.md §3 "Known tests"): a run
 * whose attempts read results adds every test it saw, first seen today; a run without
 * results leaves the set alone; a test already known keeps its day; a damaged file is a
 * warning and is written again.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, scratchRepo } from '../helpers/cli.js'
import { junitReport } from '../helpers/junit.js'
import { historyKey, scriptIdentity } from '../../src/core/receipts/identity.js'
import { dayNumber, dayText, KnownTests } from '../../src/core/test-results/known-tests.js'

let repo: string
beforeEach(async () => {
  repo = await scratchRepo()
  mkdirSync(join(repo, 'fixtures'))
})
afterEach(() => rmSync(repo, { recursive: true, force: true }))

const COMMAND = 'mkdir -p reports && cp fixtures/junit.xml reports/junit.xml'
const RUN = ['run', '--command', COMMAND, '--expect-exit', '0', '--capture-before-retry', 'off']

function knownTestsFile(): string {
  return join(repo, '.reverify', 'known-tests', `${historyKey(repo, '', scriptIdentity(COMMAND).hash)}.json`)
}

function knownTests(): KnownTests {
  const read = KnownTests.parse(readFileSync(knownTestsFile(), 'utf8'))
  if (!read.ok) throw new Error(read.reason)
  return read.known
}

/** The day or days a run between `before` and now can have stamped (a run may straddle midnight). */
function today(before: Date): string[] {
  return [...new Set([dayText(dayNumber(before)), dayText(dayNumber(new Date()))])]
}

test('a run with results adds its tests, first seen today; a later run adds only the new one, the others keep their day', async () => {
  writeFileSync(join(repo, 'fixtures', 'junit.xml'), junitReport({ 'api returns the user': 'passed', 'api lists users': 'passed' }))
  const before = new Date()
  const first = await runCli([...RUN, '--test-results', 'reports/*.xml'], repo)
  expect(first.code).toBe(0)
  expect(first.stderr).not.toContain('warning')
  const known = knownTests()
  expect(known.size).toBe(2)
  const stored = JSON.parse(readFileSync(knownTestsFile(), 'utf8')) as { first_seen: Record<string, string> }
  expect(today(before)).toContain(Object.keys(stored.first_seen)[0])

  // The set as the first run left it, moved 10 days back: a known test keeps its (earlier) day.
  const earlier = new KnownTests()
  for (const [day, keys] of Object.entries(stored.first_seen)) {
    for (let at = 0; at < keys.length; at += 16) earlier.add(keys.slice(at, at + 16), dayNumber(new Date(`${day}T00:00:00Z`)) - 10)
  }
  writeFileSync(knownTestsFile(), earlier.serialize())
  writeFileSync(
    join(repo, 'fixtures', 'junit.xml'),
    junitReport({ 'api returns the user': 'passed', 'api lists users': 'passed', 'api deletes a user': 'passed' })
  )
  const second = await runCli([...RUN, '--test-results', 'reports/*.xml'], repo)
  expect(second.code).toBe(0)
  const after = knownTests()
  expect(after.size).toBe(3)
  const days = JSON.parse(readFileSync(knownTestsFile(), 'utf8')).first_seen as Record<string, string>
  expect(Object.values(days).map(keys => keys.length / 16)).toEqual([2, 1])
  expect(Object.keys(days)[1]).toBe(today(before).at(-1))
})

test('a run without results leaves the known tests alone', async () => {
  writeFileSync(join(repo, 'fixtures', 'junit.xml'), junitReport({ 'api returns the user': 'passed' }))
  const result = await runCli(RUN, repo)
  expect(result.code).toBe(0)
  expect(readdirSync(join(repo, '.reverify'))).not.toContain('known-tests')
})

test('a run whose results glob matched no file written during it leaves the known tests alone', async () => {
  const result = await runCli(['run', '--command', 'true', '--expect-exit', '0', '--test-results', 'reports/*.xml'], repo)
  expect(result.code).toBe(0)
  expect(readdirSync(join(repo, '.reverify'))).not.toContain('known-tests')
})

test('a damaged known-tests file is a warning naming it, and the set is written again from the run', async () => {
  writeFileSync(join(repo, 'fixtures', 'junit.xml'), junitReport({ 'api returns the user': 'passed' }))
  mkdirSync(join(repo, '.reverify', 'known-tests'), { recursive: true })
  writeFileSync(knownTestsFile(), '{"version":1,"first_seen":{"2026-11-20":"not keys"}}')
  const result = await runCli([...RUN, '--test-results', 'reports/*.xml'], repo)
  expect(result.code).toBe(0)
  expect(result.stderr).toContain(
    `reverify: warning: the known tests (${knownTestsFile()}) were ignored: first_seen.2026-11-20: not a list of keys; they are written again from this run's tests`
  )
  expect(knownTests().size).toBe(1)
})
