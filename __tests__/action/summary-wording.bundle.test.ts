/**
 * The job summary's wording and the annotations' levels, through the bundled action against
 * the local service (docs/design.md §5 "Job summary", "Annotations"): each attempt's cell
 * says what it got, not the command again; the heading is not repeated by a summary line;
 * "this one included" counts the run where it belongs; and only what failed in the final
 * attempt is an error — a test that passed on a retry is a warning.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FakeRunner } from '../helpers/runner.js'
import { ResultsService } from '../helpers/results-service.js'

const started = ResultsService.start()
afterAll(async () => (await started).stop())

async function newRunner(name: string): Promise<FakeRunner> {
  return new FakeRunner(await started, `octo/${name}-${Math.random().toString(16).slice(2, 8)}`)
}

/** A runner of three tests: `a` passes, `b` fails on the first call only, `c` fails unless `c-fixed` exists. */
const RUNNER = [
  'n=$(cat calls 2>/dev/null || echo 0); n=$((n + 1)); echo $n > calls',
  'case_b=\'<testcase classname="s" name="b"/>\'',
  '[ $n -eq 1 ] && case_b=\'<testcase classname="s" name="b"><failure>first call</failure></testcase>\'',
  'case_c=\'<testcase classname="s" name="c"/>\'; status=0',
  '[ -f c-fixed ] || { case_c=\'<testcase classname="s" name="c"><failure>always</failure></testcase>\'; status=1; }',
  '[ $n -eq 1 ] && status=1',
  'printf \'<testsuites><testsuite name="s"><testcase classname="s" name="a"/>%s%s</testsuite></testsuites>\' "$case_b" "$case_c" > results.xml',
  'exit $status',
  ''
].join('\n')

const INPUTS = { command: 'bash run-tests.sh', 'expect-exit': '0', 'max-retries': '2', 'test-results': 'results.xml' }

test('a failed run: cells say what each attempt got, no repeated verdict line, one error for the test that failed every time, a warning for the one that recovered', async () => {
  const runner = await newRunner('wording-failed')
  writeFileSync(join(runner.workspace, 'run-tests.sh'), RUNNER)
  const step = await runner.main(INPUTS)
  expect(step.summary).toContain('| attempt | exit | duration | expect-exit 0 |')
  expect(step.summary).toMatch(/\| 1 \| 1 \| [^|]+ \| ✗ got 1 \|/)
  expect(step.summary).not.toContain('bash run-tests.sh` exited')
  expect(step.summary).not.toContain('not verified after')
  expect(step.summary).toContain('1 failed (this one included)')
  const errors = step.annotations.filter(annotation => annotation.level === 'error')
  const warnings = step.annotations.filter(annotation => annotation.level === 'warning')
  expect(errors.map(annotation => annotation.title)).toEqual([expect.stringContaining('s › c failed in every attempt (3/3 attempts)')])
  expect(warnings.map(annotation => annotation.title)).toContainEqual(
    expect.stringContaining('flaky — s › b failed in attempt 1, passed in a later attempt')
  )
}, 60_000)

test('a flaky pass counts itself with the flaky runs, not with the failures', async () => {
  const runner = await newRunner('wording-flaky')
  writeFileSync(join(runner.workspace, 'run-tests.sh'), RUNNER)
  writeFileSync(join(runner.workspace, 'c-fixed'), '')
  const step = await runner.main(INPUTS)
  expect(step.summary).toContain('1 flaky (this one included)')
  expect(step.summary).not.toContain('failed (this one included)')
  expect(step.annotations.filter(annotation => annotation.level === 'error')).toEqual([])
}, 60_000)
