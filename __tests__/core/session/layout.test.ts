/** Where sessions are filed: the slug of a name, and which folders count as this state directory's sessions. */
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isOwnSessionDir, nameSlug, planSession } from '../../../src/core/session/layout.js'

describe('nameSlug', () => {
  test.each([
    ['verify', 'verify'],
    ['Unit tests (node 20)', 'unit-tests-node-20'],
    ['unit-tests.v2_a', 'unit-tests-v2-a'],
    ['  --Lint & Format--  ', 'lint-format'],
    ['../x', 'x'],
    ['a/b', 'a-b'],
    ['a\\b', 'a-b'],
    ['.', 'verify'],
    ['..', 'verify'],
    ['…', 'verify'],
    ['!!!', 'verify'],
    ['テスト', 'verify'],
    ['Café ﬁx', 'cafe-fix']
  ])('%j -> %s', (name, slug) => {
    expect(nameSlug(name)).toBe(slug)
  })

  test('is bounded, and never ends in a dash where it was cut', () => {
    expect(nameSlug('x'.repeat(100))).toBe('x'.repeat(64))
    const cut = nameSlug(`${'a'.repeat(63)} b`)
    expect(cut).toBe('a'.repeat(63))
  })

  test('only ever holds lowercase ASCII letters and digits joined by single dashes', () => {
    for (let code = 0; code < 0x3000; code += 7) {
      const slug = nameSlug(`A${String.fromCodePoint(code)}--${String.fromCodePoint(code + 3)}z`)
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    }
  })
})

describe('planSession and isOwnSessionDir', () => {
  test('a session filed under a label slug is one of the state directory', async () => {
    const stateDir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-layout-')))
    const planned = planSession(stateDir, 'Unit tests (node 20)', new Date('2026-12-01T09:00:00Z'))
    expect(planned.dir).toBe(join(stateDir, 'sessions', '2026-12-01', 'unit-tests-node-20', planned.id))
    expect(await isOwnSessionDir(stateDir, planned.dir)).toBe(false)
    mkdirSync(planned.dir, { recursive: true })
    expect(await isOwnSessionDir(stateDir, planned.dir)).toBe(true)
  })

  test('folders of the older, stricter names are still accepted', async () => {
    const stateDir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-layout-')))
    const old = join(stateDir, 'sessions', '2026-11-30', 'unit.v2_A', '01KB0000000000000000000000')
    mkdirSync(old, { recursive: true })
    expect(await isOwnSessionDir(stateDir, old)).toBe(true)
  })
})
