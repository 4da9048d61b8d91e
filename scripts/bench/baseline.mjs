// Row (m): the regression guard. The build of the last release (its committed dist/: every
// commit of this repository holds its build) against the working tree's dist/, interleaved
// in one run, on the work of rows (a), (b) and (h), so a change that slows reverify down
// shows in the run that introduces it. An old build may not know a newer flag: every run
// here uses only flags the first release accepts.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { interleave, medianOf, requireExit, timeProcess } from './measure.mjs'
import { floodCommand } from './output-volume.mjs'

// A release is a tag vX.Y.Z (README, "Releases"); the moving major tag vX is not one.
const RELEASE_TAG = /^v(\d+)\.(\d+)\.(\d+)$/

/** Orders two release tags by version: negative when `a` is the older. */
export function compareReleaseTags(a, b) {
  const parts = tag => RELEASE_TAG.exec(tag).slice(1).map(Number)
  const [left, right] = [parts(a), parts(b)]
  const differing = left.findIndex((value, index) => value !== right[index])
  return differing === -1 ? 0 : left[differing] - right[differing]
}

/**
 * The ref row (m) measures against: `requested` (--baseline) when given, else the newest
 * release tag among `tags`, else origin/main when the repository has it. Returns
 * { ref, why }, or { problem } (one line saying what to pass) when there is nothing to use.
 */
export function chooseBaselineRef({ requested, tags, hasOriginMain }) {
  if (requested !== undefined) return { ref: requested, why: 'given by --baseline' }
  const releases = tags.filter(tag => RELEASE_TAG.test(tag)).sort(compareReleaseTags)
  if (releases.length > 0) return { ref: releases[releases.length - 1], why: 'newest release tag' }
  if (hasOriginMain) return { ref: 'origin/main', why: 'no release tag' }
  return {
    problem:
      'no release tag (vX.Y.Z) and no origin/main to measure against; pass --baseline REF (a tag, branch or commit whose committed dist/ to compare with)'
  }
}

/** Resolves the baseline in the repository at `root`: { ref, why, commit }; throws one line when it cannot. */
export function resolveBaseline(root, requested) {
  const git = args => spawnSync('git', args, { cwd: root, encoding: 'utf8' })
  const commitOf = ref => {
    const result = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])
    return result.status === 0 ? result.stdout.trim() : undefined
  }
  const tags = requested === undefined ? (git(['tag', '--list', 'v*']).stdout ?? '').split('\n').filter(Boolean) : []
  const choice = chooseBaselineRef({ requested, tags, hasOriginMain: requested === undefined && commitOf('origin/main') !== undefined })
  if (choice.problem !== undefined) throw new Error(choice.problem)
  const commit = commitOf(choice.ref)
  if (commit === undefined) {
    throw new Error(`--baseline: '${choice.ref}' is not a commit of this repository; give a tag, branch or commit it holds`)
  }
  return { ...choice, commit }
}

/** Writes the dist/ committed at the baseline into `directory`/dist; returns its dist folder. */
export function extractBuild(root, baseline, directory) {
  mkdirSync(directory, { recursive: true })
  const archive = join(directory, 'dist.tar')
  const written = spawnSync('git', ['archive', '--format=tar', '-o', archive, baseline.commit, 'dist'], { cwd: root, encoding: 'utf8' })
  const dist = join(directory, 'dist')
  if (written.status === 0) spawnSync('tar', ['-xf', archive, '-C', directory])
  rmSync(archive, { force: true })
  if (!existsSync(join(dist, 'cli.js')) || !existsSync(join(dist, 'index.js'))) {
    throw new Error(
      `--baseline: ${baseline.ref} (${baseline.commit.slice(0, 12)}) has no committed dist/cli.js and dist/index.js; give a ref whose commit holds its build`
    )
  }
  // The bundle is ESM; an old dist/ without its own package.json relied on the root's.
  const marker = join(dist, 'package.json')
  if (!existsSync(marker)) writeFileSync(marker, '{\n  "type": "module"\n}\n')
  return dist
}

/**
 * This build (`dist`) against the baseline build (`baselineDist`): (a) the trivial run with
 * a fresh state dir, (b) `floodBytes` of log lines, (h) the action's main step on `true`
 * against the local results service; each part interleaved on its own. Both CLIs start as
 * `node dist/cli.js` in the scratch repository; the actions run beside the CLI as in row (h).
 * Resolves to { startup, flood, action } of { currentMs, baselineMs } (flood adds
 * currentRssKb and baselineRssKb), floodBytes and rounds.
 */
export async function benchAgainstBaseline({ dist, baselineDist, scratch, rssMethod, rounds, floodBytes, progress = () => {} }) {
  const runOf = (cliDist, build, command, options = {}) => {
    let serial = 0
    return async () => {
      // Fresh each time, as in rows (a) and (b): no run profits from another's state.
      const stateDir = join(scratch, `guard-${build}-state-${serial++}`)
      const argv = [process.execPath, join(cliDist, 'cli.js'), 'run', '--command', command]
      argv.push('--expect-exit', '0', '--max-retries', '0', '--state-dir', stateDir)
      try {
        return requireExit(await timeProcess(argv, { cwd: scratch, ...options }), 0, `the ${build} build's reverify run`)
      } finally {
        await rm(stateDir, { recursive: true, force: true })
      }
    }
  }
  const pair = async (part, count, command, options) =>
    interleave(
      [
        { key: 'current', run: runOf(dist, 'current', command, options) },
        { key: 'baseline', run: runOf(baselineDist, 'baseline', command, options) }
      ],
      count,
      (done, total) => progress(part, done, total)
    )
  const startup = await pair('a', rounds.startup, 'true')
  const flood = await pair('b', rounds.flood, floodCommand(floodBytes), { rssMethod })
  // Loaded here: the results service it starts is compiled into build/ by then.
  const { benchActionOverhead } = await import('./action.mjs')
  const action = await benchActionOverhead({
    cli: join(dist, 'cli.js'),
    scratch,
    rounds: rounds.action,
    progress: (done, total) => progress('h', done, total),
    baselineDist
  })
  const report = await benchReportStart({ dist, baselineDist, scratch, rounds: rounds.startup, progress })
  const medians = samples => ({
    currentMs: medianOf(samples.get('current'), 'wallMs'),
    baselineMs: medianOf(samples.get('baseline'), 'wallMs')
  })
  return {
    startup: medians(startup),
    flood: {
      ...medians(flood),
      currentRssKb: medianOf(flood.get('current'), 'peakRssKb'),
      baselineRssKb: medianOf(flood.get('baseline'), 'peakRssKb')
    },
    action: { currentMs: action.actionMs, baselineMs: action.baselineActionMs },
    report: { ...medians(report), currentBytes: bundleBytes(dist), baselineBytes: bundleBytes(baselineDist) },
    floodBytes,
    rounds
  }
}

/**
 * The report entry point's size in bytes (0 when a build has none): its launcher and the
 * bundle it loads (`report.bundle.cjs`, `report.bundle.js` in builds before the bundles were
 * CommonJS) where the build has launchers, else `report.js` alone.
 */
function bundleBytes(dist) {
  return ['report.js', 'report.bundle.cjs', 'report.bundle.js']
    .map(name => join(dist, name))
    .filter(file => existsSync(file))
    .reduce((bytes, file) => bytes + statSync(file).size, 0)
}

/**
 * The report entry point's start-up, both builds interleaved: `node dist/report.js` with an
 * input it refuses (expected-legs 0), so it loads the whole bundle, reads its inputs and
 * stops with exit 1 before it would reach a service. Resolves to key → samples.
 */
function benchReportStart({ dist, baselineDist, scratch, rounds, progress }) {
  const env = { 'INPUT_EXPECTED-LEGS': '0', GITHUB_ACTIONS: 'true', RUNNER_TEMP: scratch }
  const runOf = (cliDist, build) => async () =>
    requireExit(
      await timeProcess([process.execPath, join(cliDist, 'report.js')], { cwd: scratch, env }),
      1,
      `the ${build} build's report entry point on a refused input`
    )
  return interleave(
    [
      { key: 'current', run: runOf(dist, 'current') },
      { key: 'baseline', run: runOf(baselineDist, 'baseline') }
    ],
    rounds,
    (done, total) => progress('report', done, total)
  )
}
