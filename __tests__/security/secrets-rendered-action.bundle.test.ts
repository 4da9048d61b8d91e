/**
 * Secrets stay hidden in what a reviewer actually reads (docs/design.md §5 "Redaction"): the
 * step summary rendered as GitHub renders markdown, the annotations, the HTML report and the
 * live log. Markdown escaping turns `_` into `\_`; a secret escaped before it is redacted no
 * longer matches the redactor, yet renders as the original. So these checks run on the
 * rendered text, not on the markdown source.
 */
import { JSDOM } from 'jsdom'
import { marked } from 'marked'
import { FakeRunner } from '../helpers/runner.js'
import { readZip, ResultsService } from '../helpers/results-service.js'
import { leaksIn } from '../helpers/fuzz.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

// Assembled at run time so that no credential-looking literal sits in the source. Each holds
// markdown punctuation: `_` (every GitHub token has one), `*` and `#`.
const GITHUB_TOKEN = 'ghp' + '_' + 'Ab9Zq'.repeat(8).slice(0, 36)
const REDACT_VALUE = 'Rt3_hunter2*battery#staple'
const ENV_SECRET = 'env_S3cr3t*Wm4#xZ8'
const SECRETS = [GITHUB_TOKEN, REDACT_VALUE, ENV_SECRET]

/** A JUnit file whose failing tests are named after the secrets. */
function junit(): string {
  const cases = [`uses ${REDACT_VALUE}`, `env ${ENV_SECRET}`, `token ${GITHUB_TOKEN}`].map(
    name =>
      `<testcase classname="api" name="${name}" file="src/api.test.js"><failure message="bad ${name}">at x (src/api.test.js:3:1)</failure></testcase>`
  )
  return `<?xml version="1.0"?><testsuites><testsuite name="api" tests="3">${cases.join('')}</testsuite></testsuites>`
}

function renderedText(markdown: string): string {
  const html = marked.parse(markdown, { gfm: true, async: false })
  return new JSDOM(html).window.document.body.textContent ?? ''
}

function htmlText(html: string): string {
  return new JSDOM(html).window.document.body.textContent ?? ''
}

test('the rendered summary, annotations, report and log of a failing run show no secret', async () => {
  const service = await started
  const runner = new FakeRunner(service, 'octo/secrets-rendered')
  const xml = junit().replace(/'/g, `'\\''`)
  const step = await runner.main(
    {
      name: `check ${REDACT_VALUE}`,
      command: `printf '%s' '${xml}' > results.xml\ntest ${GITHUB_TOKEN} = x`,
      'test-results': 'results.xml',
      redact: REDACT_VALUE,
      'max-retries': '1',
      'retry-wait-seconds': '0',
      'expect-exit': '0'
    },
    { env: { MY_API_TOKEN: ENV_SECRET } }
  )
  expect(step.outputs.outcome).toBe('failure')
  const summary = renderedText(step.summary)
  // The run's facts are all there, only hidden: the attempts table and the failed tests.
  expect(summary).toContain('[redacted:github-token]')
  expect(summary).toContain('uses [redacted:redact-input]')
  expect(summary).toContain('env [redacted:env:MY_API_TOKEN]')

  const texts = new Map<string, string>()
  texts.set('rendered summary', summary)
  texts.set('summary markdown without escapes', step.summary.replace(/\\(.)/g, '$1'))
  step.annotations.forEach((annotation, index) => texts.set(`annotation ${index}`, `${annotation.title ?? ''}\n${annotation.message}`))
  // The runner takes `::add-mask::` lines in and never shows them: the rest is the log.
  const shown = step.stdout.split('\n').filter(line => !line.startsWith('::add-mask::'))
  texts.set('log', shown.join('\n').replace(/%0A/g, '\n'))
  const artifact = service.artifacts().find(item => item.name === `reverify-trace-${step.outputs['run-id']}`)
  expect(artifact).toBeDefined()
  const report = readZip(artifact!.data).find(entry => entry.name === 'report.html')
  expect(report).toBeDefined()
  texts.set('report.html text', htmlText(report!.data.toString('utf8')))
  expect(leaksIn(texts, SECRETS)).toEqual([])
})

test('capture mode: the note is redacted in the log and in the rendered summary', async () => {
  const service = await started
  const runner = new FakeRunner(service, 'octo/secrets-capture-note')
  const inputs = { command: 'exit 3', 'expect-exit': '0', redact: REDACT_VALUE, 'max-retries': '0', summary: 'always' }
  const failed = await runner.main(inputs)
  expect(failed.outputs.outcome).toBe('failure')
  const captured = await runner.main({ ...inputs, capture: failed.outputs['run-id']!, 'capture-note': `rotated ${REDACT_VALUE}` })
  expect(captured.outputs.captured).toBe('true')
  const summary = renderedText(captured.summary)
  expect(summary).toContain('rotated [redacted:redact-input]')
  const shown = captured.stdout.split('\n').filter(line => !line.startsWith('::add-mask::'))
  const texts = new Map([
    ['rendered summary', summary],
    ['log', shown.join('\n')]
  ])
  expect(leaksIn(texts, SECRETS)).toEqual([])
})

test('a token that straddles the cut of an annotation title is redacted before the cut', async () => {
  const service = await started
  const runner = new FakeRunner(service, 'octo/secrets-title-cut')
  // The title quotes the first command line, cut short: the token starts just before the cut.
  const step = await runner.main({ command: `test ${'x'.repeat(60)} = ${GITHUB_TOKEN}`, 'expect-exit': '0', 'max-retries': '0' })
  expect(step.outputs.outcome).toBe('failure')
  const titles = step.annotations.map(annotation => annotation.title ?? '')
  expect(titles.some(title => title.includes('failed'))).toBe(true)
  for (const title of titles) expect(title).not.toContain(GITHUB_TOKEN.slice(0, 8))
})
