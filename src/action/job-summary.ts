/** The job summary (SPEC §5): outcome, attempts table, capture status, receipt, artifact. */
import { StringDecoder } from 'node:string_decoder'
import type { RunReport } from '../core/verify-run.js'

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

/** Markdown for the step summary of a verify run. */
export function verifySummary(report: RunReport, facts: SummaryFacts): string {
  const loop = report.loop
  const icon = report.outcome === 'success' ? (report.flaky ? '⚠️' : '✅') : report.outcome === 'blocked' ? '⛔' : '❌'
  const lines: string[] = []
  lines.push(`### ${icon} reverify: ${report.outcome}${report.flaky ? ' (flaky)' : ''}`)
  lines.push('')
  lines.push(`Command: ${facts.commands.map(code).join(' → ')}`)
  if (loop) lines.push(`Attempts: ${loop.attempts.length}/${loop.maxAttempts} · ${cell(loop.summary)}`)
  if (report.guardrail) lines.push(`Refused by the destructive-command guardrail: rule \`${report.guardrail.rule}\`.`)
  lines.push('')
  if (loop && loop.attempts.length > 0) {
    const names = [...new Set(loop.attempts.flatMap(attempt => attempt.checks.map(check => check.expectation)))]
    lines.push(`| attempt | exit | duration | ${names.join(' | ')} |`)
    lines.push(`|---|---|---|${names.map(() => '---').join('|')}|`)
    for (const attempt of loop.attempts) {
      const exit = `${attempt.exitCode}${attempt.timedOut ? ' (timed out)' : attempt.signal ? ` (${attempt.signal})` : ''}`
      const marks = names.map(name => {
        const check = attempt.checks.find(item => item.expectation === name)
        return check === undefined ? '–' : check.ok ? '✓' : `✗ ${cell(check.detail)}`
      })
      lines.push(`| ${attempt.attempt} | ${exit} | ${(attempt.durationMs / 1000).toFixed(1)} s | ${marks.join(' | ')} |`)
    }
    lines.push('')
  }
  lines.push(`Capture-before-retry: ${facts.captureMode}${report.uncapturedRunId ? ` · retried after uncaptured failure \`${report.uncapturedRunId}\`` : ''}`)
  if (facts.remediation) {
    lines.push('')
    lines.push('```')
    lines.push(facts.remediation)
    lines.push('```')
  }
  if (report.runId) lines.push(`Receipt: \`${report.runId}\``)
  if (facts.artifactUrl) lines.push(`Trace: [reverify-trace-${report.runId}](${facts.artifactUrl})`)
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
