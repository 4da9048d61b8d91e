export const id = 38;
export const ids = [38];
export const modules = {

/***/ 4038:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ctrfCommandLine: () => (/* binding */ ctrfCommandLine),
/* harmony export */   exportCommandLine: () => (/* binding */ exportCommandLine)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2074);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5502);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3174);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5018);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(6834);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(9740);
/* harmony import */ var _flags_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5377);
/* harmony import */ var _help_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7911);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(1604);
/* harmony import */ var _receipts_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8716);
/**
 * `reverify ctrf <run-id|latest> [--out FILE]`: a run's CTRF report, and `reverify export
 * <run-id|latest>`: a stored run sent again over OTLP/HTTP (docs/design.md §2 "Exports").
 */






/** The one run a subcommand names: a run id or `latest`, and nothing else. */
async function namedRun(command, positionals, context) {
    const [ref, ...rest] = positionals;
    if (ref === undefined || rest.length > 0)
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`${command}: give exactly one run id (or latest); see reverify ${command} --help`);
    const receipt = await (0,_core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .findRun */ .Lc)(context.store, context.root, ref, command);
    if (receipt === undefined)
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`${command}: no run ${_core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .showValue */ .vp(ref)} in this repository's state directory`);
    return receipt;
}
/** `reverify ctrf <run-id|latest> [--out FILE] [--state-dir DIR]`. */
async function ctrfCommandLine(argv, io) {
    const { flags, positionals, help } = (0,_flags_js__WEBPACK_IMPORTED_MODULE_4__/* .parseCommandLine */ .Du)(argv, 'ctrf', 'reverify ctrf --help');
    if (help) {
        io.stdout.write((0,_help_js__WEBPACK_IMPORTED_MODULE_5__/* .ctrfHelp */ .he)());
        return 0;
    }
    const given = _core_index_js__WEBPACK_IMPORTED_MODULE_6__/* .parseInputs */ .T(flags, (0,_flags_js__WEBPACK_IMPORTED_MODULE_4__/* .flagsOf */ .Zo)('ctrf'), { front: 'cli', base: io.cwd });
    const context = (0,_receipts_js__WEBPACK_IMPORTED_MODULE_7__.openStore)(given, io);
    const receipt = await namedRun('ctrf', positionals, context);
    const out = given.out === undefined ? undefined : (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(io.cwd, given.out);
    const redactor = (0,_core_index_js__WEBPACK_IMPORTED_MODULE_8__/* .createRedactor */ .l)({ env: io.env });
    const written = await (0,_core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .exportRun */ .qQ)(context.store, receipt, { format: 'ctrf', redactor, ...(out !== undefined && { out }) });
    // A place --out cannot be written to is the user's to fix, like any bad flag.
    if (written.kind === 'unwritable')
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`--out: cannot write ${_core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .showValue */ .vp(given.out ?? '')}: ${(0,_core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .Uc)(written.error)}`);
    (0,_io_js__WEBPACK_IMPORTED_MODULE_9__/* .println */ .S)(io.stdout, written.path);
    return 0;
}
/** `reverify export <run-id|latest> [--state-dir DIR]`: exit 1 when the endpoint did not take it. */
async function exportCommandLine(argv, io) {
    const { flags, positionals, help } = (0,_flags_js__WEBPACK_IMPORTED_MODULE_4__/* .parseCommandLine */ .Du)(argv, 'export', 'reverify export --help');
    if (help) {
        io.stdout.write((0,_help_js__WEBPACK_IMPORTED_MODULE_5__/* .exportHelp */ .uI)());
        return 0;
    }
    const given = _core_index_js__WEBPACK_IMPORTED_MODULE_6__/* .parseInputs */ .T(flags, (0,_flags_js__WEBPACK_IMPORTED_MODULE_4__/* .flagsOf */ .Zo)('export'), { front: 'cli', base: io.cwd });
    const context = (0,_receipts_js__WEBPACK_IMPORTED_MODULE_7__.openStore)(given, io);
    const receipt = await namedRun('export', positionals, context);
    // The real clock times the send; no seal: exporting only reads.
    const { clock } = await (0,_core_index_js__WEBPACK_IMPORTED_MODULE_10__/* .createRunPorts */ .S)({ env: io.env, stateDir: context.stateDir, warn: () => undefined, sealed: false });
    const sent = await (0,_core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .exportRun */ .qQ)(context.store, receipt, { format: 'otlp', env: io.env, redactor: (0,_core_index_js__WEBPACK_IMPORTED_MODULE_8__/* .createRedactor */ .l)({ env: io.env }), clock });
    if (sent.kind === 'not-sent') {
        (0,_io_js__WEBPACK_IMPORTED_MODULE_9__/* .println */ .S)(io.stderr, `reverify: ${sent.reason}`);
        return _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .ExitCode */ .yU.failure;
    }
    (0,_io_js__WEBPACK_IMPORTED_MODULE_9__/* .println */ .S)(io.stdout, `reverify: sent run ${receipt.run_id} as trace ${sent.traceId}`);
    return 0;
}


/***/ })

};
