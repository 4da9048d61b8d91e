/**
 * jest in ESM mode through ts-jest: the @actions/* packages are ESM-only.
 *
 * The tests come in three tiers (docs/design.md §9), one jest project each; every test file
 * is in exactly one (__tests__/test-tiers.test.ts checks it):
 * - unit: everything not listed below. In-process against src/; needs no dist/.
 * - bundle: runs the built dist/cli.js, dist/index.js, dist/post.js or dist/report.js.
 * - slow: property and fuzz tests (fast-check), browser tests, fault injection, and files
 *   that take long whatever they run. Some run the bundle too.
 * A new test file lands in unit; the tier test fails while it runs the bundle, fast-check or
 * Chromium from there.
 */

/** Runs the built bundle (and is not slow). */
const BUNDLE = [
  '__tests__/action/artifact-chunk.test.ts',
  '__tests__/action/cache-rate-limit-action.test.ts',
  '__tests__/action/crash-resume.test.ts',
  '__tests__/action/excerpt-anywhere.test.ts',
  '__tests__/action/export.test.ts',
  '__tests__/action/history-merge.test.ts',
  '__tests__/action/history-paths.test.ts',
  '__tests__/action/interrupt.test.ts',
  '__tests__/action/main.test.ts',
  '__tests__/action/matrix-report.test.ts',
  '__tests__/action/matrix-zip-bomb.test.ts',
  '__tests__/action/persistence.test.ts',
  '__tests__/action/quarantine.test.ts',
  '__tests__/action/run-endings.test.ts',
  '__tests__/action/report-capture.test.ts',
  '__tests__/action/script.test.ts',
  '__tests__/action/service-deadlines.test.ts',
  '__tests__/action/stale-running.test.ts',
  '__tests__/action/summary-wording.test.ts',
  '__tests__/action/test-results.test.ts',
  '__tests__/action/workflow-steps.test.ts',
  '__tests__/cli/closed-pipe.test.ts',
  '__tests__/cli/crash-recovery.test.ts',
  '__tests__/cli/crashed-process-group.test.ts',
  '__tests__/cli/expect-no-output.test.ts',
  '__tests__/cli/first-run.test.ts',
  '__tests__/cli/interrupt.test.ts',
  '__tests__/cli/lazy-loading.test.ts',
  '__tests__/cli/report-after-verdict.test.ts',
  '__tests__/cli/otlp-bundle.test.ts',
  '__tests__/cli/output-order.test.ts',
  '__tests__/cli/process-control.test.ts',
  '__tests__/cli/quarantine-file-rules.test.ts',
  '__tests__/cli/quarantine-jest.test.ts',
  '__tests__/cli/quarantine-report.test.ts',
  '__tests__/cli/remediation.test.ts',
  '__tests__/cli/rerun-command-shape.test.ts',
  '__tests__/cli/rerun-go.test.ts',
  '__tests__/cli/rerun-hostile-names.test.ts',
  '__tests__/cli/rerun-jest.test.ts',
  '__tests__/cli/rerun-max-tests.test.ts',
  '__tests__/cli/rerun-mocha.test.ts',
  '__tests__/cli/rerun-resume.test.ts',
  '__tests__/cli/rerun-node-test.test.ts',
  '__tests__/cli/rerun-placeholder-quoting.test.ts',
  '__tests__/cli/rerun-playwright.test.ts',
  '__tests__/cli/rerun-pytest.test.ts',
  '__tests__/cli/rerun-vitest.test.ts',
  '__tests__/cli/script.test.ts',
  '__tests__/cli/target-dir.test.ts',
  '__tests__/cli/terminal.test.ts',
  '__tests__/cli/test-results.test.ts',
  '__tests__/cli/unresumable.test.ts',
  '__tests__/security/checkout-state.test.ts',
  '__tests__/security/command-env.test.ts',
  '__tests__/security/otlp-headers-cli.test.ts',
  '__tests__/security/poisoned-cache-action.test.ts',
  '__tests__/security/secrets-action.test.ts',
  '__tests__/security/secrets-cli.test.ts',
  '__tests__/security/secrets-inputs-action.test.ts',
  '__tests__/security/secrets-rendered-action.test.ts',
  '__tests__/security/secrets-url-action.test.ts',
  '__tests__/security/state-dir-cli.test.ts',
  '__tests__/security/trailer-separators-action.test.ts',
  '__tests__/security/untrusted-ids.test.ts'
]

/** Property and fuzz tests, browser tests, fault injection, and files that take long. */
const SLOW = [
  // fast-check
  '__tests__/action/history-import.test.ts',
  '__tests__/core/guardrail/index.test.ts',
  '__tests__/core/receipts/identity.test.ts',
  '__tests__/core/output/output-summary.test.ts',
  '__tests__/core/redaction/redaction.test.ts',
  '__tests__/core/shell/script-lines.test.ts',
  '__tests__/core/output/substring-watch.test.ts',
  '__tests__/security/fuzz-action-settings.test.ts',
  '__tests__/security/fuzz-cli.test.ts',
  '__tests__/security/fuzz-config.test.ts',
  '__tests__/security/fuzz-payloads.test.ts',
  '__tests__/security/fuzz-receipts.test.ts',
  '__tests__/security/fuzz-trace.test.ts',
  // Chromium
  '__tests__/action/summary-screenshot.test.ts',
  '__tests__/action/matrix-summary-browser.test.ts',
  '__tests__/core/report/browser.test.ts',
  '__tests__/core/matrix/browser.test.ts',
  // fault injection (these two run the bundle)
  '__tests__/cli/disk-full.test.ts',
  '__tests__/cli/fault-injection.test.ts',
  // long sweeps through the bundle: a CLI run per guardrail corpus row, an action run per
  // input and injection spelling (the two longest files of the suite)
  '__tests__/security/guardrail-cli.test.ts',
  '__tests__/security/workflow-commands-action.test.ts',
  // a 200 MB report parsed (and interrupted) by the built CLI, and its memory measured
  '__tests__/security/junit-attributes-cli.test.ts',
  // the false-green corpus: a CLI run with a real runner per row and leg (jest, vitest, pytest, go, mocha)
  '__tests__/cli/false-green-corpus.test.ts'
]

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
  setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/fuzz-seed.ts']
}

/** Stops a run that needs dist/ when dist/ is missing or older than src/. */
const distFresh = '<rootDir>/scripts/dist-fresh.mjs'

const listed = files => files.map(file => `<rootDir>/${file}`)

export default {
  // Run-wide settings: jest reads these here only (a project's own testTimeout is ignored).
  maxWorkers: 2,
  testTimeout: 60000,
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
      testMatch: ['<rootDir>/__tests__/**/*.test.ts', ...[...BUNDLE, ...SLOW].map(file => `!**/${file}`)]
    },
    { ...shared, displayName: 'bundle', testMatch: listed(BUNDLE), globalSetup: distFresh },
    { ...shared, displayName: 'slow', testMatch: listed(SLOW), globalSetup: distFresh }
  ]
}
