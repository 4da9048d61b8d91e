/**
 * Capture-before-retry's mode for a repository (core/run/capture-config.ts) and how a listing
 * shows each receipt (core/run/stored-run.ts `receiptStatuses`): real config files, real
 * state directories, this machine's processes.
 */
import { expect, test } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { captureModeOf, configureCaptureMode } from '../../../src/core/run/capture-config.js'
import { receiptStatuses } from '../../../src/core/run/stored-run.js'
import { makeReceipt, runIdAt, scratchDir } from '../../helpers/receipts.js'

test('captureModeOf: the flag when given, else the config file, else warn; a bad file wins over a good flag', async () => {
  const root = await scratchDir('reverify-capture-config-')
  expect(await captureModeOf(undefined, root)).toBe('warn')
  await mkdir(join(root, '.reverify'))
  await writeFile(join(root, '.reverify', 'config.json'), '{"capture_before_retry": "block"}')
  expect(await captureModeOf(undefined, root)).toBe('block')
  expect(await captureModeOf('', root)).toBe('block')
  expect(await captureModeOf(' Off ', root)).toBe('off')
  await expect(captureModeOf('sometimes', root)).rejects.toThrow(/^capture-before-retry: 'sometimes' is not a capture-before-retry value/)
  await writeFile(join(root, '.reverify', 'config.json'), '{"capture_before_retry": "never"}')
  await expect(captureModeOf('warn', root)).rejects.toThrow(/config\.json: capture_before_retry: 'never'/)
})

test('configureCaptureMode: writes the mode, leaving out the default, in a state directory git ignores', async () => {
  const root = await scratchDir('reverify-capture-config-')
  expect(await configureCaptureMode(root, 'BLOCK')).toBe('block')
  const config = join(root, '.reverify', 'config.json')
  expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({ capture_before_retry: 'block' })
  expect(existsSync(join(root, '.reverify', '.gitignore'))).toBe(true)
  expect(await captureModeOf(undefined, root)).toBe('block')
  expect(await configureCaptureMode(root, 'warn')).toBe('warn')
  expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({})
  await expect(configureCaptureMode(root, 'maybe')).rejects.toThrow(/'maybe' is not a capture-before-retry value/)
})

test('receiptStatuses: a finished run as it is, a live one running, one whose process is gone and cannot resume interrupted', async () => {
  const root = await scratchDir('reverify-statuses-')
  const at = (seconds: number) => runIdAt(new Date(Date.parse('2026-11-30T07:51:00.000Z') + seconds * 1000))
  const passed = makeReceipt({ status: 'passed', run_id: at(1) })
  const live = makeReceipt({ status: 'running', run_id: at(2), host: hostname(), pid: process.pid })
  // Not sealed by this machine: nothing of it can be trusted to continue, so it is closed as interrupted.
  const gone = makeReceipt({ status: 'running', run_id: at(3), host: hostname(), pid: 2 ** 22 + 12345 })
  const shown = await receiptStatuses([passed, live, gone], { stateDir: join(root, '.reverify'), root }, { HOME: root }, hostname())
  expect(shown.get(passed)).toEqual({ label: 'passed' })
  expect(shown.get(live)).toEqual({ label: 'running' })
  expect(shown.get(gone)).toEqual({ label: 'interrupted' })
})
