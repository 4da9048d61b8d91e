/**
 * stdout and stderr keep their relative order in attempt-N.log, the trace's summary and the
 * report (docs/design.md §1, docs/engine.md "Output order"), through the built CLI: a script
 * interleaves the two streams with small pauses, and writes one stdout line in two pieces
 * with a stderr line in between.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { scratchRepo, spawnCli } from '../helpers/cli.js'
import { readTrace, sessionDirs } from '../helpers/trace.js'

// 40 lines: every tenth on stderr, line 30 the stderr FAILED; at 15 a stdout line that ends in
// word characters (which redaction holds back until it knows the word is over) is left open
// while stderr writes a whole line, and finished after it. Line 16 is not written.
// Each whole line is written once the one before it has reached the first attempt's log, so
// the order is the order written however busy the machine (no sleep stands in for it:
// docs/design.md §9, "Tests on a busy machine"). One attempt only: a retry would find its
// lines in the first attempt's log at once, unpaced, and the report lists the last attempt first.
const SCRIPT = `
landed() { until grep -qxF "$1" .reverify/sessions/*/*/*/attempt-1.log 2>/dev/null; do sleep 0.01; done; }
for i in $(seq 1 40); do
  case $i in
    30) line="line $i FAILED"; echo "$line" >&2 ;;
    *0) line="line $i on stderr"; echo "$line" >&2 ;;
    15) printf 'line 15 runs step_fifteen'; echo 'line 15 WARN on stderr' >&2; landed 'line 15 WARN on stderr'; line='line 15 runs step_fifteen and ends'; echo ' and ends' ;;
    16) continue ;;
    *) line="line $i"; echo "$line" ;;
  esac
  landed "$line"
done
exit 1
`

function expectedLines(): string[] {
  const lines: string[] = []
  for (let i = 1; i <= 40; i++) {
    if (i === 30) lines.push('line 30 FAILED')
    else if (i % 10 === 0) lines.push(`line ${i} on stderr`)
    else if (i === 15) lines.push('line 15 WARN on stderr', 'line 15 runs step_fifteen and ends')
    else if (i !== 16) lines.push(`line ${i}`)
  }
  return lines
}

test('stderr lines land where they were written among stdout lines, and no line is split or glued', async () => {
  const repo = await scratchRepo()
  writeFileSync(join(repo, 'interleave.sh'), SCRIPT)
  const run = await spawnCli(['run', '--command', 'bash interleave.sh', '--expect-exit', '0', '--max-retries', '0'], repo)
  expect(run.code).toBe(1)
  const [dir] = sessionDirs(join(repo, '.reverify'))
  const expected = expectedLines()
  expect(expected).toHaveLength(40)
  expect(expected.indexOf('line 30 FAILED')).toBe(29)

  const log = readFileSync(join(dir!, 'attempt-1.log'), 'utf8')
  expect(log.split('\n')).toEqual([...expected, ''])

  // 40 lines fit the summary's head and tail: it is the whole output, in the same order.
  const result = readTrace(dir!).find(event => event.phase === 'tool_result')!
  expect(String(result.payload.summary).split('\n')).toEqual(expected)

  // The report lists the log line by line (one <li> each), in that order too.
  const report = readFileSync(join(dir!, 'report.html'), 'utf8')
  const listed = [...report.matchAll(/<li(?: class=\w+)?>(line [^<\n]*)$/gm)].map(match => match[1])
  expect(listed.slice(0, 40)).toEqual(expected)
}, 30000)
