/**
 * Hostile and broken results files (docs/design.md §1 "Test results"): each is a warning naming the file and
 * adds nothing, a good file beside it still counts, no entity is ever expanded or fetched,
 * and what the parser is handed stays bounded however long a text run is.
 */
import { expect, test } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, symlinkSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readAttemptTests } from '../../../src/core/test-results/attempt-tests.js'
import { parseJUnitFile } from '../../../src/core/test-results/junit-parser.js'
import { XmlRunCapper } from '../../../src/core/test-results/xml-caps.js'
import { hostileFiles, JUNIT_FIXTURES as FIXTURES } from '../../helpers/junit.js'

test('every hostile or broken file is a warning naming it; the good file beside them still counts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-hostile-'))
  try {
    const secret = join(dir, 'secret.txt')
    writeFileSync(secret, 'TOP-SECRET-CONTENT')
    const files = hostileFiles(secret)
    mkdirSync(join(dir, 'reports'))
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, 'reports', name), content, 'latin1')
    writeFileSync(join(dir, 'reports', 'good.xml'), readFileSync(join(FIXTURES, 'jest', 'jest-junit.xml')))
    // A link is neither followed nor read, even to a good file.
    symlinkSync(join(dir, 'reports', 'good.xml'), join(dir, 'reports', 'link.xml'))

    const tests = await readAttemptTests({ patterns: ['reports/*.xml'], workingDirectory: dir, sinceMs: 0, watch: new Set() })
    expect(tests.files).toEqual(['reports/good.xml'])
    expect(tests.total).toBe(4)
    expect(tests.failedTests.map(failed => failed.name)).toEqual(['api returns the user', 'api users finds one by name'])
    const warned = Object.fromEntries(tests.warnings.map(warning => [warning.file, warning.reason]))
    expect(Object.keys(warned).sort()).toEqual(
      Object.keys(files)
        .map(name => `reports/${name}`)
        .sort()
    )
    for (const name of ['bomb.xml', 'external-entity.xml', 'parameter-entity.xml']) expect(warned[`reports/${name}`]).toContain('DOCTYPE')
    expect(warned['reports/undeclared-entity.xml']).toContain('not well-formed XML')
    expect(warned['reports/malformed.xml']).toContain('not well-formed XML')
    expect(warned['reports/truncated.xml']).toContain('not well-formed XML')
    expect(warned['reports/not-junit.xml']).toContain('not JUnit XML (the root element is <html>')
    expect(warned['reports/empty.xml']).toMatch(/empty|not well-formed/)
    expect(warned['reports/deep.xml']).toContain('nested deeper than 256')
    expect(warned['reports/many-attributes.xml']).toBe('ignored: a tag has more than 1,000 attributes')
    // Nothing of the secret file ever surfaced.
    expect(JSON.stringify(tests)).not.toContain('TOP-SECRET')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a file older than the attempt is not read at all', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-stale-'))
  try {
    const path = join(dir, 'junit.xml')
    writeFileSync(path, readFileSync(join(FIXTURES, 'jest', 'jest-junit.xml')))
    const minuteAgo = new Date(Date.now() - 60_000)
    utimesSync(path, minuteAgo, minuteAgo)
    const tests = await readAttemptTests({ patterns: ['junit.xml'], workingDirectory: dir, sinceMs: Date.now() - 1_000, watch: new Set() })
    expect(tests.files).toEqual([])
    expect(tests.total).toBe(0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a 20 MB <system-out>, a 20 MB attribute and a 20 MB CDATA failure parse with their caps, counts intact', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-huge-'))
  try {
    const big = 'x'.repeat(20 * 1024 * 1024)
    const path = join(dir, 'huge.xml')
    writeFileSync(
      path,
      `<testsuite name="s"><testcase name="a" classname="c"><system-out>${big}</system-out></testcase>` +
        `<testcase name="b" classname="c"><failure message="${big}"><![CDATA[${big}]]></failure></testcase>` +
        `<!-- ${big} --><testcase name="c" classname="c"/></testsuite>`
    )
    const seen: { name: string; message?: string; detail?: string }[] = []
    const outcome = await parseJUnitFile(path, test => seen.push(test))
    expect(outcome).toEqual({ ok: true, tests: 3 })
    expect(seen.map(test => test.name)).toEqual(['a', 'b', 'c'])
    expect(seen[1]!.message!.length).toBeLessThanOrEqual(1_000)
    expect(seen[1]!.detail!.length).toBeLessThanOrEqual(4_000)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the capper hands the parser at most its cap per run, keeps markup whole and entities whole', () => {
  const capper = new XmlRunCapper(24)
  const input = `<?xml version="1.0"?><a b="${'&amp;'.repeat(10)}"><![CDATA[${']'.repeat(40)}x]]><!-- ${'-'.repeat(5)} -->${'y'.repeat(100)}&lt;</a>`
  // Fed one character at a time: every boundary case at a chunk's edge.
  const out = [...input].map(char => capper.push(char)).join('') + capper.end()
  expect(out).toBe(`<?xml version="1.0"?><a b="${'&amp;'.repeat(4)}"><![CDATA[${']'.repeat(24)}]]><!---->${'y'.repeat(24)}</a>`)
  expect(capper.dropped).toBeGreaterThan(100)
})
