/** The job summary (docs/design.md §5): outcome, attempts table, capture status, receipt, artifact. */
import { StringDecoder } from 'node:string_decoder'
import type { RunReport } from '../core/run/report.js'

/** Under GitHub's 1 MiB limit for a step summary (counted in bytes), with room to spare. */
const MAX_SUMMARY_BYTES = 512 * 1024

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').slice(0, 300)
}

function code(text: string): string {
  const line = text.split('\n')[0]!.slice(0, 200)
  return `<code>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '&#124;')}</code>`
}

/** What the summary needs beyond the run report. */
export interface SummaryFacts {
  commands: readonly string[]
  captureMode: string
  remediation?: string
  artifactUrl?: string
  artifactNote?: string
}

/** The headline's outcome word and icon. */
function headline(report: RunReport): string {
  if (report.kind === 'blocked') return '⛔ reverify: blocked'
  if (report.kind === 'refused') return '❌ reverify: aborted'
  if (report.outcome === 'success') return report.flaky ? '⚠️ reverify: success (flaky)' : '✅ reverify: success'
  return `❌ reverify: ${report.outcome}`
}

/** The attempts table: exit, duration and each expectation's verdict per attempt. */
function attemptsTable(report: Extract<RunReport, { kind: 'completed' }>): string[] {
  if (report.attempts.length === 0) return []
  const names = [...new Set(report.attempts.flatMap(attempt => attempt.checks.map(check => check.expectation)))]
  const lines = [`| attempt | exit | duration | ${names.join(' | ')} |`, `|---|---|---|${names.map(() => '---').join('|')}|`]
  for (const attempt of report.attempts) {
    const exit = `${attempt.exitCode}${attempt.timedOut ? ' (timed out)' : attempt.signal ? ` (${attempt.signal})` : ''}`
    const marks = names.map(name => {
      const check = attempt.checks.find(item => item.expectation === name)
      return check === undefined ? '–' : check.ok ? '✓' : `✗ ${cell(check.detail)}`
    })
    lines.push(`| ${attempt.attempt} | ${exit} | ${(attempt.durationMs / 1000).toFixed(1)} s | ${marks.join(' | ')} |`)
  }
  lines.push('')
  return lines
}

/** Markdown for the step summary of a verify run. */
export function verifySummary(report: RunReport, facts: SummaryFacts): string {
  const lines: string[] = [`### ${headline(report)}`, '']
  lines.push(`Command: ${facts.commands.map(code).join(' → ')}`)
  if (report.kind === 'completed') lines.push(`Attempts: ${report.attempts.length}/${report.maxAttempts} · ${cell(report.summary)}`)
  if (report.kind === 'refused') lines.push(`Refused by the destructive-command guardrail: rule \`${report.guardrail.rule}\`.`)
  lines.push('')
  if (report.kind === 'completed') lines.push(...attemptsTable(report))
  const uncaptured = report.kind === 'blocked' ? report.failedRunId : report.capture.uncapturedRunId
  lines.push(`Capture-before-retry: ${facts.captureMode}${uncaptured ? ` · retried after uncaptured failure \`${uncaptured}\`` : ''}`)
  if (facts.remediation) lines.push('', '```', facts.remediation, '```')
  if (report.kind !== 'blocked') lines.push(`Receipt: \`${report.runId}\``)
  if (report.kind !== 'blocked' && facts.artifactUrl) lines.push(`Trace: [reverify-trace-${report.runId}](${facts.artifactUrl})`)
  else if (facts.artifactNote) lines.push(`Trace: ${facts.artifactNote}`)
  return fitSummary(`${lines.join('\n')}\n`)
}

/** The markdown cut to the step summary's size limit, on a character boundary, saying so. */
export function fitSummary(markdown: string): string {
  if (Buffer.byteLength(markdown) <= MAX_SUMMARY_BYTES) return markdown
  const marker = '\n\n(summary cut)\n'
  // The decoder holds back a character the cut splits, instead of mangling it.
  const head = new StringDecoder('utf8').write(Buffer.from(markdown).subarray(0, MAX_SUMMARY_BYTES - marker.length))
  return `${head}${marker}`
}
