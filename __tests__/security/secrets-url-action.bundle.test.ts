/**
 * A credential written into a URL of the command (`postgres://ci:<password>@db/…`, what a
 * `${{ secrets.X }}` inside `command:` becomes) is redacted like a token shape (docs/design.md
 * §5 "Redaction"): through the built CLI and the bundled action, no file of the state
 * directory, the trace artifact, the cache entry, the receipt, the console, the summary or
 * the annotations holds the password, byte for byte; the user and the host stay readable.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { leaksIn, leaksUnder, regularFiles } from '../helpers/fuzz.js'
import { FakeRunner, readCacheEntry } from '../helpers/runner.js'
import { readZip, ResultsService } from '../helpers/results-service.js'
import { sessionDirs } from '../helpers/trace.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

// Assembled at run time so that no credential-looking literal sits in the source.
const DB_PASSWORD = 'hunt' + 'er2-Qz7'
const DEPLOY_PASSWORD = 'pa55' + '-Lm3x'
const TOKEN = 'tok' + 'X9b8C7d6E5f4G3h2'
const SECRETS = [DB_PASSWORD, DEPLOY_PASSWORD, TOKEN]
const DB_URL = `postgres://ci:${DB_PASSWORD}@db.internal/app`

// The URLs sit in the command text only (`:` does nothing with its arguments): the command's
// own output reaches the console unredacted, by design, so it prints none of them.
const COMMAND = [
  `psql_url="${DB_URL}"; test "$psql_url" = "x"`,
  `: https://deploy:${DEPLOY_PASSWORD}@git.example.com/o/r.git https://${TOKEN}@github.com/o/r`
].join('\n')

const MARKED = 'postgres://ci:[redacted:url-credential]@db.internal/app'

test('the built CLI: state directory, receipt, report and console hold no URL password', async () => {
  const repo = await scratchRepo()
  const args = ['run', '--name', `migrate ${DB_URL}`, '--command', COMMAND, '--expect-exit', '0', '--max-retries', '1']
  const run = await spawnCli(args, repo)
  expect(run.code).toBe(1)
  const stateDir = join(repo, '.reverify')
  const [session] = sessionDirs(stateDir)
  const files = regularFiles(session!).map(path => path.slice(session!.length + 1))
  expect(files).toEqual(expect.arrayContaining(['trace.jsonl', 'meta.json', 'run.json', 'report.html', 'attempt-1.log']))
  expect(leaksUnder(stateDir, SECRETS)).toEqual([])
  // The secret is hidden, not the rest: the user and the host are still there.
  expect(readFileSync(join(session!, 'meta.json'), 'utf8')).toContain(MARKED)
  expect(readFileSync(join(session!, 'report.html'), 'utf8')).toContain(MARKED)
  expect(run.stdout).toContain(MARKED)

  const texts = new Map<string, string>([
    ['run stdout', run.stdout],
    ['run stderr', run.stderr]
  ])
  for (const command of [['receipts', 'list'], ['report', 'latest'], ['status']]) {
    const shown = await spawnCli(command, repo)
    texts.set(`${command.join(' ')} stdout`, shown.stdout)
    texts.set(`${command.join(' ')} stderr`, shown.stderr)
  }
  expect(leaksIn(texts, SECRETS)).toEqual([])
})

test('the built CLI: a URL password the command prints, cut across two writes, is redacted in the log', async () => {
  const repo = await scratchRepo()
  const url = `https://deploy:${DEPLOY_PASSWORD}@git.example.com/o/r.git`
  const cut = url.indexOf(DEPLOY_PASSWORD) + 2
  const command = `printf 'cloning %s' '${url.slice(0, cut)}'; sleep 0.05; printf '%s\\n' '${url.slice(cut)}'`
  const run = await spawnCli(['run', '--command', command, '--expect-exit', '0', '--max-retries', '0'], repo)
  expect(run.code).toBe(0)
  const stateDir = join(repo, '.reverify')
  expect(leaksUnder(stateDir, SECRETS)).toEqual([])
  const [session] = sessionDirs(stateDir)
  expect(readFileSync(join(session!, 'attempt-1.log'), 'utf8')).toContain(
    'cloning https://deploy:[redacted:url-credential]@git.example.com/o/r.git\n'
  )
})

test('the bundled action: artifact, cache entry, state, log, summary and annotations hold no URL password', async () => {
  const service = await started
  const runner = new FakeRunner(service, 'octo/secrets-url')
  const step = await runner.main({
    name: `migrate ${DB_URL}`,
    command: COMMAND,
    'expect-exit': '0',
    'max-retries': '1',
    'retry-wait-seconds': '0',
    summary: 'always'
  })
  expect(step.outputs.outcome).toBe('failure')
  const texts = new Map<string, string | Buffer>()
  texts.set('stdout', step.stdout)
  texts.set('stderr', step.stderr)
  texts.set('summary', step.summary)
  texts.set('outputs', JSON.stringify(step.outputs))
  step.annotations.forEach((annotation, index) => texts.set(`annotation ${index}`, `${annotation.title ?? ''}\n${annotation.message}`))
  expect(step.annotations.some(annotation => annotation.level === 'error')).toBe(true)
  const artifact = service.artifacts().find(item => item.name === `reverify-trace-${step.outputs['run-id']}`)
  expect(artifact).toBeDefined()
  const entries = readZip(artifact!.data)
  expect(entries.map(entry => entry.name)).toEqual(expect.arrayContaining(['trace.jsonl', 'meta.json', 'report.html']))
  for (const entry of entries) texts.set(`artifact ${entry.name}`, entry.data)
  const prefix = `reverify-v1-${step.state['history-key']}-`
  const caches = service.cacheEntries().filter(entry => entry.key.startsWith(prefix))
  expect(caches).toHaveLength(1)
  const cached = await readCacheEntry(caches[0]!)
  expect([...cached.keys()].some(name => name.endsWith('/receipt.json'))).toBe(true)
  for (const [name, data] of cached) texts.set(`cache ${name}`, data)
  expect(leaksIn(texts, SECRETS)).toEqual([])
  expect(leaksUnder(runner.stateDir, SECRETS)).toEqual([])
  expect(step.summary).toContain('[redacted:url-credential]')
})
