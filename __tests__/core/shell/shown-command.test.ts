/**
 * A command as a title, a cell or a log group shows it (docs/design.md §5 "Job summary",
 * "The log"): cut at a word boundary with `…`, a rerun's test names elided.
 */
import { cutAtWord, rerunShape, shortCommand, shortRerunCommand } from '../../../src/core/shell/shown-command.js'

test('a long command is cut after a whole word, with …, within the limit', () => {
  const command = 'echo building the application bundle for every supported platform and architecture tonight && exit 1'
  const shown = shortCommand(command)
  expect(shown).toBe('echo building the application bundle for every supported platform and …')
  expect(shown.length).toBeLessThanOrEqual(80)
  expect(shortCommand('npm test')).toBe('npm test')
  // One word longer than the limit is cut inside it, still within the limit.
  expect(cutAtWord('x'.repeat(300), 20)).toBe(`${'x'.repeat(19)}…`)
  expect(shortCommand('npm ci\nnpm test')).toBe('npm ci')
})

test("a rerun's command keeps its files and flags and elides the pattern of test names", () => {
  const command = "node_modules/.bin/jest --ci 'src/api.test.js' 'src/net.test.js' -t '^(?:api returns the user|net fetches config)$'"
  expect(shortRerunCommand(command)).toBe('node_modules/.bin/jest --ci src/api.test.js src/net.test.js -t …')
  // Quoted names in a row are one `…`; a name cannot break out of its cell with quotes or `$( )`.
  expect(shortRerunCommand("npx mocha --grep 'a b' --grep '$(rm -rf ~)'")).toBe('npx mocha --grep … --grep …')
  expect(shortRerunCommand("python3 -m pytest 'tests/test_api.py::TestUsers::test_get'")).toBe(
    'python3 -m pytest tests/test_api.py::TestUsers::test_get'
  )
})

test('two reruns of one template have the same shape, whatever tests they name', () => {
  const two = "node_modules/.bin/jest --ci 'src/api.test.js' 'src/net.test.js' -t '^(?:a|b)$'"
  const one = "node_modules/.bin/jest --ci 'src/api.test.js' -t '^(?:a)$'"
  expect(rerunShape(two)).toBe(rerunShape(one))
  expect(rerunShape(one)).not.toBe(rerunShape("npx vitest run 'src/api.test.js' -t '^(?:a)$'"))
})
