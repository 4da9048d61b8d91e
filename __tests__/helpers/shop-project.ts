/**
 * The small jest project the README's screenshots show (docs/design.md §8): a shop's cart,
 * prices and profile modules with twelve tests in three files, as a newcomer's project would
 * have them. One test fails on a real bug (the member discount is never applied: Expected 90,
 * Received 100) and one is flaky (the profile API refuses the first call ever made in the
 * checkout, through a `.first-call` file, and answers every later one). jest and jest-junit
 * come from this repository's node_modules; the JUnit file is `reports/junit.xml`.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './cli.js'

/** The inputs (and CLI flags) that verify the project: a full run, then reruns of the failed tests only. */
export const SHOP_SETTINGS = {
  command: 'npx jest --ci',
  'expect-exit': '0',
  'max-retries': '2',
  'rerun-failed-tests': 'jest',
  'test-results': 'reports/junit.xml'
} as const

/** The test that fails on every attempt, and the one that passes on the rerun, as jest-junit names them. */
export const SHOP_FAILING = 'cart applies the member discount'
export const SHOP_FLAKY = 'profile loads the profile from the API'

const FILES: Record<string, string> = {
  'package.json': '{ "name": "shop", "private": true }\n',
  'jest.config.js': `module.exports = {
  testMatch: ['**/src/**/*.test.js'],
  reporters: ['default', ['jest-junit', { outputDirectory: 'reports', outputName: 'junit.xml', addFileAttribute: 'true' }]]
}
`,
  'src/cart.js': `const DISCOUNTS = { member: 0.1 }

function subtotal(items) {
  return items.reduce((sum, item) => sum + item.price * item.qty, 0)
}

// The bug the failing test finds: the customer's discount is looked up but never applied.
function total(items, customer = {}) {
  const discount = DISCOUNTS[customer.tier] ?? 0
  return subtotal(items)
}

module.exports = { subtotal, total }
`,
  'src/cart.test.js': `const { subtotal, total } = require('./cart')

const basket = [
  { sku: 'mug', price: 40, qty: 2 },
  { sku: 'tea', price: 20, qty: 1 }
]

describe('cart', () => {
  test('adds up the items', () => {
    expect(subtotal(basket)).toBe(100)
  })
  test('is empty without items', () => {
    expect(subtotal([])).toBe(0)
  })
  test('charges a guest the full price', () => {
    expect(total(basket)).toBe(100)
  })
  test('applies the member discount', () => {
    expect(total(basket, { tier: 'member' })).toBe(90)
  })
})
`,
  'src/prices.js': `function formatPrice(cents, currency = 'EUR') {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(cents / 100)
}

module.exports = { formatPrice }
`,
  'src/prices.test.js': `const { formatPrice } = require('./prices')

describe('prices', () => {
  test('formats euros', () => {
    expect(formatPrice(1999)).toBe('€19.99')
  })
  test('formats pounds', () => {
    expect(formatPrice(500, 'GBP')).toBe('£5.00')
  })
  test('formats zero', () => {
    expect(formatPrice(0)).toBe('€0.00')
  })
  test('rounds half a cent', () => {
    expect(formatPrice(0.5)).toBe('€0.01')
  })
})
`,
  'src/profile.js': `const fs = require('fs')
const path = require('path')

// Stands in for an API that refuses the first connection of a cold start: the first call
// ever made in this checkout fails, every later one answers.
async function fetchProfile(id) {
  const marker = path.join(__dirname, '..', '.first-call')
  if (!fs.existsSync(marker)) {
    fs.writeFileSync(marker, '')
    throw new Error('connect ECONNREFUSED 127.0.0.1:4010')
  }
  return { id, name: 'Ada Lovelace', tier: 'member' }
}

module.exports = { fetchProfile }
`,
  'src/profile.test.js': `const { fetchProfile } = require('./profile')

describe('profile', () => {
  test('loads the profile from the API', async () => {
    const profile = await fetchProfile(7)
    expect(profile.name).toBe('Ada Lovelace')
  })
  test('keeps the id', async () => {
    expect((await fetchProfile(8)).id).toBe(8)
  })
  test('knows the tier', async () => {
    expect((await fetchProfile(9)).tier).toBe('member')
  })
  test('rejects a missing id', async () => {
    await expect(Promise.reject(new Error('id required'))).rejects.toThrow('id required')
  })
})
`
}

/**
 * Writes the project into `dir` (a checkout: `.git` is made when missing). Only the profile
 * tests call the API, and `loads the profile from the API` is the first of them, so the one
 * refusal falls on it.
 */
export function writeShopProject(dir: string): string {
  mkdirSync(join(dir, '.git'), { recursive: true })
  mkdirSync(join(dir, 'src'), { recursive: true })
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
  for (const [file, text] of Object.entries(FILES)) writeFileSync(join(dir, file), text)
  return dir
}
