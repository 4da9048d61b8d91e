/** Where a quarantine file may be (docs/design.md §1 "Quarantine and flaky gates"): real links, real folders. */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { locateQuarantine } from '../../../src/core/quarantine/location.js'

const scratch = (prefix: string) => realpathSync(mkdtempSync(join(tmpdir(), prefix)))
let repo: string
let elsewhere: string
const file = () => join(repo, '.github', 'reverify-quarantine.yml')

beforeEach(() => {
  repo = scratch('reverify-location-repo-')
  elsewhere = scratch('reverify-location-elsewhere-')
  writeFileSync(join(elsewhere, 'reverify-quarantine.yml'), 'quarantine: []\n')
})

test('no file, or no .github: absent', async () => {
  expect(await locateQuarantine(file(), repo)).toEqual({ kind: 'absent' })
  mkdirSync(join(repo, '.github'))
  expect(await locateQuarantine(file(), repo)).toEqual({ kind: 'absent' })
})

test('a regular file, or a link that stays inside the repository: read by its resolved path', async () => {
  mkdirSync(join(repo, '.github'))
  writeFileSync(file(), 'quarantine: []\n')
  expect(await locateQuarantine(file(), repo)).toEqual({ kind: 'file', realPath: file(), bytes: 15 })
  mkdirSync(join(repo, 'config', 'github'), { recursive: true })
  writeFileSync(join(repo, 'config', 'github', 'reverify-quarantine.yml'), 'quarantine: []\n')
  const linked = scratch('reverify-location-linked-')
  symlinkSync(join('config', 'github'), join(linked, '.github'))
  mkdirSync(join(linked, 'config', 'github'), { recursive: true })
  writeFileSync(join(linked, 'config', 'github', 'reverify-quarantine.yml'), 'quarantine: []\n')
  expect(await locateQuarantine(join(linked, '.github', 'reverify-quarantine.yml'), linked)).toEqual({
    kind: 'file',
    realPath: join(linked, 'config', 'github', 'reverify-quarantine.yml'),
    bytes: 15
  })
})

test('a link out of the repository, in place of the file or of .github, is refused even with no file behind it', async () => {
  mkdirSync(join(repo, '.github'))
  symlinkSync(join(elsewhere, 'reverify-quarantine.yml'), file())
  expect(await locateQuarantine(file(), repo)).toEqual({
    kind: 'refused',
    problem: `leads out of the repository through a symbolic link (to ${join(elsewhere, 'reverify-quarantine.yml')}); the quarantine file must be a regular file inside the repository`
  })
  const other = scratch('reverify-location-other-')
  symlinkSync(elsewhere, join(other, '.github'))
  expect(await locateQuarantine(join(other, '.github', 'reverify-quarantine.yml'), other)).toMatchObject({
    kind: 'refused',
    problem: expect.stringContaining(
      `leads out of the repository through a symbolic link (to ${join(elsewhere, 'reverify-quarantine.yml')})`
    )
  })
  expect(await locateQuarantine(join(other, '.github', 'missing.yml'), other)).toMatchObject({
    kind: 'refused',
    problem: expect.stringContaining(`(to ${elsewhere})`)
  })
})

test('a link to nothing, a folder in place of the file, or a path outside the repository: refused', async () => {
  mkdirSync(join(repo, '.github'))
  symlinkSync(join(repo, 'gone.yml'), file())
  expect(await locateQuarantine(file(), repo)).toEqual({
    kind: 'refused',
    problem: 'is a symbolic link that leads nowhere; the quarantine file must be a regular file inside the repository'
  })
  mkdirSync(join(repo, 'folder.yml'))
  expect(await locateQuarantine(join(repo, 'folder.yml'), repo)).toEqual({
    kind: 'refused',
    problem: 'is not a regular file; the quarantine file must be a regular file inside the repository'
  })
  expect(await locateQuarantine(join(elsewhere, 'reverify-quarantine.yml'), repo)).toEqual({
    kind: 'refused',
    problem: 'is outside the repository; the quarantine file must be a regular file inside the repository'
  })
})
