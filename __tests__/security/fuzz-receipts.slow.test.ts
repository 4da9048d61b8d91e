/**
 * Fuzzing the receipt store as found on disk (a restored cache, a copied folder, a crash):
 * receipts that are random JSON, or real receipts with fields bent at random. `receipts
 * list` shows exactly the valid ones and a run of the same command goes ahead; neither
 * ever crashes, and each bad file costs one warning line.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { parseReceipt } from '../../src/core/receipts/receipt.js'
import { runCli, scratchRepo } from '../helpers/cli.js'
import { hostileText } from '../helpers/fuzz.js'
import { makeReceipt } from '../helpers/receipts.js'

const RUNS = 60

const COMMAND = 'true'

/** A real receipt of COMMAND in `repo`, with some fields replaced, dropped or added at random. */
function bentReceipt(repo: string): fc.Arbitrary<Record<string, unknown>> {
  const base = { ...makeReceipt({ target: repo, commands_run: [COMMAND], status: 'failed' }), run_id: HERE } as Record<string, unknown>
  const fields = Object.keys(base)
  const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileText)
  return fc
    .record({
      replaced: fc.dictionary(fc.constantFrom(...fields, 'capture', 'ci'), anyValue, { maxKeys: 3 }),
      dropped: fc.subarray(fields, { maxLength: 2 }),
      added: fc.dictionary(hostileText, anyValue, { maxKeys: 2 }),
      status: fc.constantFrom('failed', 'passed', 'running', 'interrupted')
    })
    .map(({ replaced, dropped, added, status }) => {
      const receipt: Record<string, unknown> = { ...base, status, ...added, ...replaced }
      for (const field of dropped) delete receipt[field]
      return receipt
    })
}

/** Stands for the id of the folder the receipt is planted in. */
const HERE = '<folder id>'

const RUN_ID = /^\d{8}-\d{6}-verify-[0-9a-f]{6}$/

test('random and bent receipts: list shows the valid ones, a run goes ahead, nothing crashes', async () => {
  const repo = await scratchRepo()
  const runs = join(repo, '.reverify', 'runs')
  const planted = fc.array(fc.oneof(bentReceipt(repo), fc.jsonValue({ maxDepth: 3 }), hostileText), { minLength: 1, maxLength: 3 })
  let counter = 0
  const seen = { valid: 0, bad: 0 }
  await fc.assert(
    fc.asyncProperty(planted, async receipts => {
      rmSync(join(repo, '.reverify'), { recursive: true, force: true })
      let valid = 0
      let warnings = 0
      for (let content of receipts) {
        // The folder name is a fresh valid id; the receipt may claim another.
        const id = `20261130-075100-verify-${(counter++ % 0xffffff).toString(16).padStart(6, '0')}`
        mkdirSync(join(runs, id), { recursive: true })
        const fields =
          typeof content === 'object' && content !== null && !Array.isArray(content) ? (content as Record<string, unknown>) : undefined
        if (fields?.run_id === HERE) content = { ...fields, run_id: id }
        writeFileSync(join(runs, id, 'receipt.json'), typeof content === 'string' ? content : JSON.stringify(content))
        const parsed = typeof content === 'string' ? undefined : await parseReceipt(content)
        if (parsed?.ok && parsed.receipt.run_id === id) {
          if (parsed.receipt.target === repo) valid++
        } else {
          warnings++
        }
      }
      seen.valid += valid
      seen.bad += warnings
      const listed = await runCli(['receipts', 'list', '--json'], repo)
      expect(listed.stderr).not.toMatch(/internal error/)
      expect(listed.code).toBe(0)
      expect(JSON.parse(listed.stdout)).toHaveLength(valid)
      const warned = listed.stderr.split('\n').filter(line => line !== '')
      expect(warned).toHaveLength(warnings)
      for (const line of warned) expect(line).toMatch(/^reverify: warning: skipped /)

      const run = await runCli(['run', '--command', COMMAND, '--expect-exit', '0', '--max-retries', '0'], repo)
      expect(run.stderr).not.toMatch(/internal error|\n\s+at /)
      expect(run.code).toBe(0)
      expect(RUN_ID.test(/receipt: (\S+)/.exec(run.stdout)?.[1] ?? '')).toBe(true)
    }),
    { numRuns: RUNS }
  )
  // Both kinds were planted along the way.
  expect(seen.valid).toBeGreaterThan(0)
  expect(seen.bad).toBeGreaterThan(0)
}, 90_000)
