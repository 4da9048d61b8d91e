/** The CLI's console streams once their reader has gone: writes dropped, drain waiters released. */
import { Writable } from 'node:stream'
import { closedPipeTolerant } from '../../src/cli/console-stream.js'

/** A stream whose reader never reads: every write stays pending, so it never drains. */
function stuck(): Writable {
  return new Writable({ highWaterMark: 1, write: () => undefined })
}

const pipeGone = () => Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })

test('a writer waiting for drain is released when the reader goes away, and later writes are dropped', async () => {
  const stream = stuck()
  const out = closedPipeTolerant(stream)
  expect(out.write('full')).toBe(false)
  const released = new Promise<void>(resolve => out.once('drain', resolve))
  stream.destroy(pipeGone())
  await released
  expect(out.write('more')).toBe(true)
  await new Promise<void>(resolve => out.once('drain', resolve))
})

test('a gone reader is quiet; any other failure is reported once', () => {
  const heard: string[] = []
  closedPipeTolerant(stuck(), error => heard.push(error.code ?? '')).write('x')
  const quiet = stuck()
  closedPipeTolerant(quiet, error => heard.push(error.code ?? ''))
  quiet.emit('error', pipeGone())
  const full = stuck()
  closedPipeTolerant(full, error => heard.push(error.code ?? ''))
  full.emit('error', Object.assign(new Error('no space'), { code: 'ENOSPC' }))
  full.emit('error', Object.assign(new Error('no space'), { code: 'ENOSPC' }))
  expect(heard).toEqual(['ENOSPC'])
})
