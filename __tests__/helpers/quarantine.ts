/** Quarantine files for tests (docs/flaky-tests.md): entries dated from today, written as YAML. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The UTC day `offset` days from today, `YYYY-MM-DD`. */
export function dayFromToday(offset: number): string {
  return new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** One entry; `added` defaults to 10 days ago and `expires` to 60 days from today. */
export interface TestEntry {
  test: string
  owner: string
  reason: string
  added?: string
  expires?: string
  issue?: number | string
}

/** Writes `.github/reverify-quarantine.yml` under `root` with these entries (values quoted as JSON, which YAML reads). */
export function writeQuarantine(root: string, entries: readonly TestEntry[]): void {
  const lines = ['quarantine:']
  for (const entry of entries) {
    lines.push(`  - test: ${JSON.stringify(entry.test)}`)
    lines.push(`    owner: ${JSON.stringify(entry.owner)}`)
    lines.push(`    reason: ${JSON.stringify(entry.reason)}`)
    lines.push(`    added: ${entry.added ?? dayFromToday(-10)}`)
    lines.push(`    expires: ${entry.expires ?? dayFromToday(60)}`)
    if (entry.issue !== undefined) lines.push(`    issue: ${JSON.stringify(entry.issue)}`)
  }
  mkdirSync(join(root, '.github'), { recursive: true })
  writeFileSync(join(root, '.github', 'reverify-quarantine.yml'), `${lines.join('\n')}\n`)
}
