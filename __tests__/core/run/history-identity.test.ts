/** Which history a command belongs to (core/run/history-identity.ts). */
import { expect, test } from '@jest/globals'
import { historyIdentity } from '../../../src/core/run/history-identity.js'

test('one identity for the same command lines however continued; the key tells repositories and scopes apart', () => {
  const one = historyIdentity('npm ci\nnpm test -- \\\n  --ci', 'octo/widgets', '')
  expect(one.named).toBe(true)
  expect(one.identity.identity).toEqual(['npm ci', 'npm test -- --ci'])
  expect(one.identity.hash).toMatch(/^[0-9a-f]{64}$/)
  expect(one.historyKey).toMatch(/^[0-9a-f]{32}$/)
  expect(historyIdentity('# set up\nnpm ci\nnpm test -- --ci', 'octo/widgets', '')).toEqual(one)
  expect(historyIdentity('npm ci\nnpm test -- --ci', 'octo/other', '').historyKey).not.toBe(one.historyKey)
  expect(historyIdentity('npm ci\nnpm test -- --ci', 'octo/widgets', 'linux').historyKey).not.toBe(one.historyKey)
})

test('a script of blanks and comments names no history', () => {
  expect(historyIdentity('', 'octo/widgets', '').named).toBe(false)
  expect(historyIdentity('  \n# nothing to run\n', 'octo/widgets', '').named).toBe(false)
})
