/**
 * Whether a command is the test runner alone (docs/design.md §1 "Rerunning only the failed
 * tests"): one simple command, or a package script call whose scripts come to one.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { commandShape, rerunShapeProblem, type PackageScripts } from '../../../src/core/reruns/command-shape.js'
import { MAX_PACKAGE_JSON_BYTES, readPackageScripts } from '../../../src/core/reruns/package-scripts.js'
import { PRESETS } from '../../../src/core/reruns/presets.js'

const NONE: PackageScripts = { kind: 'absent' }
const scripts = (table: Record<string, string>): PackageScripts => ({ kind: 'scripts', scripts: table })

describe('the runner alone', () => {
  test.each([
    'npx jest --ci',
    'npx jest --ci\n',
    '  npx jest --ci  ',
    'npx jest --ci # the unit tests',
    '# the unit tests\nnpx jest --ci\n# done\n',
    'CI=1 FORCE_COLOR=0 npx jest --ci',
    'npx jest --ci > jest.log 2>&1',
    'npx jest --ci;',
    'npx jest \\\n  --ci',
    'npx jest --ci $(cat changed-files)',
    'npx jest --ci <<EOF\nsome input\nEOF\n',
    'python -m pytest --junitxml=reports/junit.xml',
    'gotestsum --junitfile reports/junit.xml -- ./...'
  ])('%j', command => {
    expect(commandShape(command, NONE)).toEqual({ kind: 'runner' })
  })

  test.each([
    ['npm test', { test: 'jest' }],
    ['npm test', { test: 'jest --ci', lint: 'eslint . && prettier --check .' }],
    ['npm t -- --ci', { test: 'jest' }],
    ['npm run unit', { unit: 'jest --ci' }],
    ['npm run-script unit', { unit: 'jest --ci' }],
    ['npm --silent run unit', { unit: 'jest --ci' }],
    ['yarn test', { test: 'jest' }],
    ['yarn run unit', { unit: 'vitest run' }],
    ['yarn unit', { unit: 'vitest run' }],
    ['pnpm test', { test: 'jest' }],
    ['pnpm unit', { unit: 'vitest run' }],
    ['pnpm run unit', { unit: 'vitest run' }],
    ['CI=1 npm test', { test: 'jest' }],
    // A script that calls another, which is the runner alone.
    ['npm test', { test: 'npm run unit', unit: 'jest --ci' }],
    // A script package.json does not have: left to the run (npm fails it).
    ['npm run missing', { test: 'jest && eslint .' }],
    // Not a script call: npx, npm exec, yarn's own binaries.
    ['npm exec jest', { jest: 'jest && eslint .' }],
    ['npx jest', { jest: 'jest && eslint .' }]
  ])('%s with scripts %j', (command, table) => {
    expect(commandShape(command, scripts(table))).toEqual({ kind: 'runner' })
  })

  test('npm test without a package.json is left to the run', () => {
    expect(commandShape('npm test', NONE)).toEqual({ kind: 'runner' })
  })
})

describe('more than the runner', () => {
  test.each([
    ['npx jest --ci && node lint.js', 'npx jest --ci && node lint.js: 2 commands'],
    ['npx jest --ci; exit 1', 'npx jest --ci; exit 1: 2 commands'],
    ['npx jest --ci || true', 'npx jest --ci || true: 2 commands'],
    ['npx jest --ci | tee jest.log', 'npx jest --ci | tee jest.log: 2 commands'],
    ['npx jest --ci\nnode lint.js\n', 'npx jest --ci node lint.js: 2 commands'],
    ['cd packages/api && npx jest', 'cd packages/api && npx jest: 2 commands'],
    ['{ npx jest; }', '{ npx jest; }: 2 commands'],
    ['if npx jest; then echo ok; fi', 'if npx jest; then echo ok; fi: 3 commands'],
    ['(npx jest --ci)', '(npx jest --ci): it runs in a subshell'],
    ['npx jest --ci &', 'npx jest --ci &: it runs in the background'],
    ['npx jest --ci & wait', 'npx jest --ci & wait: 2 commands']
  ])('%j', (command, what) => {
    expect(commandShape(command, NONE)).toMatchObject({ kind: 'more', what })
  })

  test.each([
    ['npm test', { test: 'jest && eslint .' }, 'npm test runs 2 commands through package.json: jest; eslint .'],
    ['npm test', { test: 'jest', posttest: 'node check.js' }, 'npm test runs 2 commands through package.json: jest; node check.js'],
    ['npm test', { pretest: 'tsc', test: 'jest' }, 'npm test runs 2 commands through package.json: tsc; jest'],
    [
      'npm run ci',
      { ci: 'npm run unit && npm run lint', unit: 'jest', lint: 'eslint .' },
      'npm run ci runs 2 commands through package.json: jest; eslint .'
    ],
    ['yarn test', { test: 'jest; exit 1' }, 'yarn test runs 2 commands through package.json: jest; exit 1'],
    ['pnpm test', { test: 'vitest run | tee out' }, 'pnpm test runs 2 commands through package.json: vitest run; tee out'],
    ['npm test', { test: '(jest)' }, 'npm test: it runs in a subshell'],
    ['npm test && npm run lint', { test: 'jest', lint: 'eslint .' }, 'npm test && npm run lint: 2 commands']
  ])('%s with scripts %j', (command, table, what) => {
    expect(commandShape(command, scripts(table))).toMatchObject({ kind: 'more', what })
  })

  test('what the command holds is shown cut and escaped: no control character reaches the line', () => {
    const shape = commandShape(`npx jest \u001b[2J && node ${'x'.repeat(200)}.js`, NONE)
    expect(shape).toMatchObject({ kind: 'more' })
    const what = (shape as { what: string }).what
    expect(what).toMatch(/^npx jest \\x1b\[2J && node x+…: 2 commands$/)
    expect(what).not.toMatch(/[\u0000-\u001f]/)
  })

  test('scripts that call each other without end are followed only so far, and no template can carry them', () => {
    const shape = commandShape('npm test', scripts({ test: 'npm test' }))
    expect(shape).toEqual({ kind: 'more', what: 'npm test calls package scripts more than 4 levels deep', parts: [], carriable: false })
  })

  test('a package.json that cannot be read: a script call is not taken on trust', () => {
    const shape = commandShape('npm test', { kind: 'unreadable', why: 'is not JSON' })
    expect(shape).toMatchObject({ kind: 'more', what: 'npm test runs a package script, and package.json is not JSON', carriable: false })
  })
})

describe('rerunShapeProblem', () => {
  const jest = { kind: 'preset' as const, template: PRESETS.jest }
  const template = (text: string) => ({ kind: 'template' as const, template: text })

  test('a preset with more than the runner: one line naming the command, what it does and the ways out', () => {
    const problem = rerunShapeProblem(jest, commandShape('npx jest --ci && node lint.js', NONE), '--command')
    expect(problem).toBe(
      '--command runs more than the test runner (npx jest --ci && node lint.js: 2 commands), and a rerun of the failed tests would skip the rest; move the other commands to a step of their own, or give a rerun template that runs them too'
    )
    expect(problem).not.toContain('\n')
  })

  test('a preset with the runner alone, and any setting with the runner alone: no problem', () => {
    expect(rerunShapeProblem(jest, commandShape('npx jest --ci', NONE), 'command')).toBeUndefined()
    expect(rerunShapeProblem(template('npx jest {files}'), commandShape('npx jest --ci', NONE), 'command')).toBeUndefined()
  })

  test('a template that carries every other command as a command of its own is accepted, whitespace aside', () => {
    const shape = commandShape('npx jest --ci && node lint.js', NONE)
    expect(rerunShapeProblem(template('npx jest --ci -t {pattern} &&   node  lint.js'), shape, 'command')).toBeUndefined()
    // The runner may be spelled otherwise: it is the one the template stands in for.
    expect(rerunShapeProblem(template('node_modules/.bin/jest -t {pattern} && node lint.js'), shape, 'command')).toBeUndefined()
    // Inside another command, or in a comment, it does not run.
    expect(rerunShapeProblem(template('npx jest -t {pattern} && echo node lint.js'), shape, 'command')).toMatch(/leaves out/)
    expect(rerunShapeProblem(template('npx jest -t {pattern} # node lint.js'), shape, 'command')).toMatch(/leaves out/)
  })

  test('a template that leaves out a command is refused, naming what it leaves out', () => {
    const shape = commandShape('npx jest --ci && node lint.js', NONE)
    expect(rerunShapeProblem(template('npx jest -t {pattern}'), shape, 'command')).toBe(
      'command runs more than the test runner (npx jest --ci && node lint.js: 2 commands), and the template leaves out npx jest --ci; node lint.js: every command but the runner must be in it, or a rerun skips them; move the other commands to a step of their own, or give a rerun template that runs them too'
    )
  })

  test("a package script's commands are carried by the script call or by each command it runs", () => {
    const table = scripts({ test: 'jest && npm run lint', lint: 'eslint .' })
    const shape = commandShape('npm test', table)
    expect(rerunShapeProblem(template('npx jest -t {pattern} && npm run lint'), shape, 'command')).toBeUndefined()
    expect(rerunShapeProblem(template('npx jest -t {pattern} && eslint .'), shape, 'command')).toBeUndefined()
    expect(rerunShapeProblem(template('npx jest -t {pattern}'), shape, 'command')).toMatch(/leaves out jest; eslint \./)
  })

  test('scripts nested too deep are refused even with a template', () => {
    const shape = commandShape('npm test', scripts({ test: 'npm test' }))
    expect(rerunShapeProblem(template('npm test -- -t {pattern}'), shape, 'command')).toMatch(/more than 4 levels deep\), so a rerun/)
  })
})

describe('readPackageScripts', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'reverify-package-'))

  test('reads the string scripts; absent file, FIFO, oversized file and bad JSON each say so', () => {
    const here = dir()
    expect(readPackageScripts(here)).toEqual({ kind: 'absent' })
    writeFileSync(join(here, 'package.json'), JSON.stringify({ scripts: { test: 'jest', odd: 3, constructor: 'x' } }))
    const read = readPackageScripts(here)
    expect(read.kind).toBe('scripts')
    expect({ ...(read as { scripts: object }).scripts }).toEqual({ test: 'jest', constructor: 'x' })

    writeFileSync(join(here, 'package.json'), '{ "scripts": ')
    expect(readPackageScripts(here)).toEqual({ kind: 'unreadable', why: 'is not JSON' })
    writeFileSync(join(here, 'package.json'), ' '.repeat(MAX_PACKAGE_JSON_BYTES + 1))
    expect(readPackageScripts(here)).toEqual({ kind: 'unreadable', why: `is over ${MAX_PACKAGE_JSON_BYTES} bytes` })

    const fifo = dir()
    expect(spawnSync('mkfifo', [join(fifo, 'package.json')]).status).toBe(0)
    // Opening it must not wait for a writer.
    expect(readPackageScripts(fifo)).toEqual({ kind: 'unreadable', why: 'is not a regular file' })
    const folder = dir()
    mkdirSync(join(folder, 'package.json'))
    expect(readPackageScripts(folder)).toEqual({ kind: 'unreadable', why: 'is not a regular file' })
  })

  test('a script named like an Object property is not found where package.json has none', () => {
    expect(commandShape('npm run constructor', scripts({}))).toEqual({ kind: 'runner' })
  })
})
