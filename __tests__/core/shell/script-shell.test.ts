/**
 * How a script reaches its shell (docs/design.md §1 `shell`): GitHub's argument templates,
 * the temp file (private, with the shell's extension, removed afterwards) and the lookup of
 * the shell's program. The named shells that are not installed here are stood in for by a
 * program of that name on PATH that records what it was given.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createProcessRunner } from '../../../src/core/process/process-runner.js'
import { systemClock } from '../../../src/core/base/clock.js'
import { findProgram, shellInvocation, shellProgram, type ShellSpec } from '../../../src/core/shell/script-shell.js'

const scratch = () => realpathSync(mkdtempSync(join(tmpdir(), 'reverify-shell-')))

describe('shellInvocation', () => {
  test.each([
    [{ kind: 'bash' }, ['bash', '--noprofile', '--norc', '-eo', 'pipefail', '/t/s.sh']],
    [{ kind: 'sh' }, ['sh', '-e', '/t/s.sh']],
    [{ kind: 'python' }, ['python', '/t/s.sh']],
    [{ kind: 'pwsh' }, ['pwsh', '-command', ". '/t/s.sh'"]],
    [{ kind: 'powershell' }, ['powershell', '-command', ". '/t/s.sh'"]],
    [{ kind: 'cmd' }, ['cmd', '/D', '/E:ON', '/V:OFF', '/S', '/C', '"CALL "/t/s.sh""']],
    [{ kind: 'template', template: 'perl -w {0} --flag "a b"' }, ['perl', '-w', '/t/s.sh', '--flag', 'a b']]
  ] as Array<[ShellSpec, string[]]>)('%j', (shell, argv) => {
    expect(shellInvocation(shell, '/t/s.sh').argv).toEqual(argv)
  })

  test("a quote in the script's path stays inside PowerShell's quotes", () => {
    expect(shellInvocation({ kind: 'pwsh' }, "/t/it's.ps1").argv[2]).toBe(". '/t/it''s.ps1'")
  })

  test("a template's program is its first word", () => {
    expect(shellProgram({ kind: 'template', template: '  /opt/py/bin/python3 -u {0}' })).toBe('/opt/py/bin/python3')
    expect(shellProgram({ kind: 'pwsh' })).toBe('pwsh')
  })
})

describe('findProgram', () => {
  test('finds an executable file on PATH or at a path, and nothing else', () => {
    const dir = scratch()
    mkdirSync(join(dir, 'bin'))
    writeFileSync(join(dir, 'bin', 'tool'), '#!/bin/sh\n', { mode: 0o755 })
    writeFileSync(join(dir, 'bin', 'data'), 'not a program', { mode: 0o644 })
    mkdirSync(join(dir, 'bin', 'folder'))
    const env = { PATH: `/nonexistent:${join(dir, 'bin')}` }
    expect(findProgram('tool', env, dir)).toBe(join(dir, 'bin', 'tool'))
    expect(findProgram('./bin/tool', env, dir)).toBe(join(dir, 'bin', 'tool'))
    expect(findProgram(join(dir, 'bin', 'tool'), {}, '/')).toBe(join(dir, 'bin', 'tool'))
    expect(findProgram('data', env, dir)).toBeUndefined()
    expect(findProgram('folder', env, dir)).toBeUndefined()
    expect(findProgram('tool', {}, dir)).toBeUndefined()
  })
})

/** A stand-in for a shell: records its arguments and the script file it was given, then exits 0. */
function standIn(dir: string, name: string): string {
  const bin = join(dir, 'bin')
  mkdirSync(bin, { recursive: true })
  const record = join(dir, `${name}.record`)
  writeFileSync(
    join(bin, name),
    `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\nfor a in "$@"; do f=$(printf '%s' "$a" | sed -n "s/^\\. '\\(.*\\)'$/\\1/p; s/^\\"CALL \\"\\(.*\\)\\"\\"$/\\1/p"); [ -n "$f" ] && cp "$f" '${record}.script' && ls -ld "$(dirname "$f")" "$f" > '${record}.modes'; done\nexit 0\n`
  )
  chmodSync(join(bin, name), 0o755)
  return record
}

describe('the script file', () => {
  test.each([
    [
      'pwsh',
      '.ps1',
      "$ErrorActionPreference = 'stop'\nWrite-Output hi\nif ((Test-Path -LiteralPath variable:\\LASTEXITCODE)) { exit $LASTEXITCODE }\n"
    ],
    [
      'powershell',
      '.ps1',
      "$ErrorActionPreference = 'stop'\nWrite-Output hi\nif ((Test-Path -LiteralPath variable:\\LASTEXITCODE)) { exit $LASTEXITCODE }\n"
    ],
    ['cmd', '.cmd', '@echo off\nWrite-Output hi\n']
  ] as const)('%s gets GitHub additions, its extension, a private file, and it is removed afterwards', async (name, extension, content) => {
    const dir = scratch()
    const record = standIn(dir, name)
    const { result } = await createProcessRunner(systemClock).run({
      command: 'Write-Output hi',
      shell: { kind: name },
      cwd: dir,
      env: { PATH: `${join(dir, 'bin')}:${process.env.PATH}` },
      timeoutMs: 0,
      killGraceMs: 100,
      onOutput: () => true
    })
    expect(result.exitCode).toBe(0)
    const argv = readFileSync(record, 'utf8').trim().split('\n')
    const path = /'(.*)'|"CALL "(.*)""/
      .exec(argv[argv.length - 1]!)!
      .slice(1)
      .find(Boolean)!
    expect(path.endsWith(`script${extension}`)).toBe(true)
    expect(readFileSync(`${record}.script`, 'utf8')).toBe(content)
    // The folder and the file are the owner's only.
    expect(readFileSync(`${record}.modes`, 'utf8')).toMatch(/^drwx------ .*\n-rwx------ /)
    expect(existsSync(path)).toBe(false)
  })

  test('bash gets the script exactly as written, and it runs as one process', async () => {
    const dir = scratch()
    let output = ''
    const script = 'cd /\nA="x  y"\nprintf "%s|" "$PWD" "$A" "$0"'
    const { result } = await createProcessRunner(systemClock).run({
      command: script,
      shell: { kind: 'bash' },
      cwd: dir,
      env: process.env,
      timeoutMs: 0,
      killGraceMs: 100,
      onOutput: chunk => void (output += chunk.toString())
    })
    expect(result.exitCode).toBe(0)
    const [pwd, value, path] = output.split('|')
    expect([pwd, value]).toEqual(['/', 'x  y'])
    expect(path).toMatch(/reverify-script-[^/]+\/script\.sh$/)
    expect(existsSync(path!)).toBe(false)
  })
})
