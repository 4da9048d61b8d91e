export const id = 75;
export const ids = [75];
export const modules = {

/***/ 5075:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   flakyCommandLine: () => (/* binding */ flakyCommandLine)
/* harmony export */ });
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2074);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5018);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7454);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6037);
/* harmony import */ var _flags_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5377);
/* harmony import */ var _help_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7911);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1604);
/* harmony import */ var _receipts_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8716);
/** `reverify flaky [--json] [--since N]`: this repository's tests by how often they flaked (docs/design.md §1 "Test results"). */





const DAY_MS = 24 * 60 * 60 * 1000;
/** Lists the tests that flaked or failed in this repository's receipts, most flakes first. */
async function flakyCommandLine(argv, io) {
    const { flags, positionals, help } = (0,_flags_js__WEBPACK_IMPORTED_MODULE_0__/* .parseCommandLine */ .Du)(argv, 'flaky', 'reverify flaky --help');
    if (help) {
        io.stdout.write((0,_help_js__WEBPACK_IMPORTED_MODULE_1__/* .flakyHelp */ .pE)());
        return 0;
    }
    if (positionals.length > 0)
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('flaky: takes no arguments; see reverify flaky --help');
    const given = _core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .parseInputs */ .T(flags, (0,_flags_js__WEBPACK_IMPORTED_MODULE_0__/* .flagsOf */ .Zo)('flaky'), { front: 'cli', base: io.cwd });
    const { root, store } = (0,_receipts_js__WEBPACK_IMPORTED_MODULE_4__.openStore)(given, io);
    const since = given.since;
    const sinceMs = since === undefined ? undefined : Date.now() - since * DAY_MS;
    const receipts = (await store.list({ target: root })).filter(receipt => sinceMs === undefined || Date.parse(receipt.started_at) >= sinceMs);
    const history = (0,_core_index_js__WEBPACK_IMPORTED_MODULE_5__/* .testHistory */ .l)(receipts);
    // Each test's runs are those of the commands that name it (test-rates.ts): its rate is not thinned by other commands.
    const rates = new Map(_core_index_js__WEBPACK_IMPORTED_MODULE_6__/* .testRates */ .q_(receipts).map(rate => [rate.name, rate]));
    if (given.json === true) {
        const tests = history.tests.map(test => {
            const rate = rates.get(test.name);
            return {
                name: test.name,
                flaky: test.flaky,
                failed: test.failed,
                last_run_id: test.lastRunId,
                last_at: test.lastAt,
                ...(rate !== undefined && { runs: rate.runs, rate: flakeRate(rate), first_seen: rate.firstSeen ?? null })
            };
        });
        (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(io.stdout, JSON.stringify({ runs: history.runs, ...(since !== undefined && { since_days: since }), tests }, null, 2));
        return 0;
    }
    const window = since === undefined ? '' : ` of the last ${since} day${since === 1 ? '' : 's'}`;
    if (history.runs === 0) {
        // No data at all: say where it comes from, not only that there is none.
        (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(io.stdout, `reverify: no run${window} has test results to count flakes from; give \`reverify run\` the JUnit XML files your test runner writes with --test-results GLOB (e.g. --test-results 'reports/*.xml'), then run this again`);
        return 0;
    }
    if (history.tests.length === 0) {
        (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(io.stdout, `reverify: no test flaked or failed in the ${history.runs} run${history.runs === 1 ? '' : 's'}${window} with test results`);
        return 0;
    }
    (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(io.stdout, `reverify: tests that flaked or failed in ${history.runs} run${history.runs === 1 ? '' : 's'}${window} with test results`);
    (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(io.stdout, `${'flaky'.padStart(5)}  ${'failed'.padStart(6)}  ${'runs'.padStart(5)}  ${'rate'.padStart(5)}  ${'first seen'.padEnd(10)}  ${'last run'.padEnd(29)}  test`);
    for (const test of history.tests) {
        const rate = rates.get(test.name);
        const runs = rate === undefined ? '–' : String(rate.runs);
        const share = rate === undefined ? '–' : `${Math.round(flakeRate(rate) * 100)} %`;
        const first = rate?.firstSeen ?? '–';
        (0,_io_js__WEBPACK_IMPORTED_MODULE_7__/* .println */ .S)(io.stdout, `${String(test.flaky).padStart(5)}  ${String(test.failed).padStart(6)}  ${runs.padStart(5)}  ${share.padStart(5)}  ${first.padEnd(10)}  ${test.lastRunId.padEnd(29)}  ${test.name}`);
    }
    return 0;
}
/** The share of its runs a test flaked in, 0–1, to 4 decimals (`rate` in the JSON; its failures are `failed`). */
function flakeRate(rate) {
    return rate.runs === 0 ? 0 : Math.round((rate.flaked / rate.runs) * 10_000) / 10_000;
}


/***/ })

};
