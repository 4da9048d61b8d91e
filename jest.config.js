/**
 * jest in ESM mode through ts-jest: the @actions/* packages are ESM-only.
 *
 * The tests come in three tiers (docs/design.md §9), one jest project each, and a file's name
 * says its tier:
 * - `*.bundle.test.ts`: runs the built dist/cli.js, dist/index.js, dist/post.js or dist/report.js.
 * - `*.slow.test.ts`: property and fuzz tests (fast-check), browser tests, fault injection, and
 *   files that take long whatever they run. Some run the bundle too.
 * - any other `*.test.ts`: unit. In-process against src/; needs no dist/.
 * __tests__/test-tiers.test.ts checks that a file named unit reaches neither dist/, fast-check
 * nor Chromium, and that a file named bundle runs the bundle.
 */

import { testBudget } from './scripts/test-budget.mjs'

/** What every tier shares. */
const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1'
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', diagnostics: false }]
  },
  setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/fuzz-seed.ts', '<rootDir>/__tests__/helpers/busy-machine.ts']
}

/** Stops a run that needs dist/ when dist/ is missing or older than src/. */
const distFresh = '<rootDir>/scripts/dist-fresh.mjs'

export default {
  // Run-wide settings: jest reads these here only (a project's own testTimeout is ignored).
  maxWorkers: 2,
  // A minute on an idle machine, times REVERIFY_TEST_SLOWDOWN (default 5): docs/design.md §9,
  // "Tests on a busy machine". A timeout a test file gives as a number is scaled the same way
  // (__tests__/helpers/busy-machine.ts).
  testTimeout: testBudget(60000),
  // Read by `jest --coverage` only (npm run test:coverage, the coverage job in ci.yml); a
  // plain run collects nothing. Only what runs in-process counts: a test that spawns the
  // bundle exercises dist/, not src/.
  collectCoverageFrom: ['src/**/*.ts'],
  // The floor: the level measured when the gate was added (docs/design.md §9), each figure
  // rounded down. Raise it when coverage goes up; never lower it.
  coverageThreshold: {
    global: { statements: 89, branches: 80, functions: 91, lines: 92 }
  },
  projects: [
    {
      ...shared,
      displayName: 'unit',
      // jest puts the root in front of a glob that starts with <rootDir> only, not after a `!`.
      testMatch: ['<rootDir>/__tests__/**/*.test.ts', '!**/*.bundle.test.ts', '!**/*.slow.test.ts']
    },
    { ...shared, displayName: 'bundle', testMatch: ['<rootDir>/__tests__/**/*.bundle.test.ts'], globalSetup: distFresh },
    { ...shared, displayName: 'slow', testMatch: ['<rootDir>/__tests__/**/*.slow.test.ts'], globalSetup: distFresh }
  ]
}
