/**
 * Secrets never reach the state directory (docs/design.md §1 `redact`, issue "secrets never reach a
 * trace"): a command prints a redact value, a secret env variable, a GitHub-token-shaped
 * string and the base64 of the redact value, each cut in two by a pause so that the pipe
 * hands them over in separate chunks; secrets also sit in the command text and in
 * expect-stdout. Every file under the state directory is searched afterwards.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { runCli, scratchRepo, spawnCli } from '../helpers/cli.js'
import { leaksUnder, regularFiles } from '../helpers/fuzz.js'
import { expectWellFormedTrace, sessionDirs } from '../helpers/trace.js'

// Token-shaped fixtures are assembled at run time so that no credential-looking literal
// sits in the source.
const REDACT_VALUE = 'rdx-Q7pL2vN9kT'
const ENV_SECRET = 'envS3cr3t-Wm4xZ8'
const GITHUB_TOKEN = 'ghp' + '_' + 'A1b2C3d4E5f6G7h8I9j0'.repeat(2).slice(0, 36)
const BASE64_OF_REDACT = Buffer.from(REDACT_VALUE).toString('base64')
const SECRETS = [REDACT_VALUE, ENV_SECRET, GITHUB_TOKEN, BASE64_OF_REDACT]

/** A bash line printing `label` + `value` in two writes with a pause between them. */
function splitPrint(label: string, value: string, toStderr = false): string {
  const cut = Math.floor(value.length / 2)
  const redirect = toStderr ? ' >&2' : ''
  return `printf '%s' '${label}${value.slice(0, cut)}'${redirect}; sleep 0.05; printf '%s\\n' '${value.slice(cut)}'${redirect}`
}

const PRINTING = [
  splitPrint('A:', REDACT_VALUE),
  // The env secret is spelled out by the shell, never written in the command.
  `printf 'B:%s' "\${MY_API_TOKEN:0:7}" >&2; sleep 0.05; printf '%s\\n' "\${MY_API_TOKEN:7}" >&2`,
  splitPrint('C:', GITHUB_TOKEN),
  splitPrint('D:', BASE64_OF_REDACT),
  // Secrets written in the command text itself: `:` does nothing with its arguments.
  `: ${REDACT_VALUE} ${GITHUB_TOKEN} ${ENV_SECRET}`
]

const ENV = { MY_API_TOKEN: ENV_SECRET }

function runArgs(extra: string[] = []): string[] {
  return [
    'run',
    '--command',
    PRINTING.join('\n'),
    '--expect-stdout',
    REDACT_VALUE,
    '--redact',
    REDACT_VALUE,
    '--max-retries',
    '0',
    ...extra
  ]
}

/** Checks the state directory after a run of PRINTING: no secret anywhere, markers in their place. */
function expectRedactedState(stateDir: string): void {
  const files = regularFiles(stateDir).map(path => relative(stateDir, path))
  // The walk covers every kind of file a run writes.
  for (const kind of [/trace\.jsonl$/, /meta\.json$/, /attempt-1\.log$/, /run\.json$/, /^runs\/[^/]+\/receipt\.json$/, /^index\//]) {
    expect(files.some(file => kind.test(file))).toBe(true)
  }
  expect(leaksUnder(stateDir, SECRETS)).toEqual([])

  const [session] = sessionDirs(stateDir)
  const log = readFileSync(join(session!, 'attempt-1.log'), 'utf8')
  expect(log).toContain('A:[redacted:redact-input]\n')
  expect(log).toContain('B:[redacted:env:MY_API_TOKEN]\n')
  expect(log).toContain('C:[redacted:github-token]\n')
  expect(log).toContain('D:[redacted:redact-input]\n')

  const events = expectWellFormedTrace(session!)
  const result = events.find(event => event.phase === 'tool_result')!
  expect(result.payload.summary).toContain('C:[redacted:github-token]')
  const decision = events.find(event => event.phase === 'decision')!
  expect(JSON.stringify(decision.payload)).toContain(': [redacted:redact-input] [redacted:github-token] [redacted:env:MY_API_TOKEN]')
  expect(decision.payload.expected['expect-stdout']).toBe('[redacted:redact-input]')

  const [receiptFile] = files.filter(file => file.endsWith('receipt.json'))
  const receipt = JSON.parse(readFileSync(join(stateDir, receiptFile!), 'utf8'))
  expect(receipt.status).toBe('passed')
  expect(receipt.expectations['expect-stdout']).toBe('[redacted:redact-input]')
  expect(receipt.identity.join('\n')).toContain('[redacted:github-token]')
  // A run whose inputs hold a secret does not record them for resuming.
  const record = JSON.parse(readFileSync(join(session!, 'run.json'), 'utf8'))
  expect(record.resumable).toBe(false)
  expect(record.inputs).toBeUndefined()
}

test('split secrets in stdout and stderr, the command text and expect-stdout never reach the state directory', async () => {
  const repo = await scratchRepo()
  const result = await runCli(runArgs(), repo, ENV)
  expect(result.stderr).not.toMatch(/internal error/)
  expect(result.code).toBe(0)
  expectRedactedState(join(repo, '.reverify'))
})

test('the built CLI redacts the same way', async () => {
  const repo = await scratchRepo()
  const result = await spawnCli(runArgs(), repo, { env: ENV })
  expect(result.code).toBe(0)
  expectRedactedState(join(repo, '.reverify'))
})

test('a failing run keeps secrets out of the summary, the verify detail and meta.json too', async () => {
  const repo = await scratchRepo()
  // Passwords hold quotes and backslashes; a detail that quotes the expectation as JSON
  // must not spell the secret in escaped form.
  const password = 'pa"ss\\w0rd-Xq'
  const result = await runCli(
    ['run', '--command', 'echo nothing to see', '--expect-stdout', password, '--redact', password, '--max-retries', '0'],
    repo
  )
  expect(result.code).toBe(1)
  const stateDir = join(repo, '.reverify')
  expect(leaksUnder(stateDir, [password, JSON.stringify(password)])).toEqual([])
  // The distinctive tail alone gives most of it away.
  expect(leaksUnder(stateDir, ['w0rd-Xq'])).toEqual([])
})

test('a secret inside a quoted argument does not come back re-quoted in the receipt identity', async () => {
  const repo = await scratchRepo()
  // Canonical quoting turns `"it's-s3cret"` into `'it'\''s-s3cret'`: that spelling is the
  // secret too.
  const password = "it's-s3cret-Vb7"
  const result = await runCli(
    ['run', '--command', `test -n "${password}"`, '--expect-exit', '0', '--redact', password, '--max-retries', '0'],
    repo
  )
  expect(result.code).toBe(0)
  expect(leaksUnder(join(repo, '.reverify'), [password, 's3cret-Vb7'])).toEqual([])
})

test('a secret in the name reaches neither the trace, meta.json nor a folder name', async () => {
  const repo = await scratchRepo()
  const result = await runCli(
    ['run', '--command', 'true', '--expect-exit', '0', '--name', `Deploy ${REDACT_VALUE}`, '--redact', REDACT_VALUE],
    repo
  )
  expect(result.code).toBe(0)
  const stateDir = join(repo, '.reverify')
  expect(leaksUnder(stateDir, [REDACT_VALUE])).toEqual([])
  const paths = regularFiles(stateDir).map(path => relative(stateDir, path).toLowerCase())
  expect(paths.filter(path => path.includes(REDACT_VALUE.toLowerCase()))).toEqual([])
  const [session] = sessionDirs(stateDir)
  expect(session).toMatch(/\/deploy-redacted-redact-input\/[0-9A-Z]{26}$/)
  expect(expectWellFormedTrace(session!).every(event => event.skill === 'Deploy [redacted:redact-input]')).toBe(true)
})

test('a redact value inside --scope or a rejected flag reaches neither the store nor the error line', async () => {
  const repo = await scratchRepo()
  const state = join(repo, '.reverify')
  const args = [
    'run',
    '--command',
    'exit 1',
    '--expect-exit',
    '0',
    '--max-retries',
    '0',
    '--scope',
    `leg ${REDACT_VALUE}`,
    '--redact',
    REDACT_VALUE
  ]
  expect((await spawnCli(args, repo)).code).toBe(1)
  expect(leaksUnder(state, [REDACT_VALUE])).toEqual([])
  // The redacted scope is the same every time: the next run finds the failure and warns.
  const again = await spawnCli(args, repo)
  expect(again.stderr).toContain('nobody captured')
  const rejected = await spawnCli(
    ['run', '--command', 'true', '--expect-exit', '0', '--working-directory', `nope-${REDACT_VALUE}`, '--redact', REDACT_VALUE],
    repo
  )
  expect(rejected.code).toBe(2)
  expect(rejected.stderr).toContain('--working-directory')
  expect(rejected.stderr).not.toContain(REDACT_VALUE)
})
