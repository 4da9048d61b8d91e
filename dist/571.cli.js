export const id = 571;
export const ids = [571,864];
export const modules = {

/***/ 5571:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  quarantineCommandLine: () => (/* binding */ quarantineCommandLine)
});

// EXTERNAL MODULE: ./build/bundle/src/core/base/printable.js
var printable = __webpack_require__(8485);
// EXTERNAL MODULE: ./build/bundle/src/core/base/errors.js
var errors = __webpack_require__(1483);
// EXTERNAL MODULE: ./build/bundle/src/core/inputs/parse.js
var parse = __webpack_require__(9837);
// EXTERNAL MODULE: ./build/bundle/src/core/inputs/resolve.js
var resolve = __webpack_require__(3018);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./build/bundle/src/core/quarantine/dates.js
var dates = __webpack_require__(1166);
// EXTERNAL MODULE: ./build/bundle/src/core/quarantine/file.js + 1 modules
var file = __webpack_require__(1315);
// EXTERNAL MODULE: ./build/bundle/src/core/receipts/receipt.js + 1 modules
var receipt = __webpack_require__(7765);
;// CONCATENATED MODULE: ./build/bundle/src/core/quarantine/history.js

const RELEASE_WINDOW_DAYS = 7;
const RELEASE_MIN_RUNS = 20;
const RELEASE_STREAK_RUNS = 100;
const DAY_MS = 24 * 60 * 60 * 1e3;
function runsWithResults(receipts) {
  return receipts.filter((receipt) => receipt.status !== "running" && receipt.tests !== void 0).sort(receipt/* compareNewestFirst */.a0);
}
function outcomeIn(receipt, name) {
  if (receipt.quarantined?.includes(name)) return "quarantined";
  if (receipt.tests?.failed.includes(name)) return "failed";
  if (receipt.tests?.flaky.includes(name)) return "flaky";
  return "passed";
}
function entryHistory(entry, receipts, now) {
  const addedMs = Date.parse(`${entry.added}T00:00:00Z`);
  const runs = runsWithResults(receipts).filter((receipt) => Date.parse(receipt.started_at) >= addedMs);
  const windowStart = now.getTime() - RELEASE_WINDOW_DAYS * DAY_MS;
  const history = {
    runs: runs.length,
    passed: 0,
    failed: 0,
    flaky: 0,
    quarantined: 0,
    recent: { runs: 0, passed: 0 },
    streak: 0
  };
  let unbroken = true;
  for (const receipt of runs) {
    const outcome = outcomeIn(receipt, entry.test);
    history[outcome]++;
    if (Date.parse(receipt.started_at) >= windowStart) {
      history.recent.runs++;
      if (outcome === "passed") history.recent.passed++;
    }
    if (outcome !== "passed") unbroken = false;
    if (unbroken) history.streak++;
  }
  const { recent } = history;
  if (history.streak >= RELEASE_STREAK_RUNS) history.ready = "streak";
  else if (history.runs >= RELEASE_MIN_RUNS && recent.runs > 0 && recent.passed === recent.runs) history.ready = "recent";
  return history;
}


// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
// EXTERNAL MODULE: ./build/bundle/src/core/quarantine/entry.js
var entry = __webpack_require__(9075);
;// CONCATENATED MODULE: ./build/bundle/src/core/quarantine/suggest.js




const SUGGEST_DEFAULTS = { minRuns: 10, rate: 0.3 };
const SUGGESTED_DAYS = 30;
function suggestQuarantine(receipts, options) {
  const runs = runsWithResults(receipts);
  if (runs.length === 0 || runs.length < options.minRuns) return [];
  const since = runs[runs.length - 1].started_at.slice(0, 10);
  const named = new Set(runs.flatMap((receipt) => [...receipt.tests.failed, ...receipt.tests.flaky, ...receipt.quarantined ?? []]));
  const known = new Set((options.existing ?? []).map((entry) => entry.test));
  const suggestions = [];
  for (const test of named) {
    if (known.has(test)) continue;
    const counts = { flaky: 0, failed: 0, quarantined: 0 };
    for (const receipt of runs) {
      const outcome = outcomeIn(receipt, test);
      if (outcome !== "passed") counts[outcome]++;
    }
    const rate = (counts.flaky + counts.failed + counts.quarantined) / runs.length;
    if (rate >= options.rate) suggestions.push({ test, runs: runs.length, ...counts, rate, since });
  }
  return suggestions.sort((a, b) => b.rate - a.rate || (a.test < b.test ? -1 : a.test > b.test ? 1 : 0));
}
function suggestionReason(suggestion) {
  const { flaky, failed, quarantined, runs, since } = suggestion;
  const bad = flaky + failed + quarantined;
  if (bad === flaky) return `flaked in ${flaky} of ${runs} runs since ${since}`;
  const parts = [
    ...flaky > 0 ? [`${flaky} flaky`] : [],
    ...failed > 0 ? [`${failed} failed`] : [],
    ...quarantined > 0 ? [`${quarantined} quarantined`] : []
  ];
  return `flaked or failed in ${bad} of ${runs} runs since ${since} (${parts.join(", ")})`;
}
function suggestedEntry(suggestion, today) {
  return {
    test: suggestion.test,
    owner: entry/* OWNER_PLACEHOLDER */.U6,
    reason: suggestionReason(suggestion),
    added: today,
    expires: (0,dates/* addDays */.fi)(today, SUGGESTED_DAYS)
  };
}
function suggestionYaml(suggestions, today, existing) {
  const entries = suggestions.map((suggestion) => suggestedEntry(suggestion, today));
  const generated = new dist/* Document */.yo({ quarantine: entries });
  (0,dist/* visit */.YR)(generated, {
    Scalar(_key, node) {
      if ((0,dist/* isScalar */.jn)(node) && node.value === entry/* OWNER_PLACEHOLDER */.U6) node.type = "QUOTE_DOUBLE";
    }
  });
  const whole = generated.toString({ lineWidth: 0 });
  const document = existing === void 0 ? void 0 : (0,dist/* parseDocument */.Tp)(existing);
  if (document === void 0 || !document.has("quarantine")) return { yaml: whole, items: false };
  const indent = itemIndent(existing, document.get("quarantine", true));
  const items = whole.split("\n").slice(1).map((line) => line === "" ? line : " ".repeat(indent) + line.slice(2));
  return { yaml: items.join("\n"), items: true };
}
function itemIndent(existing, list) {
  const start = list?.range?.[0];
  if (start === void 0 || existing[start] !== "-") return 2;
  return start - (existing.lastIndexOf("\n", start - 1) + 1);
}


// EXTERNAL MODULE: ./build/bundle/src/core/verify/quarantine-policy.js
var quarantine_policy = __webpack_require__(1391);
// EXTERNAL MODULE: ./build/bundle/src/core/run/run-quarantine.js
var run_quarantine = __webpack_require__(5458);
;// CONCATENATED MODULE: ./build/bundle/src/core/run/quarantine-queries.js








const RELEASE_RULE = { windowDays: RELEASE_WINDOW_DAYS, minRuns: RELEASE_MIN_RUNS, streakRuns: RELEASE_STREAK_RUNS };
async function readQuarantine(place, now) {
  const path = (0,run_quarantine/* quarantinePath */.Q2)(place.shown, place.root);
  const today = (0,dates/* dayOf */.kb)(now);
  const mustExist = (0,run_quarantine/* quarantineGivenOnPurpose */.dt)(place.shown);
  const list = await (0,file/* loadQuarantine */.Jo)({ path, root: place.root, shown: place.shown, inputName: place.inputName, mustExist }, today);
  const warnings = (0,run_quarantine/* expiryWarnings */.FN)((0,run_quarantine/* quarantineOn */.wL)(list, today)).map((warning) => warning.note);
  return { source: list.source, path, exists: (0,external_node_fs_.existsSync)(path), today, entries: list.entries, warnings };
}
function quarantineStatus(read, receipts, now) {
  const today = (0,dates/* dayOf */.kb)(now);
  const entries = read.entries.map((entry) => ({
    entry,
    state: (0,quarantine_policy/* entryState */._8)(entry, today),
    daysLeft: (0,dates/* daysBetween */.YM)(today, entry.expires),
    history: entryHistory(entry, receipts, now)
  }));
  return { entries, release: RELEASE_RULE };
}
async function adviseQuarantine(read, receipts, options = {}) {
  const minRuns = options.minRuns ?? SUGGEST_DEFAULTS.minRuns;
  const rate = options.rate ?? SUGGEST_DEFAULTS.rate;
  const all = suggestQuarantine(receipts, { minRuns, rate, existing: read.entries });
  const suggestions = options.most === void 0 ? all : all.slice(0, options.most);
  const advice = { source: read.source, minRuns, rate, runs: runsWithResults(receipts).length, suggestions, total: all.length };
  if (suggestions.length === 0) return advice;
  const existing = (0,external_node_fs_.existsSync)(read.path) ? await (0,promises_.readFile)(read.path, "utf8") : void 0;
  return { ...advice, text: suggestionYaml(suggestions, read.today, existing) };
}


// EXTERNAL MODULE: ./build/bundle/src/cli/flags.js
var cli_flags = __webpack_require__(2002);
// EXTERNAL MODULE: ./build/bundle/src/cli/help.js
var cli_help = __webpack_require__(266);
// EXTERNAL MODULE: ./build/bundle/src/cli/io.js
var cli_io = __webpack_require__(3633);
// EXTERNAL MODULE: ./build/bundle/src/cli/receipts.js + 1 modules
var cli_receipts = __webpack_require__(864);
;// CONCATENATED MODULE: ./build/bundle/src/cli/quarantine.js





const ACTIONS = ["list", "suggest", "check"];
const SUGGEST_ONLY = ["min-runs", "rate"];
const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
const entriesWord = (count) => `${count} ${count === 1 ? "entry" : "entries"}`;
const shown = (value) => (0,printable/* printable */.g$)(value, 2e3);
async function quarantineCommandLine(argv, io) {
  const { flags, positionals, help } = (0,cli_flags/* parseCommandLine */.Du)(argv, "quarantine", "reverify quarantine --help");
  if (help) {
    io.stdout.write((0,cli_help/* quarantineHelp */.WZ)());
    return 0;
  }
  const [action, ...rest] = positionals;
  if (!ACTIONS.includes(action) || rest.length > 0) {
    throw new errors/* UsageError */.eb(
      "quarantine: expected `quarantine list`, `quarantine suggest` or `quarantine check`; see reverify quarantine --help"
    );
  }
  for (const name of SUGGEST_ONLY) {
    if (action !== "suggest" && flags[name] !== void 0)
      throw new errors/* UsageError */.eb(`--${name}: only \`quarantine suggest\` takes it; see reverify quarantine --help`);
  }
  const given = parse/* parseInputs */.T(flags, (0,cli_flags/* flagsOf */.Zo)("quarantine"), { front: "cli", base: io.cwd });
  const root = resolve/* findTargetRoot */.R3(given["working-directory"]);
  const read = await readQuarantine({ shown: given.quarantine, root, inputName: "--quarantine" }, /* @__PURE__ */ new Date());
  if (action === "check") return check(read, io);
  const { store } = (0,cli_receipts.openStore)(given, io);
  const receipts = await store.list({ target: root });
  if (action === "list") return listEntries(read, quarantineStatus(read, receipts, /* @__PURE__ */ new Date()), io);
  const threshold = { minRuns: given["min-runs"], rate: given.rate };
  return suggest(await adviseQuarantine(read, receipts, threshold), threshold, io);
}
function suggest(advice, threshold, io) {
  const { suggestions, runs, text, source } = advice;
  const share = `${Math.round(threshold.rate * 100)}%`;
  if (text === void 0) {
    const why = runs < threshold.minRuns ? `${plural(runs, "run")} with test results; a suggestion needs at least ${threshold.minRuns} (--min-runs)` : `no test without an entry flaked or failed in at least ${share} of the ${plural(runs, "run")} with test results (--rate ${threshold.rate})`;
    (0,cli_io/* println */.S)(io.stdout, `# reverify: ${why}`);
    return 0;
  }
  const { yaml, items } = text;
  (0,cli_io/* println */.S)(
    io.stdout,
    `# reverify: ${plural(suggestions.length, "test")} flaked or failed in at least ${share} of the ${plural(runs, "run")} with test results.`
  );
  (0,cli_io/* println */.S)(
    io.stdout,
    items ? `# Paste at the end of the \`quarantine:\` list in ${source}, and replace each <owner> with who will fix the test.` : `# Save as ${source}, and replace each <owner> with who will fix the test.`
  );
  io.stdout.write(yaml.endsWith("\n") ? yaml : `${yaml}
`);
  return 0;
}
function check(read, io) {
  const count = entriesWord(read.entries.length);
  (0,cli_io/* println */.S)(io.stdout, `${read.source}: ${count}, valid${read.exists ? "" : " (the file does not exist: nothing is quarantined)"}`);
  for (const warning of read.warnings) (0,cli_io/* println */.S)(io.stderr, `reverify: warning: ${shown(warning)}`);
  return 0;
}
function expiryWords({ entry, state, daysLeft }) {
  if (state.kind === "expired") return `${entry.expires} (expired ${plural(state.since, "day")} ago: no longer applies)`;
  if (daysLeft === 0) return `${entry.expires} (today is its last day)`;
  return `${entry.expires} (${plural(daysLeft, "day")} left${state.kind === "expiring" ? ": fix the test, or renew the entry with a reason" : ""})`;
}
function historyWords({ entry, history }) {
  if (history.runs === 0) return `no run with test results since ${entry.added}`;
  const failed = history.failed + history.quarantined;
  const excused = history.quarantined > 0 ? ` (${history.quarantined} of them quarantined)` : "";
  return `${plural(history.runs, "run")} since ${entry.added}: passed ${history.passed}, failed ${failed}${excused}, flaky ${history.flaky}`;
}
function releaseWords({ history }, rule) {
  const { recent } = history;
  const { windowDays, minRuns, streakRuns } = rule;
  if (history.ready === "streak") return `ready to release: remove the entry (passed in the last ${history.streak} runs in a row)`;
  if (history.ready === "recent")
    return `ready to release: remove the entry (passed in all ${plural(recent.runs, "run")} of the last ${windowDays} days, ${history.runs} since added)`;
  const week = recent.runs === 0 ? `no run in the last ${windowDays} days` : `passed in ${recent.passed} of ${plural(recent.runs, "run")} of the last ${windowDays} days`;
  return `not yet: ${week}, ${plural(history.runs, "run")} since added; release needs every run of the last ${windowDays} days passed with at least ${minRuns} runs since added, or ${streakRuns} passes in a row (${history.streak} so far)`;
}
function listEntries(read, status, io) {
  const statuses = status.entries;
  if (statuses.length === 0) {
    (0,cli_io/* println */.S)(io.stdout, `${read.source}: ${read.exists ? "no entries" : "the file does not exist"}: nothing is quarantined`);
    return 0;
  }
  (0,cli_io/* println */.S)(io.stdout, `${read.source}: ${entriesWord(statuses.length)}`);
  for (const entryStatus of statuses) {
    const { entry } = entryStatus;
    (0,cli_io/* println */.S)(io.stdout, "");
    (0,cli_io/* println */.S)(io.stdout, shown(entry.test));
    if (entry.file !== void 0) (0,cli_io/* println */.S)(io.stdout, `  file:     ${shown(entry.file)}`);
    if (entry.suite !== void 0) (0,cli_io/* println */.S)(io.stdout, `  suite:    ${shown(entry.suite)}`);
    (0,cli_io/* println */.S)(io.stdout, `  owner:    ${shown(entry.owner)}`);
    (0,cli_io/* println */.S)(io.stdout, `  expires:  ${expiryWords(entryStatus)}`);
    (0,cli_io/* println */.S)(io.stdout, `  reason:   ${shown(entry.reason)}`);
    if (entry.issue !== void 0) (0,cli_io/* println */.S)(io.stdout, `  issue:    ${/^\d+$/.test(entry.issue) ? `#${entry.issue}` : shown(entry.issue)}`);
    (0,cli_io/* println */.S)(io.stdout, `  history:  ${historyWords(entryStatus)}`);
    (0,cli_io/* println */.S)(io.stdout, `  release:  ${releaseWords(entryStatus, status.release)}`);
  }
  return 0;
}



/***/ }),

/***/ 864:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  captureCommandLine: () => (/* binding */ captureCommandLine),
  configCommandLine: () => (/* binding */ configCommandLine),
  openStore: () => (/* binding */ openStore),
  receiptsCommandLine: () => (/* binding */ receiptsCommandLine)
});

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: ./build/bundle/src/core/inputs/resolve.js
var resolve = __webpack_require__(3018);
// EXTERNAL MODULE: ./build/bundle/src/core/receipts/receipt-store.js + 2 modules
var receipt_store = __webpack_require__(8160);
// EXTERNAL MODULE: ./build/bundle/src/core/inputs/parse.js
var parse = __webpack_require__(9837);
// EXTERNAL MODULE: ./build/bundle/src/core/base/errors.js
var errors = __webpack_require__(1483);
// EXTERNAL MODULE: ./build/bundle/src/core/run/capture-config.js + 1 modules
var capture_config = __webpack_require__(3065);
// EXTERNAL MODULE: ./build/bundle/src/core/base/printable.js
var printable = __webpack_require__(8485);
// EXTERNAL MODULE: ./build/bundle/src/core/receipts/receipt.js + 1 modules
var receipts_receipt = __webpack_require__(7765);
// EXTERNAL MODULE: ./build/bundle/src/core/receipts/run-ref.js
var run_ref = __webpack_require__(7099);
;// CONCATENATED MODULE: ./build/bundle/src/core/capture/capture.js





const MAX_TRAILERS = 50;
const MAX_TRAILER_NOTE_CHARS = 1e3;
const MAX_SCANNED_CHARS = (/* unused pure expression or super */ null && (1024 * 1024));
const TRAILER_LINE = /^[ \t]*reverify-capture[ \t]*:\s*(\S+)(?:\s+(.*))?$/is;
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
function parseCaptureTrailers(text) {
  const trailers = [];
  for (const line of text.slice(0, MAX_SCANNED_CHARS).split(/\r\n|\r|\n/)) {
    const match = TRAILER_LINE.exec(line);
    if (!match || !isRunId(match[1])) continue;
    const note = Array.from((match[2] ?? "").replace(CONTROL_CHARS, " ").trim()).slice(0, MAX_TRAILER_NOTE_CHARS).join("");
    trailers.push({ runId: match[1], note });
    if (trailers.length === MAX_TRAILERS) break;
  }
  return trailers;
}
async function captureRun(store, ref, details) {
  const note = details.note.trim();
  if (Array.from(note).length > receipts_receipt/* MAX_NOTE_CHARS */.y) {
    throw new errors/* UsageError */.eb(`capture: the note is longer than ${receipts_receipt/* MAX_NOTE_CHARS */.y} characters; keep it short and link to details`);
  }
  const receipt = ref.trim().toLowerCase() === "latest" ? await latestToCapture(store, details) : await namedRun(store, ref.trim(), details);
  if (receipt.status === "running") {
    throw new errors/* UsageError */.eb(`capture: run ${receipt.run_id} is still running; capture it once it has ended`);
  }
  const captured = {
    ...receipt,
    capture: {
      captured_at: details.now.toISOString(),
      note,
      source: Array.from(details.source).slice(0, receipts_receipt/* MAX_CAPTURE_LABEL_CHARS */.Py).join(""),
      by: Array.from(details.by).slice(0, receipts_receipt/* MAX_CAPTURE_LABEL_CHARS */.Py).join("")
    }
  };
  await store.write(captured);
  return captured;
}
async function applyCaptureTrailers(store, trailers, details) {
  const outcome = { applied: [], notices: [] };
  const seen = /* @__PURE__ */ new Set();
  for (const trailer of trailers) {
    if (seen.has(trailer.runId)) continue;
    seen.add(trailer.runId);
    const receipt = await store.read(trailer.runId);
    if (receipt === void 0) {
      outcome.notices.push(`Reverify-Capture: no receipt of run ${trailer.runId} here; ignored`);
      continue;
    }
    if (receipt.capture !== void 0) continue;
    try {
      await captureRun(store, trailer.runId, { ...details, note: trailer.note });
      outcome.applied.push(trailer.runId);
    } catch (error) {
      if (!isUserError(error)) throw error;
      outcome.notices.push(`Reverify-Capture: ${describeError(error).replace(/^capture: /, "")}; ignored`);
    }
  }
  return outcome;
}
async function namedRun(store, ref, details) {
  const runId = await (0,run_ref/* resolveRunRef */.H$)(store.stateDir, ref, "capture");
  const receipt = runId === void 0 ? void 0 : await store.read(runId);
  if (runId === void 0 || receipt === void 0)
    throw new errors/* UsageError */.eb(`capture: no receipt of run ${(0,printable/* printable */.g$)(ref, 80)} in ${store.stateDir}`);
  if (details.target !== void 0 && receipt.target !== details.target) {
    throw new errors/* UsageError */.eb(`capture: run ${runId} belongs to ${(0,printable/* printable */.g$)(receipt.target, 200)}, not ${(0,printable/* printable */.g$)(details.target, 200)}`);
  }
  return receipt;
}
async function latestToCapture(store, details) {
  const { target } = details;
  if (target === void 0) throw new errors/* UsageError */.eb("capture: latest needs a target (repository) to look in");
  if (details.identityHash !== void 0) {
    const latest = await store.latest(target, details.scope ?? "", details.identityHash);
    if (latest === void 0) throw new errors/* UsageError */.eb("capture: this command has no run yet; nothing to capture");
    if (latest.status !== "failed") {
      throw new errors/* UsageError */.eb(`capture: the latest run of this command (${latest.run_id}) is ${latest.status}, not failed; nothing to capture`);
    }
    return latest;
  }
  const failed = await store.latestOfTarget(target, (receipt) => receipt.status === "failed" && receipt.capture === void 0);
  if (failed === void 0) throw new errors/* UsageError */.eb(`capture: no failed run waiting to be captured in ${(0,printable/* printable */.g$)(target, 200)}`);
  return failed;
}


// EXTERNAL MODULE: ./build/bundle/src/core/run/stored-run.js
var stored_run = __webpack_require__(4721);
// EXTERNAL MODULE: ./build/bundle/src/core/shell/script-lines.js
var script_lines = __webpack_require__(6854);
// EXTERNAL MODULE: ./build/bundle/src/cli/flags.js
var cli_flags = __webpack_require__(2002);
// EXTERNAL MODULE: ./build/bundle/src/cli/help.js
var cli_help = __webpack_require__(266);
// EXTERNAL MODULE: ./build/bundle/src/cli/io.js
var cli_io = __webpack_require__(3633);
;// CONCATENATED MODULE: ./build/bundle/src/cli/receipts.js





function openStore(given, io) {
  const root = resolve/* findTargetRoot */.R3(given["working-directory"] ?? io.cwd);
  const { path: stateDir } = resolve/* resolveStateDir */.JT(given["state-dir"], { front: "cli", base: io.cwd }, root);
  const store = new receipt_store/* ReceiptStore */.A(stateDir, { warn: (message) => (0,cli_io/* println */.S)(io.stderr, `reverify: warning: ${message}`), now: () => /* @__PURE__ */ new Date() });
  return { root, stateDir, store };
}
function who(io) {
  try {
    return io.env.USER ?? (0,external_node_os_.userInfo)().username;
  } catch {
    return "unknown";
  }
}
async function captureCommandLine(argv, io) {
  const { flags, positionals, help } = (0,cli_flags/* parseCommandLine */.Du)(argv, "capture", "reverify capture --help");
  if (help) {
    io.stdout.write((0,cli_help/* captureHelp */.at)());
    return 0;
  }
  const given = parse/* parseInputs */.T(flags, (0,cli_flags/* flagsOf */.Zo)("capture"), { front: "cli", base: io.cwd });
  const [ref, ...rest] = positionals;
  if (ref === void 0 || rest.length > 0) {
    throw new errors/* UsageError */.eb("capture: give exactly one run id (or latest); see reverify capture --help");
  }
  const { root, store } = openStore(given, io);
  const mode = await (0,capture_config/* captureModeOf */.F)(void 0, root);
  const note = given.note ?? "";
  if (note.trim() === "" && mode === "block") {
    throw new errors/* UsageError */.eb(
      '--note: required when capture-before-retry is block (.reverify/config.json); say what you found, e.g. --note "flaky DNS in CI"'
    );
  }
  const receipt = await captureRun(store, ref, { note, source: "cli", by: who(io), target: root, now: /* @__PURE__ */ new Date() });
  (0,cli_io/* println */.S)(io.stdout, `reverify: captured ${receipt.run_id}${note ? `: ${note}` : ""}`);
  return 0;
}
const LIST_HEADER = ["status".padEnd(11), "flaky".padEnd(5), "captured".padEnd(10), "command"];
function headerLine(width) {
  return ["run".padEnd(width), ...LIST_HEADER].join("  ");
}
function receiptLine(receipt, status, width) {
  const captured = receipt.capture ? "captured" : receipt.status === "failed" ? "uncaptured" : "-";
  const command = receipt.identity.join(" ; ");
  return [
    receipt.run_id.padEnd(width),
    status.padEnd(11),
    (receipt.flaky ? "flaky" : "-").padEnd(5),
    captured.padEnd(10),
    command.length > 80 ? `${command.slice(0, 80)}\u2026` : command
  ].join("  ");
}
function listFooter(receipts, shown) {
  const lines = [];
  const resumable = receipts.filter((receipt) => shown.get(receipt)?.label === "resumable");
  const resumeWith = resumable.map((receipt) => shown.get(receipt)?.resumeWith).find((command) => command !== void 0);
  if (resumeWith) {
    lines.push(`resumable: the run's process is gone before it finished; continue it with \`${resumeWith}\` or by running the same command`);
  } else if (resumable.length > 0) {
    lines.push(
      "resumable: the run's process is gone before it finished; continue it by running the same command (its inputs were not recorded)"
    );
  }
  if (receipts.some((receipt) => shown.get(receipt)?.label === "interrupted")) {
    lines.push("interrupted: stopped by a signal or a lost process, not a failure (no capture needed); run the command again to verify");
  }
  return lines;
}
async function receiptsCommandLine(argv, io) {
  const { flags, positionals, help } = (0,cli_flags/* parseCommandLine */.Du)(argv, "receipts", "reverify receipts --help");
  if (help) {
    io.stdout.write((0,cli_help/* receiptsHelp */.XK)());
    return 0;
  }
  const given = parse/* parseInputs */.T(flags, (0,cli_flags/* flagsOf */.Zo)("receipts"), { front: "cli", base: io.cwd });
  const [action, ref, ...rest] = positionals;
  const json = given.json === true;
  const { root, stateDir, store } = openStore(given, io);
  if (action === "list" && ref === void 0) {
    const receipts = await store.list({ target: root });
    if (json) (0,cli_io/* println */.S)(io.stdout, JSON.stringify(receipts, null, 2));
    else if (receipts.length === 0) (0,cli_io/* println */.S)(io.stdout, "no receipts yet");
    else {
      const shown = await (0,stored_run/* receiptStatuses */.Lj)(receipts, { stateDir, root, here: resolve/* findTargetRoot */.R3(io.cwd) }, io.env, (0,external_node_os_.hostname)());
      const width = Math.max(...receipts.map((receipt) => receipt.run_id.length));
      (0,cli_io/* println */.S)(io.stdout, headerLine(width));
      for (const receipt of receipts) (0,cli_io/* println */.S)(io.stdout, receiptLine(receipt, shown.get(receipt).label, width));
      for (const line of listFooter(receipts, shown)) (0,cli_io/* println */.S)(io.stdout, line);
    }
    return 0;
  }
  if (action === "show" && ref !== void 0 && rest.length === 0) {
    const receipt = await (0,stored_run/* findRun */.Lc)(store, root, ref, "receipts show");
    if (receipt === void 0)
      throw new errors/* UsageError */.eb(`receipts show: no receipt ${printable/* showValue */.vp(ref)} in this repository's state directory`);
    if (json) {
      (0,cli_io/* println */.S)(io.stdout, JSON.stringify(receipt, null, 2));
      return 0;
    }
    (0,cli_io/* println */.S)(io.stdout, `run:        ${receipt.run_id}`);
    (0,cli_io/* println */.S)(io.stdout, `status:     ${receipt.status}${receipt.flaky ? " (flaky)" : ""}`);
    (0,cli_io/* println */.S)(io.stdout, `target:     ${receipt.target}${receipt.scope ? ` \xB7 scope ${receipt.scope}` : ""}`);
    (0,cli_io/* println */.S)(io.stdout, `started:    ${receipt.started_at}${receipt.ended_at ? ` \xB7 ended ${receipt.ended_at}` : ""}`);
    (0,cli_io/* println */.S)(io.stdout, `attempts:   ${receipt.attempts}/${receipt.max_attempts}`);
    const ran = receipt.tests?.attempts ?? [];
    if (ran.length > 0) (0,cli_io/* println */.S)(io.stdout, `tests ran:  ${ran.map(testsRanIn).join(" \xB7 ")}`);
    (0,cli_io/* println */.S)(io.stdout, `identity:   ${receipt.identity_hash}`);
    for (const command of receipt.identity) (0,cli_io/* println */.S)(io.stdout, `  ${command}`);
    for (const command of receipt.commands) {
      (0,cli_io/* println */.S)(
        io.stdout,
        `command:    ${(0,script_lines/* scriptLabel */.uc)(command.command) || command.command} \u2192 exit ${command.exit_code}${command.signal ? ` (${command.signal})` : ""}${command.timed_out ? " (timed out)" : ""}`
      );
    }
    (0,cli_io/* println */.S)(io.stdout, `expect:     ${JSON.stringify(receipt.expectations)}`);
    (0,cli_io/* println */.S)(io.stdout, `trace:      ${receipt.session.dir}`);
    (0,cli_io/* println */.S)(
      io.stdout,
      `captured:   ${receipt.capture ? `${receipt.capture.captured_at} by ${receipt.capture.by} (${receipt.capture.source}): ${receipt.capture.note}` : "no"}`
    );
    return 0;
  }
  throw new errors/* UsageError */.eb("receipts: expected `receipts list` or `receipts show <run-id|latest>`; see reverify receipts --help");
}
function testsRanIn(entry) {
  return `${entry.attempt}: ${entry.rerun ? "failed tests only" : "full suite"}, ${entry.ran} ${entry.ran === 1 ? "test" : "tests"}`;
}
async function configCommandLine(argv, io) {
  const { positionals, help } = (0,cli_flags/* parseCommandLine */.Du)(argv, "config", "reverify config --help");
  if (help) {
    io.stdout.write(cli_help/* CONFIG_HELP */.hF);
    return 0;
  }
  const [action, key, value, ...rest] = positionals;
  if (action !== "set" || key !== "capture-before-retry" || value === void 0 || rest.length > 0) {
    throw new errors/* UsageError */.eb("config: expected `config set capture-before-retry <warn|block|off>`");
  }
  const mode = await (0,capture_config/* configureCaptureMode */.C)(resolve/* findTargetRoot */.R3(io.cwd), value);
  (0,cli_io/* println */.S)(io.stdout, `reverify: capture-before-retry is ${mode} (.reverify/config.json)`);
  return 0;
}



/***/ }),

/***/ 3453:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ resumeRun),
/* harmony export */   n: () => (/* binding */ resumeOffers)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1483);
/* harmony import */ var _base_printable_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8485);
/* harmony import */ var _receipts_run_ref_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7099);
/* harmony import */ var _recovery_resume_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9330);
/* harmony import */ var _receipts_run_seal_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(469);
/* harmony import */ var _recovery_settle_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9201);
/* harmony import */ var _session_run_record_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3292);








async function resumeRun(query, ports) {
  const { store, seal } = ports;
  const here = { host: ports.owner.host };
  const runId = query.runId === void 0 ? void 0 : await (0,_receipts_run_ref_js__WEBPACK_IMPORTED_MODULE_1__/* .resolveRunRef */ .H$)(store.stateDir, query.runId, "resume");
  const receipt = query.runId === void 0 ? await store.latestOfTarget(query.target, (candidate) => (0,_recovery_resume_js__WEBPACK_IMPORTED_MODULE_2__/* .ownerGone */ .RT)(candidate, here) && (0,_receipts_run_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .receiptSealed */ .xB)(candidate, seal)) : runId === void 0 ? void 0 : await store.read(runId);
  if (receipt === void 0) throw await nothingToResume(query, store);
  if (!(0,_receipts_run_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .receiptSealed */ .xB)(receipt, seal)) {
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(
      `resume: run ${receipt.run_id} was not started by reverify on this machine (its receipt has no valid seal); run the command again with reverify run`
    );
  }
  const entry = await (0,_recovery_settle_js__WEBPACK_IMPORTED_MODULE_5__/* .settleBeforeResume */ .U)({
    store,
    receipt,
    here,
    seal,
    redactor: query.redactor,
    clock: ports.clock,
    env: query.env,
    onLeftoverEnded: (pgid) => query.onLeftoverEnded(pgid, receipt.run_id)
  });
  if (entry.kind !== "continue") return entry;
  const inputs = await (0,_session_run_record_js__WEBPACK_IMPORTED_MODULE_6__/* .readRunInputs */ .h)((0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(receipt.session.dir), seal);
  if (inputs === void 0) {
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(
      `resume: run ${receipt.run_id} has no inputs this machine recorded (none, a secret among them, or no valid seal); run the same command again with reverify run`
    );
  }
  return { kind: "continue", receipt, inputs };
}
async function nothingToResume(query, store) {
  const where = store.stateDir;
  if (query.runId !== void 0)
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(`resume: no run ${(0,_base_printable_js__WEBPACK_IMPORTED_MODULE_7__/* .printable */ .g$)(query.runId, 80)} in ${where}; reverify receipts list shows the runs there`);
  const newest = await store.latestOfTarget(query.target);
  if (newest === void 0)
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(`resume: nothing to resume: no runs in ${where} yet; run one with reverify run --command "npm test"`);
  return new _base_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(
    `resume: nothing to resume: no run in ${where} is waiting to be resumed (the latest, ${newest.run_id}, is ${newest.status}); reverify receipts list shows them all`
  );
}
async function resumeOffers(receipts, place) {
  const offers = /* @__PURE__ */ new Map();
  const here = { host: place.host };
  const seal = await (0,_receipts_run_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .loadRunSeal */ .vo)((0,_receipts_run_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .sealKeyPath */ .o$)(place.env), { create: false });
  for (const receipt of receipts) {
    if (receipt.status === "running" && (0,_recovery_resume_js__WEBPACK_IMPORTED_MODULE_2__/* .ownerGone */ .RT)(receipt, here))
      offers.set(receipt, await (0,_recovery_settle_js__WEBPACK_IMPORTED_MODULE_5__/* .resumeOffer */ .Id)(receipt, { stateDir: place.stateDir, here, seal }));
  }
  return offers;
}



/***/ }),

/***/ 4721:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lc: () => (/* binding */ findRun),
/* harmony export */   Lj: () => (/* binding */ receiptStatuses),
/* harmony export */   qQ: () => (/* binding */ exportRun)
/* harmony export */ });
/* harmony import */ var _base_atomic_file_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8968);
/* harmony import */ var _capture_remedy_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(4587);
/* harmony import */ var _export_ctrf_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4806);
/* harmony import */ var _export_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6544);
/* harmony import */ var _export_otlp_spans_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7702);
/* harmony import */ var _receipts_run_ref_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7099);
/* harmony import */ var _report_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9710);
/* harmony import */ var _resume_run_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3453);








const UNWRITABLE = ["ENOENT", "EACCES", "EISDIR", "ENOTDIR", "EROFS", "EPERM"];
async function findRun(store, root, ref, command) {
  if (ref === "latest") return await store.latestOfTarget(root);
  const runId = await (0,_receipts_run_ref_js__WEBPACK_IMPORTED_MODULE_0__/* .resolveRunRef */ .H$)(store.stateDir, ref, command);
  return runId === void 0 ? void 0 : await store.read(runId);
}
async function exportRun(store, receipt, request) {
  if (request.format === "otlp") {
    const reason = await (0,_export_index_js__WEBPACK_IMPORTED_MODULE_1__/* .resendRun */ .r)(store.stateDir, receipt, request.redactor, request.env, request.clock);
    return reason === void 0 ? { kind: "sent", traceId: (0,_export_otlp_spans_js__WEBPACK_IMPORTED_MODULE_2__/* .traceIdOf */ .aB)(receipt.run_id) } : { kind: "not-sent", reason };
  }
  const where = request.out === void 0 ? {} : { path: request.out };
  try {
    const path = request.format === "ctrf" ? await (0,_export_ctrf_js__WEBPACK_IMPORTED_MODULE_3__/* .writeRunCtrf */ .og)(store.stateDir, receipt, request.redactor, where) : await (0,_report_index_js__WEBPACK_IMPORTED_MODULE_4__/* .writeRunReport */ .pX)(store, receipt, where);
    return { kind: "written", path };
  } catch (error) {
    if (request.out !== void 0 && (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_5__/* .isErrorCode */ .We)(error, ...UNWRITABLE)) return { kind: "unwritable", error };
    throw error;
  }
}
async function receiptStatuses(receipts, place, env, host) {
  const shown = /* @__PURE__ */ new Map();
  const offers = await (0,_resume_run_js__WEBPACK_IMPORTED_MODULE_6__/* .resumeOffers */ .n)(receipts, { stateDir: place.stateDir, env, host });
  for (const receipt of receipts) {
    const offer = offers.get(receipt);
    const label = offer === void 0 ? receipt.status : offer === "close" ? "interrupted" : "resumable";
    shown.set(receipt, { label, ...offer === "resume" && { resumeWith: (0,_capture_remedy_js__WEBPACK_IMPORTED_MODULE_7__/* .resumeCommand */ .VJ)(receipt.run_id, place) } });
  }
  return shown;
}



/***/ })

};
