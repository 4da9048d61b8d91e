/** The CLI's help texts: every subcommand's, each flag with at most one default. */
import { main } from '../../src/cli/main.js'
import { Capture } from '../helpers/cli.js'

const SUBCOMMANDS = ['run', 'capture', 'receipts', 'config', 'resume', 'report', 'ctrf', 'export', 'flaky', 'quarantine']

/** `reverify <argv>` in-process; its stdout. */
async function helpOf(argv: string[]): Promise<string> {
  const stdout = new Capture()
  const stderr = new Capture()
  const code = await main(argv, { stdout, stderr, cwd: process.cwd(), env: { PATH: process.env.PATH } })
  expect({ code, stderr: stderr.text }).toEqual({ code: 0, stderr: '' })
  return stdout.text
}

/** Each flag's entry in a help text: its `  --name` line and the lines wrapped under it, as one line. */
function flagEntries(help: string): string[] {
  const entries: string[] = []
  for (const line of help.split('\n')) {
    if (/^ {2}--/.test(line)) entries.push(line.trim())
    else if (entries.length > 0 && /^ {20,}\S/.test(line)) entries[entries.length - 1] += ` ${line.trim()}`
    else if (line.trim() === '' || !line.startsWith(' ')) entries.push('')
  }
  return entries.filter(entry => entry !== '')
}

test.each(SUBCOMMANDS)('reverify %s --help: no flag says its default twice', async command => {
  const help = await helpOf([command, '--help'])
  const entries = flagEntries(help)
  if (command !== 'config') expect(entries.length).toBeGreaterThan(0)
  expect(entries.filter(entry => (entry.match(/\(default:/g)?.length ?? 0) > 1)).toEqual([])
  // Nor a line of the text as printed.
  expect(help.split('\n').filter(line => (line.match(/\(default:/g)?.length ?? 0) > 1)).toEqual([])
})

test('run --help: --max-flaky-tests says "no limit" once', async () => {
  const entry = flagEntries(await helpOf(['run', '--help'])).find(line => line.startsWith('--max-flaky-tests'))
  expect(entry).toMatch(/with more, it fails \(default: no limit\)$/)
})
