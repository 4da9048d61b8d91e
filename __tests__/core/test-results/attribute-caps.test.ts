/**
 * Attributes and interrupts (docs/design.md §1 "Test results"): saxes gathers a start tag
 * whole, every attribute of it, before handing it on, so the capper counts each tag's
 * attributes and their characters, and the file's in all; past a cap the file is one
 * warning and no results. A parse stops at the next chunk once its abort signal fires.
 */
import { expect, test } from '@jest/globals'
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readAttemptTests } from '../../../src/core/test-results/attempt-tests.js'
import { DEFAULT_LIMITS, type ParseLimits } from '../../../src/core/test-results/junit-limits.js'
import { parseJUnitFile } from '../../../src/core/test-results/junit-parser.js'
import { INTERRUPTED } from '../../../src/core/test-results/results-open.js'
import { XmlCapError, XmlRunCapper } from '../../../src/core/test-results/xml-caps.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'reverify-attributes-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Writes `head`, then `body` until the file holds about `bytes`, then `tail`. */
function writeRepeated(name: string, head: string, body: string, bytes: number, tail: string): string {
  const path = join(dir, name)
  const fd = openSync(path, 'w')
  writeSync(fd, head)
  const block = body.repeat(Math.max(1, Math.floor((1 << 20) / body.length)))
  for (let written = 0; written < bytes; written += block.length) writeSync(fd, block)
  writeSync(fd, tail)
  closeSync(fd)
  return path
}

test('one tag with a million attributes is refused at the 1,001st, quickly, with one line naming the cap', async () => {
  const path = join(dir, 'wide.xml')
  const attributes = Array.from({ length: 1_000_000 }, (_, index) => ` a${index}="x"`).join('')
  writeFileSync(path, `<testsuite name="s"><testcase name="a" classname="c"${attributes}/></testsuite>`)
  const cpu = process.cpuUsage()
  const seen: string[] = []
  const outcome = await parseJUnitFile(path, test => seen.push(test.name))
  expect(outcome).toEqual({ ok: false, reason: 'ignored: a tag has more than 1,000 attributes' })
  expect(seen).toEqual([])
  // The refusal comes within the first chunks: nowhere near the whole 12 MB. Counted in this
  // process's CPU time, which a busy machine does not stretch as it does the wall clock
  // (docs/design.md §9, "Tests on a busy machine").
  const spent = process.cpuUsage(cpu)
  expect((spent.user + spent.system) / 1000).toBeLessThan(2_000)
})

test('each cap refuses the file on its own, and a file just inside all of them is read', async () => {
  const limits: ParseLimits = { ...DEFAULT_LIMITS, maxAttributes: 4, maxTagChars: 60, maxAttributeChars: 240 }
  const parse = async (xml: string) => {
    const path = join(dir, 'caps.xml')
    writeFileSync(path, xml)
    return parseJUnitFile(path, () => {}, limits)
  }
  // `<testsuite>` hands the parser 9 characters of start tag, each `small` 35 (all but `<`, the quotes and `>`).
  const small = '<testcase name="a" classname="c" time="1"/>'
  expect(await parse(`<testsuite>${small.repeat(6)}</testsuite>`)).toEqual({ ok: true, tests: 6 })
  expect(await parse(`<testsuite><testcase name="a" classname="c" b="1" d="2" e="3"/></testsuite>`)).toEqual({
    ok: false,
    reason: 'ignored: a tag has more than 4 attributes'
  })
  expect(await parse(`<testsuite><testcase name="${'n'.repeat(60)}"/></testsuite>`)).toEqual({
    ok: false,
    reason: "ignored: a tag's attributes are longer than 60 characters"
  })
  expect(await parse(`<testsuite>${small.repeat(7)}</testsuite>`)).toEqual({
    ok: false,
    reason: "ignored: the file's attributes are longer than 240 characters in all"
  })
  // 9 + 6 × 35 + 15: end tags and text are not counted, or this would be over.
  expect(await parse(`<testsuite>${small.repeat(6)}<testcase name="b">${'t'.repeat(5_000)}</testcase></testsuite>`)).toEqual({
    ok: true,
    tests: 7
  })
})

test('the capper counts across chunk edges and never counts end tags, text or a `>` inside a value', () => {
  const document = `<a x="1>2" y='3'>text</a><b z="&amp;&amp;"></b>`
  const capped = (caps: { attributes: number; tagChars: number; fileChars: number }) => {
    const capper = new XmlRunCapper(100, caps)
    return [...document].map(char => capper.push(char)).join('') + capper.end()
  }
  expect(capped({ attributes: 2, tagChars: 100, fileChars: 100 })).toBe(document)
  // Start tags hand over `a x=1>2 y=3` (11) and `b z=&amp;&amp;` (14): 25 characters.
  expect(capped({ attributes: 2, tagChars: 14, fileChars: 25 })).toBe(document)
  expect(() => capped({ attributes: 1, tagChars: 100, fileChars: 100 })).toThrow(new XmlCapError('a tag has more than 1 attributes'))
  expect(() => capped({ attributes: 2, tagChars: 13, fileChars: 100 })).toThrow(XmlCapError)
  expect(() => capped({ attributes: 2, tagChars: 100, fileChars: 24 })).toThrow(XmlCapError)
})

test('an aborted signal stops a large file at the next chunk', async () => {
  const path = writeRepeated(
    'large.xml',
    '<testsuite name="s">',
    '<testcase name="t" classname="c" time="0.001"/>\n',
    20_000_000,
    '</testsuite>'
  )
  const controller = new AbortController()
  let seen = 0
  const outcome = await parseJUnitFile(
    path,
    () => {
      if (++seen === 1_000) controller.abort()
    },
    DEFAULT_LIMITS,
    controller.signal
  )
  expect(outcome).toEqual(INTERRUPTED)
  // One chunk of 64 KiB holds about 1,300 of these test cases; the file holds 400,000.
  expect(seen).toBeLessThan(5_000)
})

test('an abort from outside (a signal handler) is seen between two chunks', async () => {
  const path = writeRepeated(
    'large.xml',
    '<testsuite name="s">',
    '<testcase name="t" classname="c" time="0.001"/>\n',
    20_000_000,
    '</testsuite>'
  )
  const controller = new AbortController()
  let seen = 0
  // The abort comes from a timer, as a signal's handler would: it can only run when the parse yields.
  setTimeout(() => controller.abort(), 20)
  const outcome = await parseJUnitFile(path, () => seen++, DEFAULT_LIMITS, controller.signal)
  expect(outcome).toEqual(INTERRUPTED)
  expect(seen).toBeLessThan(400_000)
})

test('readAttemptTests stops with the signal and says nothing about the files', async () => {
  writeFileSync(join(dir, 'a.xml'), '<testsuite name="s"><testcase name="t" classname="c"/></testsuite>')
  const controller = new AbortController()
  controller.abort(new Error('stopped'))
  await expect(
    readAttemptTests({ patterns: ['*.xml'], workingDirectory: dir, sinceMs: 0, watch: new Set(), signal: controller.signal })
  ).rejects.toThrow('stopped')
})
