/** JUnit files for tests: the real producers' fixtures, and hostile or broken files. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The folder of the real producers' files (see its README). */
export const JUNIT_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'junit')

/** A billion-laughs bomb: ten levels of ten references, 10^9 "lol"s once expanded. */
export function entityBomb(): string {
  const levels = ['<!ENTITY lol0 "lol">']
  for (let level = 1; level <= 9; level++) levels.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`)
  return `<?xml version="1.0"?>\n<!DOCTYPE testsuites [\n${levels.join('\n')}\n]>\n<testsuites><testsuite name="&lol9;"><testcase name="&lol9;" classname="bomb"><failure message="&lol9;"/></testcase></testsuite></testsuites>\n`
}

/** Files that must each be one warning, keyed by name. */
export function hostileFiles(secretPath: string): Record<string, string> {
  const good = readFileSync(join(JUNIT_FIXTURES, 'jest', 'jest-junit.xml'), 'utf8')
  return {
    'bomb.xml': entityBomb(),
    'external-entity.xml': `<?xml version="1.0"?>\n<!DOCTYPE testsuite [<!ENTITY xxe SYSTEM "file://${secretPath}">]>\n<testsuite name="x"><testcase name="&xxe;" classname="x"><failure message="&xxe;"/></testcase></testsuite>\n`,
    'parameter-entity.xml': `<?xml version="1.0"?>\n<!DOCTYPE testsuite [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/evil.dtd"> %remote;]>\n<testsuite name="x"/>\n`,
    'undeclared-entity.xml': '<testsuite name="x"><testcase name="&xxe;" classname="x"/></testsuite>\n',
    'malformed.xml': '<testsuites><testsuite name="x"><testcase name="a" classname="x"></testsuite></testsuites>\n',
    'truncated.xml': good.slice(0, Math.floor(good.length / 2)),
    'not-junit.xml': '<?xml version="1.0"?>\n<html><body><testcase name="fake"/></body></html>\n',
    'binary.xml': String.fromCharCode(...Array.from({ length: 512 }, (_, index) => (index * 37) % 256)),
    'empty.xml': '',
    'many-attributes.xml': `<testsuites><testsuite name="a"><testcase name="a" classname="a"${Array.from({ length: 2_000 }, (_, index) => ` a${index}="x"`).join('')}/></testsuite></testsuites>`,
    'deep.xml': `<testsuites>${'<testsuite name="d">'.repeat(10_000)}<testcase name="deep" classname="d"/>${'</testsuite>'.repeat(10_000)}</testsuites>`
  }
}

/** A jest-junit-style report of one suite `api` whose tests passed or failed as given. */
export function junitReport(tests: Record<string, 'passed' | 'failed'>): string {
  const cases = Object.entries(tests).map(([name, outcome]) =>
    outcome === 'passed'
      ? `<testcase classname="${name}" name="${name}" time="0.01"/>`
      : `<testcase classname="${name}" name="${name}" time="0.01"><failure>Error: expected 200, got 500\n    at Object.toBe (src/api.test.js:5:22)</failure></testcase>`
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="api" tests="${cases.length}">${cases.join('')}</testsuite></testsuites>\n`
}
