/**
 * RunSettings follows from the input table (docs/design.md §8 "Adding an input"): every run
 * input's row names the field it fills, and for every such row a value that is not the
 * default reaches that field and comes back out of `toRawInputs` (the run's record,
 * run.json) as an input that parses to the same settings. A row added without its field, or
 * a field the record loses, fails here.
 */
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RUN_INPUT_NAMES, parseRunSettings, toRawInputs } from '../../../src/core/inputs/settings.js'
import { inputSpec, type InputKind, type InputName } from '../../../src/core/inputs/table.js'

const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-settings-table-')))
mkdirSync(join(cwd, 'sub'))

/** A valid value of a kind that differs from `fallback` (the row's default), as raw text. */
function sample(kind: InputKind, fallback: string | undefined): string {
  switch (kind.type) {
    case 'script':
      return 'echo one\necho two'
    case 'integer':
      return String(fallback === String(kind.min + 1) ? kind.min + 2 : kind.min + 1)
    case 'fraction':
      return fallback === '0.5' ? '0.25' : '0.5'
    case 'choice':
      return kind.values.find(value => value !== fallback)!
    case 'boolean':
      return fallback === 'true' ? 'false' : 'true'
    case 'text':
      return 'some text'
    case 'lines':
      return 'first\nsecond'
    case 'regex':
      return 'ERR(OR)?: \\d+'
    case 'exit-codes':
      return '1-3,7'
    case 'shell':
      return fallback === 'sh' ? 'bash' : 'sh'
    case 'label':
      return 'Unit tests (node 20)'
    case 'directory':
      return join(cwd, 'sub')
    case 'state-dir':
      return join(cwd, 'state')
    case 'run-ref':
      return 'latest'
    case 'rerun':
      return 'npx jest {files} -t {pattern}'
  }
}

const BASE = { command: 'true', 'expect-stdout': 'ok' }
const baseline = parseRunSettings(BASE, cwd, { path: process.env.PATH })
const recorded = RUN_INPUT_NAMES.filter(name => !inputSpec(name).notRecorded)

test('every run input names the settings field it fills', () => {
  expect(RUN_INPUT_NAMES.length).toBeGreaterThan(20)
  expect(RUN_INPUT_NAMES.filter(name => inputSpec(name).setting === undefined)).toEqual([])
})

test.each(recorded.map(name => [name]))('%s: reaches its field and round-trips through the run record', (name: InputName) => {
  const spec = inputSpec(name)
  // A rerun needs the results it reads the failed tests from; repeats of new tests need a rerun.
  const rerun = { 'test-results': 'junit.xml', 'rerun-failed-tests': 'jest' }
  const needs = spec.kind.type === 'rerun' ? { 'test-results': 'junit.xml' } : name === 'new-test-repeats' ? rerun : {}
  const given = { ...BASE, ...needs, [name]: sample(spec.kind, spec.default) }
  const settings = parseRunSettings(given, cwd, { path: process.env.PATH })
  // The value changed the settings: the row's field is wired.
  expect(settings).not.toEqual(baseline)
  const raw = toRawInputs(settings)
  expect(raw[name]).toBeDefined()
  expect(parseRunSettings(raw, cwd, { path: process.env.PATH })).toEqual(settings)
})

test('the inputs left out of the record are exactly redact and state-dir', () => {
  expect(RUN_INPUT_NAMES.filter(name => inputSpec(name).notRecorded)).toEqual(['redact', 'state-dir'])
  const settings = parseRunSettings({ ...BASE, redact: 'secret-value', 'state-dir': join(cwd, 'state') }, cwd, { path: process.env.PATH })
  expect(settings.redact).toEqual(['secret-value'])
  expect(Object.keys(toRawInputs(settings))).not.toEqual(expect.arrayContaining(['redact']))
  expect(Object.keys(toRawInputs(settings))).not.toContain('state-dir')
})
