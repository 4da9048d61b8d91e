/** A preset's runner from the project's own node_modules/.bin, without npx (src/core/reruns/local-bin.ts). */
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { withLocalBin } from '../../../src/core/reruns/local-bin.js'

function project(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'reverify-local-bin-')))
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true })
  mkdirSync(join(root, 'packages', 'api'), { recursive: true })
  return root
}

test('the binary in the working directory, or in a folder above it (a workspace root), replaces npx', () => {
  const root = project()
  writeFileSync(join(root, 'node_modules', '.bin', 'jest'), '#!/bin/sh\n')
  chmodSync(join(root, 'node_modules', '.bin', 'jest'), 0o755)
  expect(withLocalBin('npx jest --ci {files} -t {pattern}', root)).toBe('node_modules/.bin/jest --ci {files} -t {pattern}')
  expect(withLocalBin('npx jest --ci {files} -t {pattern}', join(root, 'packages', 'api'))).toBe(
    '../../node_modules/.bin/jest --ci {files} -t {pattern}'
  )
})

test('no binary, one that is not executable, or a preset without npx: the template as written', () => {
  const root = project()
  expect(withLocalBin('npx vitest run {files} -t {pattern}', join(root, 'packages', 'api'))).toBe('npx vitest run {files} -t {pattern}')
  writeFileSync(join(root, 'node_modules', '.bin', 'mocha'), '')
  expect(withLocalBin('npx mocha {files} --grep {pattern}', root)).toBe('npx mocha {files} --grep {pattern}')
  expect(withLocalBin('python -m pytest --junitxml=reports/junit.xml {ids}', root)).toBe(
    'python -m pytest --junitxml=reports/junit.xml {ids}'
  )
})
