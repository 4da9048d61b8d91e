/**
 * Programs that run other code: shells (`-c` text, their standard input, or a script file
 * that is their standard input or a process substitution), `source`, `eval`, `trap`, the
 * remote command of `ssh`, and `find -exec`. Their rule is the rules of what they run.
 */
import { STDIN_FILES, Stdin, type Check, type Context, type Finding } from './context.js'
import { skipOptions } from './launchers.js'
import { FIND_EXEC, SHELL_LONG_VALUED, SSH_VALUED } from './tables.js'

/** A shell: its `-c` script, or the script it reads on standard input when given no file. */
export const checkShell: Check = (args, context) => {
  let inline = false
  let fromStdin = false
  let i = 0
  for (; i < args.length; i++) {
    const arg = args[i] ?? ''
    if (arg === '--' || arg === '-') {
      i++
      break
    }
    if (!arg.startsWith('-') && !arg.startsWith('+')) break
    if (arg.startsWith('--')) {
      if (SHELL_LONG_VALUED.includes(arg)) i++
      continue
    }
    const letters = arg.slice(1)
    if (arg.startsWith('-') && letters.includes('c')) inline = true
    if (arg.startsWith('-') && letters.includes('s')) fromStdin = true
    if (letters.includes('o') || letters.includes('O')) i++ // `-o pipefail`
  }
  const operand = args[i]
  if (inline) return operand === undefined ? undefined : context.script(operand)
  // A script file is not read; a shell without one (or reading /dev/stdin, <( … )) runs what it is fed
  if (!fromStdin && operand !== undefined && !STDIN_FILES.has(operand)) return undefined
  return judgeStdin(context)
}

/** `source FILE` and `. FILE` run the file in this shell: judged when it is standard input or `<( … )`. */
export const checkSource: Check = (args, context) => {
  const file = args[0] === '--' ? args[1] : args[0]
  return file !== undefined && STDIN_FILES.has(file) ? judgeStdin(context) : undefined
}

/** `trap 'command' SIGNAL…` runs the command when a signal (or EXIT) comes. */
export const checkTrap: Check = (args, context) => {
  const rest = args[0] === '--' ? args.slice(1) : args
  const action = rest[0]
  if (action === undefined || rest.length < 2 || action.startsWith('-')) return undefined
  return context.script(action)
}

function judgeStdin(context: Context): Finding | undefined {
  for (const text of context.stdin.forScript()) {
    const finding = context.script(text)
    if (finding) return finding
  }
  return undefined
}

/** `eval` runs its arguments joined as a script. */
export const checkEval: Check = (args, context) => context.script(args.join(' '))

/** `ssh host command…` runs the command on the host. */
export const checkSsh: Check = (args, context) => {
  // OpenSSH reads options both before and after the destination
  const host = skipOptions(args, 0, { valued: SSH_VALUED })
  const command = skipOptions(args, host + 1, { valued: SSH_VALUED })
  return command < args.length ? context.script(args.slice(command).join(' ')) : undefined
}

/** `find … -exec cmd … ;` runs `cmd` for the files found. */
export const checkFind: Check = (args, context) => {
  for (let i = 0; i < args.length; i++) {
    if (!FIND_EXEC.has(args[i] ?? '')) continue
    let end = i + 1
    while (end < args.length && args[end] !== ';' && args[end] !== '+') end++
    const finding = context.command(args.slice(i + 1, end), new Stdin())
    if (finding) return finding
    i = end
  }
  return undefined
}
