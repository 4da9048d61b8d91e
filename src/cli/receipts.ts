/** `reverify capture`, `reverify receipts list|show` and `reverify config set`. */
import { hostname, userInfo } from 'node:os'
import {
  ReceiptStore,
  UsageError,
  captureModeOf,
  captureRun,
  configureCaptureMode,
  findRun,
  inputTable,
  receiptStatuses,
  scriptLabel,
  type Receipt
} from '../core/index.js'
import { flagsOf, parseCommandLine } from './flags.js'
import { captureHelp, CONFIG_HELP, receiptsHelp } from './help.js'
import { println, type CliIo } from './io.js'

/** A state directory's receipt store, and the repository it belongs to. */
export interface StoreContext {
  root: string
  stateDir: string
  store: ReceiptStore
}

/**
 * The store `--state-dir` names, else the repository's: the one `run` writes to. The repository
 * is the one containing `--working-directory` (resolved), else the current directory, as for `run`.
 */
export function openStore(given: { 'state-dir'?: string; 'working-directory'?: string }, io: CliIo): StoreContext {
  const root = inputTable.findTargetRoot(given['working-directory'] ?? io.cwd)
  const { path: stateDir } = inputTable.resolveStateDir(given['state-dir'], { front: 'cli', base: io.cwd }, root)
  const store = new ReceiptStore(stateDir, { warn: message => println(io.stderr, `reverify: warning: ${message}`), now: () => new Date() })
  return { root, stateDir, store }
}

function who(io: CliIo): string {
  try {
    return io.env.USER ?? userInfo().username
  } catch {
    return 'unknown'
  }
}

/** `reverify capture <run-id|latest> [--note TEXT]`. */
export async function captureCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, positionals, help } = parseCommandLine(argv, 'capture', 'reverify capture --help')
  if (help) {
    io.stdout.write(captureHelp())
    return 0
  }
  const given = inputTable.parseInputs(flags, flagsOf('capture'), { front: 'cli', base: io.cwd })
  const [ref, ...rest] = positionals
  if (ref === undefined || rest.length > 0) {
    throw new UsageError('capture: give exactly one run id (or latest); see reverify capture --help')
  }
  const { root, store } = openStore(given, io)
  const mode = await captureModeOf(undefined, root)
  const note = given.note ?? ''
  // In block mode a capture is what lets the next run retry: it must say what was found.
  if (note.trim() === '' && mode === 'block') {
    throw new UsageError(
      '--note: required when capture-before-retry is block (.reverify/config.json); say what you found, e.g. --note "flaky DNS in CI"'
    )
  }
  const receipt = await captureRun(store, ref, { note, source: 'cli', by: who(io), target: root, now: new Date() })
  println(io.stdout, `reverify: captured ${receipt.run_id}${note ? `: ${note}` : ''}`)
  return 0
}

/** The columns of `receipts list`: run id, status, flaky, capture state, command. */
const LIST_HEADER = ['status'.padEnd(11), 'flaky'.padEnd(5), 'captured'.padEnd(10), 'command']

function headerLine(width: number): string {
  return ['run'.padEnd(width), ...LIST_HEADER].join('  ')
}

function receiptLine(receipt: Receipt, status: string, width: number): string {
  const captured = receipt.capture ? 'captured' : receipt.status === 'failed' ? 'uncaptured' : '-'
  const command = receipt.identity.join(' ; ')
  return [
    receipt.run_id.padEnd(width),
    status.padEnd(11),
    (receipt.flaky ? 'flaky' : '-').padEnd(5),
    captured.padEnd(10),
    command.length > 80 ? `${command.slice(0, 80)}…` : command
  ].join('  ')
}

/** Lines after the list that say what the unusual statuses mean and what to do. */
function listFooter(receipts: readonly Receipt[], shown: ReadonlyMap<Receipt, { label: string; resumeWith?: string }>): string[] {
  const lines: string[] = []
  const resumable = receipts.filter(receipt => shown.get(receipt)?.label === 'resumable')
  const resumeWith = resumable.map(receipt => shown.get(receipt)?.resumeWith).find(command => command !== undefined)
  if (resumeWith) {
    lines.push(`resumable: the run's process is gone before it finished; continue it with \`${resumeWith}\` or by running the same command`)
  } else if (resumable.length > 0) {
    lines.push(
      "resumable: the run's process is gone before it finished; continue it by running the same command (its inputs were not recorded)"
    )
  }
  if (receipts.some(receipt => shown.get(receipt)?.label === 'interrupted')) {
    lines.push('interrupted: stopped by a signal or a lost process, not a failure (no capture needed); run the command again to verify')
  }
  return lines
}

/** `reverify receipts list|show`. */
export async function receiptsCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, positionals, help } = parseCommandLine(argv, 'receipts', 'reverify receipts --help')
  if (help) {
    io.stdout.write(receiptsHelp())
    return 0
  }
  const given = inputTable.parseInputs(flags, flagsOf('receipts'), { front: 'cli', base: io.cwd })
  const [action, ref, ...rest] = positionals
  const json = given.json === true
  const { root, stateDir, store } = openStore(given, io)
  if (action === 'list' && ref === undefined) {
    const receipts = await store.list({ target: root })
    if (json) println(io.stdout, JSON.stringify(receipts, null, 2))
    else if (receipts.length === 0) println(io.stdout, 'no receipts yet')
    else {
      const shown = await receiptStatuses(receipts, { stateDir, root, here: inputTable.findTargetRoot(io.cwd) }, io.env, hostname())
      const width = Math.max(...receipts.map(receipt => receipt.run_id.length))
      println(io.stdout, headerLine(width))
      for (const receipt of receipts) println(io.stdout, receiptLine(receipt, shown.get(receipt)!.label, width))
      for (const line of listFooter(receipts, shown)) println(io.stdout, line)
    }
    return 0
  }
  if (action === 'show' && ref !== undefined && rest.length === 0) {
    const receipt = await findRun(store, root, ref, 'receipts show')
    if (receipt === undefined)
      throw new UsageError(`receipts show: no receipt ${inputTable.showValue(ref)} in this repository's state directory`)
    if (json) {
      println(io.stdout, JSON.stringify(receipt, null, 2))
      return 0
    }
    println(io.stdout, `run:        ${receipt.run_id}`)
    println(io.stdout, `status:     ${receipt.status}${receipt.flaky ? ' (flaky)' : ''}`)
    println(io.stdout, `target:     ${receipt.target}${receipt.scope ? ` · scope ${receipt.scope}` : ''}`)
    println(io.stdout, `started:    ${receipt.started_at}${receipt.ended_at ? ` · ended ${receipt.ended_at}` : ''}`)
    println(io.stdout, `attempts:   ${receipt.attempts}/${receipt.max_attempts}`)
    const ran = receipt.tests?.attempts ?? []
    if (ran.length > 0) println(io.stdout, `tests ran:  ${ran.map(testsRanIn).join(' · ')}`)
    println(io.stdout, `identity:   ${receipt.identity_hash}`)
    for (const command of receipt.identity) println(io.stdout, `  ${command}`)
    for (const command of receipt.commands) {
      // A script shows as its first command line (the identity above lists them all).
      println(
        io.stdout,
        `command:    ${scriptLabel(command.command) || command.command} → exit ${command.exit_code}${command.signal ? ` (${command.signal})` : ''}${command.timed_out ? ' (timed out)' : ''}`
      )
    }
    println(io.stdout, `expect:     ${JSON.stringify(receipt.expectations)}`)
    println(io.stdout, `trace:      ${receipt.session.dir}`)
    println(
      io.stdout,
      `captured:   ${receipt.capture ? `${receipt.capture.captured_at} by ${receipt.capture.by} (${receipt.capture.source}): ${receipt.capture.note}` : 'no'}`
    )
    return 0
  }
  throw new UsageError('receipts: expected `receipts list` or `receipts show <run-id|latest>`; see reverify receipts --help')
}

/** One attempt on the `tests ran:` line: `1: full suite, 312 tests` or `2: failed tests only, 2 tests`. */
function testsRanIn(entry: { attempt: number; ran: number; rerun: boolean }): string {
  return `${entry.attempt}: ${entry.rerun ? 'failed tests only' : 'full suite'}, ${entry.ran} ${entry.ran === 1 ? 'test' : 'tests'}`
}

/** `reverify config set capture-before-retry <v>`. */
export async function configCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { positionals, help } = parseCommandLine(argv, 'config', 'reverify config --help')
  if (help) {
    io.stdout.write(CONFIG_HELP)
    return 0
  }
  const [action, key, value, ...rest] = positionals
  if (action !== 'set' || key !== 'capture-before-retry' || value === undefined || rest.length > 0) {
    throw new UsageError('config: expected `config set capture-before-retry <warn|block|off>`')
  }
  const mode = await configureCaptureMode(inputTable.findTargetRoot(io.cwd), value)
  println(io.stdout, `reverify: capture-before-retry is ${mode} (.reverify/config.json)`)
  return 0
}
