/**
 * The action's secret inputs (`redact`, `github-token`) are read once, by readSecretInputs,
 * which both steps call; the settings take them from there. The post state holds only what
 * the post step reads, with `upload-trace` checked against the input table's values.
 */
import { mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readPostState } from '../../src/action/post-state.js'
import { isUploadTrace, readActionSettings, readSecretInputs } from '../../src/action/settings.js'
import { State } from '../../src/action/constants.js'
import { inputSpec } from '../../src/core/inputs/table.js'

const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-secrets-')))
const env = { GITHUB_WORKSPACE: workspace, GITHUB_REPOSITORY: 'octo/secrets', RUNNER_TEMP: workspace, PATH: process.env.PATH }

/** An input reader over `given` that counts how often each input is read. */
function reader(given: Record<string, string>): { input: (name: string) => string; reads: Map<string, number> } {
  const reads = new Map<string, number>()
  return {
    reads,
    input: name => {
      reads.set(name, (reads.get(name) ?? 0) + 1)
      return given[name] ?? ''
    }
  }
}

const given = { command: 'true', 'expect-exit': '0', redact: ' hunter2 \n\n  s3cret\r\n', 'github-token': '  ghs_token  ' }

test('the secret inputs are read once, trimmed, blank redact lines dropped', () => {
  const { input, reads } = reader(given)
  expect(readSecretInputs(input)).toEqual({ redact: given.redact, redactValues: ['hunter2', 's3cret'], githubToken: 'ghs_token' })
  expect(Object.fromEntries(reads)).toEqual({ redact: 1, 'github-token': 1 })
})

test('the settings take the secrets they are handed and read neither input again', () => {
  const { input, reads } = reader(given)
  const secrets = readSecretInputs(input)
  const settings = readActionSettings(input, env, workspace, undefined, secrets)
  expect(reads.get('redact')).toBe(1)
  expect(reads.get('github-token')).toBe(1)
  expect(settings.githubToken).toBe('ghs_token')
  expect(settings.mode === 'verify' && settings.run.redact).toEqual(['hunter2', 's3cret'])
})

test('an unexpanded token expression is no token', () => {
  const { input } = reader({ ...given, 'github-token': '${{ github.token }}' })
  expect(readActionSettings(input, env, workspace).githubToken).toBe('')
})

test("upload-trace's values are the input table's, in the settings and in the post state alike", () => {
  const { kind } = inputSpec('upload-trace')
  expect(kind.type === 'choice' && kind.values).toEqual(['always', 'on-failure', 'never'])
  for (const value of ['always', 'on-failure', 'never']) expect(isUploadTrace(value)).toBe(true)
  expect(isUploadTrace('sometimes')).toBe(false)
  const state = (values: Record<string, string>) => readPostState(name => values[name] ?? '')
  expect(state({ [State.UploadTrace]: 'on-failure' }).uploadTrace).toBe('on-failure')
  // Malformed state falls back to the default, as a missing one does.
  expect(state({ [State.UploadTrace]: 'sometimes' }).uploadTrace).toBe('always')
  expect(state({}).uploadTrace).toBe('always')
})

test('the post state holds only what the post step reads: no process group', () => {
  const state = readPostState(name => ({ 'process-group': '4242', [State.RunId]: 'x' })[name] ?? '')
  expect(Object.keys(state)).not.toContain('processGroup')
  expect(Object.values(State)).not.toContain('process-group')
})
