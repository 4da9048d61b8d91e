/**
 * Collators are built on first use (docs/design.md §8 "What a run loads"): ICU's collation
 * data takes about 10 ms to load, and only a matrix summary and the pull request's lists sort
 * with them. Every import below comes after the count starts, so loading counts too.
 */
import { afterAll, expect, test } from '@jest/globals'

const Collator = Intl.Collator
let built = 0
Intl.Collator = new Proxy(Collator, {
  construct(target, args: ConstructorParameters<typeof Intl.Collator>) {
    built++
    return new target(...args)
  }
})
afterAll(() => {
  Intl.Collator = Collator
})

test('loading the matrix summary and the pull request lists builds no collator; sorting builds one each, once', async () => {
  const { flaggedTests } = await import('../../../src/action/pull-request/flagged-tests.js')
  const { failingLeg, matrixOf, passingLeg } = await import('../../helpers/pull-request-legs.js')
  expect(built).toBe(0)
  const matrix = await matrixOf([passingLeg('leg 10'), failingLeg('leg 2', ['test 10', 'test 9'])])
  // `leg 2` before `leg 10`, as a reader counts.
  expect(matrix.view.legs.map(leg => leg.label)).toEqual(['leg 2', 'leg 10'])
  expect(built).toBe(1)
  expect(flaggedTests(matrix.view).map(test => test.name)).toEqual(['api › test 9', 'api › test 10'])
  expect(built).toBe(2)
  flaggedTests(matrix.view)
  expect((await matrixOf([passingLeg('leg 3'), passingLeg('leg 1')])).view.legs.map(leg => leg.label)).toEqual(['leg 1', 'leg 3'])
  expect(built).toBe(2)
}, 60_000)
