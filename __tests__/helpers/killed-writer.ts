/** A writer killed between its temp file and the rename (docs/reliability.md, "The run's opening"), for real. */
import { execFileSync } from 'node:child_process'

/** Makes, in `dir`, the temp file a writer killed before its rename leaves (SIGKILL, for real); returns its name. */
export function tempOfKilledWriter(dir: string, name: string): string {
  const script = `const fs = require('fs'); const n = '.${name}.' + process.pid + '.0badf00d.tmp'; fs.writeFileSync(require('path').join(process.argv[1], n), '{}'); process.stdout.write(n); process.kill(process.pid, 'SIGKILL')`
  try {
    execFileSync(process.execPath, ['-e', script, dir], { encoding: 'utf8' })
  } catch (error) {
    return (error as { stdout: string }).stdout
  }
  throw new Error('the writer was not killed')
}
