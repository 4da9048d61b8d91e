export const id = 86;
export const ids = [86];
export const modules = {

/***/ 1086:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   reportCommandLine: () => (/* binding */ reportCommandLine)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2074);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5018);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(5502);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3174);
/* harmony import */ var _flags_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5377);
/* harmony import */ var _help_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7911);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(1604);
/* harmony import */ var _receipts_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8716);
/** `reverify report <run-id|latest> [--out FILE] [--open]`: a run's HTML report (docs/design.md §8). */








/** The desktop's "open this file" program on PATH, if there is one. */
function opener(io) {
    const names = process.platform === 'darwin' ? ['open'] : ['xdg-open'];
    for (const dir of (io.env.PATH ?? '').split(node_path__WEBPACK_IMPORTED_MODULE_2__.delimiter).filter(Boolean)) {
        for (const name of names) {
            const path = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(dir, name);
            try {
                (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.accessSync)(path, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.X_OK);
                return path;
            }
            catch {
                // Not here; the next directory of PATH may have it.
            }
        }
    }
    return undefined;
}
/**
 * How long `--open` waits for the opener to say how it went (docs/design.md §8): `xdg-open`
 * hands the file over and exits at once when it works, and exits non-zero when it cannot;
 * an opener that starts the browser in the foreground is still running after this and is
 * left running, detached, without holding the command.
 */
const OPEN_WAIT_MS = 5000;
/** Waits for the opener's exit, an error starting it, or OPEN_WAIT_MS, whichever is first. */
async function openerEnd(program, file, io) {
    const child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)(program, [file], { detached: true, stdio: 'ignore', env: io.env });
    try {
        return await new Promise(settle => {
            const timer = setTimeout(() => settle({ kind: 'running' }), OPEN_WAIT_MS);
            const done = (end) => {
                clearTimeout(timer);
                settle(end);
            };
            child.once('error', error => done({ kind: 'error', error }));
            child.once('exit', (code, signal) => done({ kind: 'exit', code, signal }));
        });
    }
    finally {
        // An opener still running is left to the desktop: the command does not wait for it.
        child.unref();
    }
}
/**
 * Hands `file` to the desktop opener and waits (bounded) for its answer; resolves to what the
 * person at the terminal is told (stderr), one line: that it opened, that it is still
 * starting, or why not, with the file to open by hand.
 */
async function openInBrowser(file, io) {
    const program = opener(io);
    const name = process.platform === 'darwin' ? 'open' : 'xdg-open';
    const byHand = `open ${file} yourself`;
    if (program === undefined)
        return `reverify: --open: no ${name} on PATH, so no browser was opened; ${byHand}`;
    const end = await openerEnd(program, file, io);
    if (end.kind === 'error')
        return `reverify: --open: ${program} could not start (${(0,_core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .describeError */ .Uc)(end.error)}); ${byHand}`;
    if (end.kind === 'running')
        return `reverify: --open: handed to ${program}, still running after ${OPEN_WAIT_MS / 1000} s; if no browser opens, ${byHand}`;
    if (end.code === 0)
        return `reverify: opened in the browser with ${program}`;
    const how = end.code === null ? `was stopped by ${end.signal ?? 'a signal'}` : `exited ${end.code}`;
    return `reverify: --open: ${program} ${how}, so no browser was opened; ${byHand}`;
}
/** `reverify report <run-id|latest> [--out FILE] [--open] [--state-dir DIR]`. */
async function reportCommandLine(argv, io) {
    const { flags, positionals, help } = (0,_flags_js__WEBPACK_IMPORTED_MODULE_4__/* .parseCommandLine */ .Du)(argv, 'report', 'reverify report --help');
    if (help) {
        io.stdout.write((0,_help_js__WEBPACK_IMPORTED_MODULE_5__/* .reportHelp */ .c5)());
        return 0;
    }
    const given = _core_index_js__WEBPACK_IMPORTED_MODULE_6__/* .parseInputs */ .T(flags, (0,_flags_js__WEBPACK_IMPORTED_MODULE_4__/* .flagsOf */ .Zo)('report'), { front: 'cli', base: io.cwd });
    const [ref, ...rest] = positionals;
    if (ref === undefined || rest.length > 0)
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb('report: give exactly one run id (or latest); see reverify report --help');
    const { root, stateDir, store } = (0,_receipts_js__WEBPACK_IMPORTED_MODULE_7__.openStore)(given, io);
    const receipt = await (0,_core_index_js__WEBPACK_IMPORTED_MODULE_8__/* .findRun */ .Lc)(store, root, ref, 'report');
    if (receipt === undefined && ref === 'latest')
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`report: no runs in ${stateDir} yet; run one with reverify run --command "npm test"`);
    if (receipt === undefined)
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`report: no run ${_core_index_js__WEBPACK_IMPORTED_MODULE_9__/* .showValue */ .vp(ref)} in ${stateDir}; reverify receipts list shows the runs there`);
    const out = given.out === undefined ? undefined : (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(io.cwd, given.out);
    const written = await (0,_core_index_js__WEBPACK_IMPORTED_MODULE_8__/* .exportRun */ .qQ)(store, receipt, { format: 'html', ...(out !== undefined && { out }) });
    // A place --out cannot be written to is the user's to fix, like any bad flag.
    if (written.kind === 'unwritable')
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`--out: cannot write ${_core_index_js__WEBPACK_IMPORTED_MODULE_9__/* .showValue */ .vp(given.out ?? '')}: ${(0,_core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .describeError */ .Uc)(written.error)}`);
    (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .println */ .S)(io.stdout, written.path);
    if (given.open === true)
        (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .println */ .S)(io.stderr, await openInBrowser(written.path, io));
    return 0;
}


/***/ })

};
