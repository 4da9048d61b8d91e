/**
 * Secrets never leave the runner through the action (docs/design.md §5): not in the uploaded trace
 * artifact (unzipped), the saved receipt-history cache entry (untarred), the step summary,
 * the annotations or the step outputs. GitHub masks registered secrets in the live log, but
 * not inside artifacts and caches, and never a token it was not told about.
 */
import { FakeRunner, readCacheEntry, type StepResult } from '../helpers/runner.js'
import { readZip, ResultsService } from '../helpers/results-service.js'
import { leaksIn } from '../helpers/fuzz.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

// Assembled at run time so that no credential-looking literal sits in the source.
const REDACT_VALUE = 'rdx-Q7pL2vN9kT'
const ENV_SECRET = 'envS3cr3t-Wm4xZ8'
const GITHUB_TOKEN = 'ghp' + '_' + 'Z9y8X7w6V5u4T3s2R1q0'.repeat(2).slice(0, 36)
const BASE64_OF_REDACT = Buffer.from(REDACT_VALUE).toString('base64')
const SECRETS = [REDACT_VALUE, ENV_SECRET, GITHUB_TOKEN, BASE64_OF_REDACT]
const ENV = { MY_API_TOKEN: ENV_SECRET }

function splitPrint(label: string, value: string): string {
  const cut = Math.floor(value.length / 2)
  return `printf '%s' '${label}${value.slice(0, cut)}'; sleep 0.05; printf '%s\\n' '${value.slice(cut)}'`
}

/** Secrets in the first command's text (it names the failure annotation), then printed in halves on ERROR lines. */
const COMMANDS = [
  `: ${REDACT_VALUE} ${GITHUB_TOKEN}`,
  splitPrint('ERROR A:', REDACT_VALUE),
  `printf 'ERROR B:%s' "\${MY_API_TOKEN:0:7}"; sleep 0.05; printf '%s\\n' "\${MY_API_TOKEN:7}"`,
  splitPrint('ERROR C:', GITHUB_TOKEN),
  splitPrint('ERROR D:', BASE64_OF_REDACT)
]

interface Exposed {
  service: ResultsService
  step: StepResult
  runner: FakeRunner
}

async function runStep(name: string, inputs: Record<string, string>): Promise<Exposed> {
  const service = await started
  const runner = new FakeRunner(service, `octo/${name}`)
  const step = await runner.main({ redact: REDACT_VALUE, 'max-retries': '0', ...inputs }, { env: ENV })
  return { service, step, runner }
}

/** Every text the step left where others can read it, by where it is. */
async function exposedTexts({ service, step, runner }: Exposed): Promise<Map<string, string | Buffer>> {
  const texts = new Map<string, string | Buffer>()
  texts.set('step summary', step.summary)
  step.annotations.forEach((annotation, index) => texts.set(`annotation ${index}`, `${annotation.title ?? ''}\n${annotation.message}`))
  texts.set('outputs', JSON.stringify(step.outputs))
  const runId = step.outputs['run-id']
  const artifact = service.artifacts().find(item => item.name === `reverify-trace-${runId}`)
  expect(artifact).toBeDefined()
  for (const entry of readZip(artifact!.data)) texts.set(`artifact ${entry.name}`, entry.data)
  const prefix = `reverify-v1-${step.state['history-key']}-`
  const entries = service.cacheEntries().filter(entry => entry.key.startsWith(prefix))
  expect(entries).toHaveLength(1)
  for (const [name, data] of await readCacheEntry(entries[0]!)) texts.set(`cache ${name}`, data)
  expect(runner.workspace).toBeTruthy()
  return texts
}

test('a failing run: artifact, cache entry, summary, annotations and outputs hold no secret', async () => {
  const exposed = await runStep('secrets-failing', {
    command: [...COMMANDS, 'exit 1'].join('\n'),
    'expect-exit': '0'
  })
  expect(exposed.step.outputs.outcome).toBe('failure')
  const texts = await exposedTexts(exposed)
  expect([...texts.keys()].filter(name => name.startsWith('artifact '))).toEqual(
    expect.arrayContaining(['artifact trace.jsonl', 'artifact meta.json', 'artifact attempt-1.log'])
  )
  expect([...texts.keys()].some(name => name.startsWith('cache ') && name.endsWith('/receipt.json'))).toBe(true)
  expect(exposed.step.annotations.some(annotation => annotation.level === 'error')).toBe(true)
  expect(leaksIn(texts, SECRETS)).toEqual([])

  const log = String(texts.get('artifact attempt-1.log'))
  expect(log).toContain('ERROR A:[redacted:redact-input]\n')
  expect(log).toContain('ERROR B:[redacted:env:MY_API_TOKEN]\n')
  expect(log).toContain('ERROR C:[redacted:github-token]\n')
  expect(log).toContain('ERROR D:[redacted:redact-input]\n')
  const failure = exposed.step.annotations.find(annotation => annotation.level === 'error')!
  expect(failure.message).toContain('ERROR C:[redacted:github-token]')
})

test('a passing run with the secret in expect-stdout leaks nothing either', async () => {
  const exposed = await runStep('secrets-passing', {
    command: COMMANDS.join('\n'),
    'expect-stdout': REDACT_VALUE
  })
  expect(exposed.step.outputs.outcome).toBe('success')
  expect(leaksIn(await exposedTexts(exposed), SECRETS)).toEqual([])
})

test('a guardrail refusal names the rule without repeating a secret from the command', async () => {
  const exposed = await runStep('secrets-guardrail', {
    command: `rm -rf ./cache-${GITHUB_TOKEN}`,
    'expect-exit': '0'
  })
  expect(exposed.step.outputs.outcome).toBe('aborted')
  const refusal = exposed.step.annotations.find(annotation => annotation.level === 'error' && /rm -rf/.test(annotation.message))
  expect(refusal).toBeDefined()
  expect(leaksIn(await exposedTexts(exposed), SECRETS)).toEqual([])
})
