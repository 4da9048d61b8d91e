/** Where the CLI keeps its code cache on each OS (docs/design.md §9 "Start-up"). */
import { cliCompileCacheDir } from '../../src/cli/compile-cache.js'

const home = '/home/ada'

test('Linux and the other Unixes: XDG_CACHE_HOME when absolute, else ~/.cache', () => {
  expect(cliCompileCacheDir({ env: { XDG_CACHE_HOME: '/var/cache/ada' }, platform: 'linux', home })).toBe(
    '/var/cache/ada/reverify/compile-cache'
  )
  expect(cliCompileCacheDir({ env: {}, platform: 'linux', home })).toBe('/home/ada/.cache/reverify/compile-cache')
  // The XDG spec ignores a relative XDG_CACHE_HOME; an empty one is unset.
  expect(cliCompileCacheDir({ env: { XDG_CACHE_HOME: 'cache' }, platform: 'freebsd', home })).toBe(
    '/home/ada/.cache/reverify/compile-cache'
  )
  expect(cliCompileCacheDir({ env: { XDG_CACHE_HOME: '' }, platform: 'linux', home })).toBe('/home/ada/.cache/reverify/compile-cache')
})

test('macOS: ~/Library/Caches, whatever XDG_CACHE_HOME says', () => {
  expect(cliCompileCacheDir({ env: { XDG_CACHE_HOME: '/x' }, platform: 'darwin', home: '/Users/ada' })).toBe(
    '/Users/ada/Library/Caches/reverify/compile-cache'
  )
})

test('no home and no cache folder named: no cache', () => {
  expect(cliCompileCacheDir({ env: {}, platform: 'linux', home: '' })).toBeUndefined()
  expect(cliCompileCacheDir({ env: {}, platform: 'darwin', home: 'relative' })).toBeUndefined()
  expect(cliCompileCacheDir({ env: {}, platform: 'win32', home: '' })).toBeUndefined()
})
