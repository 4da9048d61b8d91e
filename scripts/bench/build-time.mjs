// Row (p): the build a developer waits for. `node scripts/build.mjs --out <scratch>` (the
// repository's own dist/ is left alone) against `tsc --noEmit` of the same project (the type
// check `npm run lint` runs), interleaved over `rounds`; each build's output is checked to be
// the bundles, and the first one's bytes are compared with the committed dist/ (the build is
// deterministic: a difference means dist/ is stale or the sources changed).
import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { interleave, medianOf, requireExit, timeProcess } from './measure.mjs'
import { formatMs, formatRatio, verdict } from './report.mjs'
import { TARGETS } from './rows.mjs'

const BUNDLES = ['cli.js', 'cli.bundle.cjs', 'index.js', 'index.bundle.cjs', 'report.js', 'report.bundle.cjs', 'post.js']

/** Resolves to { buildMs, tscMs, rounds, sameAsCommitted }. */
export async function benchBuildTime({ root, scratch, rounds, progress }) {
  let serial = 0
  let sameAsCommitted
  const variants = [
    {
      key: 'tsc',
      run: async () =>
        requireExit(
          await timeProcess([process.execPath, join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', 'tsconfig.json'], {
            cwd: root
          }),
          0,
          'tsc --noEmit'
        )
    },
    {
      key: 'build',
      run: async () => {
        const out = join(scratch, `build-p-${serial++}`)
        try {
          const sample = requireExit(
            await timeProcess([process.execPath, join(root, 'scripts', 'build.mjs'), '--out', out], { cwd: root }),
            0,
            'npm run build'
          )
          for (const file of BUNDLES) if (!existsSync(join(out, file))) throw new Error(`the build wrote no ${file}`)
          sameAsCommitted ??= BUNDLES.every(file => readFileSync(join(out, file)).equals(readFileSync(join(root, 'dist', file))))
          return sample
        } finally {
          await rm(out, { recursive: true, force: true })
        }
      }
    }
  ]
  const samples = await interleave(variants, rounds, progress)
  return { buildMs: medianOf(samples.get('build'), 'wallMs'), tscMs: medianOf(samples.get('tsc'), 'wallMs'), rounds, sameAsCommitted }
}

/** Row (p): the build against the type check, and whether it made the committed dist/ again. */
export function buildRows(result) {
  return [
    { row: 'p', what: '`tsc --noEmit` of the project (what `npm run lint` checks)', median: formatMs(result.tscMs), ratio: 'reference' },
    {
      row: 'p',
      what: '`npm run build` (transpile, bundle, minify; no type check)',
      median: formatMs(result.buildMs),
      ratio: formatRatio(result.buildMs / result.tscMs, 'tsc'),
      target: `≤ ${TARGETS.buildMaxMs / 1000} s`,
      result: verdict(result.buildMs <= TARGETS.buildMaxMs)
    },
    {
      row: 'p',
      what: "the build's bundles, byte for byte, against the committed dist/",
      median: result.sameAsCommitted ? 'identical' : 'different (dist/ is stale, or src/ changed)',
      target: 'identical',
      result: verdict(result.sameAsCommitted === true)
    }
  ]
}
