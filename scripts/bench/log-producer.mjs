// A program that produces its own log, as test runners and builds do: each line is
// formatted (counter, timestamp, status), and lines go out in batches. Writes argv[2] bytes.
const total = Number(process.argv[2])
let written = 0
let line = 0
const started = Date.parse('2026-11-30T00:00:00Z')

function batch() {
  const lines = []
  let size = 0
  while (size < 64 * 1024 && written + size < total) {
    const text = `${new Date(started + line).toISOString()} INFO test ${line} passed in ${line % 97} ms (suite ${line % 13})\n`
    lines.push(text)
    size += text.length
    line++
  }
  const chunk = lines.join('')
  return chunk.slice(0, total - written)
}

function pump() {
  while (written < total) {
    const chunk = batch()
    written += chunk.length
    if (!process.stdout.write(chunk)) {
      process.stdout.once('drain', pump)
      return
    }
  }
}
pump()
