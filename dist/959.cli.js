export const id = 959;
export const ids = [959];
export const modules = {

/***/ 1959:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   resumeCommandLine: () => (/* binding */ resumeCommandLine)
/* harmony export */ });
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2074);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5018);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9740);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6834);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7978);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(7136);
/* harmony import */ var _flags_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5377);
/* harmony import */ var _help_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7911);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1604);
/* harmony import */ var _receipts_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8716);
/* harmony import */ var _verify_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3516);
/** `reverify resume [<run-id>]`: continue an interrupted run from what is on disk (docs/design.md §6). */






/**
 * `reverify resume` ends with the status its run ends with (docs/design.md §1, §6): 0
 * passed, 1 failed, 3 refused by the guardrail, 130 interrupted.
 */
function exitCodeOfStatus(status) {
    if (status === 'passed')
        return _core_index_js__WEBPACK_IMPORTED_MODULE_0__/* .ExitCode */ .yU.success;
    if (status === 'failed')
        return _core_index_js__WEBPACK_IMPORTED_MODULE_0__/* .ExitCode */ .yU.failure;
    if (status === 'aborted')
        return _core_index_js__WEBPACK_IMPORTED_MODULE_0__/* .ExitCode */ .yU.guardrail;
    return _core_index_js__WEBPACK_IMPORTED_MODULE_0__/* .ExitCode */ .yU.interrupted;
}
/** Says what became of a run that had ended, or whose session was gone; returns the exit code. */
function settledOrClosed(entry, io) {
    const { receipt } = entry;
    if (entry.kind === 'closed') {
        (0,_io_js__WEBPACK_IMPORTED_MODULE_1__/* .println */ .S)(io.stderr, `reverify: resume: run ${receipt.run_id} cannot be resumed: ${entry.reason}, so nothing is left to continue from; it is closed as interrupted — run the command again with reverify run`);
        return _core_index_js__WEBPACK_IMPORTED_MODULE_0__/* .ExitCode */ .yU.interrupted;
    }
    (0,_io_js__WEBPACK_IMPORTED_MODULE_1__/* .println */ .S)(io.stdout, `reverify: run ${receipt.run_id} had already ended (${receipt.status}${receipt.flaky ? ', flaky' : ''} · attempts: ${receipt.attempts}/${receipt.max_attempts}) before its receipt was written; nothing to resume: its receipt is settled from its trace, ${receipt.session.dir}`);
    if (entry.reportError !== undefined)
        (0,_io_js__WEBPACK_IMPORTED_MODULE_1__/* .println */ .S)(io.stderr, `reverify: warning: run ${receipt.run_id}: ${entry.reportError}`);
    return exitCodeOfStatus(receipt.status);
}
/** Runs `reverify resume`; returns the exit code. */
async function resumeCommandLine(argv, io) {
    const { flags, positionals, help } = (0,_flags_js__WEBPACK_IMPORTED_MODULE_2__/* .parseCommandLine */ .Du)(argv, 'resume', 'reverify resume --help');
    if (help) {
        io.stdout.write((0,_help_js__WEBPACK_IMPORTED_MODULE_3__/* .resumeHelp */ .T3)());
        return 0;
    }
    if (positionals.length > 1)
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_0__/* .UsageError */ .eb('resume: give at most one run id; see reverify resume --help');
    // Checked before the run is looked up; the run's own inputs are parsed with these below.
    const given = _core_index_js__WEBPACK_IMPORTED_MODULE_4__/* .parseInputs */ .T(flags, (0,_flags_js__WEBPACK_IMPORTED_MODULE_2__/* .flagsOf */ .Zo)('resume'), { front: 'cli', base: io.cwd });
    const { root, stateDir, store } = (0,_receipts_js__WEBPACK_IMPORTED_MODULE_5__.openStore)(given, io);
    const machine = await (0,_core_index_js__WEBPACK_IMPORTED_MODULE_6__/* .createRunPorts */ .S)({ env: io.env, stateDir, warn: message => (0,_io_js__WEBPACK_IMPORTED_MODULE_1__/* .println */ .S)(io.stderr, `reverify: warning: ${message}`) });
    const redactor = (0,_core_index_js__WEBPACK_IMPORTED_MODULE_7__/* .createRedactor */ .l)({ values: given.redact ?? [], env: io.env });
    const admitted = await (0,_core_index_js__WEBPACK_IMPORTED_MODULE_8__/* .resumeRun */ .Z)({
        runId: positionals[0],
        target: root,
        redactor,
        env: io.env,
        onLeftoverEnded: (pgid, runId) => (0,_io_js__WEBPACK_IMPORTED_MODULE_1__/* .println */ .S)(io.stderr, `reverify: stopped process group ${pgid}, left running by interrupted run ${runId}`)
    }, { ...machine, store });
    if (admitted.kind !== 'continue')
        return settledOrClosed(admitted, io);
    const { receipt, inputs } = admitted;
    const settings = _core_index_js__WEBPACK_IMPORTED_MODULE_9__/* .parseRunSettings */ .Al({
        ...inputs,
        'state-dir': stateDir,
        ...(flags['capture-before-retry'] !== undefined && { 'capture-before-retry': flags['capture-before-retry'] }),
        ...(flags.redact !== undefined && { redact: flags.redact })
    }, io.cwd, { front: 'cli', path: io.env.PATH });
    return (0,_verify_js__WEBPACK_IMPORTED_MODULE_10__/* .executeRun */ .lk)(settings, io, receipt);
}


/***/ })

};
