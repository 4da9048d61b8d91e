/**
 * The matrix read (core/run/matrix-read.ts), the report entry point's use case: real legs
 * made by real runs, zipped as the artifact service hands them back, behind a port of plain
 * objects in place of the artifact client.
 */
import { expect, test } from '@jest/globals'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { UsageError } from '../../../src/core/base/errors.js'
import { parseReportInputs } from '../../../src/core/matrix/inputs.js'
import { readMatrix, readReportInputs, type ListedArtifact, type MatrixArtifacts } from '../../../src/core/run/matrix-read.js'
import { legRun, PREFIX } from '../../helpers/matrix-legs.js'
import { scratchDir } from '../../helpers/receipts.js'
import { writeZip } from '../../helpers/zip-writer.js'

/** A leg's trace artifact as a zip: the three files the report reads, from its session folder. */
async function legZip(dir: string): Promise<Buffer> {
  const files = ['receipt.json', 'trace.jsonl', 'meta.json']
  return writeZip(await Promise.all(files.map(async name => ({ name, data: await readFile(join(dir, name)) }))))
}

/** Artifacts served from memory: each listed one downloads as its zip, or as what `fault` says. */
function served(artifacts: (ListedArtifact & { zip?: Buffer; fault?: 'digest' | 'throws' })[], calls: string[] = []): MatrixArtifacts {
  return {
    list: async () => {
      calls.push('list')
      return artifacts.map(({ id, name, size }) => ({ id, name, size }))
    },
    download: async (id, dir) => {
      calls.push(`download ${id}`)
      const artifact = artifacts.find(each => each.id === id)!
      if (artifact.fault === 'throws') throw new Error('connection reset')
      await writeFile(join(dir, `${artifact.name}.zip`), artifact.zip ?? Buffer.alloc(0))
      return artifact.fault === 'digest' ? { digestMismatch: true } : {}
    }
  }
}

const settings = (expectedLegs?: number) =>
  parseReportInputs({ 'name-pattern': `${PREFIX}*`, ...(expectedLegs !== undefined && { 'expected-legs': String(expectedLegs) }) })

const common = { namePrefix: PREFIX, link: () => undefined, title: 'One report' }

test('the legs whose names match are read, in order of id, with their counts and the combined report', async () => {
  const passed = await legRun('unit (node 20)', 'true')
  const failed = await legRun('unit (node 22)', 'exit 1')
  const workDir = await scratchDir('reverify-matrix-read-')
  const calls: string[] = []
  const artifacts = served(
    [
      { id: 7, name: `${PREFIX}${failed.run.runId}`, size: 1000, zip: await legZip(failed.dir) },
      { id: 3, name: `${PREFIX}${passed.run.runId}`, size: 1000, zip: await legZip(passed.dir) },
      { id: 5, name: 'coverage', size: 1000 }
    ],
    calls
  )
  const read = await readMatrix({
    ...common,
    open: () => artifacts,
    settings: settings(3),
    workDir,
    fetching: async work => {
      calls.push('fetching')
      return work()
    }
  })

  // Listed inside `fetching`; the two legs fetched at once (so in either order), and the other artifact not at all.
  expect(calls.slice(0, 2)).toEqual(['fetching', 'list'])
  expect(calls.slice(2).sort()).toEqual(['download 3', 'download 7'])
  expect(read.view.rows.map(row => [row.label, row.outcome, row.artifactId])).toEqual([
    ['unit (node 20)', 'success', 3],
    ['unit (node 22)', 'failure', 7]
  ])
  expect(read.counts).toEqual({ failed: 1, flaky: 0, passed: 1, other: 0 })
  expect(read.view.problems).toEqual([expect.stringMatching(/^1 of 3 expected legs uploaded no trace artifact \(found 2\)/)])
  expect(read.report.file).toBe('report.html')
  expect(read.report.html).toContain('<title>❌ One report: 2 legs, 1 failed, 0 flaky, 1 passed</title>')
  expect(read.report.html).toContain('unit (node 22)')
  // Each leg's folder and zip went once read.
  expect(await readdir(workDir)).toEqual([])
})

test('a leg that cannot be fetched is one problem naming it; the others are still read', async () => {
  const good = await legRun('lint', 'true')
  const zip = await legZip(good.dir)
  const read = await readMatrix({
    ...common,
    open: () =>
      served([
        { id: 1, name: `${PREFIX}${good.run.runId}`, size: zip.length, zip },
        { id: 2, name: `${PREFIX}huge`, size: 300 * 1024 * 1024 },
        { id: 3, name: `${PREFIX}tampered`, size: zip.length, zip, fault: 'digest' },
        { id: 4, name: `${PREFIX}reset`, size: zip.length, fault: 'throws' },
        { id: 5, name: `${PREFIX}empty`, size: 0 }
      ]),
    settings: settings(),
    workDir: await scratchDir('reverify-matrix-read-')
  })

  expect(read.view.rows.map(row => row.label)).toEqual(['lint'])
  expect(read.view.problems).toEqual([
    `${PREFIX}huge: it is ${300 * 1024 * 1024} bytes, more than the ${256 * 1024 * 1024} a leg's trace may be; not downloaded`,
    `${PREFIX}tampered: its download does not match the digest it was uploaded with`,
    `${PREFIX}reset: it could not be downloaded (connection reset)`,
    expect.stringMatching(new RegExp(`^${PREFIX}empty: `))
  ])
})

test('artifacts that cannot be opened or listed: no leg, and the first problem says why', async () => {
  for (const open of [
    () => {
      throw new Error('no token')
    },
    () => ({ list: () => Promise.reject(new Error('no token')), download: () => Promise.reject(new Error('unused')) })
  ]) {
    const read = await readMatrix({ ...common, open, settings: settings(2), workDir: await scratchDir('reverify-matrix-read-') })
    expect(read.view.rows).toEqual([])
    expect(read.view.problems[0]).toBe("could not list this workflow run's artifacts: no token")
    expect(read.view.problems).toHaveLength(2)
    expect(read.counts).toEqual({ failed: 0, flaky: 0, passed: 0, other: 0 })
  }
})

test('readReportInputs reads each report input by name, defaults the empty ones and refuses a bad one', () => {
  const asked: string[] = []
  const given: Record<string, string> = { 'expected-legs': '4' }
  const parsed = readReportInputs(name => {
    asked.push(name)
    return given[name] ?? ''
  })
  expect(asked).toEqual(['name-pattern', 'expected-legs', 'report-artifact', 'github-token', 'check-name', 'check-run', 'comment'])
  expect(parsed).toEqual({
    namePattern: { text: 'reverify-trace-*', match: expect.any(RegExp) },
    expectedLegs: 4,
    reportArtifact: 'reverify-matrix-report',
    // The default token is an expression only a runner expands: outside one there is none.
    githubToken: '',
    checkName: 'reverify',
    checkRun: true,
    comment: 'on-failure'
  })
  expect(() => readReportInputs(name => (name === 'report-artifact' ? 'a/b' : ''))).toThrow(UsageError)
})
