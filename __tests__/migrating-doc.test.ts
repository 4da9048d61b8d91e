/**
 * docs/migrating.md maps every input of nick-fields/retry and wretry.action, and every
 * reverify input it names exists (so the page cannot drift from the input table).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inputsOf } from '../src/core/inputs/table.js'
import { REPO_ROOT } from './helpers/cli.js'

const page = readFileSync(join(REPO_ROOT, 'docs/migrating.md'), 'utf8')

/** The rows of the table under a `## heading`: first column's code spans, second column. */
function rows(heading: string): { peer: string[]; ours: string }[] {
  const section = page.split(/^## /m).find(part => part.startsWith(`${heading}\n`)) ?? ''
  return section
    .split('\n')
    .filter(line => line.startsWith('| ') && !line.startsWith('|---') && !line.startsWith(`| ${heading}`))
    .map(line => line.split(' | '))
    .map(([peer, ours]) => ({ peer: [...peer!.matchAll(/`([a-z_]+)`/g)].map(match => match[1]!), ours: ours ?? '' }))
}

// Every input of each peer's action.yml (nick-fields/retry v3, wretry.action v3).
const PEERS = {
  'nick-fields/retry': [
    'timeout_minutes',
    'timeout_seconds',
    'max_attempts',
    'command',
    'retry_wait_seconds',
    'shell',
    'polling_interval_seconds',
    'retry_on',
    'warning_on_retry',
    'on_retry_command',
    'continue_on_error',
    'new_command_on_retry',
    'retry_on_exit_code'
  ],
  'wretry.action': [
    'action',
    'command',
    'pre_retry_command',
    'with',
    'current_path',
    'steps_context',
    'attempt_limit',
    'attempt_delay',
    'time_out',
    'retry_condition',
    'github_token',
    'env_context',
    'github_context',
    'job_context',
    'matrix_context'
  ]
}

test.each(Object.entries(PEERS))('every input of %s has a row', (peer, inputs) => {
  const mapped = rows(peer).flatMap(row => row.peer)
  expect(inputs.filter(input => !mapped.includes(input))).toEqual([])
})

test('every reverify input the tables name is an input of the action', () => {
  const named = Object.keys(PEERS)
    .flatMap(rows)
    .flatMap(row => [...row.ours.matchAll(/`([a-z-]+)`/g)].map(match => match[1]!))
    .filter(name => name !== 'timeout-minutes' && name !== 'continue-on-error')
  expect(named.length).toBeGreaterThan(10)
  expect(named.filter(name => !inputsOf('action').includes(name as never))).toEqual([])
})

test('the README links the page', () => {
  expect(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')).toContain('(docs/migrating.md)')
})
