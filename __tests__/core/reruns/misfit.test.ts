/**
 * The line of a rerun whose results show none of its targets (src/core/reruns/misfit.ts,
 * docs/design.md §1 "Rerunning only the failed tests"): when it is said, and its words.
 */
import { rerunMisfit } from '../../../src/core/reruns/misfit.js'
import { parseRerunSetting } from '../../../src/core/reruns/presets.js'

const preset = (name: string) => {
  const setting = parseRerunSetting(name)
  if (setting.kind === 'off') throw new Error('not off')
  return setting
}

const RERUN = "node_modules/.bin/vitest run 'src/net.test.js' -t '^(?:net fetches config)$'"

test.each([
  // targets, shown, exit code, the line (undefined: none)
  [2, 0, 1, 'the rerun wrote no results for the 2 targeted tests: is `rerun-failed-tests: vitest` right for `npx jest --ci`?'],
  [1, 0, 0, 'the rerun wrote no results for the targeted test: is `rerun-failed-tests: vitest` right for `npx jest --ci`?'],
  [2, 1, 1, undefined],
  [2, 2, 1, undefined],
  [0, 0, 1, undefined]
])('%i targets, %i shown, exit %i', (targets, shown, exitCode, line) => {
  expect(rerunMisfit(preset('vitest'), 'npx jest --ci', { targets, shown, exitCode, rerunCommand: RERUN })).toBe(line)
})

test('a runner the shell could not find (exit 127) is named, with a pointer to a template', () => {
  const line = rerunMisfit(preset('pytest'), 'make test', {
    targets: 2,
    shown: 0,
    exitCode: 127,
    rerunCommand: "python -m pytest --junitxml=reports/junit.xml 'tests/test_a.py::test_x'"
  })
  expect(line).toBe(
    'the rerun could not start `python` (exit 127: not found): is `rerun-failed-tests: pytest` right for `make test`? A template starts the runner the way the command does'
  )
})

test('a template is named as written, cut and with control characters shown; the command too', () => {
  const template = preset(`npx jest --ci {files} -t no-such-test ${'x'.repeat(100)}`)
  const line = rerunMisfit(template, 'npx jest\n--ci', { targets: 3, shown: 0, exitCode: 0, rerunCommand: 'npx jest' })!
  expect(line).toContain(
    'the rerun wrote no results for the 3 targeted tests: is `rerun-failed-tests: npx jest --ci {files} -t no-such-test xxx'
  )
  expect(line).toContain('…` right for `npx jest\\x0a--ci`?')
  expect(line).not.toContain('\n')
})
