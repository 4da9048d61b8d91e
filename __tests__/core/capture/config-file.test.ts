import { describe, expect, test } from '@jest/globals'
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseCaptureMode, readConfig, resolveCaptureMode, setCaptureMode } from '../../../src/core/capture/config-file.js'
import { scratchDir } from '../../helpers/receipts.js'

async function repoWithConfig(text?: string): Promise<string> {
  const repo = await scratchDir('reverify-config-')
  if (text !== undefined) {
    await mkdir(join(repo, '.reverify'))
    await writeFile(join(repo, '.reverify', 'config.json'), text)
  }
  return repo
}

function thrown(action: () => unknown): Error {
  try {
    action()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a throw')
}

describe('parseCaptureMode', () => {
  test.each([
    ['warn', 'warn'],
    ['block', 'block'],
    ['off', 'off'],
    ['  BLOCK ', 'block'],
    ['Off', 'off']
  ])('%p → %p', (value, mode) => {
    expect(parseCaptureMode(value, 'capture-before-retry')).toBe(mode)
  })

  test.each([['maybe'], ['true'], [''], ['  '], ['1'], [1], [true], [null], [{ mode: 'warn' }], [['warn']]])(
    'refuses %p as a ConfigError naming the source and the allowed values',
    value => {
      const error = thrown(() => parseCaptureMode(value, 'capture-before-retry'))
      expect(error.name).toBe('ConfigError')
      expect(error.message).toMatch(/^capture-before-retry: /)
      expect(error.message).toContain('allowed: warn, block, off')
    }
  )

  test('shows the bad value, escaped and shortened', () => {
    const error = thrown(() => parseCaptureMode(`maybe\n${'x'.repeat(300)}`, 'capture-before-retry'))
    expect(error.message).toContain("'maybe\\x0a")
    expect(error.message.length).toBeLessThan(200)
  })
})

describe('readConfig', () => {
  test('no file means no settings', async () => {
    expect(await readConfig(await repoWithConfig())).toEqual({})
  })

  test('reads an explicit value and ignores keys it does not know', async () => {
    const repo = await repoWithConfig('{"capture_before_retry": " Block ", "future": 1}')
    expect(await readConfig(repo)).toEqual({ captureBeforeRetry: 'block' })
    expect(await readConfig(await repoWithConfig('{}'))).toEqual({})
  })

  test.each([
    ['"maybe"', /capture_before_retry: 'maybe' is not a capture-before-retry value \(allowed: warn, block, off\)/],
    ['1', /capture_before_retry: 1 is not/],
    ['true', /capture_before_retry: true is not/],
    ['""', /capture_before_retry: '' is not/],
    ['{"mode": "warn"}', /capture_before_retry: \{"mode":"warn"\} is not/],
    ['null', /capture_before_retry: null is not/]
  ])('a value of %s is a ConfigError naming the file', async (value, message) => {
    const repo = await repoWithConfig(`{"capture_before_retry": ${value}}`)
    const error = await readConfig(repo).catch((caught: Error) => caught)
    expect((error as Error).name).toBe('ConfigError')
    expect((error as Error).message).toContain(join(repo, '.reverify', 'config.json'))
    expect((error as Error).message).toMatch(message)
  })

  test.each([['{ not json'], ['[]'], ['"warn"']])('a file holding %s is a ConfigError naming the file', async text => {
    const repo = await repoWithConfig(text)
    const error = (await readConfig(repo).catch((caught: Error) => caught)) as Error
    expect(error.name).toBe('ConfigError')
    expect(error.message).toContain(join(repo, '.reverify', 'config.json'))
  })

  test('a symlinked config file is refused, not followed', async () => {
    const repo = await repoWithConfig()
    await mkdir(join(repo, '.reverify'))
    const elsewhere = join(await scratchDir(), 'config.json')
    await writeFile(elsewhere, '{"capture_before_retry": "off"}')
    await symlink(elsewhere, join(repo, '.reverify', 'config.json'))
    const error = (await readConfig(repo).catch((caught: Error) => caught)) as Error
    expect(error.name).toBe('ConfigError')
    expect(error.message).toContain('symbolic link')
  })
})

describe('setCaptureMode', () => {
  const configText = (repo: string) => readFile(join(repo, '.reverify', 'config.json'), 'utf8')

  test('writes a non-default value and reads it back', async () => {
    const repo = await repoWithConfig()
    await setCaptureMode(repo, 'block')
    expect(JSON.parse(await configText(repo))).toEqual({ capture_before_retry: 'block' })
    expect(await readConfig(repo)).toEqual({ captureBeforeRetry: 'block' })
  })

  test('omits the key for the default and keeps other keys', async () => {
    const repo = await repoWithConfig('{"capture_before_retry": "block", "other": {"a": 1}}')
    await setCaptureMode(repo, 'warn')
    expect(JSON.parse(await configText(repo))).toEqual({ other: { a: 1 } })
    await setCaptureMode(repo, 'off')
    expect(JSON.parse(await configText(repo))).toEqual({ other: { a: 1 }, capture_before_retry: 'off' })
    expect(await readdir(join(repo, '.reverify'))).toEqual(['config.json'])
  })

  test('replaces an invalid value, but refuses to overwrite a file that is not JSON', async () => {
    const repo = await repoWithConfig('{"capture_before_retry": "maybe"}')
    await setCaptureMode(repo, 'off')
    expect(await readConfig(repo)).toEqual({ captureBeforeRetry: 'off' })
    const broken = await repoWithConfig('{ half')
    await expect(setCaptureMode(broken, 'off')).rejects.toThrow(/not valid JSON/)
    expect(await configText(broken)).toBe('{ half')
  })
})

describe('resolveCaptureMode', () => {
  test('flag beats config beats the default', () => {
    expect(resolveCaptureMode(undefined, {})).toBe('warn')
    expect(resolveCaptureMode(undefined, { captureBeforeRetry: 'block' })).toBe('block')
    expect(resolveCaptureMode('off', { captureBeforeRetry: 'block' })).toBe('off')
    expect(resolveCaptureMode(' WARN ', { captureBeforeRetry: 'block' })).toBe('warn')
  })

  test('an empty flag (an unset action input) is not given', () => {
    expect(resolveCaptureMode('', { captureBeforeRetry: 'off' })).toBe('off')
  })

  test('a bad flag is an error naming the input', () => {
    expect(() => resolveCaptureMode('maybe', {})).toThrow(/^capture-before-retry: 'maybe'.*allowed: warn, block, off/)
  })
})
