/**
 * A placeholder must be a word of its own in a rerun template (docs/test-results.md
 * "Rerunning only the failed tests", the contract's §11). reverify quotes each value as one
 * word; inside the template's own quotes, a `-c` string or glued to other text, a test's
 * name would close those quotes and its backticks would run. Every such template is refused
 * before anything runs; the same name through an unquoted placeholder runs nothing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli } from '../helpers/cli.js'
import { onlyReceipt } from '../helpers/rerun-suite.js'

/** The failing test's name: run as code, it would create `pwned`. */
const HOSTILE = 'x `touch pwned` $(touch pwned) y'

/** A scratch git folder with a tiny runner: it fails the hostile test on its first run and logs each call. */
function scratch(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-placeholder-')))
  mkdirSync(join(dir, '.git'))
  writeFileSync(
    join(dir, 'runner.sh'),
    [
      'echo "call:$*" >> calls.log',
      'mkdir -p reports',
      `name='${HOSTILE}'`,
      'if [ -f ran ]; then body=""; status=0; else touch ran; body="<failure>first run</failure>"; status=1; fi',
      'printf \'<testsuites><testsuite name="s"><testcase classname="s" name="%s">%s</testcase></testsuite></testsuites>\' "$name" "$body" > reports/junit.xml',
      'exit $status',
      ''
    ].join('\n')
  )
  return dir
}

const ARGS = ['run', '--command', 'bash runner.sh', '--expect-exit', '0', '--test-results', 'reports/junit.xml', '--max-retries', '1']

test.each([
  ['bash runner.sh -t "{pattern}"', '{pattern} must be a word of its own, not inside double quotes ("{pattern}" at character 20)'],
  ["bash runner.sh '{names}'", "{names} must be a word of its own, not inside single quotes ('{names}' at character 17)"],
  ['bash runner.sh "{names}"', '{names} must be a word of its own, not inside double quotes ("{names}" at character 17)'],
  [
    'bash -c "bash runner.sh {names}"',
    '{names} must be a word of its own, not inside double quotes ("bash runner.sh {names}" at character 25)'
  ],
  ['bash -c {names}', '{names} must be a word of its own, not the code of -c'],
  ['bash runner.sh --grep={pattern}', '{pattern} must be a word of its own, not glued to other text (--grep={pattern} at character 23)']
])(
  '%s: refused in one line, exit 2; nothing runs',
  async (template, message) => {
    const dir = scratch()
    const result = await spawnCli([...ARGS, '--rerun-failed-tests', template], dir)
    expect(result.code).toBe(2)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toEqual([expect.stringContaining(`reverify: --rerun-failed-tests: ${message}`)])
    expect(existsSync(join(dir, 'calls.log'))).toBe(false)
    expect(existsSync(join(dir, 'pwned'))).toBe(false)
    expect(existsSync(join(dir, '.reverify', 'runs'))).toBe(false)
  },
  30_000
)

test.each(['bash runner.sh {names}', 'bash runner.sh -t {pattern}'])(
  '%s: the hostile name arrives as one word and runs nothing; the run is flaky',
  async template => {
    const dir = scratch()
    const result = await spawnCli([...ARGS, '--rerun-failed-tests', template], dir)
    expect(existsSync(join(dir, 'pwned'))).toBe(false)
    expect(result.code).toBe(0)
    const calls = readFileSync(join(dir, 'calls.log'), 'utf8').trim().split('\n')
    expect(calls).toHaveLength(2)
    expect(calls[1]).toContain('`touch pwned`')
    expect(onlyReceipt(dir)).toMatchObject({ status: 'passed', flaky: true })
  },
  30_000
)
