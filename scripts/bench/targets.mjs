// The performance targets of `npm run bench`. BENCHMARKS.md says why each target is what it
// is; change both together.

/** The performance targets. */
export const TARGETS = Object.freeze({
  // Row a against `node -e 0`: runtimes without a compile cache (Node 20) get more room.
  startupMaxRatio: 2.0,
  startupMaxRatioWithoutCompileCache: 2.5,
  startupGoalRatio: 1.6,
  // Row f against raw (row b's raw ratio is a reference: no reader of a pipe in node gets near it).
  floodMaxRatio: 1.5,
  floodGoalRatio: 1.15,
  // Rows (b) and (f) against the bare node pipe (scripts/bench/pipe-floor.mjs), whole run
  // and (b − c) alone: what reverify adds to reading the pipe at all.
  floodFloorMaxRatio: 1.5,
  floodFloorGoalRatio: 1.15,
  floodMaxRssMb: 100,
  rssMaxDrift: 0.1,
  lookupMaxRatio: 1.5,
  storeMaxRatio: 1.2,
  reportMaxMs: 500,
  reportMaxMiB: 12,
  reportLoadMaxMs: 2000,
  junitMaxRssGrowthMb: 50,
  junitHostileMaxMs: 1000,
  rerunMaxRatio: 0.1,
  // Row n: a run with early flake detection (3 new tests, 5 repeats) against the same run without it.
  newTestMaxRatio: 1.15,
  // Row g: a history of 200 runs of a 5,000-test suite (50 failing or flaky each) and its known tests.
  depthPayloadMaxMiB: 1,
  depthImportMaxMs: 100,
  actionMaxRatio: 2.0,
  actionGoalRatio: 1.5,
  // Row m: no row of this build slower than the previous release's by more than 5 %.
  baselineMaxRatio: 1.05,
  // Row o: a refused collector fails fast; one that never answers costs the export's 10 s
  // bound (docs/export.md), plus 1 s of slack for a busy machine.
  otlpRefusedMaxRatio: 1.5,
  // Row o: a healthy collector on 127.0.0.1 — loading the exporter and one request.
  otlpHealthyMaxExtraMs: 150,
  otlpHangingMaxExtraMs: 10_000 + 1_000,
  buildMaxMs: 30_000
})
