export const id = 937;
export const ids = [937];
export const modules = {

/***/ 6831:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ ctrfTests)
/* harmony export */ });
/* unused harmony export MAX_CTRF_TESTS */
/** Most tests listed in one report; the rest are counted in the report's `extra`. */
const MAX_CTRF_TESTS = 5_000;
/** Longest message or trace text in a report. */
const MAX_TEXT = 4_000;
const ms = (value) => (value === undefined || !Number.isFinite(value) ? 0 : Math.max(0, Math.round(value)));
const capped = (text) => text === undefined || text === '' ? undefined : text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
function statusOf(outcome) {
    return outcome === 'error' ? 'failed' : outcome;
}
/** The executions an attempt's results record, by test name (a trace without `cases` lists its failures only). */
function executionsOf(attempt, tests) {
    const failures = new Map(tests.failed_tests.map(test => [test.name, test]));
    // The recorded cases (a trace may hold only some, or none), and the failed tests in any case.
    const listed = new Set((tests.cases ?? []).map(test => test.name));
    const unlisted = tests.failed_tests.filter(test => !listed.has(test.name));
    const cases = [...(tests.cases ?? []), ...unlisted.map(test => ({ name: test.name, outcome: test.outcome, file: test.file }))];
    const found = new Map();
    for (const test of cases) {
        if (found.has(test.name))
            continue;
        const failure = failures.get(test.name);
        const duration = 'duration_ms' in test ? test.duration_ms : undefined;
        const detail = 'detail' in test ? test.detail : undefined;
        found.set(test.name, {
            attempt: attempt.attempt,
            status: statusOf(test.outcome),
            rawStatus: test.outcome,
            duration: ms(duration),
            ...(attempt.startMs !== undefined && { start: attempt.startMs }),
            ...(failure?.message !== undefined && { message: failure.message }),
            ...(detail !== undefined && { trace: detail }),
            ...((failure?.file ?? test.file) !== undefined && { file: failure?.file ?? test.file }),
            ...(failure?.line !== undefined && { line: failure.line })
        });
    }
    return found;
}
function retryAttempt(run) {
    const message = capped(run.message);
    const trace = capped(run.trace);
    return {
        attempt: run.attempt,
        status: run.status,
        duration: run.duration,
        ...(message !== undefined && { message }),
        ...(trace !== undefined && { trace }),
        ...(run.line !== undefined && { line: run.line }),
        ...(run.start !== undefined && { start: run.start, stop: run.start + run.duration })
    };
}
/** One test from its executions, oldest first. */
function testOf(name, runs, quarantined) {
    const last = runs[runs.length - 1];
    const earlier = runs.slice(0, -1);
    const file = [...runs].reverse().find(run => run.file !== undefined)?.file;
    const line = [...runs].reverse().find(run => run.line !== undefined)?.line;
    const message = capped(last.message);
    const trace = capped(last.trace);
    return {
        name,
        status: last.status,
        duration: last.duration,
        ...(last.start !== undefined && { start: last.start, stop: last.start + last.duration }),
        ...(last.rawStatus !== last.status && { rawStatus: last.rawStatus }),
        ...(message !== undefined && { message }),
        ...(trace !== undefined && { trace }),
        ...(file !== undefined && { filePath: file }),
        ...(line !== undefined && { line }),
        retries: earlier.length,
        flaky: last.status === 'passed' && earlier.some(run => run.status === 'failed'),
        ...(earlier.length > 0 && { retryAttempts: earlier.map(retryAttempt) }),
        ...(quarantined.has(name) && { labels: { quarantined: true } })
    };
}
/** One test per JUnit test of the run, in the order they first appeared. */
function junitTests(facts) {
    const runs = new Map();
    let omitted = 0;
    for (const attempt of facts.attempts) {
        if (attempt.tests === undefined)
            continue;
        const executions = executionsOf(attempt, attempt.tests);
        // The attempt's tests its record does not list (beyond the trace's budget, or an older trace's passed tests).
        omitted = Math.max(omitted, attempt.tests.total - executions.size);
        for (const [name, run] of executions) {
            const known = runs.get(name);
            // A rerun's filter skips every test it does not target: that is no execution of them.
            if (known !== undefined && attempt.rerunTests !== undefined && run.status === 'skipped')
                continue;
            if (known !== undefined)
                known.push(run);
            else if (runs.size < MAX_CTRF_TESTS)
                runs.set(name, [run]);
            else
                omitted++;
        }
    }
    const quarantined = new Set(facts.receipt.quarantined ?? []);
    return { tests: [...runs].map(([name, list]) => testOf(name, list, quarantined)), omitted };
}
/** The command as the one test of a run without test results. */
function commandTest(facts) {
    const { receipt } = facts;
    const ran = facts.attempts.filter(attempt => !attempt.interrupted || attempt === facts.attempts.at(-1));
    const last = ran.at(-1);
    const status = receipt.status === 'passed' ? 'passed' : receipt.status === 'failed' ? 'failed' : 'other';
    const message = status === 'passed' ? undefined : capped(last?.detail);
    const earlier = ran.slice(0, -1).map(attempt => retryAttempt({
        attempt: attempt.attempt,
        status: attempt.ok ? 'passed' : 'failed',
        rawStatus: '',
        duration: ms(attempt.durationMs),
        ...(attempt.startMs !== undefined && { start: attempt.startMs }),
        ...(attempt.detail !== '' && { message: attempt.detail })
    }));
    const duration = last === undefined ? ms(facts.endMs - facts.startMs) : ms(last.durationMs);
    return {
        name: facts.label,
        status,
        duration,
        ...(last?.startMs !== undefined && { start: last.startMs, stop: last.startMs + duration }),
        ...(status === 'other' && { rawStatus: receipt.status }),
        ...(message !== undefined && { message }),
        retries: earlier.length,
        flaky: receipt.flaky,
        ...(earlier.length > 0 && { retryAttempts: earlier })
    };
}
/** The report's tests: the JUnit tests when the run read any, else the command. */
function ctrfTests(facts) {
    return facts.hasTests ? junitTests(facts) : { tests: [commandTest(facts)], omitted: 0 };
}


/***/ }),

/***/ 215:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   nI: () => (/* binding */ writeSessionCtrf),
/* harmony export */   og: () => (/* binding */ writeRunCtrf)
/* harmony export */ });
/* unused harmony exports CTRF_FILE, CTRF_SPEC_VERSION, buildCtrf, writeCtrfFile */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2074);
/* harmony import */ var _base_printable_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3174);
/* harmony import */ var _base_version_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9481);
/* harmony import */ var _redaction_index_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6834);
/* harmony import */ var _session_layout_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(4020);
/* harmony import */ var _session_reader_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2537);
/* harmony import */ var _ctrf_tests_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6831);
/* harmony import */ var _run_facts_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8785);
/**
 * A run's CTRF report (docs/design.md §2 "Exports"): `ctrf.json` in the session folder, next to the
 * trace, written whenever a run closes (by itself, by the post step or by the next run), so
 * every trace artifact carries it; or anywhere `reverify ctrf --out` is told. Built from the
 * trace and the receipt, redacted like every file written, and valid against the Common Test
 * Report Format's published JSON schema.
 */











/** The report's file name in a session folder. */
const CTRF_FILE = 'ctrf.json';
/** The CTRF specification version the report follows. */
const CTRF_SPEC_VERSION = '0.0.0';
/** A UUID derived from the run id: the same run gives the same report id, whoever writes it. */
function reportId(runId) {
    const hex = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(`ctrf:${runId}`).digest('hex');
    const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
/** The CI facts as CTRF's `environment` (only fields the receipt knows; no person's name). */
function environment(facts) {
    const { receipt } = facts;
    const ci = receipt.ci;
    const extra = {
        ...(receipt.scope !== '' && { scope: receipt.scope }),
        ...(ci?.job !== undefined && { job: ci.job }),
        ...(ci?.run_attempt !== undefined && { runAttempt: ci.run_attempt }),
        ...(ci?.event !== undefined && { event: ci.event })
    };
    return {
        reportName: facts.stepName,
        ...(ci !== undefined && { repositoryName: receipt.target }),
        ...(ci?.run_id !== undefined && { buildId: ci.run_id }),
        ...(ci?.workflow !== undefined && { buildName: ci.workflow }),
        ...(ci?.sha !== undefined && { commit: ci.sha }),
        ...(ci?.ref !== undefined && { branchName: (0,_run_facts_js__WEBPACK_IMPORTED_MODULE_3__/* .shortRef */ .m3)(ci.ref) }),
        healthy: receipt.status === 'passed' && !receipt.flaky,
        ...(Object.keys(extra).length > 0 && { extra })
    };
}
/** The CTRF report of a run from its trace events and receipt (not yet redacted). */
function buildCtrf(events, receipt) {
    const facts = (0,_run_facts_js__WEBPACK_IMPORTED_MODULE_3__/* .runFacts */ .pI)(events, receipt);
    const { tests, omitted } = (0,_ctrf_tests_js__WEBPACK_IMPORTED_MODULE_4__/* .ctrfTests */ .h)(facts);
    const count = (status) => tests.filter(test => test.status === status).length;
    return {
        reportFormat: 'CTRF',
        specVersion: CTRF_SPEC_VERSION,
        reportId: reportId(receipt.run_id),
        runId: receipt.run_id,
        timestamp: new Date(facts.endMs).toISOString(),
        generatedBy: `reverify ${_base_version_js__WEBPACK_IMPORTED_MODULE_5__/* .VERSION */ .x}`,
        results: {
            tool: { name: 'reverify', version: _base_version_js__WEBPACK_IMPORTED_MODULE_5__/* .VERSION */ .x },
            summary: {
                tests: tests.length,
                passed: count('passed'),
                failed: count('failed'),
                skipped: count('skipped'),
                pending: count('pending'),
                other: count('other'),
                flaky: tests.filter(test => test.flaky).length,
                start: facts.startMs,
                stop: facts.endMs,
                duration: facts.endMs - facts.startMs,
                ...(omitted > 0 && { extra: { testsNotListed: omitted } })
            },
            tests,
            environment: environment(facts),
            extra: {
                reverify: {
                    status: receipt.status,
                    flaky: receipt.flaky,
                    attempts: receipt.attempts,
                    maxAttempts: receipt.max_attempts,
                    command: facts.script,
                    testResults: facts.hasTests,
                    captured: receipt.capture !== undefined,
                    ...(receipt.gate !== undefined && { gate: receipt.gate })
                }
            }
        }
    };
}
/** Writes the report of a run whose trace is in `sessionDir` to `path`, redacted. */
async function writeCtrfFile(receipt, sessionDir, path, redactor) {
    const report = (0,_redaction_index_js__WEBPACK_IMPORTED_MODULE_6__/* .redactDeep */ .K)(buildCtrf(await (0,_session_reader_js__WEBPACK_IMPORTED_MODULE_7__/* .readSessionTrace */ .Q)(sessionDir), receipt), redactor);
    // Temp file and rename, so a reader never sees half a report; not synced to disk, as it
    // can be written again from the trace at any time (reverify ctrf) and a sync costs every run.
    const temp = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(path), `.${(0,node_path__WEBPACK_IMPORTED_MODULE_2__.basename)(path)}.${process.pid}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(4).toString('hex')}.tmp`);
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.writeFileSync)(temp, `${JSON.stringify(report, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.renameSync)(temp, path);
    }
    catch (error) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(temp, { force: true });
        throw error;
    }
}
/**
 * Writes the report of a run of the state directory `stateDir` to `path` (default: ctrf.json
 * in its session folder) and returns the path. Throws a UsageError when the receipt's
 * session folder is not one of this state directory's.
 */
async function writeRunCtrf(stateDir, receipt, redactor, options = {}) {
    const sessionDir = options.sessionDir ?? receipt.session.dir;
    // The receipt's session path is untrusted: only a session of this state directory is read.
    if (!(await (0,_session_layout_js__WEBPACK_IMPORTED_MODULE_8__/* .isOwnSessionDir */ .KM)(stateDir, sessionDir))) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .UsageError */ .eb(`run ${receipt.run_id} has no trace folder in this state directory (${(0,_base_printable_js__WEBPACK_IMPORTED_MODULE_10__/* .printable */ .g$)(sessionDir)})`);
    }
    const path = options.path ?? (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(sessionDir, CTRF_FILE);
    await writeCtrfFile(receipt, sessionDir, path, redactor);
    return path;
}
/**
 * Writes `ctrf.json` into a closed run's session folder. Returns the path, or why it could
 * not be written: an export is a convenience, so a failure is for the caller to warn about,
 * never to fail a run.
 */
async function writeSessionCtrf(stateDir, receipt, redactor, sessionDir = receipt.session.dir) {
    try {
        return { path: await writeRunCtrf(stateDir, receipt, redactor, { sessionDir }) };
    }
    catch (error) {
        return { error: `could not write the CTRF report: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .describeError */ .Uc)(error)}` };
    }
}


/***/ }),

/***/ 7937:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  A: () => (/* binding */ exportClosedRun),
  r: () => (/* binding */ resendRun)
});

// EXTERNAL MODULE: ./src/core/base/errors.ts
var errors = __webpack_require__(2074);
// EXTERNAL MODULE: ./src/core/base/printable.ts
var printable = __webpack_require__(3174);
// EXTERNAL MODULE: ./src/core/session/layout.ts
var layout = __webpack_require__(4020);
// EXTERNAL MODULE: ./src/core/export/ctrf.ts
var export_ctrf = __webpack_require__(215);
;// CONCATENATED MODULE: ./src/core/export/otlp-config.ts
/**
 * Whether and where to send runs over OTLP/HTTP (docs/design.md §2 "Exports"), from the environment
 * variables the OpenTelemetry specification defines: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the
 * URL as given) or OTEL_EXPORTER_OTLP_ENDPOINT (a base, `/v1/traces` appended), their headers
 * (`key=value` pairs, comma-separated, values percent-decoded), OTEL_SERVICE_NAME,
 * OTEL_RESOURCE_ATTRIBUTES, and OTEL_SDK_DISABLED. Read without loading any OpenTelemetry
 * package: a run with no endpoint pays nothing for the export.
 */
/** `key=value,key2=value2` as the specification writes headers and resource attributes; malformed pairs are skipped. */
function parseKeyValues(text) {
    const pairs = {};
    for (const part of (text ?? '').split(',')) {
        const at = part.indexOf('=');
        if (at <= 0)
            continue;
        const key = part.slice(0, at).trim();
        let value = part.slice(at + 1).trim();
        try {
            value = decodeURIComponent(value);
        }
        catch {
            // A stray `%` is kept as written.
        }
        if (key !== '' && !Object.hasOwn(pairs, key))
            pairs[key] = value;
    }
    return pairs;
}
/** The endpoint as a URL when it is http(s). */
function httpUrl(text) {
    try {
        const url = new URL(text);
        return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
    }
    catch {
        return undefined;
    }
}
/** The OTLP settings the environment gives. */
function otlpConfig(env) {
    if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true')
        return { kind: 'off' };
    const traces = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? '').trim();
    const base = (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim();
    if (traces === '' && base === '')
        return { kind: 'off' };
    const name = traces !== '' ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT';
    const url = httpUrl(traces !== '' ? traces : base);
    // The value is not shown: an endpoint URL can carry a token.
    if (url === undefined)
        return { kind: 'invalid', error: `${name} is not an http:// or https:// URL; nothing was exported` };
    if (traces === '')
        url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
    const headers = { ...parseKeyValues(env.OTEL_EXPORTER_OTLP_HEADERS), ...parseKeyValues(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS) };
    const resourceAttributes = parseKeyValues(env.OTEL_RESOURCE_ATTRIBUTES);
    const serviceName = (env.OTEL_SERVICE_NAME ?? '').trim() || resourceAttributes['service.name'] || 'reverify';
    return { kind: 'on', settings: { url: url.toString(), headers, serviceName, resourceAttributes } };
}

// EXTERNAL MODULE: ./src/core/redaction/index.ts + 11 modules
var redaction = __webpack_require__(6834);
// EXTERNAL MODULE: ./src/core/session/reader.ts
var reader = __webpack_require__(2537);
// EXTERNAL MODULE: ./src/core/export/otlp-spans.ts
var otlp_spans = __webpack_require__(5211);
;// CONCATENATED MODULE: ./src/core/export/otlp.ts
/**
 * Exporting a closed run as one OpenTelemetry trace over OTLP/HTTP (docs/design.md §2 "Exports"): the
 * spans are planned from the trace and receipt, redacted (with the header values added to the
 * secrets), and sent by otlp-send.ts, which is loaded only now. Whatever happens (a refused
 * connection, an error status, an endpoint that hangs) ends within EXPORT_DEADLINE_MS as one
 * line for the caller to warn with.
 */




/** The longest an export may take, loading the packages included. */
const EXPORT_DEADLINE_MS = 10_000;
/** Kept back from the exporter's own timeout, so that its answer comes before the deadline. */
const MARGIN_MS = 500;
/**
 * The run's redactor and the header values, which are secrets too: each whole value, and each
 * long word of one (the token of `Bearer <token>` can be printed on its own).
 */
function withHeaderValues(redactor, headers) {
    const whole = Object.values(headers).filter(value => value.trim().length >= 4);
    const words = whole.flatMap(value => value.split(/\s+/)).filter(word => word.length >= 8);
    const values = [...new Set([...whole, ...words])];
    if (values.length === 0)
        return redactor;
    const extra = (0,redaction/* createRedactor */.l)({ values });
    return { ...redactor, redact: text => extra.redact(redactor.redact(text)) };
}
/** Where the trace went, for a warning: the endpoint's origin (its path and query may carry a token). */
function place(url) {
    try {
        return new URL(url).origin;
    }
    catch {
        return 'the endpoint';
    }
}
/** One line of an error, bounded. */
function oneLine(error) {
    const text = (0,errors/* describeError */.Uc)(error).split('\n')[0].trim();
    return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
/**
 * Sends the run whose trace is in `sessionDir`; resolves to undefined when the endpoint took
 * it, else to the one-line reason (never rejects).
 */
async function sendRunTrace(receipt, sessionDir, settings, redactor, deadlineMs = EXPORT_DEADLINE_MS) {
    const started = Date.now();
    let timer;
    const late = new Promise(resolve => {
        timer = setTimeout(() => resolve(`no answer within ${Math.round(deadlineMs / 1000)} s`), deadlineMs);
        timer.unref();
    });
    const attempt = (async () => {
        const secrets = withHeaderValues(redactor, settings.headers);
        const plan = (0,redaction/* redactDeep */.K)((0,otlp_spans/* planRunSpans */.Er)(await (0,reader/* readSessionTrace */.Q)(sessionDir), receipt), secrets);
        const { sendSpans } = await Promise.all(/* import() */[__webpack_require__.e(271), __webpack_require__.e(690)]).then(__webpack_require__.bind(__webpack_require__, 3690));
        await sendSpans(plan, receipt.run_id, settings, Math.max(1, deadlineMs - (Date.now() - started) - MARGIN_MS));
        return undefined;
    })().catch(error => oneLine(error));
    try {
        const reason = await Promise.race([attempt, late]);
        return reason === undefined ? undefined : `could not export the run to OpenTelemetry at ${place(settings.url)}: ${reason}`;
    }
    finally {
        clearTimeout(timer);
    }
}

;// CONCATENATED MODULE: ./src/core/export/index.ts
/**
 * What a run leaves for other tools once it has closed (docs/design.md §2 "Exports"): `ctrf.json` next
 * to its trace, always; and one OpenTelemetry trace sent over OTLP/HTTP when the environment
 * names an endpoint (the OpenTelemetry packages are loaded only then). Whoever closes a run calls this once: the run itself, the action's
 * post step, or the next run. Nothing here can change a verdict, a receipt or an exit code:
 * each failure comes back as one warning line.
 */






/** Writes the closed run's exports; resolves to the warnings (empty when all went well). */
async function exportClosedRun(receipt, context) {
    const warnings = [];
    const ctrf = await (0,export_ctrf/* writeSessionCtrf */.nI)(context.stateDir, receipt, context.redactor, context.sessionDir);
    if ('error' in ctrf)
        warnings.push(ctrf.error);
    const otlp = otlpConfig(context.env ?? process.env);
    if (otlp.kind === 'invalid')
        warnings.push(`OpenTelemetry export: ${otlp.error}`);
    if (otlp.kind === 'on') {
        const error = await sendRunTrace(receipt, context.sessionDir ?? receipt.session.dir, otlp.settings, context.redactor);
        if (error !== undefined)
            warnings.push(error);
    }
    return warnings;
}
/**
 * `reverify export`: sends a stored run again (the same trace and span ids). Resolves to why
 * the endpoint did not take it, or undefined; a missing or bad endpoint, or a receipt whose
 * trace is not in this state directory, is a UsageError.
 */
async function resendRun(stateDir, receipt, redactor, env) {
    const otlp = otlpConfig(env);
    if (otlp.kind === 'invalid')
        throw new errors/* UsageError */.eb(`export: ${otlp.error}`);
    if (otlp.kind === 'off') {
        throw new errors/* UsageError */.eb('export: no endpoint: set OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) to the collector');
    }
    // The receipt's session path is untrusted: only a session of this state directory is read.
    if (!(await (0,layout/* isOwnSessionDir */.KM)(stateDir, receipt.session.dir))) {
        throw new errors/* UsageError */.eb(`export: run ${receipt.run_id} has no trace folder in this state directory (${(0,printable/* printable */.g$)(receipt.session.dir)})`);
    }
    return sendRunTrace(receipt, receipt.session.dir, otlp.settings, redactor);
}


/***/ }),

/***/ 5211:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DR: () => (/* binding */ spanIdOf),
/* harmony export */   Er: () => (/* binding */ planRunSpans),
/* harmony export */   aB: () => (/* binding */ traceIdOf),
/* harmony export */   gR: () => (/* binding */ MAX_ATTRIBUTE_CHARS)
/* harmony export */ });
/* unused harmony export MAX_TEST_SPANS */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _ctrf_tests_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6831);
/* harmony import */ var _run_facts_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8785);
/**
 * A closed run as the spans of one trace (docs/design.md §2 "Exports"), as plain data: a span for the
 * run, a child per attempt, a child per failed or flaky test, with the OpenTelemetry CI/CD
 * and VCS semantic-convention attributes and `reverify.*` for what they lack. The ids are
 * derived from the run id, so sending a run again gives the same trace. Nothing here loads
 * an OpenTelemetry package (otlp-send.ts does, only when an endpoint is set).
 */



/** Most test spans of one run (the failed and flaky tests beyond it are counted on the run span). */
const MAX_TEST_SPANS = 100;
/** Most names in a list attribute. */
const MAX_LIST = 50;
/** Longest attribute value or span name sent (the SDK's limit enforces it again). */
const MAX_ATTRIBUTE_CHARS = 1_000;
const hex = (text, length) => (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(text).digest('hex').slice(0, length);
/** The trace id of a run: the same for every export of it. */
function traceIdOf(runId) {
    return hex(`reverify-trace:${runId}`, 32);
}
/** The span id of the `index`th span of a run's trace. */
function spanIdOf(runId, index) {
    return hex(`reverify-span:${runId}:${index}`, 16);
}
const cap = (text) => (text.length > MAX_ATTRIBUTE_CHARS ? `${text.slice(0, MAX_ATTRIBUTE_CHARS - 1)}…` : text);
const list = (names) => names.slice(0, MAX_LIST).map(cap);
/** The CI/CD conventions' result of a run (cicd.pipeline.result). */
function pipelineResult(receipt, last) {
    if (receipt.status === 'passed')
        return 'success';
    if (receipt.status === 'interrupted')
        return 'cancellation';
    if (receipt.status === 'aborted')
        return 'error';
    return last?.timedOut ? 'timeout' : 'failure';
}
/** Whether the run needed, and got, a capture (docs/design.md §3). */
function captureState(receipt) {
    if (receipt.capture !== undefined)
        return 'captured';
    return receipt.status === 'failed' ? 'uncaptured' : 'not-needed';
}
/** The run span's attributes. */
function runAttributes(facts) {
    const { receipt } = facts;
    const ci = receipt.ci;
    const ref = ci?.ref;
    const [owner, repository] = ci !== undefined && receipt.target.includes('/') ? receipt.target.split('/', 2) : [];
    return {
        'cicd.pipeline.task.name': cap(facts.stepName),
        'cicd.pipeline.task.run.id': receipt.run_id,
        'cicd.pipeline.result': pipelineResult(receipt, facts.attempts.at(-1)),
        ...(ci?.workflow !== undefined && { 'cicd.pipeline.name': cap(ci.workflow) }),
        ...(ci?.run_id !== undefined && { 'cicd.pipeline.run.id': ci.run_id }),
        ...(ci?.sha !== undefined && { 'vcs.ref.head.revision': ci.sha }),
        ...(ref !== undefined && { 'vcs.ref.head.name': ref.replace(/^refs\/(heads|tags)\//, '') }),
        ...(ref !== undefined && /^refs\/(heads|tags)\//.test(ref) && { 'vcs.ref.head.type': ref.startsWith('refs/tags/') ? 'tag' : 'branch' }),
        ...(owner && repository && { 'vcs.owner.name': owner, 'vcs.repository.name': repository }),
        'reverify.run.id': receipt.run_id,
        'reverify.receipt.id': receipt.run_id,
        'reverify.status': receipt.status,
        'reverify.flaky': receipt.flaky,
        'reverify.attempts': receipt.attempts,
        'reverify.max_attempts': receipt.max_attempts,
        'reverify.capture.state': captureState(receipt),
        'reverify.command': cap(facts.script),
        ...(receipt.scope !== '' && { 'reverify.scope': cap(receipt.scope) }),
        ...(ci?.run_attempt !== undefined && { 'reverify.ci.run_attempt': ci.run_attempt }),
        ...(ci?.job !== undefined && { 'reverify.ci.job': cap(ci.job) }),
        ...(receipt.tests !== undefined && {
            'reverify.tests.total': receipt.tests.total,
            'reverify.tests.failed': list(receipt.tests.failed),
            'reverify.tests.flaky': list(receipt.tests.flaky)
        }),
        ...(receipt.quarantined !== undefined && { 'reverify.quarantine.tests': list(receipt.quarantined) }),
        ...(receipt.gate !== undefined && { 'reverify.gate': receipt.gate })
    };
}
/** One attempt's span. */
function attemptSpan(attempt, facts) {
    const startMs = attempt.startMs ?? facts.startMs;
    const result = attempt.ok ? 'success' : attempt.interrupted ? 'cancellation' : attempt.timedOut ? 'timeout' : 'failure';
    return {
        name: `attempt ${attempt.attempt}`,
        parent: 0,
        startMs,
        endMs: startMs + attempt.durationMs,
        ok: attempt.ok,
        ...(!attempt.ok && attempt.detail !== '' && { message: cap(attempt.detail) }),
        attributes: {
            'cicd.pipeline.task.run.result': result,
            'reverify.attempt': attempt.attempt,
            ...(attempt.exit !== undefined && { 'process.exit.code': attempt.exit }),
            'reverify.attempt.duration_ms': Math.round(attempt.durationMs),
            'reverify.attempt.timed_out': attempt.timedOut,
            'reverify.attempt.interrupted': attempt.interrupted,
            ...(attempt.detail !== '' && { 'reverify.attempt.detail': cap(attempt.detail) }),
            ...(attempt.rerunTests !== undefined && { 'reverify.attempt.rerun_tests': list(attempt.rerunTests) }),
            ...(attempt.tests !== undefined && {
                'reverify.attempt.tests.total': attempt.tests.total,
                'reverify.attempt.tests.failed': attempt.tests.failed + attempt.tests.errors
            })
        }
    };
}
/** The spans of a closed run from its trace events and receipt. */
function planRunSpans(events, receipt) {
    const facts = (0,_run_facts_js__WEBPACK_IMPORTED_MODULE_1__/* .runFacts */ .pI)(events, receipt);
    const ran = facts.attempts.filter(attempt => !attempt.interrupted || attempt === facts.attempts.at(-1));
    const quarantined = new Set(receipt.quarantined ?? []);
    const notable = facts.hasTests ? (0,_ctrf_tests_js__WEBPACK_IMPORTED_MODULE_2__/* .ctrfTests */ .h)(facts).tests.filter(test => test.status === 'failed' || test.flaky) : [];
    const run = {
        name: cap(`verify ${facts.stepName}`),
        startMs: facts.startMs,
        endMs: facts.endMs,
        ok: receipt.status === 'passed',
        ...(receipt.status !== 'passed' && { message: `run ${receipt.status}` }),
        attributes: {
            ...runAttributes(facts),
            ...(notable.length > MAX_TEST_SPANS && { 'reverify.tests.not_sent': notable.length - MAX_TEST_SPANS })
        }
    };
    const tests = notable.slice(0, MAX_TEST_SPANS).map((test) => {
        const startMs = test.retryAttempts?.[0]?.start ?? test.start ?? facts.startMs;
        return {
            name: cap(`test ${test.name}`),
            parent: 0,
            startMs,
            endMs: Math.max(startMs, test.stop ?? startMs + test.duration),
            ok: test.status !== 'failed',
            ...(test.status === 'failed' && test.message !== undefined && { message: cap(test.message) }),
            attributes: {
                'test.case.name': cap(test.name),
                'test.case.result.status': test.status === 'failed' ? 'fail' : 'pass',
                'reverify.test.flaky': test.flaky,
                'reverify.test.retries': test.retries,
                'reverify.test.quarantined': quarantined.has(test.name),
                ...(test.filePath !== undefined && { 'code.file.path': cap(test.filePath) }),
                ...(test.line !== undefined && { 'code.line.number': test.line }),
                ...(test.message !== undefined && { 'reverify.test.message': cap(test.message) })
            }
        };
    });
    return { traceId: traceIdOf(receipt.run_id), spans: [run, ...ran.map(attempt => attemptSpan(attempt, facts)), ...tests] };
}


/***/ }),

/***/ 8785:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   m3: () => (/* binding */ shortRef),
/* harmony export */   pI: () => (/* binding */ runFacts)
/* harmony export */ });
/* unused harmony export epochMs */
/* harmony import */ var _session_events_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(907);
/* harmony import */ var _shell_script_lines_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2373);
/* harmony import */ var _test_results_trace_tests_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9390);



/** Epoch ms of an RFC 3339 time, when it parses. */
function epochMs(time) {
    if (time === null || time === undefined)
        return undefined;
    const ms = Date.parse(time);
    return Number.isFinite(ms) ? ms : undefined;
}
/** The run's facts from its trace events and receipt. */
function runFacts(events, receipt) {
    const attempts = new Map();
    const facts = (attempt) => {
        let found = attempts.get(attempt);
        if (found === undefined) {
            found = { attempt, durationMs: 0, timedOut: false, interrupted: false, ok: false, detail: '' };
            attempts.set(attempt, found);
        }
        return found;
    };
    for (const event of events) {
        if (event.phase === 'tool_call') {
            const target = facts(event.payload.attempt);
            target.startMs = epochMs(event.ts);
            if (event.payload.rerun !== undefined)
                target.rerunTests = event.payload.rerun.tests;
        }
        else if (event.phase === 'tool_result') {
            const { payload } = event;
            const target = facts(payload.attempt);
            target.durationMs = payload.duration_ms;
            target.exit = payload.exit;
            target.timedOut = payload.timed_out === true;
            target.interrupted = payload.interrupted === true;
            target.startMs = epochMs(payload.started_at) ?? target.startMs;
        }
        else if (event.phase === 'verify') {
            const target = facts(event.payload.attempt);
            target.ok = event.payload.ok;
            target.detail = event.payload.detail;
        }
        else if (event.phase === 'note' && (0,_session_events_js__WEBPACK_IMPORTED_MODULE_0__/* .noteKind */ .LA)(event.payload) === 'tests') {
            const tests = (0,_test_results_trace_tests_js__WEBPACK_IMPORTED_MODULE_1__/* .traceTestsOf */ .g)(event.payload);
            if (tests !== undefined)
                facts(tests.attempt).tests = tests;
        }
    }
    const startMs = epochMs(receipt.started_at) ?? 0;
    const end = (0,_session_events_js__WEBPACK_IMPORTED_MODULE_0__/* .eventsOf */ .XL)(events, 'end').at(-1);
    const endMs = Math.max(startMs, epochMs(receipt.ended_at) ?? epochMs(end?.ts) ?? startMs);
    const script = (0,_session_events_js__WEBPACK_IMPORTED_MODULE_0__/* .eventsOf */ .XL)(events, 'decision')[0]?.payload.decision[0] ?? receipt.identity.join('\n');
    const ordered = [...attempts.values()].sort((a, b) => a.attempt - b.attempt);
    return {
        receipt,
        stepName: (0,_session_events_js__WEBPACK_IMPORTED_MODULE_0__/* .eventsOf */ .XL)(events, 'start')[0]?.skill ?? 'verify',
        script,
        label: (0,_shell_script_lines_js__WEBPACK_IMPORTED_MODULE_2__/* .scriptLabel */ .uc)(script) || 'verify',
        outcome: end?.payload.outcome ?? 'running',
        startMs,
        endMs,
        attempts: ordered,
        hasTests: ordered.some(attempt => attempt.tests !== undefined)
    };
}
/** `ref` without its `refs/heads/` or `refs/tags/` prefix. */
function shortRef(ref) {
    return ref.replace(/^refs\/(heads|tags)\//, '');
}


/***/ })

};
