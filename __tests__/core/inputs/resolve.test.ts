/** The state directory of docs/design.md §4, resolved in one place for the CLI and the action. */
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findTargetRoot, inputLabel, resolveStateDir } from '../../../src/core/inputs/resolve.js'

const scratch = () => realpathSync(mkdtempSync(join(tmpdir(), 'reverify-resolve-')))

describe('resolveStateDir', () => {
  test('CLI default: .reverify/ at the git top level, from any folder inside it', () => {
    const repo = scratch()
    mkdirSync(join(repo, '.git'))
    mkdirSync(join(repo, 'a', 'b'), { recursive: true })
    expect(resolveStateDir(undefined, { front: 'cli', base: join(repo, 'a', 'b') })).toEqual({
      path: join(repo, '.reverify'),
      isDefault: true
    })
    expect(findTargetRoot(join(repo, 'a', 'b'))).toBe(repo)
  })

  test("CLI default with a target: the target's .reverify/, whatever the current directory; a given path still wins", () => {
    const cwd = scratch()
    const repo = scratch()
    mkdirSync(join(repo, '.git'))
    expect(resolveStateDir(undefined, { front: 'cli', base: cwd }, repo)).toEqual({ path: join(repo, '.reverify'), isDefault: true })
    expect(resolveStateDir('s', { front: 'cli', base: cwd }, repo)).toEqual({ path: join(cwd, 's'), isDefault: false })
  })

  test('CLI default outside a repository: .reverify/ in the current directory', () => {
    const dir = scratch()
    expect(resolveStateDir('  ', { front: 'cli', base: dir })).toEqual({ path: join(dir, '.reverify'), isDefault: true })
  })

  test('a given path is trimmed and taken from the current directory (CLI) or the workspace (action)', () => {
    expect(resolveStateDir(' state ', { front: 'cli', base: '/work/repo/sub' })).toEqual({ path: '/work/repo/sub/state', isDefault: false })
    expect(resolveStateDir('../state', { front: 'action', base: '/w/repo', runnerTemp: '/t' })).toEqual({
      path: '/w/state',
      isDefault: false
    })
    expect(resolveStateDir('/abs/state', { front: 'action', base: '/w/repo' })).toEqual({ path: '/abs/state', isDefault: false })
  })

  test('action default: ${RUNNER_TEMP}/reverify, never the workspace; without RUNNER_TEMP a one-line error', () => {
    expect(resolveStateDir('', { front: 'action', base: '/w/repo', runnerTemp: '/t' })).toEqual({ path: '/t/reverify', isDefault: true })
    expect(() => resolveStateDir(undefined, { front: 'action', base: '/w/repo' })).toThrow(
      'state-dir: RUNNER_TEMP is not set; give state-dir explicitly'
    )
  })

  test('an already resolved path resolves to itself, so parsing and then resolving agree', () => {
    const once = resolveStateDir('state', { front: 'cli', base: '/work/repo' }).path
    expect(resolveStateDir(once, { front: 'cli', base: '/elsewhere' }).path).toBe(once)
  })
})

test('inputLabel: a flag on the CLI, the input name in the action', () => {
  expect(inputLabel('state-dir', 'cli')).toBe('--state-dir')
  expect(inputLabel('state-dir', 'action')).toBe('state-dir')
})
