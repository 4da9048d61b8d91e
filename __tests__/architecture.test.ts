/**
 * House rules that hold for the whole source tree (docs/design.md §8, §9): the front ends
 * reach the core only through `core/index.ts`, no import cycle anywhere, none between the
 * core's folders either (they stand on the floors docs/design.md §8 lists), the core imports
 * nothing of the GitHub toolkit nor of a front end nor the process's ambient state, and no
 * source file grows past 400 lines.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { REPO_ROOT } from './helpers/cli.js'
import { ambientReads } from './helpers/ambient-reads.js'
import { faceNames } from './helpers/core-face.js'
import {
  folderCycles,
  folderGraph,
  frontEndReachIns,
  importCycles,
  importGraph,
  importsOf,
  importsRunningUp,
  sourceFiles
} from './helpers/import-graph.js'

const SRC = join(REPO_ROOT, 'src')
const FIXTURES = join(REPO_ROOT, '__tests__', 'fixtures', 'architecture')

const files = sourceFiles(SRC)

test('the source tree is found', () => {
  expect(files.length).toBeGreaterThan(40)
})

test('no file in src/ is over 400 lines', () => {
  const long = files
    .map(path => [relative(REPO_ROOT, path), readFileSync(path, 'utf8').split('\n').length] as const)
    .filter(([, lines]) => lines > 400)
  expect(long).toEqual([])
})

test('src/core imports nothing from @actions/* and nothing from a front end', () => {
  const core = files.filter(path => relative(SRC, path).startsWith('core/'))
  const offending = core.flatMap(path =>
    importsOf(path)
      .filter(specifier => specifier.startsWith('@actions/') || /(^|\/)(cli|action)\//.test(specifier))
      .map(specifier => `${relative(REPO_ROOT, path)} imports ${specifier}`)
  )
  expect(core.length).toBeGreaterThan(20)
  expect(offending).toEqual([])
})

/** The files among `paths` that import zod's values (a type-only import is not one). */
function zodValueImports(paths: readonly string[]): string[] {
  const value = /^\s*import\s+(?!type\b)[^'"]*?from\s+['"]zod['"]|\bimport\(\s*['"]zod['"]\s*\)/m
  return paths.filter(path => value.test(readFileSync(path, 'utf8'))).map(path => relative(SRC, path))
}

test("zod's values reach the core and the CLI through core/base/schema-members.ts alone, loaded on the first parse", () => {
  const coreAndCli = files.filter(path => /^(core|cli)\//.test(relative(SRC, path)))
  expect(zodValueImports(coreAndCli)).toEqual(['core/base/schema-members.ts'])
  // The rule sees a value import, and only that: the action's files import zod's values.
  expect(zodValueImports(files.filter(path => relative(SRC, path) === 'action/post-state.ts'))).toEqual(['action/post-state.ts'])
  expect(zodValueImports(files.filter(path => relative(SRC, path) === 'core/receipts/receipt.ts'))).toEqual([])
})

/**
 * The only ambient reads the core may make, each with why: the real clock is the one reader
 * of the time, and the real machine's ports are where the process asks the OS who it is.
 */
const CORE_AMBIENT_ALLOWED = {
  // systemClock, the clock port's one real implementation.
  'base/clock.ts': ['new Date()', 'process.hrtime'],
  // createRunPorts fills `MachinePorts.owner` with this host; everything else reads the port.
  'run/run-ports.ts': ['hostname(']
}

test('src/core reads no clock, environment, working directory or host name of its own: they come from the ports or a parameter', () => {
  expect(ambientReads(join(SRC, 'core'), CORE_AMBIENT_ALLOWED)).toEqual([])
})

test('the ambient-read rule fails on a tree that reads them (fixtures/architecture/ambient)', () => {
  const root = join(FIXTURES, 'ambient', 'core')
  // Every kind is found, in code only: not in comments, not `new Date(x)` of a time already taken.
  expect(ambientReads(root)).toEqual([
    'base/clock.ts: new Date()',
    'base/clock.ts: performance.now(',
    'run/elapsed.ts: new Date()',
    'run/elapsed.ts: performance.now(',
    'run/elapsed.ts: process.hrtime',
    'run/start.ts: Date.now(',
    'run/start.ts: process.env',
    'run/start.ts: process.cwd(',
    'run/start.ts: hostname('
  ])
  // An allowance covers its own file and kinds only.
  expect(ambientReads(root, { 'base/clock.ts': ['new Date()', 'performance.now('], 'run/start.ts': ['hostname('] })).toEqual([
    'run/elapsed.ts: new Date()',
    'run/elapsed.ts: performance.now(',
    'run/elapsed.ts: process.hrtime',
    'run/start.ts: Date.now(',
    'run/start.ts: process.env',
    'run/start.ts: process.cwd('
  ])
  expect(ambientReads(join(FIXTURES, 'clean'))).toEqual([])
})

test('the front ends import the core only through core/index.ts', () => {
  expect(frontEndReachIns(importGraph(SRC))).toEqual([])
})

test('no import cycle anywhere in src/, type-only imports included', () => {
  expect(importCycles(importGraph(SRC))).toEqual([])
})

test('no cycle between the core folders, type-only imports included', () => {
  expect(folderCycles(importGraph(SRC))).toEqual([])
})

/** The floor order docs/design.md §8 writes down: the core's folders from the bottom floor up. */
function documentedFloors(): string[] {
  const design = readFileSync(join(REPO_ROOT, 'docs', 'design.md'), 'utf8')
  const section = design.slice(design.indexOf('## §8 Architecture'), design.indexOf('## §9'))
  return [...section.matchAll(/^\d+\. `core\/([a-z-]+)\/`/gm)].map(match => match[1]!)
}

test('docs/design.md §8 lists every core folder on one floor, and no import runs back up', () => {
  const floors = documentedFloors()
  expect([...floors].sort()).toEqual([...folderGraph(importGraph(SRC)).keys()])
  expect(importsRunningUp(importGraph(SRC), floors).map(({ file, target }) => `${file} imports ${target}`)).toEqual([])
})

test('the rules fail on a tree that breaks them (fixtures/architecture)', () => {
  expect(frontEndReachIns(importGraph(join(FIXTURES, 'clean')))).toEqual([])
  expect(importCycles(importGraph(join(FIXTURES, 'clean')))).toEqual([])
  expect(folderCycles(importGraph(join(FIXTURES, 'clean')))).toEqual([])
  expect(frontEndReachIns(importGraph(join(FIXTURES, 'reach-in')))).toEqual(['cli/main.ts imports core/run/verify.ts'])
  expect(importCycles(importGraph(join(FIXTURES, 'cycle')))).toEqual([['core/a/types.ts', 'core/b/judge.ts']])
  expect(folderCycles(importGraph(join(FIXTURES, 'cycle')))).toEqual([
    'core folders a, b import each other: core/a/types.ts imports core/b/judge.ts'
  ])
  // Two folders that import each other's types through different files: no file cycle, a folder cycle.
  const folderCycle = importGraph(join(FIXTURES, 'folder-cycle'))
  expect(importCycles(folderCycle)).toEqual([])
  expect(folderCycles(folderCycle)).toEqual(['core folders a, b import each other: core/a/attempt.ts imports core/b/names.ts'])
  // Whichever folder stands lower, one import runs back up.
  expect(importsRunningUp(folderCycle, ['a', 'b']).map(({ file }) => file)).toEqual(['core/a/attempt.ts'])
  expect(importsRunningUp(folderCycle, ['b', 'a']).map(({ file }) => file)).toEqual(['core/b/judge.ts'])
  expect(importsRunningUp(importGraph(join(FIXTURES, 'clean')), ['run'])).toEqual([])
})

test('the import scan sees imports (it is not a rubber stamp)', () => {
  expect(importsOf(join(SRC, 'action', 'index.ts'))).toContain('@actions/cache')
})

test('src/action prints only through workflow-commands.ts, the one escaping path (SECURITY.md)', () => {
  const printing = /\bcore\.(info|debug|notice|warning|error|setFailed|startGroup|group)\(/
  const action = files.filter(path => relative(SRC, path).startsWith('action/') && !path.endsWith('workflow-commands.ts'))
  const offending = action.filter(path => printing.test(readFileSync(path, 'utf8'))).map(path => relative(REPO_ROOT, path))
  expect(action.length).toBeGreaterThan(10)
  expect(offending).toEqual([])
})

/**
 * The most names the core's face may list (docs/design.md §8): the figure it has come down
 * to (158 before its use cases, 132 after the first of them, 75 after the second); 62 since
 * a test's rate and a runner's own retry became words every front end shows, and the action
 * stages the history's known tests with the receipts; 63 since a command is shown the same
 * way (cut at a word, a rerun's test names elided) in every title, cell and log group; 70
 * since a leg's trace artifact carries every annotation of its run (docs/design.md §5
 * "Trace artifact"): the file's name, its shape (an annotation, a test's flag and rate), its
 * text and cap, and its atomic write, which the action calls and the report reads.
 * Lower this as the face narrows.
 */
const FACE_CEILING = 70

test(`the core's face lists at most ${FACE_CEILING} names`, () => {
  const names = faceNames(join(SRC, 'core', 'index.ts'))
  expect(names.length).toBeGreaterThan(20)
  expect(names.length).toBeLessThanOrEqual(FACE_CEILING)
})

test('the face count fails on an index that lists more (fixtures/architecture)', () => {
  expect(faceNames(join(FIXTURES, 'clean', 'core', 'index.ts'))).toEqual(['verify'])
  // Types, renamed exports, a star re-export and multi-line lists all count; comments do not.
  // A namespace re-export counts once, by its name (the input table's readers are one).
  const wide = faceNames(join(FIXTURES, 'wide-face', 'core', 'index.ts'))
  expect(wide).toEqual(['*', 'Judgement', 'Verdict', 'check', 'verdicts', 'verify'])
  expect(wide.length).toBeGreaterThan(faceNames(join(FIXTURES, 'clean', 'core', 'index.ts')).length)
})

test("no shipped module builds the fault injection's pause: the harness does (scripts/test-pause.mjs)", () => {
  const code = (path: string) =>
    readFileSync(path, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '')
  const building = files.filter(path => /REVERIFY_TEST_PAUSE_AT|testPauseFrom/.test(code(path)))
  expect(building.map(path => relative(REPO_ROOT, path))).toEqual([])
})
