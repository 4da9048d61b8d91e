/**
 * What a command sees of the environment (docs/design.md §5 "What the command sees"): never
 * what the runner gives only to actions — the Actions runtime token and service URLs, the
 * OIDC request pair, reverify's own `INPUT_*` (the `redact` values among them) and `STATE_*`.
 * Checked for the script, `expect-check` and `on-retry`, through the bundled action and the
 * built CLI.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

const REDACT_VALUE = 'rdx-N8vB3mQ5sT'
const ACTION_ONLY = {
  ACTIONS_ID_TOKEN_REQUEST_URL: 'http://127.0.0.1:9/oidc',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token',
  STATE_leftover: 'state of another step'
}

/** The names of the variables set in an `env` dump. */
function names(dump: string): string[] {
  return dump
    .split('\n')
    .map(line => /^([A-Za-z_][A-Za-z0-9_-]*)=/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined)
}

function actionOnly(name: string): boolean {
  return /^(INPUT_|STATE_|ACTIONS_(RUNTIME_TOKEN|RUNTIME_URL|RESULTS_URL|CACHE_URL|CACHE_SERVICE_V2|ID_TOKEN_REQUEST_))/i.test(name)
}

// The first attempt fails, so on-retry runs; the second passes, then expect-check runs.
const SCRIPT = 'env > "script-env-$(ls script-env-* 2>/dev/null | wc -l).txt"\ntest -f again || { touch again; exit 1; }'

test('the action: the script, expect-check and on-retry see no action-only variable', async () => {
  const service = await started
  const runner = new FakeRunner(service, 'octo/command-env')
  const step = await runner.main(
    {
      command: SCRIPT,
      'expect-exit': '0',
      'expect-check': 'env > check-env.txt',
      'on-retry': 'env > retry-env.txt',
      'max-retries': '1',
      'retry-wait-seconds': '0',
      redact: REDACT_VALUE,
      'github-token': 'not-a-real-token'
    },
    { env: ACTION_ONLY }
  )
  expect(step.outputs.outcome).toBe('success')
  for (const file of ['script-env-0.txt', 'script-env-1.txt', 'check-env.txt', 'retry-env.txt']) {
    const dump = readFileSync(join(runner.workspace, file), 'utf8')
    // The runner gave them to the action, and the commands still get the rest of the environment.
    expect(names(dump)).toEqual(expect.arrayContaining(['PATH', 'GITHUB_WORKSPACE', 'REVERIFY_RUN_ID']))
    expect({ file, leaked: names(dump).filter(actionOnly) }).toEqual({ file, leaked: [] })
    expect(dump).not.toContain(REDACT_VALUE)
  }
})

test('the CLI: a command run inside an action step does not get the runtime token either', async () => {
  const repo = await scratchRepo('reverify-command-env-')
  const result = await spawnCli(['run', '--command', 'env > env.txt', '--expect-exit', '0'], repo, {
    env: { ...ACTION_ONLY, ACTIONS_RUNTIME_TOKEN: 'runtime-token', ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/', INPUT_REDACT: 'x' }
  })
  expect(result.code).toBe(0)
  const dump = readFileSync(join(repo, 'env.txt'), 'utf8')
  expect(names(dump)).toContain('PATH')
  expect(names(dump).filter(actionOnly)).toEqual([])
})
