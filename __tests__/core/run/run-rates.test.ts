/**
 * A closed run's rates (docs/design.md §1 "Test results"): real runs of a command that writes
 * a JUnit file, each counted in the history of the next; a history that cannot be read costs
 * the rates and nothing else.
 */
import { beforeEach, expect, test } from '@jest/globals'
import { hostname } from 'node:os'
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { createProcessRunner } from '../../../src/core/process/process-runner.js'
import { systemClock } from '../../../src/core/base/clock.js'
import { ReceiptStore } from '../../../src/core/receipts/receipt-store.js'
import { createRedactor } from '../../../src/core/redaction/index.js'
import type { RunPorts, RunRequest } from '../../../src/core/run/ports.js'
import { verifyRun } from '../../../src/core/run/verify-run.js'
import { historyKey } from '../../../src/core/receipts/identity.js'
import { parseRunSettings } from '../../../src/core/inputs/settings.js'
import { scratchDir } from '../../helpers/receipts.js'

let workDir: string
let stateDir: string

function sink(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() })
}

function ports(store = new ReceiptStore(stateDir, { warn: () => undefined, now: () => new Date() })): RunPorts {
  return {
    clock: { ...systemClock, sleep: async () => undefined },
    processes: createProcessRunner(systemClock),
    owner: { host: hostname(), pid: process.pid },
    store,
    log: () => undefined,
    console: { stdout: sink(), stderr: sink() }
  }
}

function request(): RunRequest {
  // Copies the results file the test chose into place (a fresh file per attempt), and fails when it holds a failure.
  const command = 'cp next.xml results.xml && ! grep -q "<failure" results.xml'
  const settings = parseRunSettings(
    { 'state-dir': stateDir, command, 'test-results': 'results.xml', 'max-retries': '0', 'expect-exit': '0' },
    workDir,
    { path: process.env.PATH }
  )
  return { settings, target: 'octo/widgets', captureMode: 'off', version: 'test', redactor: createRedactor({}), env: process.env }
}

/** A JUnit file of the tests `api` and `net`, with the named ones failing. */
async function nextResults(failing: string[]): Promise<void> {
  const cases = ['api', 'net'].map(name =>
    failing.includes(name)
      ? `<testcase classname="${name}" name="${name}"><failure message="${name} broke">boom</failure></testcase>`
      : `<testcase classname="${name}" name="${name}"/>`
  )
  await writeFile(join(workDir, 'next.xml'), `<testsuite name="s" tests="2">${cases.join('')}</testsuite>\n`)
}

beforeEach(async () => {
  workDir = await scratchDir('reverify-rates-')
  stateDir = join(workDir, '.reverify')
})

test("a run's failed tests carry their rate over the history, this run counted; a test that did not fail has none", async () => {
  await nextResults(['api'])
  const first = await verifyRun(request(), ports())
  if (first.kind !== 'completed') throw new Error(first.kind)
  // Only this run: a rate, which the surfaces leave unsaid (describeRate).
  expect(first.rates).toEqual([{ name: 'api', runs: 1, flaked: 0, failed: 1, firstSeen: first.receipt.started_at.slice(0, 10) }])
  await nextResults([])
  const second = await verifyRun(request(), ports())
  if (second.kind !== 'completed') throw new Error(second.kind)
  expect(second.outcome).toBe('success')
  expect(second.rates).toBeUndefined()
  await nextResults(['api', 'net'])
  const third = await verifyRun(request(), ports())
  if (third.kind !== 'completed') throw new Error(third.kind)
  const day = first.receipt.started_at.slice(0, 10)
  expect(third.rates).toEqual([
    { name: 'api', runs: 3, flaked: 0, failed: 2, firstSeen: day },
    { name: 'net', runs: 3, flaked: 0, failed: 1, firstSeen: third.receipt.started_at.slice(0, 10) }
  ])
})

test('a history that cannot be read costs the rates, never the run', async () => {
  await nextResults(['api'])
  const store = new ReceiptStore(stateDir, { warn: () => undefined, now: () => new Date() })
  store.history = async () => {
    throw new Error('EACCES: permission denied')
  }
  const run = await verifyRun(request(), ports(store))
  if (run.kind !== 'completed') throw new Error(run.kind)
  expect(run.outcome).toBe('failure')
  expect(run.tests?.failed.map(test => test.name)).toEqual(['api'])
  expect(run.rates).toBeUndefined()
})

test("the shown report leaves out each test's key: the history's known tests got them, the same keys as ever", async () => {
  await nextResults([])
  const run = await verifyRun(request(), ports())
  if (run.kind !== 'completed') throw new Error(run.kind)
  expect(run.attempts[0]!.tests).toEqual(expect.objectContaining({ total: 2, passed: 2 }))
  expect(run.attempts[0]!.tests).not.toHaveProperty('keys')
  // The first 16 hex digits of sha256 over file (none), suite (`s`) and name, as stored since the first release of the set.
  const key = (name: string) => createHash('sha256').update(`\0s\0${name}`).digest('hex').slice(0, 16)
  const stored = await readFile(join(stateDir, 'known-tests', `${historyKey('octo/widgets', '', run.identity.hash)}.json`), 'utf8')
  const keys = Object.values((JSON.parse(stored) as { first_seen: Record<string, string> }).first_seen).join('')
  expect(keys.match(/.{16}/g)?.sort()).toEqual([key('api'), key('net')].sort())
})
