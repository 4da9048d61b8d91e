/** Supported platforms (README "Runners"): Linux and macOS run; anything else is one line. */
import { expect, test } from '@jest/globals'
import { unsupportedPlatform } from '../../../src/core/base/platform.js'

test('Linux and macOS are supported; Windows and the rest are refused in one line', () => {
  expect(unsupportedPlatform('linux')).toBeUndefined()
  expect(unsupportedPlatform('darwin')).toBeUndefined()
  expect(unsupportedPlatform('win32')).toBe(
    'reverify: Windows is not supported: it needs POSIX process groups; use a Linux or macOS runner'
  )
  for (const platform of ['freebsd', 'openbsd', 'aix', 'sunos', 'android', 'cygwin', '']) {
    const line = unsupportedPlatform(platform)
    expect(line).toBe(`reverify: ${JSON.stringify(platform)} is not supported: it needs POSIX process groups; use a Linux or macOS runner`)
  }
  // A strange name cannot start a second line.
  expect(unsupportedPlatform('a\nb')).not.toMatch(/\n/)
})
