/**
 * A rerun template's placeholders must each be a word of their own (docs/test-results.md
 * "Rerunning only the failed tests"): anywhere else a quoted value is read again by the shell.
 */
import { checkPlaceholderWords } from '../../../src/core/reruns/placeholder-words.js'
import { parseRerunSetting, PRESETS } from '../../../src/core/reruns/presets.js'

test.each(Object.entries(PRESETS))('the %s preset stands its placeholders as words', (_, template) => {
  expect(() => checkPlaceholderWords(template)).not.toThrow()
})

test.each([
  'npx jest --ci {files} -t {pattern}',
  'node rerun.js {names}',
  'npx jest -t {pattern} && node lint.js',
  'cd packages/api && npx jest -t {pattern} > out.log',
  'npx mocha {files} --grep {pattern} 2>&1',
  'bash -c \'npx jest "$@"\' rerun {names}',
  'FOO="a b" npx jest -t {pattern} # rerun',
  'npx jest -t {pattern} <<EOF\nplain text\nEOF\n',
  'echo ${HOME} && npx jest -t {pattern}',
  'x=$(pwd); npx jest --rootDir "$x" -t {pattern}'
])('accepted: %j', template => {
  expect(() => checkPlaceholderWords(template)).not.toThrow()
  expect(parseRerunSetting(template)).toEqual({ kind: 'template', template: template.trim() })
})

test.each([
  ['npx jest -t "{pattern}"', '{pattern} must be a word of its own, not inside double quotes ("{pattern}" at character 14)'],
  ["node rerun.js '{names}'", "{names} must be a word of its own, not inside single quotes ('{names}' at character 16)"],
  ['node rerun.js "{names}"', '{names} must be a word of its own, not inside double quotes ("{names}" at character 16)'],
  [
    'bash -c "node rerun.js {names}"',
    '{names} must be a word of its own, not inside double quotes ("node rerun.js {names}" at character 24)'
  ],
  ["sh -c 'npx jest -t {pattern}'", "not inside single quotes ('npx jest -t {pattern}' at character 20)"],
  ['npx jest -t "^$(echo {pattern})$"', 'not inside double quotes'],
  ['npx jest -t $(echo {pattern})', 'not inside $( ) ($(echo {pattern}) at character 20)'],
  ['npx jest -t `echo {pattern}`', 'not inside backticks (`echo {pattern}` at character 19)'],
  ["npx jest -t $'{pattern}'", "not inside $'…' quotes"],
  ['npx jest -t ${X:-{pattern}}', 'not inside ${ }'],
  ['npx jest -t {pattern} # was {files}', 'not inside a comment (# was {files} at character 29)'],
  ['bash <<EOF\nnpx jest -t {pattern}\nEOF\n', 'not inside a heredoc (npx jest -t {pattern} at character 24)'],
  ['npx mocha --grep={pattern}', 'not glued to other text (--grep={pattern} at character 18); write {pattern} apart'],
  ['npx jest -t{pattern}', 'not glued to other text (-t{pattern} at character 12)'],
  ['npx jest ./{files}', 'not glued to other text (./{files} at character 12)'],
  ['npx jest {files}x', 'not glued to other text'],
  ['npx jest -t \\{pattern}', 'not glued to other text'],
  ['{names}', 'not the command itself (at character 1)'],
  ['true && {names}', 'not the command itself (at character 9)'],
  ['bash -c {names}', 'not the code of -c (-c {names} at character 9)'],
  ['node -e {names}', 'not the code of -e'],
  ['eval {names}', 'not the code of eval']
])('refused: %j', (template, message) => {
  expect(() => checkPlaceholderWords(template)).toThrow(message)
  expect(() => parseRerunSetting(template)).toThrow(message)
  let text = ''
  try {
    parseRerunSetting(template)
  } catch (error) {
    text = (error as Error).message
  }
  expect(text).not.toContain('\n')
  expect(text).toMatch(/^\{[a-z]+\} must be a word of its own, not /)
})
