import { describe, expect, test } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ensureStateDir, receiptPath } from '../../../src/core/receipts/state-dir.js'
import { scratchDir } from '../../helpers/receipts.js'

describe('ensureStateDir', () => {
  test('creates the directory, without a .gitignore when not asked', async () => {
    const stateDir = join(await scratchDir(), 'reverify')
    await ensureStateDir(stateDir, { gitignore: false })
    expect((await stat(stateDir)).isDirectory()).toBe(true)
    await expect(stat(join(stateDir, '.gitignore'))).rejects.toThrow()
  })

  test('in a git repository only config.json is left to commit', async () => {
    const repo = await scratchDir('reverify-git-')
    execFileSync('git', ['init', '-q', repo])
    const stateDir = join(repo, '.reverify')
    await ensureStateDir(stateDir, { gitignore: true })
    await ensureStateDir(stateDir, { gitignore: true })
    for (const dir of ['runs/20261130-075100-verify-3fa9c2', 'sessions/2026-11-30/verify/x', 'index/history/abc']) {
      await mkdir(join(stateDir, dir), { recursive: true })
      await writeFile(join(stateDir, dir, 'file.json'), '{}')
    }
    await writeFile(join(stateDir, '.config.json.1.ab.tmp'), '{}')
    const status = () => execFileSync('git', ['-C', repo, 'status', '--porcelain', '--untracked-files=all'], { encoding: 'utf8' })
    expect(status()).toBe('')
    await writeFile(join(stateDir, 'config.json'), '{}')
    expect(status()).toBe('?? .reverify/config.json\n')
  })

  test('a .gitignore an older version wrote (it showed up in git status itself) is brought up to date', async () => {
    const stateDir = join(await scratchDir(), '.reverify')
    await mkdir(stateDir)
    const older = [
      '# Written by reverify. Local run state stays out of git; config.json is meant to be committed.',
      '/runs/',
      '/sessions/',
      '/index/',
      '.*.tmp',
      ''
    ].join('\n')
    await writeFile(join(stateDir, '.gitignore'), older)
    await ensureStateDir(stateDir, { gitignore: true })
    expect(await readFile(join(stateDir, '.gitignore'), 'utf8')).toBe(
      '# Written by reverify. Local run state stays out of git; config.json is meant to be committed.\n/*\n!/config.json\n'
    )
  })

  test('leaves a .gitignore the user wrote alone', async () => {
    const stateDir = join(await scratchDir(), '.reverify')
    await mkdir(stateDir)
    await writeFile(join(stateDir, '.gitignore'), '*\n')
    await ensureStateDir(stateDir, { gitignore: true })
    expect(await readFile(join(stateDir, '.gitignore'), 'utf8')).toBe('*\n')
  })
})

describe('receiptPath', () => {
  test('is built only from a valid run id', () => {
    expect(receiptPath('/state', '20261130-075100-verify-3fa9c2')).toBe('/state/runs/20261130-075100-verify-3fa9c2/receipt.json')
    expect(() => receiptPath('/state', '../x')).toThrow(/is not a run id/)
  })
})
