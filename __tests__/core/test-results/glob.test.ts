/** The results-file globs: the forms they take, and the limits of the walk (docs/design.md §1 "Test results"). */
import { expect, test } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { findFiles, segmentPattern } from '../../../src/core/test-results/glob.js'

test('segments: *, ?, classes, negated classes, braces; a dot-file only for a dotted pattern', () => {
  expect(segmentPattern('TEST-*.xml').test('TEST-com.example.ApiTest.xml')).toBe(true)
  expect(segmentPattern('TEST-*.xml').test('TEST-x.json')).toBe(false)
  expect(segmentPattern('junit-?.xml').test('junit-1.xml')).toBe(true)
  expect(segmentPattern('junit-[0-9].xml').test('junit-a.xml')).toBe(false)
  expect(segmentPattern('junit-[!0-9].xml').test('junit-a.xml')).toBe(true)
  expect(segmentPattern('*.{xml,junit}').test('a.junit')).toBe(true)
  expect(segmentPattern('*.xml').test('.hidden.xml')).toBe(false)
  expect(segmentPattern('.*.xml').test('.hidden.xml')).toBe(true)
  // Regular-expression syntax in a name is literal.
  expect(segmentPattern('a+(b).xml').test('a+(b).xml')).toBe(true)
  expect(segmentPattern('a+(b).xml').test('aa(b).xml')).toBe(false)
})

test('the walk: ** at any depth, no links, no node_modules or dot-folders under **, plain paths, sorted', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-glob-'))
  try {
    const touch = (path: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), '<testsuite/>')
    }
    for (const path of ['junit.xml', 'a/junit.xml', 'a/b/c/junit.xml', 'node_modules/x/junit.xml', '.cache/junit.xml', 'a/other.txt'])
      touch(path)
    mkdirSync(join(dir, 'outside'))
    symlinkSync(join(dir, 'a'), join(dir, 'linked-dir'))
    symlinkSync(join(dir, 'junit.xml'), join(dir, 'linked.xml'))
    const found = async (...patterns: string[]) => (await findFiles(patterns, dir)).files.map(path => relative(dir, path))
    expect(await found('**/junit.xml')).toEqual(['a/b/c/junit.xml', 'a/junit.xml', 'junit.xml'])
    expect(await found('*.xml')).toEqual(['junit.xml'])
    expect(await found('a/**')).toEqual(['a/b/c/junit.xml', 'a/junit.xml', 'a/other.txt'])
    expect(await found('node_modules/*/junit.xml')).toEqual(['node_modules/x/junit.xml'])
    expect(await found('linked.xml', 'linked-dir/*.xml', 'missing.xml', 'a')).toEqual([])
    expect(await found('junit.xml', 'a/../junit.xml')).toEqual(['junit.xml'])
    const capped = await findFiles(['**/*'], dir, { maxFiles: 2, maxEntries: 1000, maxDepth: 32 })
    expect(capped.files).toHaveLength(2)
    expect(capped.truncated).toBe(true)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
