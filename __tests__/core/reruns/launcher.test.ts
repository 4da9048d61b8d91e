/**
 * A preset starts its runner the way the first attempt's command did (src/core/reruns/launcher.ts,
 * docs/design.md §1 "Rerunning only the failed tests"): the decision table, then the
 * template a rerun fills in.
 */
import { mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PackageScripts } from '../../../src/core/reruns/command-shape.js'
import { inferredLauncher, rerunTemplate } from '../../../src/core/reruns/launcher.js'
import { parseRerunSetting, type PresetName } from '../../../src/core/reruns/presets.js'

const NONE: PackageScripts = { kind: 'absent' }
const scripts = (entries: Record<string, string>): PackageScripts => ({ kind: 'scripts', scripts: entries })

// preset, command, package scripts, how the preset starts its runner (undefined: as written).
const TABLE: [PresetName, string, PackageScripts, string | undefined][] = [
  ['pytest', 'python3 -m pytest --junitxml=reports/junit.xml', NONE, 'python3 -m pytest'],
  ['pytest', '/usr/bin/python3 -m pytest -q', NONE, '/usr/bin/python3 -m pytest'],
  ['pytest', 'python -m pytest', NONE, 'python -m pytest'],
  ['pytest', 'python3.11 -m pytest', NONE, 'python3.11 -m pytest'],
  ['pytest', '.venv/bin/python -m pytest', NONE, '.venv/bin/python -m pytest'],
  ['pytest', 'py.test -x', NONE, 'py.test'],
  ['pytest', 'pytest --junitxml=reports/junit.xml', NONE, 'pytest'],
  ['pytest', 'uv run pytest', NONE, 'uv run pytest'],
  ['pytest', 'uv run --frozen python3 -m pytest', NONE, 'uv run --frozen python3 -m pytest'],
  ['pytest', 'poetry run pytest', NONE, 'poetry run pytest'],
  ['pytest', 'CI=1 python3 -m pytest', NONE, 'python3 -m pytest'],
  ['pytest', 'npm test', scripts({ test: 'python3 -m pytest' }), 'python3 -m pytest'],
  ['vitest', 'pnpm vitest run', NONE, 'pnpm vitest'],
  ['vitest', 'pnpm exec vitest run', NONE, 'pnpm exec vitest'],
  ['vitest', 'bunx vitest run', NONE, 'bunx vitest'],
  ['jest', 'yarn jest --ci', NONE, 'yarn jest'],
  ['jest', 'npx --no-install jest --ci', NONE, 'npx --no-install jest'],
  ['jest', 'npx jest --ci', NONE, 'npx jest'],
  ['jest', 'npm exec -- jest --ci', NONE, 'npm exec -- jest'],
  ['jest', './node_modules/.bin/jest --ci', NONE, './node_modules/.bin/jest'],
  ['mocha', 'node_modules/.bin/mocha src', NONE, 'node_modules/.bin/mocha'],
  ['jest', 'npm test', scripts({ test: 'yarn jest --ci' }), 'yarn jest'],
  ['jest', 'npm run unit', scripts({ unit: 'npm run jest-ci', 'jest-ci': 'pnpm jest --ci' }), 'pnpm jest'],
  ['playwright', 'pnpm playwright test', NONE, 'pnpm playwright'],
  // Nothing to infer: the preset starts as written.
  ['pytest', 'make test', NONE, undefined],
  ['pytest', 'python3 -X dev -m pytest', NONE, undefined],
  ['pytest', 'python3 -m unittest', NONE, undefined],
  ['jest', 'npm test', scripts({ test: 'jest --ci' }), undefined],
  ['jest', 'npm test', NONE, undefined],
  ['jest', 'jest --ci', NONE, undefined],
  ['jest', 'npx -p jest@29 jest', NONE, undefined],
  ['jest', 'yarn vitest', NONE, undefined],
  ['vitest', 'pnpm test', scripts({ test: 'vitest run' }), undefined],
  ['jest', '"$JEST" --ci', NONE, undefined],
  ['jest', "'./node_modules/.bin/jest' --ci", NONE, './node_modules/.bin/jest'],
  ['jest', './bin/jest$(id) --ci', NONE, undefined],
  ['go', 'gotestsum -- ./...', NONE, undefined],
  ['node-test', 'node --test', NONE, undefined]
]

test.each(TABLE)('%s preset for `%s`: starts as %s', (preset, command, found, launcher) => {
  expect(inferredLauncher(preset, command, found)).toBe(launcher)
})

test('the template a rerun fills in: the inferred start, the rest of the preset as written; a template as written', () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-launcher-')))
  const pytest = parseRerunSetting('pytest')
  if (pytest.kind !== 'preset') throw new Error('pytest is a preset')
  expect(rerunTemplate(pytest, 'python3 -m pytest', NONE, dir)).toBe('python3 -m pytest --junitxml=reports/junit.xml {ids}')
  expect(rerunTemplate(pytest, 'make test', NONE, dir)).toBe('python -m pytest --junitxml=reports/junit.xml {ids}')
  const vitest = parseRerunSetting('vitest')
  if (vitest.kind !== 'preset') throw new Error('vitest is a preset')
  expect(rerunTemplate(vitest, 'pnpm vitest run', NONE, dir)).toBe('pnpm vitest run {files} -t {pattern}')
  const template = parseRerunSetting('npx jest {files}')
  if (template.kind !== 'template') throw new Error('a template')
  expect(rerunTemplate(template, 'python3 -m pytest', NONE, dir)).toBe('npx jest {files}')
})
