/**
 * A leg's annotations.json (docs/design.md §5 "Trace artifact"): its text round-trips, and
 * read back it is untrusted data — a file of the wrong shape, too many entries, a text past
 * its cap or not JSON at all reads as none; a place that could leave the workspace is dropped
 * and the annotation kept. A real leg (a real core run) reads its file back through readLeg.
 */
import { expect, test } from '@jest/globals'
import { readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  LEG_ANNOTATIONS_FILE,
  MAX_LEG_ANNOTATIONS,
  legAnnotationsText,
  parseLegAnnotations,
  writeLegAnnotations,
  type LegAnnotation
} from '../../../src/core/matrix/leg-annotations.js'
import { readLeg } from '../../../src/core/matrix/leg.js'
import { legRun, PREFIX } from '../../helpers/matrix-legs.js'

const failed: LegAnnotation = {
  level: 'error',
  title: 'unit: api returns the user failed (3/3 attempts)',
  message: 'Error: expected 200, got 500',
  file: 'src/api.test.js',
  line: 5,
  test: { name: 'api returns the user', flag: 'failed', rate: { runs: 37, flaked: 0, failed: 2, firstSeen: '2026-11-20' } }
}
const newFlaky: LegAnnotation = {
  level: 'error',
  title: 'unit: new test is flaky — cart applies the coupon',
  message: 'New in this pull request; repeated 5 times, failed on repeat 3.',
  test: { name: 'cart applies the coupon', flag: 'new-flaky', repeat: { failedOn: 3, of: 5 } }
}

/** The file's text around `annotations`, whatever they are. */
const fileOf = (annotations: unknown, version: unknown = 1) => JSON.stringify({ schema_version: version, annotations })

test('the text round-trips, one JSON object on one line', async () => {
  const text = legAnnotationsText([failed, newFlaky])
  expect(text).toBe(`${JSON.stringify({ schema_version: 1, annotations: [failed, newFlaky] })}\n`)
  expect(await parseLegAnnotations(text)).toEqual([failed, newFlaky])
  expect(await parseLegAnnotations(legAnnotationsText([]))).toEqual([])
})

test('the text holds at most 1,000 annotations; a file of 1,001 is not one this writer wrote, and reads as none', async () => {
  const many = Array.from({ length: MAX_LEG_ANNOTATIONS + 1 }, (_, index) => ({ ...failed, title: `unit: t${index} failed` }))
  const text = legAnnotationsText(many)
  expect(await parseLegAnnotations(text)).toHaveLength(1_000)
  expect((await parseLegAnnotations(text))![999]!.title).toBe('unit: t999 failed')
  expect(await parseLegAnnotations(fileOf(many))).toBeUndefined()
})

test.each<[string, string]>([
  ['not JSON', '{"schema_version":1,"annotations":['],
  ['empty', ''],
  ['JSON null', 'null'],
  ['an array', JSON.stringify([failed])],
  ['another schema version', fileOf([failed], 2)],
  ['no schema version', JSON.stringify({ annotations: [failed] })],
  ['annotations not a list', fileOf({ 0: failed })],
  ['a level GitHub has but this file does not', fileOf([{ ...failed, level: 'notice' }])],
  ['no title', fileOf([{ level: 'error', message: 'm' }])],
  ['a title of two lines', fileOf([{ ...failed, title: 'unit: a\n::error::forged' }])],
  ['a title over 255 characters', fileOf([{ ...failed, title: 't'.repeat(256) }])],
  ['a message that is not text', fileOf([{ ...failed, message: { toString: 'x' } }])],
  ['a 5 MB message', fileOf([{ ...failed, message: 'x'.repeat(5_000_000) }])],
  ['a test name over 4,000 characters', fileOf([{ ...failed, test: { name: 'n'.repeat(4_001), flag: 'failed' } }])],
  ['an unknown flag', fileOf([{ ...failed, test: { name: 'a', flag: 'passed' } }])],
  ['a negative rate', fileOf([{ ...failed, test: { name: 'a', flag: 'failed', rate: { runs: -1, flaked: 0, failed: 0 } } }])],
  ['a repeat of 0', fileOf([{ ...failed, test: { name: 'a', flag: 'new-flaky', repeat: { failedOn: 0, of: 5 } } }])]
])('%s: not this shape, so no annotations', async (_, text) => {
  expect(await parseLegAnnotations(text)).toBeUndefined()
})

test.each<[string, unknown]>([
  ['climbs out', '../x'],
  ['climbs out midway', 'src/../../etc/passwd'],
  ['absolute', '/etc/passwd'],
  ['a drive', 'C:/Windows/win.ini'],
  ['a backslash', 'a\\b'],
  ['a line break', 'src/a.js\n::error::forged'],
  ['over 1,000 characters', `${'d/'.repeat(500)}x.js`],
  ['empty', ''],
  ['not text', 42]
])('a file that %s is dropped with its line; the annotation stays', async (_, file) => {
  expect(await parseLegAnnotations(fileOf([{ ...failed, file, line: 5 }]))).toEqual(
    [{ ...failed, file: undefined, line: undefined }].map(strip)
  )
})

test('a line that is not a whole number from 1 is dropped; the file stays', async () => {
  for (const line of [0, -3, 1.5, '5', null]) {
    expect(await parseLegAnnotations(fileOf([{ ...failed, line }]))).toEqual([strip({ ...failed, line: undefined })])
  }
  // Names with `..` inside a segment are names, not a climb.
  expect((await parseLegAnnotations(fileOf([{ ...failed, file: 'src/a..b/c.js' }])))![0]!.file).toBe('src/a..b/c.js')
})

/** An annotation without its undefined fields. */
function strip(annotation: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(annotation).filter(([, value]) => value !== undefined))
}

test('a real leg reads its annotations.json back; a leg without one, or with a bad one, still reads, without annotations', async () => {
  const { run, dir } = await legRun('unit', 'exit 1')
  const artifact = { name: `${PREFIX}${run.runId}`, id: 1 }
  const without = await readLeg(dir, artifact, PREFIX)
  expect(without).toMatchObject({ ok: true })
  expect(without.ok && 'annotations' in without.leg).toBe(false)

  await writeLegAnnotations(dir, [failed, newFlaky])
  expect((await stat(join(dir, LEG_ANNOTATIONS_FILE))).mode & 0o777).toBe(0o600)
  const read = await readLeg(dir, artifact, PREFIX)
  expect(read.ok && read.leg.annotations).toEqual([failed, newFlaky])

  for (const bad of ['{"schema_version":1,"annotations":[', fileOf([{ ...failed, level: 'fatal' }])]) {
    await writeFile(join(dir, LEG_ANNOTATIONS_FILE), bad)
    const again = await readLeg(dir, artifact, PREFIX)
    expect(again.ok).toBe(true)
    expect(again.ok && again.leg.annotations).toBeUndefined()
  }
  // A link is never followed: the file reads as none.
  const elsewhere = join(dir, 'elsewhere.json')
  await writeFile(elsewhere, legAnnotationsText([failed]))
  await import('node:fs/promises').then(fs => fs.rm(join(dir, LEG_ANNOTATIONS_FILE)))
  await symlink(elsewhere, join(dir, LEG_ANNOTATIONS_FILE))
  const linked = await readLeg(dir, artifact, PREFIX)
  expect(linked.ok && linked.leg.annotations).toBeUndefined()
  expect(await readFile(elsewhere, 'utf8')).toBe(legAnnotationsText([failed]))
})
