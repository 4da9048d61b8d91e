import { describe, expect, test } from '@jest/globals'
import { compareNewestFirst, parseReceipt, receiptSchemas, type Receipt } from '../../../src/core/receipts/receipt.js'
import { makeReceipt, secondsAfter } from '../../helpers/receipts.js'

const roundTrip = async (receipt: Receipt) => (await receiptSchemas()).receipt.parse(JSON.parse(JSON.stringify(receipt)))

describe('the receipt schema', () => {
  test('a finished receipt round-trips through JSON unchanged', async () => {
    const receipt = makeReceipt({
      ci: {
        run_id: '123',
        run_attempt: 2,
        workflow: 'CI',
        job: 'test',
        sha: 'abc',
        ref: 'refs/heads/main',
        event: 'push',
        actor: 'octocat'
      },
      capture: { captured_at: '2026-11-30T08:00:00.000Z', note: 'flaky network', source: 'cli', by: 'me' }
    })
    expect(await roundTrip(receipt)).toEqual(receipt)
  })

  test('version 2 carries the tests; a version 1 receipt (no tests) is still read as it was written', async () => {
    const v2 = makeReceipt({ schema_version: 2, tests: { total: 12, failed: ['api returns the user'], flaky: ['net fetches config'] } })
    expect(await roundTrip(v2)).toEqual(v2)
    const v1 = makeReceipt({ schema_version: 1 })
    expect(await parseReceipt(JSON.parse(JSON.stringify(v1)))).toEqual({ ok: true, receipt: v1 })
  })

  test('a running receipt (no end, no commands yet) is valid', async () => {
    const receipt = makeReceipt({ status: 'running', ended_at: null, attempts: 0, commands: [] })
    expect(await roundTrip(receipt)).toEqual(receipt)
  })

  test('every status of docs/design.md §3 is accepted and nothing else', async () => {
    for (const status of ['running', 'passed', 'failed', 'aborted', 'interrupted'] as const) {
      expect((await parseReceipt(makeReceipt({ status }))).ok).toBe(true)
    }
    expect((await parseReceipt({ ...makeReceipt(), status: 'success' })).ok).toBe(false)
  })

  test('unknown fields are dropped', async () => {
    const parsed = (await receiptSchemas()).receipt.parse({
      ...makeReceipt(),
      surprise: 'x',
      session: { ...makeReceipt().session, extra: 1 }
    })
    expect(parsed).not.toHaveProperty('surprise')
    expect(parsed.session).not.toHaveProperty('extra')
  })

  test.each<[string, (receipt: Record<string, any>) => void]>([
    ['a schema version other than 1 or 2', r => (r.schema_version = 3)],
    [
      'a tests list longer than 100 names',
      r => (r.tests = { total: 101, failed: Array.from({ length: 101 }, (_, i) => `t${i}`), flaky: [] })
    ],
    ['a run id that could escape a directory', r => (r.run_id = '../../etc')],
    ['a missing target', r => delete r.target],
    ['an identity hash that is not sha256 hex', r => (r.identity_hash = 'abc')],
    ['an empty identity', r => (r.identity = [])],
    ['a timestamp that is not RFC 3339', r => (r.started_at = 'yesterday')],
    ['a negative attempt count', r => (r.attempts = -1)],
    ['a string pid', r => (r.pid = '42')],
    ['a session id that is not a ULID', r => (r.session = { id: '../x', dir: '/tmp' })],
    ['an oversized command', r => (r.identity = ['x'.repeat(40_000)])],
    ['too many commands', r => (r.identity = Array.from({ length: 101 }, () => 'true'))],
    [
      'an oversized capture note',
      r => (r.capture = { captured_at: '2026-11-30T08:00:00Z', note: 'n'.repeat(5_000), source: 'cli', by: 'me' })
    ],
    ['an expect-exit out of range', r => (r.expectations = { 'expect-exit': 256 })],
    ['an oversized host', r => (r.host = 'h'.repeat(300))]
  ])('rejects %s', async (_label, spoil) => {
    const receipt: Record<string, any> = structuredClone(makeReceipt())
    spoil(receipt)
    const result = await parseReceipt(receipt)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toMatch(/\S/)
  })

  test('the reason names the bad field', async () => {
    const result = await parseReceipt({ ...makeReceipt(), started_at: 'yesterday' })
    expect(result.ok ? '' : result.reason).toMatch(/^started_at: /)
  })
})

describe('the capture schema', () => {
  test('needs all four fields', async () => {
    expect(
      (await receiptSchemas()).capture.safeParse({ captured_at: '2026-11-30T08:00:00Z', note: '', source: 'cli', by: 'me' }).success
    ).toBe(true)
    expect((await receiptSchemas()).capture.safeParse({ captured_at: '2026-11-30T08:00:00Z', note: '' }).success).toBe(false)
  })
})

describe('compareNewestFirst', () => {
  test('orders by started_at, then by run id', () => {
    const base = makeReceipt()
    const later = makeReceipt({ started_at: secondsAfter(base.started_at, 5) })
    const sameTimeA = { ...base, run_id: base.run_id.replace(/[0-9a-f]{6}$/, '000001') }
    const sameTimeB = { ...base, run_id: base.run_id.replace(/[0-9a-f]{6}$/, 'ffffff') }
    const sorted = [sameTimeA, later, sameTimeB].sort(compareNewestFirst)
    expect(sorted.map(r => r.run_id)).toEqual([later.run_id, sameTimeB.run_id, sameTimeA.run_id])
  })
})
