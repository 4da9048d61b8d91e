/**
 * The release workflow's own bash steps (.github/workflows/release.yml), run with bash as the
 * runner runs a `shell: bash` step: the tag check against package.json, and the move of the
 * major tag against a local bare repository standing in for origin. The workflow's shape is
 * checked in workflows.test.ts; the release notes script in ../changelog.test.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser'
import { REPO_ROOT } from '../helpers/cli.js'
import { plain } from '../helpers/input-contract.js'

const WORKFLOW = '.github/workflows/release.yml'

/** The `run` text of the step called `name` in `job`. */
function script(job: string, name: string): string {
  const content = readFileSync(join(REPO_ROOT, WORKFLOW), 'utf8')
  const parsed = plain(parseWorkflow({ name: WORKFLOW, content }, new NoOperationTraceWriter()).value!) as Record<string, any>
  const step = (parsed.jobs[job].steps as Record<string, any>[]).find(candidate => candidate.name === name)
  if (!step?.run) throw new Error(`${WORKFLOW}: no step "${name}" with a script in job ${job}`)
  return step.run as string
}

/** Runs a script as a `shell: bash` step does, in cwd, with env added to this process's own. */
function bashStep(run: string, cwd: string, env: Record<string, string>) {
  const file = join(cwd, '..', `step-${process.hrtime.bigint()}.sh`)
  writeFileSync(file, run)
  return spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], { cwd, env: { ...process.env, ...env }, encoding: 'utf8' })
}

let root: string
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'reverify-release-'))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe("the version job's tag check", () => {
  const run = script('version', "Check the tag names package.json's version")
  let work: string
  beforeAll(() => {
    work = join(root, 'version')
    mkdirSync(work)
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'x', version: '1.12.0' }))
  })

  const check = (tag: string) => {
    const output = join(root, `output-${process.hrtime.bigint()}`)
    writeFileSync(output, '')
    const result = bashStep(run, work, { TAG: tag, GITHUB_OUTPUT: output })
    return { ...result, outputs: readFileSync(output, 'utf8') }
  }

  test("passes the tag of package.json's version and hands on the version and the major tag", () => {
    expect(check('v1.12.0')).toMatchObject({ status: 0, outputs: 'version=1.12.0\nmajor=v1\n' })
  })

  test('refuses another version, in one error naming both', () => {
    const result = check('v1.12.1')
    expect(result).toMatchObject({ status: 1, outputs: '' })
    expect(result.stdout).toBe("::error title=release::package.json's version is 1.12.0, not 1.12.1: bump it, tag again\n")
  })

  test.each(['1.12.0', 'v1.12', 'v01.12.0', 'v1.12.0-rc.1', 'v1.12.0 ', 'v1.12.0\nv2.0.0', 'v1.12.0; touch pwned', '$(touch pwned)'])(
    'refuses a tag that is not vX.Y.Z: %j',
    tag => {
      const result = check(tag)
      expect(result).toMatchObject({ status: 1, outputs: '' })
      expect(result.stdout).toBe('::error title=release::the tag must be vX.Y.Z (digits only, no leading zeros)\n')
      expect(spawnSync('ls', [join(work, 'pwned')]).status).not.toBe(0)
    }
  )
})

describe("the release job's major tag move", () => {
  const run = script('release', 'Move the major tag')
  let origin: string
  let clone: string
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
  const commits: Record<string, string> = {}

  beforeAll(() => {
    origin = join(root, 'origin.git')
    clone = join(root, 'clone')
    git(root, 'init', '-q', '--bare', origin)
    git(root, 'clone', '-q', origin, clone)
    for (const tag of ['v1.0.0', 'v1.1.0', 'v2.0.0', 'v1.2.0']) {
      git(clone, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', tag)
      git(clone, 'tag', tag)
      commits[tag] = git(clone, 'rev-parse', 'HEAD')
    }
    git(clone, 'push', '-q', 'origin', 'HEAD:refs/heads/main', '--tags')
  })

  const move = (tag: string, major: string) => bashStep(run, clone, { TAG: tag, MAJOR: major })
  const originTag = (tag: string) =>
    spawnSync('git', ['rev-parse', '-q', '--verify', `refs/tags/${tag}^{commit}`], { cwd: origin, encoding: 'utf8' })

  test('leaves the major tag alone when a newer release of that major exists', () => {
    const result = move('v1.1.0', 'v1')
    expect(result.status).toBe(0)
    expect(result.stdout).toBe('::notice title=release::v1 stays on v1.2.0, the newest release of v1 (v1.1.0 is older)\n')
    expect(originTag('v1').status).not.toBe(0)
  })

  test('creates, then force-moves, the major tag on origin for the newest release', () => {
    expect(move('v2.0.0', 'v2')).toMatchObject({ status: 0, stdout: '::notice title=release::v2 now points at v2.0.0\n' })
    expect(originTag('v2').stdout.trim()).toBe(commits['v2.0.0'])

    git(clone, 'tag', 'v1', commits['v1.0.0']!)
    git(clone, 'push', '-q', 'origin', 'refs/tags/v1')
    // git says it updated the tag (was …) before the notice.
    const moved = move('v1.2.0', 'v1')
    expect(moved.status).toBe(0)
    expect(moved.stdout).toMatch(/^Updated tag 'v1' \(was [0-9a-f]+\)\n::notice title=release::v1 now points at v1\.2\.0\n$/)
    expect(originTag('v1').stdout.trim()).toBe(commits['v1.2.0'])
    expect(originTag('v2').stdout.trim()).toBe(commits['v2.0.0'])
  })
})

describe("the release job's publishing step", () => {
  const run = script('release', 'Create the GitHub release')
  let work: string
  let calls: string
  let path: string
  beforeAll(() => {
    work = join(root, 'publish')
    const bin = join(root, 'bin')
    mkdirSync(work)
    mkdirSync(bin)
    calls = join(root, 'gh-calls')
    // A stand-in gh: records each call; `release view` finds a release when GH_FAKE_EXISTS=1.
    writeFileSync(
      join(bin, 'gh'),
      '#!/bin/bash\nprintf "%s|" "$@" >> "$GH_FAKE_CALLS"; printf "token=%s\\n" "$GH_TOKEN" >> "$GH_FAKE_CALLS"\n' +
        '[ "$1 $2" != "release view" ] || [ "$GH_FAKE_EXISTS" = 1 ]\n'
    )
    chmodSync(join(bin, 'gh'), 0o755)
    writeFileSync(join(root, 'release-notes.md'), '### Added\n\n- Something.\n')
    path = `${bin}${delimiter}${process.env.PATH}`
  })

  const publish = (exists: boolean) => {
    writeFileSync(calls, '')
    const env = { TAG: 'v1.2.0', GH_TOKEN: 'the-job-token', RUNNER_TEMP: root, GH_FAKE_CALLS: calls, GH_FAKE_EXISTS: exists ? '1' : '0' }
    const result = bashStep(run, work, { ...env, PATH: path })
    return { status: result.status, calls: readFileSync(calls, 'utf8').trim().split('\n') }
  }

  test('creates the release from the notes file, refusing a tag that is not pushed (--verify-tag)', () => {
    expect(publish(false)).toEqual({
      status: 0,
      calls: [
        'release|view|v1.2.0|token=the-job-token',
        `release|create|v1.2.0|--verify-tag|--title|v1.2.0|--notes-file|${root}/release-notes.md|token=the-job-token`
      ]
    })
  })

  test('edits the release instead when it exists, so a repeated run does not fail on it', () => {
    expect(publish(true)).toEqual({
      status: 0,
      calls: [
        'release|view|v1.2.0|token=the-job-token',
        `release|edit|v1.2.0|--title|v1.2.0|--notes-file|${root}/release-notes.md|token=the-job-token`
      ]
    })
  })
})
