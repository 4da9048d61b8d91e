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

test('a linked folder in the fixed part of a pattern is not followed: the pattern is refused, naming the link', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reverify-glob-'))
  try {
    const work = join(dir, 'work')
    const outside = join(dir, 'outside')
    mkdirSync(join(outside, 'deep'), { recursive: true })
    writeFileSync(join(outside, 'results.xml'), '<testsuite/>')
    writeFileSync(join(outside, 'deep', 'results.xml'), '<testsuite/>')
    mkdirSync(join(work, 'real'), { recursive: true })
    writeFileSync(join(work, 'real', 'results.xml'), '<testsuite/>')
    symlinkSync(outside, join(work, 'linked'))
    symlinkSync(outside, join(work, 'real', 'inner'))
    const result = await findFiles(
      [
        'linked/results.xml',
        'linked/deep/results.xml',
        'linked/deep/*.xml',
        'real/inner/*.xml',
        'linked/*.xml',
        'real/results.xml',
        'real/../linked/results.xml'
      ],
      work
    )
    expect(result.files.map(path => relative(work, path))).toEqual(['real/results.xml'])
    expect(result.refused).toEqual([
      { pattern: 'linked/results.xml', link: 'linked' },
      { pattern: 'linked/deep/results.xml', link: 'linked' },
      { pattern: 'linked/deep/*.xml', link: 'linked' },
      { pattern: 'real/inner/*.xml', link: 'real/inner' },
      { pattern: 'linked/*.xml', link: 'linked' },
      { pattern: 'real/../linked/results.xml', link: 'linked' }
    ])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
