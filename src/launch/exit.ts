/**
 * How a front end ends once it has its answer (docs/design.md §9 "Start-up"): at once, as
 * soon as what it printed has been handed on. Left to itself Node would first free the heap
 * piece by piece and wait for its threads, 7–10 ms of a trivial run that nobody waits for;
 * `process.exit()` still runs the `exit` listeners (the code caches are written there) and
 * keeps `process.exitCode`. An empty write on each stream calls back once everything written
 * before it has left (a pipe is written asynchronously on macOS), or with an error when the
 * reader is gone; either way the process then ends.
 */
export function exitOnceWritten(streams: readonly NodeJS.WritableStream[] = [process.stdout, process.stderr]): void {
  let left = streams.length
  const written = () => {
    left -= 1
    if (left === 0) process.exit()
  }
  if (left === 0) process.exit()
  for (const stream of streams) stream.write('', written)
}
