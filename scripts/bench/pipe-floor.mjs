// The least any node supervisor can do with a command's output: run it through the same
// shell and copy its stdout to its own, nothing else. Row (b) measures it beside reverify to
// tell what reading a pipe in node costs on this machine from what reverify adds on top.
//
//   node scripts/bench/pipe-floor.mjs '<shell command>'
import { spawn } from 'node:child_process'

const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', process.argv[2]], {
  stdio: ['ignore', 'pipe', 'inherit']
})
child.stdout.pipe(process.stdout)
child.on('close', code => {
  process.exitCode = code ?? 1
})
