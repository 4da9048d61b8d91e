/**
 * The bench's row m compares this build with a baseline build taken from git
 * (scripts/bench/baseline.mjs, BENCHMARKS.md): --baseline when given, else the newest release
 * tag by version, else origin/main, else a one-line message saying what to pass. These tests
 * run that choice against real scratch repositories.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { REPO_ROOT } from './helpers/cli.js'

interface Baseline {
  ref: string
  why: string
  commit: string
}

interface BaselineModule {
  resolveBaseline(root: string, requested: string | undefined): Baseline
  extractBuild(root: string, baseline: Baseline, directory: string): string
}

const load = async (): Promise<BaselineModule> => await import(pathToFileURL(join(REPO_ROOT, 'scripts', 'bench', 'baseline.mjs')).href)

const scratches: string[] = []
afterAll(() => scratches.forEach(path => rmSync(path, { recursive: true, force: true })))

/** A repository with one commit per name in `commits`; returns its path and git runner. */
function repository(commits: string[]): { root: string; git: (...args: string[]) => string } {
  const root = mkdtempSync(join(tmpdir(), 'reverify-baseline-'))
  scratches.push(root)
  const git = (...args: string[]): string => {
    const result = spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], {
      cwd: root,
      encoding: 'utf8'
    })
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`)
    return result.stdout.trim()
  }
  git('init', '--quiet')
  for (const name of commits) {
    writeFileSync(join(root, 'file.txt'), name)
    git('add', 'file.txt')
    git('commit', '--quiet', '-m', name)
  }
  return { root, git }
}

test('the newest release tag by version order, not by name; major and pre-release tags are not releases', async () => {
  const { resolveBaseline } = await load()
  const { root, git } = repository(['one', 'two', 'three', 'four'])
  git('tag', '-a', '-m', 'release', 'v0.10.0', 'HEAD~2')
  git('tag', 'v0.9.3', 'HEAD~3')
  git('tag', 'v1', 'HEAD~1')
  git('tag', 'v1.0.0-rc.1', 'HEAD')
  git('tag', 'very-old', 'HEAD')
  // An annotated tag resolves to the commit it tags, not to the tag object.
  expect(resolveBaseline(root, undefined)).toEqual({ ref: 'v0.10.0', why: 'newest release tag', commit: git('rev-parse', 'HEAD~2') })
})

test('--baseline wins over the tags and must name a commit', async () => {
  const { resolveBaseline } = await load()
  const { root, git } = repository(['one', 'two'])
  git('tag', 'v2.0.0', 'HEAD')
  expect(resolveBaseline(root, 'HEAD~1')).toEqual({ ref: 'HEAD~1', why: 'given by --baseline', commit: git('rev-parse', 'HEAD~1') })
  expect(() => resolveBaseline(root, 'no-such-ref')).toThrow(
    "--baseline: 'no-such-ref' is not a commit of this repository; give a tag, branch or commit it holds"
  )
})

test('origin/main without a release tag; neither stops the row saying what to pass', async () => {
  const { resolveBaseline } = await load()
  const { root, git } = repository(['one', 'two'])
  expect(() => resolveBaseline(root, undefined)).toThrow(
    /^no release tag \(vX\.Y\.Z\) and no origin\/main to measure against; pass --baseline REF/
  )
  git('update-ref', 'refs/remotes/origin/main', 'HEAD~1')
  expect(resolveBaseline(root, undefined)).toEqual({ ref: 'origin/main', why: 'no release tag', commit: git('rev-parse', 'HEAD~1') })
})

test('a baseline commit without a committed build is refused by name', async () => {
  const { extractBuild, resolveBaseline } = await load()
  const { root } = repository(['one'])
  const baseline = resolveBaseline(root, 'HEAD')
  expect(() => extractBuild(root, baseline, join(root, 'extracted'))).toThrow(/^--baseline: HEAD \([0-9a-f]{12}\) has no committed /)
})
