/**
 * A real run for the HTML report's tests: the CLI runs a test-runner-like script in a
 * scratch repository a few times, so the report has a history (a pass, a captured failure,
 * a flaky pass) and a last run that fails every attempt with hostile, coloured output.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, scratchRepo, type CliResult } from './cli.js'

/** What the command prints inside its failing block (so it reaches the excerpt too) that must stay text: markup an attacker would like to run. */
export const HOSTILE_LINES = ['<script>window.pwned=1</script>', '<img src=x onerror="window.pwned=1">']

const PASSING = `printf '\\033[1m\\033[42m PASS \\033[49m\\033[22m src/api.test.js\\n'
echo 'Tests: 12 passed, 12 total'
`

const FAILING = `printf '\\033[1m\\033[41m FAIL \\033[49m\\033[22m src/api.test.js\\n'
printf '  \\033[1m\\033[31m● api › returns the user\\033[39m\\033[22m\\n\\n'
${HOSTILE_LINES.map(line => `printf '    %s\\n' '${line}'`).join('\n')}
printf '    Expected: \\033[32m200\\033[39m\\n'
printf '    Received: \\033[31m500\\033[39m\\n\\n'
printf '      at Object.<anonymous> (src/api.test.js:14:23)\\n'
echo 'Tests: 1 failed, 11 passed, 12 total'
exit 1
`

/** Fails on the first attempt of a run, passes on the next (a counter file tells them apart). */
const FLAKY = `if [ ! -f .flaky-seen ]; then touch .flaky-seen; ${FAILING}
fi
rm -f .flaky-seen
${PASSING}`

function runIdOf(result: CliResult): string {
  const match = /^receipt: (\S+)$/m.exec(result.stdout)
  if (!match) throw new Error(`no receipt id in:\n${result.stdout}\n${result.stderr}`)
  return match[1]!
}

/** The scratch repository, the last run's id and session folder, and its report's path. */
export interface ReportRun {
  repo: string
  runId: string
  sessionDir: string
  reportPath: string
}

/** Runs the script as a pass, a captured failure, a flaky pass, then a failure of 3 attempts. */
export async function reportRun(): Promise<ReportRun> {
  const repo = await scratchRepo('reverify-report-')
  const script = join(repo, 'fake-test.sh')
  const run = async (body: string): Promise<CliResult> => {
    writeFileSync(script, body)
    return runCli(['run', '--name', 'unit-tests', '--command', 'bash ./fake-test.sh', '--expect-exit', '0', '--max-retries', '2'], repo)
  }
  await run(PASSING)
  const failed = runIdOf(await run(FAILING))
  await runCli(['capture', failed, '--note', 'the API stub was down'], repo)
  await run(FLAKY)
  const last = await run(FAILING)
  if (last.code !== 1) throw new Error(`the last run should fail:\n${last.stdout}\n${last.stderr}`)
  const sessionDir = /^trace: (.+)$/m.exec(last.stdout)![1]!
  return { repo, runId: runIdOf(last), sessionDir, reportPath: join(sessionDir, 'report.html') }
}
