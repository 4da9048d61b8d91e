/**
 * For tests that call the real @actions/cache and @actions/artifact clients in the test
 * process: a local results service, a scratch runner temp and workspace, and the runner's
 * environment pointed at them for the file's tests (restored afterwards). The process works
 * in the workspace meanwhile, as an action's does: the cache client resolves relative paths
 * against it.
 */
import { afterAll, afterEach, beforeAll } from '@jest/globals'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ResultsService } from './results-service.js'

/** What a test file gets: the service and its scratch folder, set once the hooks ran. */
export interface InProcessToolkit {
  service: ResultsService
  scratch: string
}

/** Registers the hooks; the returned object is filled in by beforeAll. */
export function useInProcessToolkit(prefix: string): InProcessToolkit {
  const toolkit = {} as InProcessToolkit
  const savedEnv = { ...process.env }
  const savedCwd = process.cwd()
  beforeAll(async () => {
    toolkit.scratch = await mkdtemp(join(tmpdir(), prefix))
    toolkit.service = await ResultsService.start()
    await mkdir(join(toolkit.scratch, 'runner-temp'))
    await mkdir(join(toolkit.scratch, 'workspace'))
    Object.assign(process.env, toolkit.service.env(), {
      RUNNER_TEMP: join(toolkit.scratch, 'runner-temp'),
      GITHUB_WORKSPACE: join(toolkit.scratch, 'workspace')
    })
    process.chdir(join(toolkit.scratch, 'workspace'))
  })
  afterAll(async () => {
    process.chdir(savedCwd)
    await toolkit.service.stop()
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name]
    Object.assign(process.env, savedEnv)
    await rm(toolkit.scratch, { recursive: true, force: true })
  })
  afterEach(() => toolkit.service.clearFaults())
  return toolkit
}
