/**
 * CHANGELOG.md is the release notes (docs/design.md §9): the release workflow publishes the
 * tag's section with scripts/changelog-section.mjs, and refuses a tag without one. These
 * tests keep the file in Keep a Changelog form and in step with every place that declares
 * the version, and test the script that cuts a section out.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { VERSION } from '../src/core/base/version.js'
import { REPO_ROOT } from './helpers/cli.js'

interface Section {
  name: string
  date: string | undefined
  body: string
  headings: string[]
}

interface ChangelogModule {
  parseChangelog(text: string): { sections: Section[]; links: Map<string, string> }
  changelogSection(text: string, version: string): string | undefined
}

const SCRIPT = join(REPO_ROOT, 'scripts', 'changelog-section.mjs')
const load = async (): Promise<ChangelogModule> => await import(pathToFileURL(SCRIPT).href)

/** The kinds of change Keep a Changelog names, in its order. */
const KINDS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']

const changelogText = readFileSync(join(REPO_ROOT, 'CHANGELOG.md'), 'utf8')
const packageVersion: string = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version

/** Every version the repository declares as released: package.json's and the one traces record. */
const declaredVersions = [...new Set([packageVersion, VERSION])]

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/

function compareVersions(a: string, b: string): number {
  const [, ...left] = SEMVER.exec(a)!.map(Number)
  const [, ...right] = SEMVER.exec(b)!.map(Number)
  for (let i = 0; i < 3; i++) if (left[i] !== right[i]) return left[i]! - right[i]!
  return 0
}

describe('CHANGELOG.md', () => {
  let sections: Section[]
  let links: Map<string, string>
  beforeAll(async () => {
    ;({ sections, links } = (await load()).parseChangelog(changelogText))
  })

  test('opens with an Unreleased section, then dated X.Y.Z sections', () => {
    expect(sections.length).toBeGreaterThan(1)
    expect(sections[0]).toMatchObject({ name: 'Unreleased', date: undefined })
    for (const section of sections.slice(1)) {
      expect(section.name).toMatch(SEMVER)
      expect(section.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(new Date(`${section.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(section.date)
    }
    // Every level-two heading is a version section: nothing else is mistaken for release notes.
    const headings = changelogText.split('\n').filter(line => line.startsWith('## '))
    expect(headings).toEqual(sections.map(section => (section.date ? `## [${section.name}] - ${section.date}` : `## [${section.name}]`)))
  })

  test("has a section for package.json's version and for the version traces record", () => {
    expect(declaredVersions).toContain(packageVersion)
    for (const version of declaredVersions) expect(sections.map(section => section.name)).toContain(version)
  })

  test('lists versions newest first, each once, their dates never increasing', () => {
    const released = sections.slice(1)
    const names = released.map(section => section.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual([...names].sort((a, b) => compareVersions(b, a)))
    const dates = released.map(section => section.date!)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  test('gives every section Keep a Changelog headings, each in its order and with entries', () => {
    // Unreleased is empty right after a release; a released version never is.
    for (const section of sections.filter(section => section.date !== undefined || section.body !== '')) {
      expect([section.name, section.body]).not.toEqual([section.name, ''])
      expect(section.headings.length).toBeGreaterThan(0)
      for (const heading of section.headings) expect([section.name, KINDS]).toEqual([section.name, expect.arrayContaining([heading])])
      const order = section.headings.map(heading => KINDS.indexOf(heading))
      expect([section.name, order]).toEqual([section.name, [...order].sort((a, b) => a - b)])
      expect(new Set(section.headings).size).toBe(section.headings.length)
      // Each heading is followed by at least one list entry before the next heading.
      for (const block of section.body.split(/^### .*$/m).slice(1)) expect(block).toMatch(/^- \S/m)
    }
  })

  test('has a link reference for every section: Unreleased compares the newest tag with HEAD', () => {
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const ending = (text: string) => new RegExp(`${escape(text)}$`)
    expect([...links.keys()].sort()).toEqual(sections.map(section => section.name).sort())
    expect(links.get('Unreleased')).toMatch(ending(`compare/v${sections[1]!.name}...HEAD`))
    sections.slice(1).forEach((section, index) => {
      const previous = sections[index + 2]
      const expected = previous ? `compare/v${previous.name}...v${section.name}` : `releases/tag/v${section.name}`
      expect(links.get(section.name)).toMatch(ending(expected))
    })
  })
})

describe('scripts/changelog-section.mjs', () => {
  const sample = [
    '# Changelog',
    '',
    '## [Unreleased]',
    '',
    '### Added',
    '',
    '- Next thing.',
    '',
    '## [1.1.0] - 2026-12-03',
    '',
    '### Fixed',
    '',
    '- A fix.',
    '',
    '## [1.0.0] - 2026-12-01',
    '',
    '## [0.9.0] - 2026-11-30',
    '',
    '### Added',
    '',
    '- The start.',
    '',
    '[Unreleased]: ../../compare/v1.1.0...HEAD',
    '[1.1.0]: ../../compare/v1.0.0...v1.1.0',
    '[1.0.0]: ../../compare/v0.9.0...v1.0.0',
    '[0.9.0]: ../../releases/tag/v0.9.0',
    ''
  ].join('\n')

  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'reverify-changelog-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const run = (args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' })

  test('cuts out one section without its heading, the next section or the link references', async () => {
    const { changelogSection } = await load()
    expect(changelogSection(sample, '1.1.0')).toBe('### Fixed\n\n- A fix.')
    expect(changelogSection(sample, 'v1.1.0')).toBe('### Fixed\n\n- A fix.')
    expect(changelogSection(sample, 'v0.9.0')).toBe('### Added\n\n- The start.')
    expect(changelogSection(sample.replace(/\n/g, '\r\n'), 'v0.9.0')).toBe('### Added\n\n- The start.')
    expect(changelogSection(sample, 'Unreleased')).toBe('### Added\n\n- Next thing.')
  })

  test('has nothing for a missing version, an empty section, or a near-miss name', async () => {
    const { changelogSection } = await load()
    expect(changelogSection(sample, 'v2.0.0')).toBeUndefined()
    expect(changelogSection(sample, 'v1.0.0')).toBeUndefined()
    expect(changelogSection(sample, 'v1.1')).toBeUndefined()
    expect(changelogSection(sample, 'vv1.1.0')).toBeUndefined()
  })

  test("finds this repository's own release notes for package.json's version", async () => {
    const body = (await load()).changelogSection(changelogText, `v${packageVersion}`)
    expect(body).toMatch(/^### Added$/m)
    expect(body).not.toMatch(/^## /m)
    expect(body).not.toMatch(/^\[[^\]]+\]: /m)
  })

  test('as a command: prints the section, or one line on stderr and exit 1', () => {
    writeFileSync(join(dir, 'CHANGELOG.md'), sample)
    expect(run(['v1.1.0'])).toMatchObject({ status: 0, stdout: '### Fixed\n\n- A fix.\n', stderr: '' })
    writeFileSync(join(dir, 'other.md'), sample)
    expect(run(['0.9.0', 'other.md'])).toMatchObject({ status: 0, stdout: '### Added\n\n- The start.\n' })

    const empty = run(['v1.0.0'])
    expect(empty).toMatchObject({ status: 1, stdout: '' })
    expect(empty.stderr).toBe('changelog-section: CHANGELOG.md has no section, or an empty one, for v1.0.0\n')
    expect(run(['v3.0.0'])).toMatchObject({ status: 1, stdout: '' })

    const unreadable = run(['v1.1.0', 'missing.md'])
    expect(unreadable).toMatchObject({ status: 1, stdout: '' })
    expect(unreadable.stderr).toBe('changelog-section: cannot read missing.md: ENOENT\n')
    expect(run([])).toMatchObject({ status: 2, stdout: '' })
  })
})
