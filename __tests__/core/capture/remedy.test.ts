/** The remedy commands' quoting: each word comes back from bash exactly as it went in. */
import { execFileSync } from 'node:child_process'
import { captureCommand, resumeCommand, shellWord } from '../../../src/core/capture/remedy.js'

const hostile = [
  '/tmp/plain/path-1.2_x',
  '/tmp/with space',
  "/tmp/it's",
  '/tmp/$HOME/`id`/$(id)',
  '/tmp/back\\slash "double"',
  "/tmp/''",
  '/tmp/glob*?[a]',
  '/tmp/semi;colon|pipe&amp',
  '/tmp/new\nline',
  '-starts-with-dash',
  '~/tilde',
  '#hash',
  'ü/ñ/日本'
]

test.each(hostile)('shellWord(%j) is read back unchanged by bash', text => {
  const echoed = execFileSync('bash', ['-c', `printf %s ${shellWord(text)}`], { encoding: 'utf8' })
  expect(echoed).toBe(text)
})

test('a path that needs no quotes is left bare', () => {
  expect(shellWord('/home/me/.reverify-ci')).toBe('/home/me/.reverify-ci')
})

test('--state-dir is given only when the state directory is not the repository default', () => {
  const root = '/work/repo'
  expect(captureCommand('20261201-100000-verify-abcdef', { stateDir: '/work/repo/.reverify', root })).toBe(
    'reverify capture 20261201-100000-verify-abcdef --note "<what you found>"'
  )
  expect(captureCommand('20261201-100000-verify-abcdef', { stateDir: '/tmp/my state', root })).toBe(
    `reverify capture 20261201-100000-verify-abcdef --state-dir '/tmp/my state' --note "<what you found>"`
  )
  expect(resumeCommand('20261201-100000-verify-abcdef', { stateDir: '/tmp/s', root })).toBe(
    'reverify resume 20261201-100000-verify-abcdef --state-dir /tmp/s'
  )
})

test('--working-directory is given only when the command is shown outside the run repository', () => {
  const id = '20261201-100000-verify-abcdef'
  const root = '/work/repo a'
  expect(captureCommand(id, { stateDir: '/work/repo a/.reverify', root, here: root })).toBe(
    `reverify capture ${id} --note "<what you found>"`
  )
  expect(captureCommand(id, { stateDir: '/work/repo a/.reverify', root, here: '/home/me' })).toBe(
    `reverify capture ${id} --working-directory '/work/repo a' --note "<what you found>"`
  )
  expect(resumeCommand(id, { stateDir: '/tmp/s', root, here: '/home/me' })).toBe(
    `reverify resume ${id} --working-directory '/work/repo a' --state-dir /tmp/s`
  )
})
