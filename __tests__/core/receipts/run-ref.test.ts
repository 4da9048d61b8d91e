/**
 * A run named by a part of its id (docs/design.md §3 "Run id and receipt"): a unique prefix or suffix of
 * at least 4 characters names the run, an ambiguous one lists a few candidates in name order
 * with the count, anything else is refused before a file is touched.
 */
import { describe, expect, test } from '@jest/globals'
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isRunRef, matchRunRef, resolveRunRef } from '../../../src/core/receipts/run-ref.js'

/** A state directory whose runs/ holds a folder for each name. */
function stateWith(names: string[]): string {
  const state = mkdtempSync(join(tmpdir(), 'reverify-run-ref-'))
  for (const name of names) mkdirSync(join(state, 'runs', name), { recursive: true })
  return state
}

describe('isRunRef', () => {
  test.each([
    ['20261130-075100-verify-3fa9c2', true],
    ['3fa9c2', true],
    ['20261130', true],
    ['a9c2', true],
    ['9c2', false],
    ['../x', false],
    ['3FA9C2', false],
    ['20261130-075100-verify-3fa9c2-and-more', false],
    ['latest\n', false]
  ])('%p → %p', (ref, expected) => {
    expect(isRunRef(ref)).toBe(expected)
  })
})

describe('resolveRunRef', () => {
  const a = '20261130-075100-verify-3fa9c2'
  const b = '20261130-075101-verify-77aa01'

  test('a unique tail or head names the run; a full id is taken as it is', async () => {
    const state = stateWith([a, b, 'not-a-run', '.tmp-3fa9c2'])
    await expect(resolveRunRef(state, '3fa9c2', 'report')).resolves.toBe(a)
    await expect(resolveRunRef(state, '20261130-075101', 'report')).resolves.toBe(b)
    await expect(resolveRunRef(state, '20261130-075100-verify-000000', 'report')).resolves.toBe('20261130-075100-verify-000000')
  })

  test('none: undefined; an empty or missing store: undefined', async () => {
    await expect(resolveRunRef(stateWith([a]), 'beef', 'report')).resolves.toBeUndefined()
    await expect(resolveRunRef(join(tmpdir(), 'reverify-no-such-state'), 'beef', 'report')).resolves.toBeUndefined()
  })

  test('ambiguous: one line naming the first five candidates in name order and the count', async () => {
    const ids = Array.from({ length: 7 }, (_, index) => `20261130-07510${index}-verify-00000${index}`)
    const state = stateWith([...ids].reverse())
    await expect(resolveRunRef(state, '2026', 'receipts show')).rejects.toThrow(
      `receipts show: '2026' names 7 runs (${ids.slice(0, 5).join(', ')}, and 2 more); give more of the run id`
    )
    expect(await matchRunRef(state, '20261130-075101')).toEqual({ kind: 'one', runId: ids[1] })
  })

  test('what cannot be part of a run id is refused before runs/ is read', async () => {
    await expect(resolveRunRef('/nonexistent', '../../etc/passwd', 'report')).rejects.toThrow(
      "report: '../../etc/passwd' is not a run id (expected e.g. 20261130-075100-verify-3fa9c2, its tail 3fa9c2: at least 4 characters from its start or end)"
    )
    await expect(resolveRunRef('/nonexistent', 'c2', 'resume')).rejects.toThrow("resume: 'c2' is not a run id")
  })

  test('runs/ as a link is not followed', async () => {
    const real = stateWith([a])
    const state = mkdtempSync(join(tmpdir(), 'reverify-run-ref-link-'))
    symlinkSync(join(real, 'runs'), join(state, 'runs'))
    await expect(resolveRunRef(state, '3fa9c2', 'report')).resolves.toBeUndefined()
  })
})
