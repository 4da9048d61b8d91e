/** The `fraction` kind of input (`--rate`): a decimal number from 0 to 1, anything else one line naming the flag. */
import { parseInputs } from '../../../src/core/inputs/parse.js'

const place = { front: 'cli' as const, base: process.cwd() }
const rate = (value: string | undefined) => parseInputs({ rate: value }, ['rate'], place).rate

test('decimals from 0 to 1, trimmed; not given is the default 0.3', () => {
  expect([' 0.25 ', '.5', '0', '1', '1.0', '0.'].map(rate)).toEqual([0.25, 0.5, 0, 1, 1, 0])
  expect(rate(undefined)).toBe(0.3)
})

test.each(['1.5', '-0.1', '30%', '1e-1', 'NaN', 'Infinity', '0x1', '.', 'half'])('%s is refused in one line naming --rate', value => {
  expect(() => rate(value)).toThrow(`--rate: '${value}' is not allowed; the rate must be a number from 0 to 1 (e.g. 0.3 for 30%)`)
})
