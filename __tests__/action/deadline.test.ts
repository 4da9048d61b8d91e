/** The services' deadlines (docs/design.md §5): documented defaults, overridable through the environment. */
import { DEFAULT_DEADLINES, deadlinesFrom, hasAbandonedCalls, withinDeadline } from '../../src/action/persistence/deadline.js'

test('60 s to restore (60 s to list within it), 120 s to save or upload, unless a variable gives a whole number of ms from 1 to 3,600,000', () => {
  expect(DEFAULT_DEADLINES).toEqual({ restoreMs: 60_000, saveMs: 120_000, uploadMs: 120_000, listMs: 60_000 })
  expect(deadlinesFrom({})).toEqual(DEFAULT_DEADLINES)
  expect(
    deadlinesFrom({ REVERIFY_RESTORE_DEADLINE_MS: '1500', REVERIFY_SAVE_DEADLINE_MS: ' 20 ', REVERIFY_UPLOAD_DEADLINE_MS: '3600000' })
  ).toEqual({
    restoreMs: 1500,
    saveMs: 20,
    uploadMs: 3_600_000,
    listMs: 60_000
  })
  expect(deadlinesFrom({ REVERIFY_LIST_DEADLINE_MS: '1500' })).toEqual({ ...DEFAULT_DEADLINES, listMs: 1500 })
  for (const bad of ['0', '-5', '1.5', 'soon', '', '3600001', '1e3']) {
    expect(deadlinesFrom({ REVERIFY_RESTORE_DEADLINE_MS: bad }).restoreMs).toBe(60_000)
    expect(deadlinesFrom({ REVERIFY_LIST_DEADLINE_MS: bad }).listMs).toBe(60_000)
  }
})

test('a call that answers in time is its answer; a late one is abandoned, and a later rejection is no unhandled one', async () => {
  expect(await withinDeadline(() => Promise.resolve(7), 1000)).toEqual({ late: false, value: 7 })
  expect(hasAbandonedCalls()).toBe(false)
  const never = new Promise<number>((_, reject) => setTimeout(() => reject(new Error('late failure')), 50))
  expect(await withinDeadline(() => never, 1)).toEqual({ late: true })
  expect(hasAbandonedCalls()).toBe(true)
  await new Promise(resolve => setTimeout(resolve, 80))
})
