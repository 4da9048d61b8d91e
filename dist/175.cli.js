export const id = 175;
export const ids = [175];
export const modules = {

/***/ 4175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runCommandLine: () => (/* binding */ runCommandLine)
/* harmony export */ });
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2074);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3174);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7136);
/* harmony import */ var _flags_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5377);
/* harmony import */ var _help_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7911);
/* harmony import */ var _verify_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7716);
/** `reverify run`: flags → settings → one verify run → the console summary and exit code. */




/** Runs `reverify run`; returns the exit code. */
async function runCommandLine(argv, io) {
    const { flags, positionals, help } = (0,_flags_js__WEBPACK_IMPORTED_MODULE_0__/* .parseCommandLine */ .Du)(argv, 'run', 'reverify run --help');
    if (help) {
        io.stdout.write((0,_help_js__WEBPACK_IMPORTED_MODULE_1__/* .runHelp */ .Vu)());
        return 0;
    }
    const [unexpected] = positionals;
    if (unexpected !== undefined) {
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`unexpected argument ${(0,_core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .showValue */ .vp)(unexpected)}; give commands with --command (see reverify run --help)`);
    }
    return (0,_verify_js__WEBPACK_IMPORTED_MODULE_4__/* .executeRun */ .lk)((0,_core_index_js__WEBPACK_IMPORTED_MODULE_5__/* .parseRunSettings */ .Al)(flags, io.cwd, { front: 'cli', path: io.env.PATH }), io);
}


/***/ })

};
