export const id = 372;
export const ids = [372,864];
export const modules = {

/***/ 9372:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   flakyCommandLine: () => (/* binding */ flakyCommandLine)
/* harmony export */ });
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1483);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9837);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3551);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9360);
/* harmony import */ var _flags_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2002);
/* harmony import */ var _help_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(266);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3633);
/* harmony import */ var _receipts_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(864);





const DAY_MS = 24 * 60 * 60 * 1e3;
async function flakyCommandLine(argv, io) {
  const { flags, positionals, help } = (0,_flags_js__WEBPACK_IMPORTED_MODULE_0__/* .parseCommandLine */ .Du)(argv, "flaky", "reverify flaky --help");
  if (help) {
    io.stdout.write((0,_help_js__WEBPACK_IMPORTED_MODULE_1__/* .flakyHelp */ .pE)());
    return 0;
  }
  if (positionals.length > 0) throw new _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb("flaky: takes no arguments; see reverify flaky --help");
  const given = _core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .parseInputs */ .T(flags, (0,_flags_js__WEBPACK_IMPORTED_MODULE_0__/* .flagsOf */ .Zo)("flaky"), { front: "cli", base: io.cwd });
  const { root, store } = (0,_receipts_js__WEBPACK_IMPORTED_MODULE_4__.openStore)(given, io);
  const since = given.since;
  const sinceMs = since === void 0 ? void 0 : Date.now() - since * DAY_MS;
  const receipts = (await store.list({ target: root })).filter(
    (receipt) => sinceMs === void 0 || Date.parse(receipt.started_at) >= sinceMs
  );
  const history = (0,_core_index_js__WEBPACK_IMPORTED_MODULE_5__/* .testHistory */ .l)(receipts);
  const rates = new Map(_core_index_js__WEBPACK_IMPORTED_MODULE_6__/* .testRates */ .q_(receipts).map((rate) => [rate.name, rate]));
  if (given.json === true) {
    const tests = history.tests.map((test) => {
      const rate = rates.get(test.name);
      return {
        name: test.name,
        flaky: test.flaky,
        failed: test.failed,
        last_run_id: test.lastRunId,
        last_at: test.lastAt,
        ...rate !== void 0 && { runs: rate.runs, rate: flakeRate(rate), first_seen: rate.firstSeen ?? null }
      };
    });
    (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(io.stdout, JSON.stringify({ runs: history.runs, ...since !== void 0 && { since_days: since }, tests }, null, 2));
    return 0;
  }
  const window = since === void 0 ? "" : ` of the last ${since} day${since === 1 ? "" : "s"}`;
  if (history.runs === 0) {
    (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(
      io.stdout,
      `reverify: no run${window} has test results to count flakes from; give \`reverify run\` the JUnit XML files your test runner writes with --test-results GLOB (e.g. --test-results 'reports/*.xml'), then run this again`
    );
    return 0;
  }
  if (history.tests.length === 0) {
    (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(
      io.stdout,
      `reverify: no test flaked or failed in the ${history.runs} run${history.runs === 1 ? "" : "s"}${window} with test results`
    );
    return 0;
  }
  (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(
    io.stdout,
    `reverify: tests that flaked or failed in ${history.runs} run${history.runs === 1 ? "" : "s"}${window} with test results`
  );
  (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(
    io.stdout,
    `${"flaky".padStart(5)}  ${"failed".padStart(6)}  ${"runs".padStart(5)}  ${"rate".padStart(5)}  ${"first seen".padEnd(10)}  ${"last run".padEnd(29)}  test`
  );
  for (const test of history.tests) {
    const rate = rates.get(test.name);
    const runs = rate === void 0 ? "\u2013" : String(rate.runs);
    const share = rate === void 0 ? "\u2013" : `${Math.round(flakeRate(rate) * 100)} %`;
    const first = rate?.firstSeen ?? "\u2013";
    (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(
      io.stdout,
      `${String(test.flaky).padStart(5)}  ${String(test.failed).padStart(6)}  ${runs.padStart(5)}  ${share.padStart(5)}  ${first.padEnd(10)}  ${test.lastRunId.padEnd(29)}  ${test.name}`
    );
  }
  return 0;
}
function flakeRate(rate) {
  return rate.runs === 0 ? 0 : Math.round(rate.flaked / rate.runs * 1e4) / 1e4;
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
