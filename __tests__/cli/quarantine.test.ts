/**
 * `reverify quarantine list | suggest | check` over real receipts: ten real runs of a bash
 * "test runner" that writes JUnit, one test failing its first attempt in four of them and
 * another in one. suggest proposes the first and not the second, in YAML that check accepts
 * once the owner is filled in; list counts the runs since an entry was added; check
 * validates the file a run would read.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { addDays, dayOf } from '../../src/core/quarantine/dates.js'
import { OWNER_PLACEHOLDER } from '../../src/core/quarantine/file.js'
import { parseQuarantine } from '../../src/core/quarantine/parse.js'
import { schemaLibrary } from '../../src/core/base/schema-library.js'
import { runCli, scratchRepo } from '../helpers/cli.js'

/** zod's members, as the quarantine file's reader is given them. */
const library = await schemaLibrary()

/**
 * Each run's first attempt fails the tests named in `plan` (a line of names); the retry
 * passes them all. Writes results.xml with the tests steady, sometimes and rarely.
 */
const RUNNER = [
  'if [ -f first-done ]; then fails=""; else fails=$(cat plan); touch first-done; fi',
  'cases=""; status=0',
  'for n in steady sometimes rarely; do',
  '  case " $fails " in *" $n "*) cases="$cases<testcase classname=\\"api\\" name=\\"$n\\"><failure>boom</failure></testcase>"; status=1;;',
  '  *) cases="$cases<testcase classname=\\"api\\" name=\\"$n\\"/>";; esac',
  'done',
  'printf "<testsuites><testsuite name=\\"api\\">%s</testsuite></testsuites>" "$cases" > results.xml',
  'exit $status'
].join('\n')
const RUN = ['run', '--command', RUNNER, '--expect-exit', '0', '--max-retries', '1', '--test-results', 'results.xml']
const QUARANTINE = join('.github', 'reverify-quarantine.yml')

const today = dayOf(new Date())
let repo: string

/** Ten real runs: `api › sometimes` flakes in runs 1, 4, 7 and 9; `api › rarely` in run 5. */
async function tenRuns(): Promise<void> {
  const flaky: Record<number, string> = { 1: 'sometimes', 4: 'sometimes', 5: 'rarely', 7: 'sometimes', 9: 'sometimes' }
  for (let run = 0; run < 10; run++) {
    rmSync(join(repo, 'first-done'), { force: true })
    writeFileSync(join(repo, 'plan'), flaky[run] ?? '')
    const result = await runCli(RUN, repo)
    expect(result.code).toBe(0)
  }
}

beforeAll(async () => {
  repo = await scratchRepo('reverify-quarantine-cli-')
  mkdirSync(join(repo, '.github'))
  await tenRuns()
}, 60_000)
afterAll(() => rmSync(repo, { recursive: true, force: true }))
afterEach(() => rmSync(join(repo, QUARANTINE), { force: true }))

describe('suggest', () => {
  test('a test that flaked in 4 of 10 runs gets an entry; one that flaked once in 10 does not', async () => {
    const result = await runCli(['quarantine', 'suggest'], repo)
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toContain('# reverify: 1 test flaked or failed in at least 30% of the 10 runs with test results.')
    expect(result.stdout).toContain(`# Save as ${QUARANTINE}`)
    expect(result.stdout).toContain('test: api › sometimes')
    expect(result.stdout).toContain(`reason: flaked in 4 of 10 runs since ${today}`)
    expect(result.stdout).not.toContain('rarely')
    expect(result.stdout).not.toContain('steady')
    // As pasted, the placeholder is refused; once an owner is typed over it (a team starts
    // with '@', which YAML only takes quoted), the file is valid.
    expect(result.stdout).toContain('owner: "<owner>"')
    const entries = () => parseQuarantine(result.stdout.replaceAll(OWNER_PLACEHOLDER, '@acme/qa'), 'test', today, library)
    expect(() => parseQuarantine(result.stdout, 'test', today, library)).toThrow(
      "entry 1 ('api › sometimes'): owner is still the placeholder <owner>"
    )
    expect(entries()).toEqual([
      {
        test: 'api › sometimes',
        owner: '@acme/qa',
        reason: `flaked in 4 of 10 runs since ${today}`,
        added: today,
        expires: addDays(today, 30)
      }
    ])
    writeFileSync(join(repo, QUARANTINE), result.stdout.replaceAll(OWNER_PLACEHOLDER, '@acme/qa'))
    expect((await runCli(['quarantine', 'check'], repo)).stdout).toBe(`${QUARANTINE}: 1 entry, valid\n`)
  })

  test('--rate and --min-runs move the threshold', async () => {
    const low = await runCli(['quarantine', 'suggest', '--rate', '0.1'], repo)
    expect(low.stdout).toContain('# reverify: 2 tests flaked or failed in at least 10% of the 10 runs')
    expect(low.stdout).toContain(`reason: flaked in 1 of 10 runs since ${today}`)
    expect((await runCli(['quarantine', 'suggest', '--rate', '0.41'], repo)).stdout).toBe(
      '# reverify: no test without an entry flaked or failed in at least 41% of the 10 runs with test results (--rate 0.41)\n'
    )
    expect((await runCli(['quarantine', 'suggest', '--min-runs', '11'], repo)).stdout).toBe(
      '# reverify: 10 runs with test results; a suggestion needs at least 11 (--min-runs)\n'
    )
  })

  test('with a file: list items indented as its own, which pasted at its end make a valid file; its tests are not suggested again', async () => {
    const existing = [
      'quarantine:',
      '    - test: api › elsewhere',
      '      owner: "@acme/web"',
      '      reason: times out',
      `      added: ${today}`,
      `      expires: ${addDays(today, 20)}`,
      ''
    ].join('\n')
    writeFileSync(join(repo, QUARANTINE), existing)
    const result = await runCli(['quarantine', 'suggest', '--rate', '0.1'], repo)
    expect(result.stdout).toContain(`# Paste at the end of the \`quarantine:\` list in ${QUARANTINE}`)
    expect(result.stdout).not.toMatch(/^quarantine:/m)
    expect(result.stdout).toMatch(/^ {4}- test: api › sometimes$/m)
    const pasted = parseQuarantine(existing + result.stdout.replaceAll(OWNER_PLACEHOLDER, '@acme/qa'), 'test', today, library)
    expect(pasted.map(entry => entry.test)).toEqual(['api › elsewhere', 'api › sometimes', 'api › rarely'])

    writeFileSync(join(repo, QUARANTINE), existing.replace('api › elsewhere', 'api › sometimes'))
    const again = await runCli(['quarantine', 'suggest'], repo)
    expect(again.stdout).toContain('no test without an entry flaked or failed in at least 30%')
  })

  test('a bad --rate or --min-runs is one line naming the flag, exit 2', async () => {
    for (const [argv, message] of [
      [['--rate', '1.5'], "reverify: --rate: '1.5' is not allowed; the rate must be a number from 0 to 1 (e.g. 0.3 for 30%)"],
      [['--rate', '30%'], "reverify: --rate: '30%' is not allowed; the rate must be a number from 0 to 1 (e.g. 0.3 for 30%)"],
      [['--min-runs', '0'], "reverify: --min-runs: '0' is not allowed; expected a whole number from 1 to 100000"]
    ] as const) {
      const result = await runCli(['quarantine', 'suggest', ...argv], repo)
      expect(result).toEqual({ code: 2, stdout: '', stderr: `${message}\n` })
    }
    expect((await runCli(['quarantine', 'check', '--rate', '0.5'], repo)).stderr).toBe(
      'reverify: --rate: only `quarantine suggest` takes it; see reverify quarantine --help\n'
    )
  })
})

describe('list', () => {
  test('each entry with its expiry, its runs since added and whether it can be released', async () => {
    writeFileSync(
      join(repo, QUARANTINE),
      [
        'quarantine:',
        '  - test: api › sometimes',
        '    owner: "@acme/qa"',
        '    reason: races the cache warm-up',
        `    added: ${addDays(today, -3)}`,
        `    expires: ${addDays(today, 27)}`,
        '    issue: 812',
        '  - test: api › gone',
        '    owner: "@acme/web"',
        '    reason: old',
        `    added: ${addDays(today, -40)}`,
        `    expires: ${addDays(today, -2)}`,
        ''
      ].join('\n')
    )
    const result = await runCli(['quarantine', 'list'], repo)
    expect(result.code).toBe(0)
    const lines = result.stdout.split('\n')
    expect(lines[0]).toBe(`${QUARANTINE}: 2 entries`)
    expect(lines.slice(2, 10)).toEqual([
      'api › sometimes',
      '  owner:    @acme/qa',
      `  expires:  ${addDays(today, 27)} (27 days left)`,
      '  reason:   races the cache warm-up',
      '  issue:    #812',
      `  history:  10 runs since ${addDays(today, -3)}: passed 6, failed 0, flaky 4`,
      '  release:  not yet: passed in 6 of 10 runs of the last 7 days, 10 runs since added; release needs every run of the last 7 days passed with at least 20 runs since added, or 100 passes in a row (0 so far)',
      ''
    ])
    expect(result.stdout).toContain(`  expires:  ${addDays(today, -2)} (expired 2 days ago: no longer applies)`)
    expect(result.stdout).toContain(`  history:  10 runs since ${addDays(today, -40)}: passed 10, failed 0, flaky 0`)
  })

  test("the file's texts reach the terminal with their control characters escaped", async () => {
    const fields = ['    owner: "@acme/qa"', '    reason: "red\\e[31m"', `    added: ${today}`, `    expires: ${addDays(today, 2)}`]
    writeFileSync(join(repo, QUARANTINE), ['quarantine:', '  - test: "api\\e]0;owned\\a"', ...fields, ''].join('\n'))
    const listed = await runCli(['quarantine', 'list'], repo)
    expect(listed.stdout).toContain('api\\x1b]0;owned\\x07\n')
    expect(listed.stdout).toContain('  reason:   red\\x1b[31m\n')
    expect(listed.stdout).not.toContain('\u001b')
    const checked = await runCli(['quarantine', 'check'], repo)
    expect(checked.stderr).toContain('api\\u001b]0;owned\\u0007')
    expect(checked.stderr).not.toContain('\u001b')
  })

  test('no file: says nothing is quarantined', async () => {
    expect((await runCli(['quarantine', 'list'], repo)).stdout).toBe(`${QUARANTINE}: the file does not exist: nothing is quarantined\n`)
  })
})

describe('check', () => {
  const entry = (fields: Record<string, string>) =>
    ['quarantine:', ...Object.entries(fields).map(([key, value], index) => `${index === 0 ? '  - ' : '    '}${key}: ${value}`), ''].join(
      '\n'
    )
  const valid = { test: 'api › sometimes', owner: '"@acme/qa"', reason: 'flaky', added: today, expires: addDays(today, 3) }

  test('a valid file: one line and exit 0; an entry ending within a week warns, naming owner and date', async () => {
    writeFileSync(join(repo, QUARANTINE), entry(valid))
    const result = await runCli(['quarantine', 'check'], repo)
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(`${QUARANTINE}: 1 entry, valid\n`)
    expect(result.stderr).toBe(
      `reverify: warning: the quarantine of "api › sometimes" in ${QUARANTINE} (owner @acme/qa) expires on ${addDays(today, 3)}, in 3 days: fix the test, or renew the entry with a reason\n`
    )
    expect((await runCli(['quarantine', 'check'], repo, {})).code).toBe(0)
  })

  test('no file is valid: nothing is quarantined', async () => {
    expect(await runCli(['quarantine', 'check'], repo)).toEqual({
      code: 0,
      stdout: `${QUARANTINE}: 0 entries, valid (the file does not exist: nothing is quarantined)\n`,
      stderr: ''
    })
  })

  test('a bad file: one line naming the file, entry and field, exit 2', async () => {
    const { owner: _owner, ...ownerless } = valid
    for (const [text, message] of [
      [entry(ownerless), `--quarantine: ${QUARANTINE}: entry 1 ('api › sometimes'): owner is missing`],
      [
        entry({ ...valid, owner: OWNER_PLACEHOLDER }),
        `--quarantine: ${QUARANTINE}: entry 1 ('api › sometimes'): owner is still the placeholder <owner>: name who will fix the test`
      ],
      ['quarantine: [', `--quarantine: ${QUARANTINE}: not valid YAML`]
    ] as const) {
      writeFileSync(join(repo, QUARANTINE), text)
      const result = await runCli(['quarantine', 'check'], repo)
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr.split('\n')).toHaveLength(2)
      expect(result.stderr).toContain(`reverify: ${message}`)
    }
  })

  test('--quarantine is found from the git top level of --working-directory, as a run finds it', async () => {
    mkdirSync(join(repo, 'packages', 'api'), { recursive: true })
    writeFileSync(join(repo, 'quarantine.yml'), entry({ ...valid, expires: addDays(today, 30) }))
    const result = await runCli(['quarantine', 'check', '--quarantine', 'quarantine.yml', '--working-directory', 'packages/api'], repo)
    expect(result).toEqual({ code: 0, stdout: 'quarantine.yml: 1 entry, valid\n', stderr: '' })
    const inside = await runCli(['quarantine', 'check', '--quarantine', 'quarantine.yml'], join(repo, 'packages', 'api'))
    expect(inside.stdout).toBe('quarantine.yml: 1 entry, valid\n')
    expect(readFileSync(join(repo, 'quarantine.yml'), 'utf8')).toContain('api › sometimes')
    rmSync(join(repo, 'quarantine.yml'))
  })

  test('no action, or an unknown one: one line, exit 2', async () => {
    for (const argv of [['quarantine'], ['quarantine', 'show']]) {
      expect(await runCli(argv, repo)).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'reverify: quarantine: expected `quarantine list`, `quarantine suggest` or `quarantine check`; see reverify quarantine --help\n'
      })
    }
  })
})
