export const id = 716;
export const ids = [716];
export const modules = {

/***/ 8716:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

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
// EXTERNAL MODULE: ./src/core/inputs/resolve.ts
var resolve = __webpack_require__(7441);
// EXTERNAL MODULE: ./src/core/receipts/receipt-store.ts + 2 modules
var receipt_store = __webpack_require__(8875);
// EXTERNAL MODULE: ./src/core/inputs/parse.ts
var parse = __webpack_require__(5018);
// EXTERNAL MODULE: ./src/core/base/errors.ts
var errors = __webpack_require__(2074);
// EXTERNAL MODULE: ./src/core/run/capture-config.ts + 1 modules
var capture_config = __webpack_require__(5173);
// EXTERNAL MODULE: ./src/core/base/printable.ts
var printable = __webpack_require__(3174);
// EXTERNAL MODULE: ./src/core/receipts/receipt.ts + 1 modules
var receipts_receipt = __webpack_require__(9169);
// EXTERNAL MODULE: ./src/core/receipts/run-ref.ts
var run_ref = __webpack_require__(4508);
;// CONCATENATED MODULE: ./src/core/capture/capture.ts





/** Most trailers taken from one text. */
const MAX_TRAILERS = 50;
/** Longest note taken from a trailer. */
const MAX_TRAILER_NOTE_CHARS = 1_000;
// Event payloads are untrusted and can be large: only the start of a text is searched.
const MAX_SCANNED_CHARS = (/* unused pure expression or super */ null && (1024 * 1024));
// Lines are cut at CR and LF only; a U+2028/U+2029 inside one is a blank here (`.` matches it
// under the `s` flag) and becomes a space in the note, so such a trailer applies, not vanishes
const TRAILER_LINE = /^[ \t]*reverify-capture[ \t]*:\s*(\S+)(?:\s+(.*))?$/is;
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** Every `Reverify-Capture: <run-id> [note]` line in a text (commit message, PR body); lines whose id is not a valid run id are ignored. Bounded: at most 50 per text, note capped at 1000 chars. */
function parseCaptureTrailers(text) {
    const trailers = [];
    for (const line of text.slice(0, MAX_SCANNED_CHARS).split(/\r\n|\r|\n/)) {
        const match = TRAILER_LINE.exec(line);
        if (!match || !isRunId(match[1]))
            continue;
        const note = Array.from((match[2] ?? '').replace(CONTROL_CHARS, ' ').trim())
            .slice(0, MAX_TRAILER_NOTE_CHARS)
            .join('');
        trailers.push({ runId: match[1], note });
        if (trailers.length === MAX_TRAILERS)
            break;
    }
    return trailers;
}
/**
 * Records {captured_at, note, source, by} on a receipt (atomically) and returns it.
 * `ref` is a run id, or `latest`: with `identityHash` (the action's capture mode, same command
 * and scope) the latest run of that identity, which must have failed; otherwise the newest
 * failed, not yet captured run of `target`. Capturing again replaces the earlier capture.
 * Unknown run id, another target's run, a run still running, nothing to capture → UsageError.
 */
async function captureRun(store, ref, details) {
    const note = details.note.trim();
    if (Array.from(note).length > receipts_receipt/* MAX_NOTE_CHARS */.y) {
        throw new errors/* UsageError */.eb(`capture: the note is longer than ${receipts_receipt/* MAX_NOTE_CHARS */.y} characters; keep it short and link to details`);
    }
    const receipt = ref.trim().toLowerCase() === 'latest' ? await latestToCapture(store, details) : await namedRun(store, ref.trim(), details);
    if (receipt.status === 'running') {
        throw new errors/* UsageError */.eb(`capture: run ${receipt.run_id} is still running; capture it once it has ended`);
    }
    const captured = {
        ...receipt,
        capture: {
            captured_at: details.now.toISOString(),
            note,
            source: Array.from(details.source).slice(0, receipts_receipt/* MAX_CAPTURE_LABEL_CHARS */.Py).join(''),
            by: Array.from(details.by).slice(0, receipts_receipt/* MAX_CAPTURE_LABEL_CHARS */.Py).join('')
        }
    };
    await store.write(captured);
    return captured;
}
/**
 * Applies trailers found in commit messages or a PR body when a run starts. A trailer naming
 * an unknown run, another target's run or a running one is ignored with a notice; a run that
 * is already captured is left as it is (the same commit is seen by every later run).
 */
async function applyCaptureTrailers(store, trailers, details) {
    const outcome = { applied: [], notices: [] };
    const seen = new Set();
    for (const trailer of trailers) {
        if (seen.has(trailer.runId))
            continue;
        seen.add(trailer.runId);
        const receipt = await store.read(trailer.runId);
        if (receipt === undefined) {
            outcome.notices.push(`Reverify-Capture: no receipt of run ${trailer.runId} here; ignored`);
            continue;
        }
        if (receipt.capture !== undefined)
            continue;
        try {
            await captureRun(store, trailer.runId, { ...details, note: trailer.note });
            outcome.applied.push(trailer.runId);
        }
        catch (error) {
            if (!isUserError(error))
                throw error;
            outcome.notices.push(`Reverify-Capture: ${describeError(error).replace(/^capture: /, '')}; ignored`);
        }
    }
    return outcome;
}
async function namedRun(store, ref, details) {
    const runId = await (0,run_ref/* resolveRunRef */.H$)(store.stateDir, ref, 'capture');
    const receipt = runId === undefined ? undefined : await store.read(runId);
    if (runId === undefined || receipt === undefined)
        throw new errors/* UsageError */.eb(`capture: no receipt of run ${(0,printable/* printable */.g$)(ref, 80)} in ${store.stateDir}`);
    if (details.target !== undefined && receipt.target !== details.target) {
        throw new errors/* UsageError */.eb(`capture: run ${runId} belongs to ${(0,printable/* printable */.g$)(receipt.target, 200)}, not ${(0,printable/* printable */.g$)(details.target, 200)}`);
    }
    return receipt;
}
async function latestToCapture(store, details) {
    const { target } = details;
    if (target === undefined)
        throw new errors/* UsageError */.eb('capture: latest needs a target (repository) to look in');
    if (details.identityHash !== undefined) {
        const latest = await store.latest(target, details.scope ?? '', details.identityHash);
        if (latest === undefined)
            throw new errors/* UsageError */.eb('capture: this command has no run yet; nothing to capture');
        if (latest.status !== 'failed') {
            throw new errors/* UsageError */.eb(`capture: the latest run of this command (${latest.run_id}) is ${latest.status}, not failed; nothing to capture`);
        }
        return latest;
    }
    const failed = await store.latestOfTarget(target, receipt => receipt.status === 'failed' && receipt.capture === undefined);
    if (failed === undefined)
        throw new errors/* UsageError */.eb(`capture: no failed run waiting to be captured in ${(0,printable/* printable */.g$)(target, 200)}`);
    return failed;
}

// EXTERNAL MODULE: ./src/core/run/stored-run.ts
var stored_run = __webpack_require__(5502);
// EXTERNAL MODULE: ./src/core/shell/script-lines.ts
var script_lines = __webpack_require__(2373);
// EXTERNAL MODULE: ./src/cli/flags.ts
var cli_flags = __webpack_require__(5377);
// EXTERNAL MODULE: ./src/cli/help.ts
var cli_help = __webpack_require__(7911);
// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(1604);
;// CONCATENATED MODULE: ./src/cli/receipts.ts
/** `reverify capture`, `reverify receipts list|show` and `reverify config set`. */





/**
 * The store `--state-dir` names, else the repository's: the one `run` writes to. The repository
 * is the one containing `--working-directory` (resolved), else the current directory, as for `run`.
 */
function openStore(given, io) {
    const root = resolve/* findTargetRoot */.R3(given['working-directory'] ?? io.cwd);
    const { path: stateDir } = resolve/* resolveStateDir */.JT(given['state-dir'], { front: 'cli', base: io.cwd }, root);
    const store = new receipt_store/* ReceiptStore */.A(stateDir, { warn: message => (0,cli_io/* println */.S)(io.stderr, `reverify: warning: ${message}`), now: () => new Date() });
    return { root, stateDir, store };
}
function who(io) {
    try {
        return io.env.USER ?? (0,external_node_os_.userInfo)().username;
    }
    catch {
        return 'unknown';
    }
}
/** `reverify capture <run-id|latest> [--note TEXT]`. */
async function captureCommandLine(argv, io) {
    const { flags, positionals, help } = (0,cli_flags/* parseCommandLine */.Du)(argv, 'capture', 'reverify capture --help');
    if (help) {
        io.stdout.write((0,cli_help/* captureHelp */.at)());
        return 0;
    }
    const given = parse/* parseInputs */.T(flags, (0,cli_flags/* flagsOf */.Zo)('capture'), { front: 'cli', base: io.cwd });
    const [ref, ...rest] = positionals;
    if (ref === undefined || rest.length > 0) {
        throw new errors/* UsageError */.eb('capture: give exactly one run id (or latest); see reverify capture --help');
    }
    const { root, store } = openStore(given, io);
    const mode = await (0,capture_config/* captureModeOf */.F)(undefined, root);
    const note = given.note ?? '';
    // In block mode a capture is what lets the next run retry: it must say what was found.
    if (note.trim() === '' && mode === 'block') {
        throw new errors/* UsageError */.eb('--note: required when capture-before-retry is block (.reverify/config.json); say what you found, e.g. --note "flaky DNS in CI"');
    }
    const receipt = await captureRun(store, ref, { note, source: 'cli', by: who(io), target: root, now: new Date() });
    (0,cli_io/* println */.S)(io.stdout, `reverify: captured ${receipt.run_id}${note ? `: ${note}` : ''}`);
    return 0;
}
/** The columns of `receipts list`: run id, status, flaky, capture state, command. */
const LIST_HEADER = ['status'.padEnd(11), 'flaky'.padEnd(5), 'captured'.padEnd(10), 'command'];
function headerLine(width) {
    return ['run'.padEnd(width), ...LIST_HEADER].join('  ');
}
function receiptLine(receipt, status, width) {
    const captured = receipt.capture ? 'captured' : receipt.status === 'failed' ? 'uncaptured' : '-';
    const command = receipt.identity.join(' ; ');
    return [
        receipt.run_id.padEnd(width),
        status.padEnd(11),
        (receipt.flaky ? 'flaky' : '-').padEnd(5),
        captured.padEnd(10),
        command.length > 80 ? `${command.slice(0, 80)}…` : command
    ].join('  ');
}
/** Lines after the list that say what the unusual statuses mean and what to do. */
function listFooter(receipts, shown) {
    const lines = [];
    const resumable = receipts.filter(receipt => shown.get(receipt)?.label === 'resumable');
    const resumeWith = resumable.map(receipt => shown.get(receipt)?.resumeWith).find(command => command !== undefined);
    if (resumeWith) {
        lines.push(`resumable: the run's process is gone before it finished; continue it with \`${resumeWith}\` or by running the same command`);
    }
    else if (resumable.length > 0) {
        lines.push("resumable: the run's process is gone before it finished; continue it by running the same command (its inputs were not recorded)");
    }
    if (receipts.some(receipt => shown.get(receipt)?.label === 'interrupted')) {
        lines.push('interrupted: stopped by a signal or a lost process, not a failure (no capture needed); run the command again to verify');
    }
    return lines;
}
/** `reverify receipts list|show`. */
async function receiptsCommandLine(argv, io) {
    const { flags, positionals, help } = (0,cli_flags/* parseCommandLine */.Du)(argv, 'receipts', 'reverify receipts --help');
    if (help) {
        io.stdout.write((0,cli_help/* receiptsHelp */.XK)());
        return 0;
    }
    const given = parse/* parseInputs */.T(flags, (0,cli_flags/* flagsOf */.Zo)('receipts'), { front: 'cli', base: io.cwd });
    const [action, ref, ...rest] = positionals;
    const json = given.json === true;
    const { root, stateDir, store } = openStore(given, io);
    if (action === 'list' && ref === undefined) {
        const receipts = await store.list({ target: root });
        if (json)
            (0,cli_io/* println */.S)(io.stdout, JSON.stringify(receipts, null, 2));
        else if (receipts.length === 0)
            (0,cli_io/* println */.S)(io.stdout, 'no receipts yet');
        else {
            const shown = await (0,stored_run/* receiptStatuses */.Lj)(receipts, { stateDir, root, here: resolve/* findTargetRoot */.R3(io.cwd) }, io.env, (0,external_node_os_.hostname)());
            const width = Math.max(...receipts.map(receipt => receipt.run_id.length));
            (0,cli_io/* println */.S)(io.stdout, headerLine(width));
            for (const receipt of receipts)
                (0,cli_io/* println */.S)(io.stdout, receiptLine(receipt, shown.get(receipt).label, width));
            for (const line of listFooter(receipts, shown))
                (0,cli_io/* println */.S)(io.stdout, line);
        }
        return 0;
    }
    if (action === 'show' && ref !== undefined && rest.length === 0) {
        const receipt = await (0,stored_run/* findRun */.Lc)(store, root, ref, 'receipts show');
        if (receipt === undefined)
            throw new errors/* UsageError */.eb(`receipts show: no receipt ${printable/* showValue */.vp(ref)} in this repository's state directory`);
        if (json) {
            (0,cli_io/* println */.S)(io.stdout, JSON.stringify(receipt, null, 2));
            return 0;
        }
        (0,cli_io/* println */.S)(io.stdout, `run:        ${receipt.run_id}`);
        (0,cli_io/* println */.S)(io.stdout, `status:     ${receipt.status}${receipt.flaky ? ' (flaky)' : ''}`);
        (0,cli_io/* println */.S)(io.stdout, `target:     ${receipt.target}${receipt.scope ? ` · scope ${receipt.scope}` : ''}`);
        (0,cli_io/* println */.S)(io.stdout, `started:    ${receipt.started_at}${receipt.ended_at ? ` · ended ${receipt.ended_at}` : ''}`);
        (0,cli_io/* println */.S)(io.stdout, `attempts:   ${receipt.attempts}/${receipt.max_attempts}`);
        const ran = receipt.tests?.attempts ?? [];
        if (ran.length > 0)
            (0,cli_io/* println */.S)(io.stdout, `tests ran:  ${ran.map(testsRanIn).join(' · ')}`);
        (0,cli_io/* println */.S)(io.stdout, `identity:   ${receipt.identity_hash}`);
        for (const command of receipt.identity)
            (0,cli_io/* println */.S)(io.stdout, `  ${command}`);
        for (const command of receipt.commands) {
            // A script shows as its first command line (the identity above lists them all).
            (0,cli_io/* println */.S)(io.stdout, `command:    ${(0,script_lines/* scriptLabel */.uc)(command.command) || command.command} → exit ${command.exit_code}${command.signal ? ` (${command.signal})` : ''}${command.timed_out ? ' (timed out)' : ''}`);
        }
        (0,cli_io/* println */.S)(io.stdout, `expect:     ${JSON.stringify(receipt.expectations)}`);
        (0,cli_io/* println */.S)(io.stdout, `trace:      ${receipt.session.dir}`);
        (0,cli_io/* println */.S)(io.stdout, `captured:   ${receipt.capture ? `${receipt.capture.captured_at} by ${receipt.capture.by} (${receipt.capture.source}): ${receipt.capture.note}` : 'no'}`);
        return 0;
    }
    throw new errors/* UsageError */.eb('receipts: expected `receipts list` or `receipts show <run-id|latest>`; see reverify receipts --help');
}
/** One attempt on the `tests ran:` line: `1: full suite, 312 tests` or `2: failed tests only, 2 tests`. */
function testsRanIn(entry) {
    return `${entry.attempt}: ${entry.rerun ? 'failed tests only' : 'full suite'}, ${entry.ran} ${entry.ran === 1 ? 'test' : 'tests'}`;
}
/** `reverify config set capture-before-retry <v>`. */
async function configCommandLine(argv, io) {
    const { positionals, help } = (0,cli_flags/* parseCommandLine */.Du)(argv, 'config', 'reverify config --help');
    if (help) {
        io.stdout.write(cli_help/* CONFIG_HELP */.hF);
        return 0;
    }
    const [action, key, value, ...rest] = positionals;
    if (action !== 'set' || key !== 'capture-before-retry' || value === undefined || rest.length > 0) {
        throw new errors/* UsageError */.eb('config: expected `config set capture-before-retry <warn|block|off>`');
    }
    const mode = await (0,capture_config/* configureCaptureMode */.C)(resolve/* findTargetRoot */.R3(io.cwd), value);
    (0,cli_io/* println */.S)(io.stdout, `reverify: capture-before-retry is ${mode} (.reverify/config.json)`);
    return 0;
}


/***/ }),

/***/ 7978:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ resumeRun),
/* harmony export */   n: () => (/* binding */ resumeOffers)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2074);
/* harmony import */ var _base_printable_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3174);
/* harmony import */ var _receipts_run_ref_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4508);
/* harmony import */ var _recovery_resume_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4887);
/* harmony import */ var _receipts_run_seal_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5976);
/* harmony import */ var _recovery_settle_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5524);
/* harmony import */ var _session_run_record_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1751);
/**
 * `reverify resume`'s admission (docs/design.md §6): which interrupted run is continued, and
 * whether it may be. A run is found by its id, or as the latest of the repository whose owner
 * is gone and whose receipt this machine sealed; a receipt without a valid seal proves
 * nothing and is refused; a run that had ended, or whose session is gone, has nothing to
 * continue and is settled or closed here; a run is continued only from the inputs this
 * machine recorded for it. The front end words the outcome and runs `verifyRun` with
 * `resume` for one it may continue.
 */








/** Finds the run to resume and admits it, settles or closes it, or refuses it with a usage error (see the header). */
async function resumeRun(query, ports) {
    const { store, seal } = ports;
    const here = { host: ports.owner.host };
    const runId = query.runId === undefined ? undefined : await (0,_receipts_run_ref_js__WEBPACK_IMPORTED_MODULE_1__/* .resolveRunRef */ .H$)(store.stateDir, query.runId, 'resume');
    const receipt = query.runId === undefined
        ? await store.latestOfTarget(query.target, candidate => (0,_recovery_resume_js__WEBPACK_IMPORTED_MODULE_2__/* .ownerGone */ .RT)(candidate, here) && (0,_receipts_run_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .receiptSealed */ .xB)(candidate, seal))
        : runId === undefined
            ? undefined
            : await store.read(runId);
    if (receipt === undefined)
        throw await nothingToResume(query, store);
    // A receipt that came with a checkout proves nothing and picks no command (docs/design.md §6).
    if (!(0,_receipts_run_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .receiptSealed */ .xB)(receipt, seal)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(`resume: run ${receipt.run_id} was not started by reverify on this machine (its receipt has no valid seal); run the command again with reverify run`);
    }
    // A run that had ended, or whose session is gone, has nothing to continue (docs/design.md §6).
    const entry = await (0,_recovery_settle_js__WEBPACK_IMPORTED_MODULE_5__/* .settleBeforeResume */ .U)({
        store,
        receipt,
        here,
        seal,
        redactor: query.redactor,
        clock: ports.clock,
        env: query.env,
        onLeftoverEnded: pgid => query.onLeftoverEnded(pgid, receipt.run_id)
    });
    if (entry.kind !== 'continue')
        return entry;
    const inputs = await (0,_session_run_record_js__WEBPACK_IMPORTED_MODULE_6__/* .readRunInputs */ .h)((0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(receipt.session.dir), seal);
    if (inputs === undefined) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(`resume: run ${receipt.run_id} has no inputs this machine recorded (none, a secret among them, or no valid seal); run the same command again with reverify run`);
    }
    return { kind: 'continue', receipt, inputs };
}
/**
 * Why there is no run to resume, in one line with the next step (docs/design.md §6): the run
 * named is not in the state directory; or the repository has no run there yet; or none of
 * its runs waits to be resumed (the newest is named).
 */
async function nothingToResume(query, store) {
    const where = store.stateDir;
    if (query.runId !== undefined)
        return new _base_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(`resume: no run ${(0,_base_printable_js__WEBPACK_IMPORTED_MODULE_7__/* .printable */ .g$)(query.runId, 80)} in ${where}; reverify receipts list shows the runs there`);
    const newest = await store.latestOfTarget(query.target);
    if (newest === undefined)
        return new _base_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(`resume: nothing to resume: no runs in ${where} yet; run one with reverify run --command "npm test"`);
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(`resume: nothing to resume: no run in ${where} is waiting to be resumed (the latest, ${newest.run_id}, is ${newest.status}); reverify receipts list shows them all`);
}
/**
 * What `reverify resume` would do with each `running` receipt whose owner is gone, so that
 * `reverify receipts list` offers it only where it works (recovery/settle.ts `resumeOffer`):
 * `resume`, `rerun` (only running the same command continues it) or `close`. Other receipts
 * are left out. The seal is checked without making a key: listing only reads.
 */
async function resumeOffers(receipts, place) {
    const offers = new Map();
    const here = { host: place.host };
    const seal = await (0,_receipts_run_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .loadRunSeal */ .vo)((0,_receipts_run_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .sealKeyPath */ .o$)(place.env), { create: false });
    for (const receipt of receipts) {
        if (receipt.status === 'running' && (0,_recovery_resume_js__WEBPACK_IMPORTED_MODULE_2__/* .ownerGone */ .RT)(receipt, here))
            offers.set(receipt, await (0,_recovery_settle_js__WEBPACK_IMPORTED_MODULE_5__/* .resumeOffer */ .Id)(receipt, { stateDir: place.stateDir, here, seal }));
    }
    return offers;
}


/***/ }),

/***/ 5502:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lc: () => (/* binding */ findRun),
/* harmony export */   Lj: () => (/* binding */ receiptStatuses),
/* harmony export */   qQ: () => (/* binding */ exportRun)
/* harmony export */ });
/* harmony import */ var _base_atomic_file_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(119);
/* harmony import */ var _capture_remedy_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2760);
/* harmony import */ var _export_ctrf_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(215);
/* harmony import */ var _export_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7937);
/* harmony import */ var _export_otlp_spans_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5211);
/* harmony import */ var _receipts_run_ref_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4508);
/* harmony import */ var _report_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(364);
/* harmony import */ var _resume_run_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7978);
/**
 * A stored run, found and exported (docs/design.md §2 "Exports"): the run a command names by
 * its id or as `latest`, and its exports — the CTRF report, the HTML report, or its trace sent
 * again over OTLP; and how a listing shows each. `reverify ctrf`, `report`, `export` and
 * `receipts list|show` ask these.
 */








/** Errors that mean the file asked for cannot be written there: the asker's to fix, not a fault. */
const UNWRITABLE = ['ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR', 'EROFS', 'EPERM'];
/**
 * The run `ref` names in the store: a run id or a unique part of one (receipts/run-ref.ts),
 * or `latest` for the newest run of the repository `root`; undefined when there is no such
 * run. A malformed or ambiguous ref is a UsageError that starts with `command`.
 */
async function findRun(store, root, ref, command) {
    if (ref === 'latest')
        return await store.latestOfTarget(root);
    const runId = await (0,_receipts_run_ref_js__WEBPACK_IMPORTED_MODULE_0__/* .resolveRunRef */ .H$)(store.stateDir, ref, command);
    return runId === undefined ? undefined : await store.read(runId);
}
async function exportRun(store, receipt, request) {
    if (request.format === 'otlp') {
        const reason = await (0,_export_index_js__WEBPACK_IMPORTED_MODULE_1__/* .resendRun */ .r)(store.stateDir, receipt, request.redactor, request.env, request.clock);
        return reason === undefined ? { kind: 'sent', traceId: (0,_export_otlp_spans_js__WEBPACK_IMPORTED_MODULE_2__/* .traceIdOf */ .aB)(receipt.run_id) } : { kind: 'not-sent', reason };
    }
    const where = request.out === undefined ? {} : { path: request.out };
    try {
        const path = request.format === 'ctrf'
            ? await (0,_export_ctrf_js__WEBPACK_IMPORTED_MODULE_3__/* .writeRunCtrf */ .og)(store.stateDir, receipt, request.redactor, where)
            : await (0,_report_index_js__WEBPACK_IMPORTED_MODULE_4__/* .writeRunReport */ .pX)(store, receipt, where);
        return { kind: 'written', path };
    }
    catch (error) {
        if (request.out !== undefined && (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_5__/* .isErrorCode */ .We)(error, ...UNWRITABLE))
            return { kind: 'unwritable', error };
        throw error;
    }
}
/**
 * How `receipts list` shows each receipt (docs/design.md §6): a `running` receipt whose
 * process is gone is resumable while there is something to continue, else interrupted, and a
 * resume that cannot work is never offered. `place` is where the commands are shown; `host`
 * is this machine's name (a run another machine owns is never offered).
 */
async function receiptStatuses(receipts, place, env, host) {
    const shown = new Map();
    const offers = await (0,_resume_run_js__WEBPACK_IMPORTED_MODULE_6__/* .resumeOffers */ .n)(receipts, { stateDir: place.stateDir, env, host });
    for (const receipt of receipts) {
        const offer = offers.get(receipt);
        const label = offer === undefined ? receipt.status : offer === 'close' ? 'interrupted' : 'resumable';
        shown.set(receipt, { label, ...(offer === 'resume' && { resumeWith: (0,_capture_remedy_js__WEBPACK_IMPORTED_MODULE_7__/* .resumeCommand */ .VJ)(receipt.run_id, place) }) });
    }
    return shown;
}


/***/ })

};
