/**
 * The `rerun-failed-tests` setting (docs/test-results.md "Rerunning only the failed tests"):
 * `off`, a preset naming a runner, or a template of one's own. Each preset is a template; the
 * rerun must write results too: where the reporter is set on the command line (pytest, Node's
 * runner) the preset sets it, writing reports/junit.xml; elsewhere the runner's config must.
 */
import { checkPlaceholderWords } from './placeholder-words.js'
import { PLACEHOLDER_LIST, templatePlaceholders } from './template.js'

/** What each preset runs. */
export const PRESETS = {
  jest: 'npx jest --ci {files} -t {pattern}',
  vitest: 'npx vitest run {files} -t {pattern}',
  pytest: 'python -m pytest --junitxml=reports/junit.xml {ids}',
  mocha: 'npx mocha {files} --grep {pattern}',
  'node-test':
    'node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=reports/junit.xml --test-name-pattern {pattern} {files}',
  go: 'gotestsum --junitfile reports/junit.xml -- -count=1 -run {pattern} {packages}',
  playwright: 'npx playwright test -g {titles}'
} as const

/** A preset's name. */
export type PresetName = keyof typeof PRESETS

/** The setting as parsed. */
export type RerunSetting =
  { kind: 'off' } | { kind: 'preset'; preset: PresetName; template: string } | { kind: 'template'; template: string }

/** Reads `off`, a preset or a template; throws a one-line message for a template that cannot work. */
export function parseRerunSetting(raw: string): RerunSetting {
  const text = raw.trim()
  if (text === '' || text.toLowerCase() === 'off') return { kind: 'off' }
  if (Object.hasOwn(PRESETS, text)) return { kind: 'preset', preset: text as PresetName, template: PRESETS[text as PresetName] }
  if (!/[{}]/.test(text) && /^[\w-]+$/.test(text)) {
    throw new Error(`'${text}' is not a preset; expected off, ${Object.keys(PRESETS).join(', ')}, or a template with ${PLACEHOLDER_LIST}`)
  }
  templatePlaceholders(text)
  // Each value is quoted as one word: only a placeholder that stands as one is safe.
  checkPlaceholderWords(text)
  return { kind: 'template', template: text }
}
