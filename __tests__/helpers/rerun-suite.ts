/**
 * What the rerun tests share (docs/design.md §1 "Rerunning only the failed tests"): counting
 * each test's executions from the side-effect file the generated suites append to, reading
 * the one run's receipt, and a tiny bash "runner" for tests that need JUnit without a real one.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** How many times each test ran, from the `runs.log` every generated test appends its name to. */
export function executions(dir: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const line of readFileSync(join(dir, 'runs.log'), 'utf8').split('\n').filter(Boolean)) counts.set(line, (counts.get(line) ?? 0) + 1)
  return counts
}

/** The receipt of the one run in `dir`'s state directory. */
export function onlyReceipt(dir: string): Record<string, any> {
  const [runId] = readdirSync(join(dir, '.reverify', 'runs'))
  return JSON.parse(readFileSync(join(dir, '.reverify', 'runs', runId!, 'receipt.json'), 'utf8'))
}

/**
 * A tiny runner (bash): runs the tests named in its arguments (all of a, b and c when none),
 * writes JUnit to results.xml, fails `b` the first time it runs and logs every call to
 * calls.log. With `hold`, a rerun waits while a `hold` file exists (after writing
 * rerun-started and its pid), so a test can kill it there.
 */
export function tinyRunner(options: { hold?: boolean } = {}): string {
  return [
    'echo "call:$*" >> calls.log',
    ...(options.hold ? ['if [ $# -gt 0 ] && [ -f hold ]; then echo $$ > rerun.pid; touch rerun-started; sleep 60; fi'] : []),
    'names=("$@"); [ ${#names[@]} -eq 0 ] && names=(a b c)',
    'cases=""; failed=0',
    'for n in "${names[@]}"; do',
    '  if [ "$n" = b ] && [ ! -f b-ran ]; then touch b-ran; cases="$cases<testcase classname=\\"s\\" name=\\"$n\\"><failure>boom</failure></testcase>"; failed=1',
    '  else cases="$cases<testcase classname=\\"s\\" name=\\"$n\\"/>"; fi',
    'done',
    'printf "<testsuites><testsuite name=\\"s\\">%s</testsuite></testsuites>" "$cases" > results.xml',
    'exit $failed',
    ''
  ].join('\n')
}
