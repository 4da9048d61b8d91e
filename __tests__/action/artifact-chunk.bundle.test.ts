/**
 * The artifact client is loaded only when a trace is uploaded (docs/design.md §10): ncc puts
 * @actions/artifact in a chunk of its own beside dist/index.js, imported on the first
 * upload. Shown on a copy of dist/ without that chunk: a step that uploads nothing passes as
 * it would have, and a step that uploads warns that the upload failed, its verdict standing.
 */
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DIST, chunksHolding, distWithout, warnings } from '../helpers/action-chunks.js'
import { ResultsService } from '../helpers/results-service.js'
import { FakeRunner } from '../helpers/runner.js'

// A line only the artifact client prints, kept as written by the minifier.
const ARTIFACT_CLIENT_TEXT = 'Artifact name is valid!'

let service: ResultsService | undefined
const scratch: string[] = []
afterAll(async () => {
  await service?.stop()
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
})

test('the action bundle does not carry the artifact client; one chunk of its own beside it does', () => {
  expect(readFileSync(join(DIST, 'index.bundle.cjs'), 'utf8')).not.toContain(ARTIFACT_CLIENT_TEXT)
  expect(readFileSync(join(DIST, 'index.js'), 'utf8')).not.toContain(ARTIFACT_CLIENT_TEXT)
  expect(chunksHolding(DIST, ARTIFACT_CLIENT_TEXT)).toHaveLength(1)
})

test('without that chunk, a step that uploads nothing passes as before; one that uploads only warns', async () => {
  const copy = distWithout(ARTIFACT_CLIENT_TEXT, 'reverify-no-artifact-chunk-')
  scratch.push(copy)
  expect(chunksHolding(copy, ARTIFACT_CLIENT_TEXT)).toEqual([])
  service = await ResultsService.start()
  const runner = new FakeRunner(service)
  scratch.push(runner.root)

  const quiet = await runner.main({ command: 'true', 'expect-exit': '0', 'upload-trace': 'never' }, { bundleDir: copy })
  expect(quiet.code).toBe(0)
  expect(quiet.outputs.outcome).toBe('success')
  expect(warnings(quiet)).toEqual([])
  expect(service.cacheEntries()).toHaveLength(1)

  const uploading = await runner.main({ command: 'true', 'expect-exit': '0' }, { bundleDir: copy })
  expect(uploading.code).toBe(0)
  expect(uploading.outputs.outcome).toBe('success')
  expect(warnings(uploading)).toEqual([expect.stringMatching(/^reverify: could not upload the trace artifact: .+; the verdict stands$/)])
  expect(uploading.outputs['artifact-id'] ?? '').toBe('')
  expect(service.cacheEntries()).toHaveLength(2)
  expect(service.artifacts()).toEqual([])
}, 60_000)
