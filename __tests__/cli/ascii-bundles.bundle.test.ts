/**
 * Every file the build writes into dist/ is ASCII (docs/design.md §9 "The build"): one
 * non-ASCII character, which esbuild leaves in regular expressions and tagged templates,
 * makes node read the whole bundle as a two-byte string, slower to decode on every start.
 * The build writes such characters as `\uXXXX` escapes, which mean the same: through the
 * built CLI, the jest failure marker `●` still finds the failing test, and the report still
 * shows a dash and the test's `›`, not an escape.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT, scratchRepo, spawnCli } from '../helpers/cli.js'
import { readTrace, sessionDirs } from '../helpers/trace.js'

const DIST = join(REPO_ROOT, 'dist')

test('every bundle, chunk and launcher in dist/ is ASCII', () => {
  const code = readdirSync(DIST).filter(name => /\.(c|m)?js$/.test(name))
  expect(code.length).toBeGreaterThan(10)
  const offending = code.filter(name => /[^\x00-\x7F]/.test(readFileSync(join(DIST, name), 'latin1')))
  expect(offending).toEqual([])
})

test('the escaped characters still match and still print: a jest failure block, the report', async () => {
  const repo = await scratchRepo()
  writeFileSync(
    join(repo, 'jest-like.sh'),
    [
      'echo "FAIL src/cart.test.js"',
      'echo "  ● cart › applies the coupon"',
      'echo ""',
      'echo "    expect(received).toBe(expected)"',
      'exit 1',
      ''
    ].join('\n')
  )

  const run = await spawnCli(['run', '--command', 'bash jest-like.sh', '--expect-exit', '0', '--max-retries', '0'], repo)

  expect(run.code).toBe(1)
  const [dir] = sessionDirs(join(repo, '.reverify'))
  const result = readTrace(dir!).find(event => event.phase === 'tool_result')!
  expect(result.payload.failures).toEqual([expect.objectContaining({ test: 'cart › applies the coupon' })])
  const report = readFileSync(join(dir!, 'report.html'), 'utf8')
  expect(report).toContain('— failed after 1 attempt</h1>')
  expect(report).toContain('cart › applies the coupon')
  expect(report).not.toMatch(/\\u[0-9a-f]{4}/i)
}, 30_000)
