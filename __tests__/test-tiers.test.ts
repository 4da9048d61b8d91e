/**
 * The test tiers (docs/design.md §9, jest.config.js): a file's name says its tier
 * (`*.bundle.test.ts`, `*.slow.test.ts`, else unit), and jest lists every test file in exactly
 * the tier its name says. Nothing named unit reaches dist/, fast-check or Chromium, whether
 * itself or through a helper, so `npm run test:unit` needs no build; everything named bundle
 * does reach dist/. And the globalSetup of the tiers that run the bundle refuses a dist/ that
 * is missing or older than src/.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { REPO_ROOT } from './helpers/cli.js'
import { budget } from './helpers/budget.js'

const TIERS = ['unit', 'bundle', 'slow'] as const
type Tier = (typeof TIERS)[number]

/** What a test can reach that decides its tier. */
type Reach = 'dist' | 'fast-check' | 'browser'
const PACKAGE_REACH: Record<string, Reach> = { 'fast-check': 'fast-check', 'puppeteer-core': 'browser', puppeteer: 'browser' }
/** Text that names a file in dist/: `dist/cli.js`, `../../dist/index.js` (not `dist/ is stale`). */
const DIST_PATH = /(^|\/)dist\/[\w.-]/

/** The tier a test file's name says: `x.bundle.test.ts` bundle, `x.slow.test.ts` slow, any other `x.test.ts` unit. */
function tierOfName(file: string): Tier {
  return file.endsWith('.bundle.test.ts') ? 'bundle' : file.endsWith('.slow.test.ts') ? 'slow' : 'unit'
}

/** Every test file under __tests__/, relative to the repository. */
function testFiles(dir = join(REPO_ROOT, '__tests__')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry =>
    entry.isDirectory()
      ? testFiles(join(dir, entry.name))
      : entry.name.endsWith('.test.ts')
        ? [relative(REPO_ROOT, join(dir, entry.name))]
        : []
  )
}

/** The test files jest runs for one project. */
function listedBy(tier: Tier): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const jest = join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js')
    const child = spawn(process.execPath, [jest, '--listTests', '--json', '--selectProjects', tier], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('error', reject)
    child.on('close', code => {
      const json = stdout.split('\n').find(line => line.startsWith('['))
      if (code !== 0 || json === undefined) reject(new Error(`jest --listTests for ${tier} failed (${code}): ${stderr.slice(-2000)}`))
      else resolve((JSON.parse(json) as string[]).map(path => relative(REPO_ROOT, path)).sort())
    })
  })
}

/** A parsed file of __tests__/: its top-level names, and what its imported names stand for. */
interface Parsed {
  source: ts.SourceFile
  /** Top-level declarations by name. */
  declarations: Map<string, ts.Node>
  /** Top-level statements that are not declarations: they run on import. */
  sideEffects: ts.Node[]
  /** Local name → where it comes from (a file of __tests__/, a package, or dist) and its name there. */
  imports: Map<string, { from: string; name: string }>
}

const parsedFiles = new Map<string, Parsed>()

/** A file of __tests__/ or `dist` for a relative specifier, the package for a bare one; undefined for src/ (it runs in-process). */
function resolveSpecifier(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return specifier
  const path = relative(REPO_ROOT, join(REPO_ROOT, dirname(file), specifier.replace(/\.js$/, '.ts')))
  if (path.startsWith('__tests__/') && existsSync(join(REPO_ROOT, path))) return path
  return DIST_PATH.test(path) ? 'dist' : undefined
}

/** A file's top-level declarations, imports and side effects (cached). */
function parse(file: string): Parsed {
  const cached = parsedFiles.get(file)
  if (cached) return cached
  const source = ts.createSourceFile(file, readFileSync(join(REPO_ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true)
  const parsed: Parsed = { source, declarations: new Map(), sideEffects: [], imports: new Map() }
  const bind = (local: ts.ModuleExportName, from: string, name: string) => parsed.imports.set(local.text, { from, name })
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const from = ts.isStringLiteral(statement.moduleSpecifier) ? resolveSpecifier(file, statement.moduleSpecifier.text) : undefined
      const clause = statement.importClause
      if (!clause) parsed.sideEffects.push(statement)
      if (from === undefined || !clause || clause.isTypeOnly) continue
      if (clause.name) bind(clause.name, from, 'default')
      const bindings = clause.namedBindings
      if (bindings && ts.isNamespaceImport(bindings)) bind(bindings.name, from, '*')
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements)
          if (!element.isTypeOnly) bind(element.name, from, (element.propertyName ?? element.name).text)
      }
    } else if (ts.isExportDeclaration(statement)) {
      // `export { name } from './x.js'`: the name stands for x's.
      const specifier = statement.moduleSpecifier
      const from = specifier && ts.isStringLiteral(specifier) ? resolveSpecifier(file, specifier.text) : undefined
      if (from === undefined || statement.isTypeOnly || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue
      for (const element of statement.exportClause.elements) bind(element.name, from, (element.propertyName ?? element.name).text)
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      parsed.declarations.set(statement.name.text, statement)
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) parsed.declarations.set(declaration.name.text, declaration)
        else parsed.sideEffects.push(declaration)
      }
    } else if (!ts.isInterfaceDeclaration(statement) && !ts.isTypeAliasDeclaration(statement)) {
      parsed.sideEffects.push(statement)
    }
  }
  parsedFiles.set(file, parsed)
  return parsed
}

/** An expectation's matcher (`expect(x).toEqual(…)`): its arguments are text to compare, not paths to use. */
function isMatcherCall(call: ts.CallExpression): boolean {
  let callee: ts.Expression = call.expression
  while (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) {
    callee = callee.expression
    if (ts.isCallExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'expect') return true
  }
  return false
}

/** A test or group whose first argument is its title: `test(…)`, `it.concurrent(…)`, `describe.each(table)(…)`. */
function isTitledCall(call: ts.CallExpression): boolean {
  const callee = call.expression
  const name = (ts.isCallExpression(callee) ? callee.expression : callee).getText()
  return /^(test|it|describe)(\.(only|skip|concurrent|failing|each))*$/.test(name) && ts.isCallExpression(callee) === name.endsWith('.each')
}

interface Scanned {
  /** The identifiers a node uses. */
  names: Set<string>
  /** The modules it imports with `import(…)`. */
  dynamic: Set<string>
  /** Whether it names a file in dist/, or passes `'dist'` to a call. */
  dist: boolean
}

/** What a node uses and names; `text` false inside a matcher's arguments or a title, which only quote. */
function scan(node: ts.Node, file: string, found: Scanned = { names: new Set(), dynamic: new Set(), dist: false }, text = true): Scanned {
  if (ts.isIdentifier(node)) found.names.add(node.text)
  if (text && (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && DIST_PATH.test(node.text)) found.dist = true
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
    const args = node.arguments ?? []
    const [first] = args
    if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteralLike(first)) {
      const from = resolveSpecifier(file, first.text)
      if (from !== undefined) found.dynamic.add(from)
    }
    const matcher = ts.isCallExpression(node) && isMatcherCall(node)
    const titled = ts.isCallExpression(node) && isTitledCall(node)
    scan(node.expression, file, found, text)
    args.forEach((argument, index) => {
      const asPath = text && !matcher && !(titled && index === 0)
      if (asPath && ts.isStringLiteralLike(argument) && argument.text === 'dist') found.dist = true
      scan(argument, file, found, asPath)
    })
    return found
  }
  ts.forEachChild(node, child => void scan(child, file, found, text))
  return found
}

/** One vertex of the graph of names: what it reaches itself, and the vertices it uses. */
interface Vertex {
  own: Reach[]
  uses: string[]
}

const vertices = new Map<string, Vertex>()

/** The vertex of a module's name: `file#name`, `file#*` (any of its names), `file#effects` (what runs on import), `file#test` (a whole test file). */
function vertex(key: string): Vertex {
  const known = vertices.get(key)
  if (known) return known
  const at = key.lastIndexOf('#')
  const [from, name] = [key.slice(0, at), key.slice(at + 1)]
  let found: Vertex
  if (from === 'dist') found = { own: ['dist'], uses: [] }
  else if (!from.startsWith('__tests__/')) found = { own: PACKAGE_REACH[from] ? [PACKAGE_REACH[from]] : [], uses: [] }
  else {
    const parsed = parse(from)
    const imported = parsed.imports.get(name)
    if (name === '*')
      found = { own: [], uses: [...parsed.declarations.keys(), ...parsed.imports.keys(), 'effects'].map(local => `${from}#${local}`) }
    else if (imported) found = { own: [], uses: [`${imported.from}#${imported.name}`, `${from}#effects`] }
    else {
      const declared = parsed.declarations.get(name)
      if (name !== 'effects' && name !== 'test' && !declared) throw new Error(`${from} has no top-level ${name}`)
      const nodes = name === 'effects' ? parsed.sideEffects : name === 'test' ? [parsed.source] : [declared!]
      const scanned = { names: new Set<string>(), dynamic: new Set<string>(), dist: false }
      for (const node of nodes) scan(node, from, scanned)
      const uses = [...scanned.names].flatMap(local =>
        local !== name && (parsed.imports.has(local) || parsed.declarations.has(local)) ? [`${from}#${local}`] : []
      )
      found = {
        own: scanned.dist ? ['dist'] : [],
        uses: [...uses, ...[...scanned.dynamic].map(module => `${module}#*`), `${from}#effects`]
      }
    }
  }
  vertices.set(key, found)
  return found
}

/** Everything a vertex reaches through the vertices it uses, however far. */
function reachFrom(start: string): Reach[] {
  const seen = new Set([start])
  const queue = [start]
  const reach = new Set<Reach>()
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    const { own, uses } = vertex(key)
    for (const item of own) reach.add(item)
    for (const next of uses.filter(next => !seen.has(next))) {
      seen.add(next)
      queue.push(next)
    }
  }
  return [...reach].sort()
}

/** What one name of a helper reaches, through the helpers it uses. */
const reachOf = (file: string, name: string): Reach[] => reachFrom(`${file}#${name}`)

/** What a test file reaches, itself or through its helpers. */
const reachOfTest = (file: string): Reach[] => reachFrom(`${file}#test`)

let tiers: Record<Tier, string[]>
beforeAll(async () => {
  const lists = await Promise.all(TIERS.map(listedBy))
  tiers = Object.fromEntries(TIERS.map((tier, index) => [tier, lists[index]!])) as Record<Tier, string[]>
})

test('every test file is in exactly one tier, as jest lists them', () => {
  const all = testFiles().sort()
  expect(all.length).toBeGreaterThan(100)
  for (const tier of TIERS) expect(tiers[tier].length).toBeGreaterThan(10)
  const listed = TIERS.flatMap(tier => tiers[tier]).sort()
  const twice = listed.filter((file, index) => listed[index - 1] === file)
  expect(twice).toEqual([])
  expect(listed).toEqual(all)
})

test("jest puts each file in the tier its name says, and the name's rule reads only the end", () => {
  const misplaced = TIERS.flatMap(tier => tiers[tier].filter(file => tierOfName(file) !== tier).map(file => `${file} in ${tier}`))
  expect(misplaced).toEqual([])
  expect(
    ['a/x.bundle.test.ts', 'a/x.slow.test.ts', 'a/x.test.ts', 'a/bundle/x.test.ts', 'a/x.slow.bundle.test.ts'].map(tierOfName)
  ).toEqual(['bundle', 'slow', 'unit', 'unit', 'bundle'])
})

test('nothing in unit reaches dist/, fast-check or Chromium, itself or through a helper', () => {
  const offending = tiers.unit.flatMap(file => reachOfTest(file).map(reach => `${file} reaches ${reach}`))
  expect(offending).toEqual([])
})

test('everything in bundle runs the bundle, and no property or browser test is there', () => {
  const offending = tiers.bundle.filter(file => reachOfTest(file).join() !== 'dist')
  expect(offending).toEqual([])
})

test('the scan sees what the helpers reach (it is not a rubber stamp)', () => {
  expect(reachOf('__tests__/helpers/cli.ts', 'spawnCli')).toEqual(['dist'])
  expect(reachOf('__tests__/helpers/cli.ts', 'runCli')).toEqual([])
  expect(reachOf('__tests__/helpers/runner.ts', 'FakeRunner')).toEqual(['dist'])
  expect(reachOf('__tests__/helpers/runner.ts', 'parseCommandFile')).toEqual([])
  expect(reachOf('__tests__/helpers/fuzz.ts', 'hostileText')).toEqual(['fast-check'])
  expect(reachOf('__tests__/helpers/fuzz.ts', 'listTree')).toEqual([])
  expect(reachOf('__tests__/helpers/chromium.ts', 'withChromium')).toEqual(['browser'])
  expect(reachOfTest('__tests__/cli/remediation.bundle.test.ts')).toEqual(['dist'])
  expect(reachOfTest('__tests__/security/fuzz-cli.slow.test.ts')).toEqual(['fast-check'])
  // It names dist/index.js only as text it expects action.yml to hold.
  expect(reachOfTest('__tests__/action/workflows.test.ts')).toEqual([])
})

test('every tier keeps the ESM transform, the module mapper, the fuzz seed and the scaled timeouts, the run its timeout and workers; no tier lists files', async () => {
  const config = (await import(pathToFileURL(join(REPO_ROOT, 'jest.config.js')).href)).default
  // jest reads these two for the whole run only, not from a project.
  expect(config).toMatchObject({ maxWorkers: 2, testTimeout: budget(60000) })
  expect(config.projects.map((project: any) => project.displayName)).toEqual([...TIERS])
  for (const project of config.projects) {
    expect(project.transform['^.+\\.ts$'][1]).toMatchObject({ useESM: true })
    expect(project.moduleNameMapper).toEqual({ '^(\\.{1,2}/.*)\\.js$': '$1' })
    expect(project.setupFilesAfterEnv).toEqual(['<rootDir>/__tests__/helpers/fuzz-seed.ts', '<rootDir>/__tests__/helpers/busy-machine.ts'])
    expect(project.globalSetup).toBe(project.displayName === 'unit' ? undefined : '<rootDir>/scripts/dist-fresh.mjs')
  }
  // The name is the whole rule: a path listed here would put a file in a tier its name does not say.
  const named = config.projects.flatMap((project: any) => project.testMatch as string[]).filter((glob: string) => !glob.includes('*'))
  expect(named).toEqual([])
})

test('npm test runs the unit and bundle tiers, test:slow the slow one, and .ci/run both: CI runs every tier', () => {
  const scripts = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>
  /** The projects a script's jest selects: every tier when it selects none. */
  const selected = (script: string): string[] => {
    const jest = /\bjest\b(.*)$/.exec(script)?.[1] ?? ''
    const projects = /--selectProjects((?:\s+[\w-]+)+)/.exec(jest)?.[1]
    return projects === undefined ? [...TIERS] : projects.trim().split(/\s+/)
  }
  expect(selected(scripts.test!)).toEqual(['unit', 'bundle'])
  // npm test builds before jest, so its bundle tier never meets a stale dist/.
  expect(scripts.test!.indexOf('npm run build')).toBeLessThan(scripts.test!.indexOf('jest'))
  expect(selected(scripts['test:slow']!)).toEqual(['slow'])
  const ci = readFileSync(join(REPO_ROOT, '.ci', 'run'), 'utf8').split('\n')
  const ran = ['npm test', 'npm run test:slow'].map(command => ci.indexOf(command))
  expect(ran.every(line => line >= 0)).toBe(true)
  // The slow tier runs the bundle npm test built.
  expect(ran[0]).toBeLessThan(ran[1]!)
  expect([...selected(scripts.test!), ...selected(scripts['test:slow']!)].sort()).toEqual([...TIERS].sort())
})

describe("the bundle tiers' globalSetup", () => {
  const load = async () => await import(pathToFileURL(join(REPO_ROOT, 'scripts', 'dist-fresh.mjs')).href)
  const roots: string[] = []
  afterAll(() => roots.forEach(root => rmSync(root, { recursive: true, force: true })))

  /** A scratch root whose src/ files were written at `src` and whose bundle files at `bundle` (seconds). */
  async function scratchRoot(times: { src: number; bundle: number }): Promise<{ root: string; bundleFiles: string[] }> {
    const bundleFiles: string[] = (await load()).BUNDLE_FILES
    const root = mkdtempSync(join(tmpdir(), 'reverify-tiers-'))
    roots.push(root)
    for (const [file, time] of [
      ...['src/core/a.ts', 'src/cli/b.ts'].map(file => [file, times.src] as const),
      ...bundleFiles.map(file => [file, times.bundle] as const)
    ]) {
      mkdirSync(dirname(join(root, file)), { recursive: true })
      writeFileSync(join(root, file), '')
      utimesSync(join(root, file), time, time)
    }
    return { root, bundleFiles }
  }
  const problemOf = async (root: string): Promise<string | undefined> => (await load()).distProblem(root)
  const STALE = 'dist/ is older than src/: run `npm run build` first (or `npm run test:unit`, which needs no build)'

  test('names the four files the bundle tests run (the report entry point included)', async () => {
    expect((await load()).BUNDLE_FILES).toEqual(['dist/cli.js', 'dist/index.js', 'dist/post.js', 'dist/report.js'])
  })

  test('a build newer than every source file will do', async () => {
    const { root } = await scratchRoot({ src: 1_000_000, bundle: 1_000_010 })
    expect(await problemOf(root)).toBeUndefined()
  })

  test('a missing bundle file is one line naming it', async () => {
    const { root, bundleFiles } = await scratchRoot({ src: 1_000_000, bundle: 1_000_010 })
    rmSync(join(root, bundleFiles[2]!))
    expect(await problemOf(root)).toBe('dist/post.js is missing: run `npm run build` first (or `npm run test:unit`, which needs no build)')
    // The report entry point's bundle counts like the others.
    const other = await scratchRoot({ src: 1_000_000, bundle: 1_000_010 })
    rmSync(join(other.root, other.bundleFiles[3]!))
    expect(await problemOf(other.root)).toBe(
      'dist/report.js is missing: run `npm run build` first (or `npm run test:unit`, which needs no build)'
    )
  })

  test('a source file changed after the build is one line', async () => {
    const { root } = await scratchRoot({ src: 1_000_000, bundle: 1_000_010 })
    utimesSync(join(root, 'src/cli/b.ts'), 1_000_020, 1_000_020)
    expect(await problemOf(root)).toBe(STALE)
  })

  test('one bundle file older than the sources is enough', async () => {
    const { root, bundleFiles } = await scratchRoot({ src: 1_000_000, bundle: 1_000_010 })
    utimesSync(join(root, bundleFiles[1]!), 999_990, 999_990)
    expect(await problemOf(root)).toBe(STALE)
  })
})
