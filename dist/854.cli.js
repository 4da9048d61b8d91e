export const id = 854;
export const ids = [854];
export const modules = {

/***/ 119:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Sp: () => (/* binding */ ensureRealDirectory),
/* harmony export */   We: () => (/* binding */ isErrorCode),
/* harmony export */   XF: () => (/* binding */ readRegularFile),
/* harmony export */   Zf: () => (/* binding */ writeFileAtomic),
/* harmony export */   hO: () => (/* binding */ fsyncDirectory),
/* harmony export */   rK: () => (/* binding */ requireRealDirectory)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);




/**
 * Files that must never be seen half-written (receipts, meta.json, config) and files read
 * from a directory someone else may have filled (a restored cache).
 */
// Not every platform has these flags; 0 leaves the open as it would be without them.
const NO_FOLLOW = node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NONBLOCK ?? 0;
/**
 * Writes a file atomically: temp file in the same dir, fsync, rename, fsync the directory.
 * The steps are synchronous system calls: these files are small, and each asynchronous step
 * would cost a round trip through the thread pool, which dominated a short run's time.
 * `durable: false` leaves out both fsyncs, for a file derived from another that is synced
 * (meta.json from the trace): a reader still never sees it half-written, and after a power
 * loss it may be the previous version or missing, which its readers accept.
 */
async function writeFileAtomic(path, data, mode = 0o644, options = {}) {
    const durable = options.durable ?? true;
    const directory = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.dirname)(path);
    // A dot name ending in .tmp, so a leftover from a crash is recognisable and ignorable.
    const temp = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(directory, `.${(0,node_path__WEBPACK_IMPORTED_MODULE_3__.basename)(path)}.${process.pid}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(4).toString('hex')}.tmp`);
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.openSync)(temp, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_EXCL | NO_FOLLOW, mode);
    try {
        try {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.writeFileSync)(fd, data);
            if (durable)
                (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.fsyncSync)(fd);
        }
        finally {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.closeSync)(fd);
        }
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.renameSync)(temp, path);
    }
    catch (error) {
        try {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.unlinkSync)(temp);
        }
        catch {
            // already gone
        }
        throw error;
    }
    if (durable)
        await fsyncDirectory(directory);
}
/** Flushes a directory's entries (a rename or a new file) to disk; a no-op where directories cannot be synced. */
async function fsyncDirectory(directory) {
    let fd;
    try {
        fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.openSync)(directory, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_RDONLY);
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.fsyncSync)(fd);
    }
    catch (error) {
        // Windows cannot open or sync a directory; the rename itself is still atomic there.
        if (!isErrorCode(error, 'EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'))
            throw error;
    }
    finally {
        if (fd !== undefined)
            (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.closeSync)(fd);
    }
}
/** Reads a regular file, refusing symlinks (lstat) and files over maxBytes; undefined when absent. */
async function readRegularFile(path, maxBytes) {
    let before;
    try {
        before = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.lstat)(path);
    }
    catch (error) {
        if (isErrorCode(error, 'ENOENT', 'ENOTDIR'))
            return undefined;
        throw error;
    }
    if (before.isSymbolicLink())
        throw new Error(`${path} is a symbolic link; it is not followed`);
    if (!before.isFile())
        throw new Error(`${path} is not a regular file`);
    if (before.size > maxBytes)
        throw new Error(`${path} is larger than ${maxBytes} bytes`);
    // O_NOFOLLOW and the inode check close the gap between lstat and open; O_NONBLOCK keeps a
    // FIFO swapped in meanwhile from hanging the open.
    const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.open)(path, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING);
    try {
        const after = await handle.stat();
        if (!after.isFile() || after.ino !== before.ino || after.dev !== before.dev) {
            throw new Error(`${path} changed while it was being read`);
        }
        // One byte more than allowed tells a file that grew past the limit from one that did not.
        const buffer = Buffer.alloc(Math.min(after.size, maxBytes) + 1);
        const chunks = [];
        let total = 0;
        while (total <= maxBytes) {
            const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
            if (bytesRead === 0)
                break;
            chunks.push(Buffer.from(buffer.subarray(0, bytesRead)));
            total += bytesRead;
        }
        if (total > maxBytes)
            throw new Error(`${path} is larger than ${maxBytes} bytes`);
        return Buffer.concat(chunks, total).toString('utf8');
    }
    finally {
        await handle.close();
    }
}
/** Creates a directory if needed and checks it is a real directory, not a symlink planted in its place. */
async function ensureRealDirectory(path) {
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.mkdirSync)(path, { mode: 0o755 });
    }
    catch (error) {
        if (!isErrorCode(error, 'EEXIST'))
            throw error;
    }
    await requireRealDirectory(path);
}
/** Throws unless `path` is a directory reached without following a symlink at its last step. */
async function requireRealDirectory(path) {
    const stats = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.lstatSync)(path);
    if (stats.isSymbolicLink())
        throw new Error(`${path} is a symbolic link; it is not followed`);
    if (!stats.isDirectory())
        throw new Error(`${path} is not a directory`);
}
/** True when `error` is a Node system error with one of these codes. */
function isErrorCode(error, ...codes) {
    return (typeof error === 'object' &&
        error !== null &&
        'code' in error &&
        typeof error.code === 'string' &&
        codes.includes(error.code));
}


/***/ }),

/***/ 7097:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U: () => (/* binding */ ULID_PATTERN),
/* harmony export */   f: () => (/* binding */ newUlid)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);

/** Crockford's base32, the ULID alphabet. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A ULID: 48 bits of milliseconds then 80 random bits, 26 characters, sortable by time. */
function newUlid(now = Date.now()) {
    let time = '';
    let ms = Math.max(0, Math.floor(now));
    for (let i = 0; i < 10; i++) {
        time = ALPHABET[ms % 32] + time;
        ms = Math.floor(ms / 32);
    }
    const bytes = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(16);
    let random = '';
    for (let i = 0; i < 16; i++)
        random += ALPHABET[bytes[i] % 32];
    return time + random;
}
/** Matches a ULID as produced by newUlid. */
const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;


/***/ }),

/***/ 1685:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GQ: () => (/* binding */ setCaptureMode),
/* harmony export */   U1: () => (/* binding */ resolveCaptureMode),
/* harmony export */   Xg: () => (/* binding */ readConfig),
/* harmony export */   x0: () => (/* binding */ parseCaptureMode)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(119);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2074);
/* harmony import */ var _base_printable_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3174);





/** The allowed capture-before-retry values, in the order messages list them. */
const CAPTURE_MODES = ['warn', 'block', 'off'];
/** The mode used when neither a flag/input nor the config file says otherwise. */
const DEFAULT_CAPTURE_MODE = 'warn';
/** The config file's path relative to the repository. */
const CONFIG_PATH = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)('.reverify', 'config.json');
const CONFIG_KEY = 'capture_before_retry';
const MAX_CONFIG_BYTES = 64 * 1024;
/** Trimmed, case-insensitive; anything else (non-strings, '', 'maybe', 'true', 1) → ConfigError naming where it came from and "allowed: warn, block, off". */
function parseCaptureMode(value, source) {
    const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
    const mode = CAPTURE_MODES.find(candidate => candidate === text);
    if (mode !== undefined)
        return mode;
    const shown = typeof value === 'string' ? `'${(0,_base_printable_js__WEBPACK_IMPORTED_MODULE_2__/* .printableValue */ .HB)(value)}'` : (0,_base_printable_js__WEBPACK_IMPORTED_MODULE_2__/* .printableValue */ .HB)(value);
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigError */ .xL(`${source}: ${shown} is not a capture-before-retry value (allowed: ${CAPTURE_MODES.join(', ')})`);
}
/** Reads <repoDir>/.reverify/config.json; missing → {}; bad JSON / bad value → ConfigError (exit 2) naming the file. */
async function readConfig(repoDir) {
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(repoDir, CONFIG_PATH);
    const raw = await readConfigObject(path);
    if (raw === undefined || raw[CONFIG_KEY] === undefined)
        return {};
    return { captureBeforeRetry: parseCaptureMode(raw[CONFIG_KEY], `${path}: ${CONFIG_KEY}`) };
}
/** Writes the key (omitting it when it is the default 'warn'), keeping other keys; atomic. */
async function setCaptureMode(repoDir, mode) {
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(repoDir, CONFIG_PATH);
    const next = { ...((await readConfigObject(path)) ?? {}) };
    if (mode === DEFAULT_CAPTURE_MODE)
        delete next[CONFIG_KEY];
    else
        next[CONFIG_KEY] = mode;
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.mkdir)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(repoDir, '.reverify'), { recursive: true });
    await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__/* .writeFileAtomic */ .Zf)(path, `${JSON.stringify(next, null, 2)}\n`);
}
/** flag > config > 'warn'. */
function resolveCaptureMode(flag, config) {
    // An empty action input arrives as '' and means "not given".
    if (flag !== undefined && flag.trim() !== '')
        return parseCaptureMode(flag, 'capture-before-retry');
    return config.captureBeforeRetry ?? DEFAULT_CAPTURE_MODE;
}
async function readConfigObject(path) {
    let text;
    try {
        text = await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__/* .readRegularFile */ .XF)(path, MAX_CONFIG_BYTES);
    }
    catch (error) {
        const reason = (0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .describeError */ .Uc)(error);
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigError */ .xL(`${path}: ${reason.startsWith(path) ? reason.slice(path.length).trim() : reason}`);
    }
    if (text === undefined)
        return undefined;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigError */ .xL(`${path}: not valid JSON (${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .describeError */ .Uc)(error)})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigError */ .xL(`${path}: expected a JSON object such as {"${CONFIG_KEY}": "warn"}`);
    }
    return value;
}


/***/ }),

/***/ 2760:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hd: () => (/* binding */ captureCommitCommand),
/* harmony export */   VJ: () => (/* binding */ resumeCommand),
/* harmony export */   g_: () => (/* binding */ captureCommand)
/* harmony export */ });
/* unused harmony export shellWord */
/* harmony import */ var _inputs_resolve_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7441);
/**
 * The `reverify …` commands reverify prints as a remedy (capture a failure, resume a run),
 * written so that they work when pasted as printed into a POSIX shell where they are shown:
 * they carry `--working-directory` (absolute, quoted) when that place is not in the run's
 * repository, and `--state-dir` (absolute, quoted) whenever the run's state directory is not
 * the repository's default one (docs/design.md §3 "Capture").
 */

/** Characters a POSIX shell reads back unchanged outside quotes. */
const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;
/** `text` as one word of a POSIX shell: bare when that is safe, else in single quotes. */
function shellWord(text) {
    if (BARE.test(text))
        return text;
    return `'${text.replace(/'/g, `'\\''`)}'`;
}
/** ` --working-directory '<root>'` and ` --state-dir '<dir>'`, each only when it is needed. */
function stateDirFlag(place) {
    if (place === undefined)
        return '';
    const elsewhere = place.here !== undefined && place.here !== place.root ? ` --working-directory ${shellWord(place.root)}` : '';
    if (place.stateDir === (0,_inputs_resolve_js__WEBPACK_IMPORTED_MODULE_0__/* .defaultStateDir */ .yD)(place.root))
        return elsewhere;
    return `${elsewhere} --state-dir ${shellWord(place.stateDir)}`;
}
/** `reverify capture <run-id> [--state-dir DIR] --note "<what you found>"`. */
function captureCommand(runId, place, note = '<what you found>') {
    return `reverify capture ${shellWord(runId)}${stateDirFlag(place)} --note "${note}"`;
}
/** The commit that captures a failed run through its trailer in GitHub Actions (docs/design.md §3). */
function captureCommitCommand(runId, note = '<what you found>') {
    return `git commit --allow-empty -m "Capture verify failure ${runId}" --trailer "Reverify-Capture: ${runId} ${note}"`;
}
/** `reverify resume <run-id> [--state-dir DIR]`. */
function resumeCommand(runId, place) {
    return `reverify resume ${shellWord(runId)}${stateDirFlag(place)}`;
}


/***/ }),

/***/ 8664:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  m: () => (/* binding */ findDestructive)
});

;// CONCATENATED MODULE: ./src/core/guardrail/context.ts
/**
 * What the judge and the rules share: the shape of a finding, what a rule is told about the
 * command it judges, and the standard input that flows along a pipeline.
 */
// Scripts nested deeper than this (sh -c inside $( ) inside eval …) are not inspected: real
// commands never come close, and the cap bounds the work on a hostile 1 MB line.
const MAX_NESTING = 5;
/** The word a `<( … )` or `>( … )` process substitution becomes: a file, whose text is what its body prints. */
const PROCESS_SUBSTITUTION = '__process_substitution__';
/** File names through which a program reads its standard input as a file (`bash /dev/stdin`). */
const STDIN_FILES = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0', '-', PROCESS_SUBSTITUTION]);
/** Text flowing into a pipeline stage: heredocs, here-strings, what earlier stages print. */
class Stdin {
    texts = [];
    judgedAsScript = 0;
    judgedAsSql = 0;
    /** Adds text that later stages will read. */
    add(texts) {
        this.texts.push(...texts);
    }
    /** Texts not yet judged as a shell script; each is handed out once. */
    forScript() {
        const fresh = this.texts.slice(this.judgedAsScript);
        this.judgedAsScript = this.texts.length;
        return fresh;
    }
    /** Texts not yet judged as SQL; each is handed out once. */
    forSql() {
        const fresh = this.texts.slice(this.judgedAsSql);
        this.judgedAsSql = this.texts.length;
        return fresh;
    }
}

// EXTERNAL MODULE: ./src/core/shell/tokenize.ts
var tokenize = __webpack_require__(7205);
// EXTERNAL MODULE: ./src/core/shell/lexer.ts
var lexer = __webpack_require__(2128);
;// CONCATENATED MODULE: ./src/core/guardrail/braces.ts
/**
 * Brace expansion, as bash does it before it runs a command: `{rm,-rf,x}` is the three words
 * `rm -rf x`, `rm {-rf,x}` is `rm -rf x`, `victim{,.bak}` is `victim victim.bak`, and
 * `{1..3}` is `1 2 3`. The guardrail expands a command's text this way before it reads the
 * words, so it judges what bash would run. Only braces outside quotes, escapes and `${…}`
 * count, as in bash; the expanded words keep their quoting as written.
 *
 * The work is bounded: the brace words of a command share TEXT_WORDS words (each at least
 * MIN_WORDS, at most MAX_WORDS, and each alternative of a group its share, so every
 * alternative is seen), a word yields at most MAX_CHARS characters and the text grows by at
 * most TEXT_GROWTH; a word with more than MAX_OPENS unquoted `{` is left as written, as is
 * whatever comes after the text's growth runs out.
 */

/** Most words one word expands to, and the fewest it may always expand to. */
const MAX_WORDS = 1_024;
const MIN_WORDS = 16;
/** Words shared out among the brace words of one command, and the characters its text may grow by. */
const TEXT_WORDS = 16_384;
const TEXT_GROWTH = 256 << 10;
/** Most characters one word expands to, and most unquoted `{` a word may hold to be expanded. */
const MAX_CHARS = 1 << 20;
const MAX_OPENS = 64;
const NUMBER_SEQUENCE = /^(-?\d{1,15})\.\.(-?\d{1,15})(?:\.\.(-?\d{1,15}))?$/;
const LETTER_SEQUENCE = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d{1,15}))?$/;
/** The text with every word that holds a brace expansion replaced by the words it expands to. */
function expandBraces(text) {
    if (!text.includes('{'))
        return text;
    const braced = [];
    for (let i = 0; i < text.length;) {
        while (i < text.length && (0,lexer/* breaksWord */.rt)(text[i]))
            i++;
        if (i === text.length)
            break;
        const word = readWord(text, i, false);
        if (word.opens > 0 && word.opens <= MAX_OPENS)
            braced.push({ start: i, end: word.end });
        i = word.end;
    }
    // Each brace word gets its share, so words written before a flag cannot crowd it out
    const budget = Math.min(MAX_WORDS, Math.max(MIN_WORDS, Math.floor(TEXT_WORDS / Math.max(1, braced.length))));
    const out = [];
    let copied = 0;
    let grown = 0;
    for (const { start, end } of braced) {
        const words = expand(readWord(text, start, true).pieces, budget).join(' ');
        grown += words.length - (end - start);
        if (grown > TEXT_GROWTH)
            break;
        out.push(text.slice(copied, start), words);
        copied = end;
    }
    out.push(text.slice(copied));
    return out.join('');
}
/**
 * One word from `start`: where it ends, how many unquoted `{` it holds and, when asked for,
 * its pieces. Quotes, escapes and `${…}` are text: braces inside them expand nothing.
 */
function readWord(text, start, collect) {
    const pieces = [];
    let opens = 0;
    let plain = start;
    let i = start;
    while (i < text.length && !(0,lexer/* breaksWord */.rt)(text[i])) {
        const char = text[i];
        const next = text[i + 1];
        if (char === '\\')
            i += 2;
        else if (char === "'")
            i = (0,lexer/* afterClose */.vG)(text, (0,lexer/* closingSingleQuote */.Gc)(text, i + 1));
        else if (char === '"' || char === '`')
            i = (0,lexer/* afterClose */.vG)(text, (0,lexer/* closingQuote */.m2)(text, i + 1, char));
        else if (char === '$' && next === "'")
            i = (0,lexer/* afterClose */.vG)(text, (0,lexer/* closingQuote */.m2)(text, i + 2, "'"));
        else if (char === '$' && next === '{')
            i = (0,lexer/* afterClose */.vG)(text, (0,lexer/* closingBrace */.HY)(text, i + 2));
        else if (char === '{' || char === ',' || char === '}') {
            if (char === '{')
                opens++;
            if (collect) {
                if (i > plain)
                    pieces.push({ text: text.slice(plain, i) });
                pieces.push({ mark: char });
                plain = i + 1;
            }
            i++;
        }
        else
            i++;
    }
    const end = Math.min(i, text.length);
    if (collect && end > plain)
        pieces.push({ text: text.slice(plain, end) });
    return { pieces, end, opens };
}
function render(pieces) {
    return pieces.map(piece => ('text' in piece ? piece.text : piece.mark)).join('');
}
/** The words a word's pieces expand to, at most about `budget` of them. */
function expand(pieces, budget) {
    const group = firstGroup(pieces, budget);
    if (group === undefined)
        return [render(pieces)];
    const before = render(pieces.slice(0, group.open));
    const tails = expand(pieces.slice(group.close + 1), budget);
    const share = Math.max(1, Math.floor(budget / group.alternatives.length));
    const words = [];
    let chars = 0;
    for (const alternative of group.alternatives) {
        let taken = 0;
        for (const head of expand(alternative, share)) {
            for (const tail of tails) {
                if (taken >= share)
                    break;
                const word = before + head + tail;
                // `{,}` and the like repeat a word: once is enough for every rule
                if (word === words[words.length - 1])
                    continue;
                chars += word.length;
                if (chars > MAX_CHARS && words.length > 0)
                    return words;
                words.push(word);
                taken++;
            }
        }
    }
    return words;
}
/** The first `{…}` that bash expands: a list with an unquoted comma at its level, or a sequence. */
function firstGroup(pieces, budget) {
    for (let open = 0; open < pieces.length; open++) {
        if (!isMark(pieces[open], '{'))
            continue;
        let depth = 0;
        const commas = [];
        for (let i = open; i < pieces.length; i++) {
            const piece = pieces[i];
            if (isMark(piece, '{'))
                depth++;
            else if (isMark(piece, ',') && depth === 1)
                commas.push(i);
            else if (isMark(piece, '}') && --depth === 0) {
                const alternatives = commas.length > 0 ? between(pieces, open, commas, i) : sequence(pieces.slice(open + 1, i), budget);
                if (alternatives !== undefined)
                    return { open, close: i, alternatives };
                break;
            }
        }
    }
    return undefined;
}
function isMark(piece, mark) {
    return piece !== undefined && 'mark' in piece && piece.mark === mark;
}
/** The pieces between `open`, each comma and `close`. */
function between(pieces, open, commas, close) {
    const bounds = [open, ...commas, close];
    return bounds.slice(1).map((end, index) => pieces.slice((bounds[index] ?? open) + 1, end));
}
/** `{1..5}`, `{10..0..2}`, `{a..e}`: the first `budget` items; undefined when it is not a sequence. */
function sequence(inside, budget) {
    const only = inside.length === 1 ? inside[0] : undefined;
    if (only === undefined || !('text' in only))
        return undefined;
    const numbers = NUMBER_SEQUENCE.exec(only.text);
    const letters = numbers ? undefined : LETTER_SEQUENCE.exec(only.text);
    const match = numbers ?? letters;
    if (!match)
        return undefined;
    const from = numbers ? Number(match[1]) : (match[1] ?? '').charCodeAt(0);
    const to = numbers ? Number(match[2]) : (match[2] ?? '').charCodeAt(0);
    const step = Math.abs(Number(match[3] ?? 1)) || 1;
    const items = [];
    for (let value = from; from <= to ? value <= to : value >= to; value += from <= to ? step : -step) {
        items.push([{ text: numbers ? String(value) : String.fromCharCode(value) }]);
        if (items.length >= budget)
            break;
    }
    return items;
}

;// CONCATENATED MODULE: ./src/core/guardrail/tables.ts
/**
 * The data the guardrail's launchers and rules read: which programs run other commands and
 * how their options are spelled, which options of the judged programs take a value, and
 * which programs are shells or database clients. Kept apart from the code so that adding a
 * program or an option is a one-line change here.
 */
/** Launchers that run the words after their options (and operands) as a command. */
const LAUNCHER_OPTIONS = new Map([
    [
        'sudo',
        {
            valued: 'CDghprRtTuU',
            longValued: ['user', 'group', 'host', 'prompt', 'role', 'type', 'close-from', 'chdir', 'chroot', 'command-timeout', 'other-user']
        }
    ],
    ['doas', { valued: 'uC' }],
    ['builtin', {}],
    ['exec', { valued: 'a' }],
    ['nohup', {}],
    ['setsid', {}],
    ['busybox', {}],
    ['time', { valued: 'fo', longValued: ['format', 'output'] }],
    ['nice', { valued: 'n', longValued: ['adjustment'] }],
    ['ionice', { valued: 'cnp', longValued: ['class', 'classdata', 'pid'] }],
    ['timeout', { valued: 'ks', longValued: ['kill-after', 'signal'], operands: 1 }],
    ['stdbuf', { valued: 'eio', longValued: ['error', 'input', 'output'] }],
    ['chroot', { longValued: ['userspec', 'groups'], operands: 1 }],
    [
        'unshare',
        {
            valued: 'SGRw',
            longValued: ['setuid', 'setgid', 'root', 'wd', 'map-user', 'map-group', 'map-users', 'map-groups', 'propagation', 'setgroups']
        }
    ],
    [
        'xargs',
        {
            valued: 'adEIJLnPRsS',
            attached: 'eil',
            longValued: ['arg-file', 'delimiter', 'max-args', 'max-chars', 'max-procs', 'process-slot-var']
        }
    ],
    ['fakeroot', { valued: 'lsib', longValued: ['lib', 'faked'] }],
    ['xvfb-run', { valued: 'efnpsw', longValued: ['error-file', 'auth-file', 'server-num', 'xauth-protocol', 'server-args', 'wait'] }],
    // prlimit's resource options take a value only when it is attached (`-n10`, `--nofile=10`)
    ['prlimit', { valued: 'op', attached: 'cdefilmnqrstuvxy', longValued: ['output', 'pid'] }],
    [
        'setpriv',
        {
            longValued: [
                ...['ruid', 'euid', 'rgid', 'egid', 'reuid', 'regid', 'groups', 'inh-caps', 'ambient-caps', 'bounding-set'],
                ...['securebits', 'pdeathsig', 'selinux-label', 'apparmor-profile', 'landlock-access', 'landlock-rule']
            ]
        }
    ],
    [
        'strace',
        {
            valued: 'abeEIoOpPsSuUX',
            longValued: [
                ...['columns', 'trace', 'trace-fds', 'abbrev', 'verbose', 'raw', 'read', 'write', 'fault', 'inject', 'kvm', 'signal'],
                ...['status', 'env', 'interruptible', 'output', 'attach', 'trace-path', 'string-limit', 'summary-sort-by', 'user'],
                ...['summary-columns', 'const-print-style', 'argv0', 'syscall-limit']
            ]
        }
    ]
]);
/** `chrt`'s options: three take a value; `-p` (a running process) and `-m` (print the limits) run nothing. */
const CHRT_OPTIONS = { valued: 'TPD', longValued: ['sched-runtime', 'sched-period', 'sched-deadline'] };
/** `su`'s and `runuser`'s short options that take a value (`-c` a shell line, `-u` the user to run a command as). */
const SWITCH_USER_VALUED = 'cgGsuw';
/** Their long options that take a value. */
const SWITCH_USER_LONG_VALUED = ['command', 'session-command', 'group', 'supp-group', 'shell', 'user', 'whitelist-environment'];
/** `env`'s short options that take a value; `-S` splits its value into a command. */
const ENV_VALUED = 'SuCP';
/** `env`'s long options that take the next word when written without `=`. */
const ENV_LONG_VALUED = ['split-string', 'unset', 'chdir'];
/** Container tools whose `exec` runs a command in a container. */
const CONTAINER_TOOLS = ['docker', 'podman', 'docker-compose'];
/** Options of `docker compose` before its subcommand. */
const COMPOSE_OPTIONS = {
    valued: 'fp',
    longValued: ['file', 'project-name', 'profile', 'env-file', 'project-directory', 'ansi', 'progress']
};
/** Options of `docker exec` before the container name. */
const CONTAINER_EXEC_OPTIONS = {
    valued: 'euw',
    longValued: ['env', 'env-file', 'user', 'workdir', 'detach-keys', 'index']
};
/** `docker run`'s (and `compose run`'s) long options that take no value; every other one does. */
const CONTAINER_RUN_FLAGS = new Set([
    'rm',
    'detach',
    'interactive',
    'tty',
    'privileged',
    'init',
    'read-only',
    'publish-all',
    'sig-proxy',
    'oom-kill-disable',
    'no-healthcheck',
    'quiet',
    'disable-content-trust',
    'service-ports',
    'use-aliases',
    'no-deps',
    'build',
    'remove-orphans',
    'no-TTY',
    'help'
]);
/** `docker run`'s short options that take a value (a cluster ending in one takes the next word). */
const CONTAINER_RUN_VALUED = 'aceEhlmpuvw';
/** Words a command may start with that are grammar, not the program. */
const SHELL_KEYWORDS = new Set(['!', '{', '}', 'if', 'then', 'else', 'elif', 'do', 'while', 'until']);
/** Operators after which the next word is a redirection target, not an argument. */
const REDIRECTIONS = new Set(['<', '>', '>>', '>&', '<&', '&>', '&>>', '>|', '<<', '<<-', '<>']);
/** git's global options that take the next word. */
const GIT_VALUED = new Set([
    '-C',
    '-c',
    '--git-dir',
    '--work-tree',
    '--namespace',
    '--config-env',
    '--super-prefix'
]);
/** `git push` options that take the next word. */
const PUSH_VALUED = new Set(['--repo', '--receive-pack', '--exec', '--push-option']);
/** kubectl's global options that take the next word. */
const KUBECTL_VALUED = new Set([
    '-n',
    '--namespace',
    '--context',
    '--cluster',
    '--user',
    '-s',
    '--server',
    '--kubeconfig',
    '--token',
    '--as',
    '--as-group',
    '--as-uid',
    '--request-timeout',
    '--certificate-authority',
    '--client-certificate',
    '--client-key',
    '--tls-server-name',
    '--cache-dir',
    '--profile',
    '--profile-output',
    '-v',
    '--v',
    '--vmodule',
    '--log-file',
    '--username',
    '--password'
]);
/** helm's global options that take the next word. */
const HELM_VALUED = new Set([
    '-n',
    '--namespace',
    '--kube-context',
    '--kubeconfig',
    '--kube-apiserver',
    '--kube-as-user',
    '--kube-as-group',
    '--kube-token',
    '--kube-ca-file',
    '--kube-tls-server-name',
    '--registry-config',
    '--repository-cache',
    '--repository-config',
    '--burst-limit',
    '--qps',
    '--content-cache'
]);
/** `helm uninstall` and its aliases `delete`, `del` and `un`. */
const HELM_UNINSTALL = new Set(['uninstall', 'delete', 'del', 'un']);
/** Short options of OpenSSH that take a value. */
const SSH_VALUED = 'BbcDEeFIiJLlmOoPpQRSWw';
/** `find` actions that run a command. */
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** Long options of a shell that take the next word. */
const SHELL_LONG_VALUED = ['--rcfile', '--init-file'];
/** Shells: they run `-c` text, or what they read on standard input. */
const SHELLS = ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'fish'];
/** Database clients: SQL in their arguments or on standard input is judged. */
const SQL_CLIENTS = [
    'psql',
    'pgcli',
    'mysql',
    'mariadb',
    'mycli',
    'sqlite3',
    'duckdb',
    'sqlcmd',
    'clickhouse',
    'clickhouse-client',
    'cqlsh',
    'cockroach',
    'usql',
    'snowsql',
    'trino',
    'bq'
];
/** Tools of ORMs and hosted databases that take SQL as an argument (or on standard input), like a client. */
const SQL_TOOLS = ['knex', 'typeorm', 'wrangler', 'turso'];
/** curl's options whose value is the request body (or a part of it, or of the query). */
const CURL_DATA = new Set([
    '-d',
    '--data',
    '--data-ascii',
    '--data-binary',
    '--data-raw',
    '--data-urlencode',
    '--json',
    '-F',
    '--form',
    '--form-string',
    '--url-query'
]);
/** wget's options whose value is the request body. */
const WGET_DATA = new Set(['--post-data', '--body-data']);
const PYTHON = { short: 'c', long: [], valued: ['-W', '-X', '-m'] };
/** Interpreters whose inline code is judged for SQL in its string literals. */
const INTERPRETERS = new Map([
    ...['python', 'python2', 'python3', ...Array.from({ length: 10 }, (_, minor) => `python3.${minor + 6}`)].map((name) => [name, PYTHON]),
    ['node', { short: 'ep', long: ['--eval', '--print'], valued: ['-r', '--require', '--import'] }],
    ['nodejs', { short: 'ep', long: ['--eval', '--print'], valued: ['-r', '--require', '--import'] }],
    ['ruby', { short: 'e', long: [], valued: ['-r', '-I'] }],
    ['perl', { short: 'eE', long: [], valued: ['-I', '-M'] }],
    ['php', { short: 'r', long: [], valued: ['-d', '-c'] }]
]);

;// CONCATENATED MODULE: ./src/core/guardrail/invocations.ts
/**
 * The words of one simple command, read with the shared shell tokenizer after bash's brace
 * expansion (braces.ts): `$VAR` stays literal, redirections and their targets drop out, and
 * any other operator (as in an `env -S` string, which the script splitter never saw) starts
 * a new invocation.
 */



const PLAIN_TEXT = /^[\w\s.,:=@%+/-]*$/;
/** The invocations in a simple command's text, braces expanded, `$VAR` references kept literal. */
function invocationsOf(command) {
    const text = expandBraces(command);
    // Text without quotes, escapes, expansions, globs or operators tokenizes the same by
    // whitespace; skipping shell-quote there keeps a 1 MB line of short commands fast
    if (PLAIN_TEXT.test(text)) {
        const words = text.split(/\s+/).filter(word => word !== '');
        return words.length === 0 ? [] : [{ words, hereStrings: [] }];
    }
    const tokenized = (0,tokenize/* tokenize */.q)(text);
    if (tokenized === undefined)
        return [{ words: whitespaceWords(text), hereStrings: [] }];
    const tokens = tokenized.tokens;
    const invocations = [];
    let current = { words: [], hereStrings: [] };
    for (let i = 0; i < tokens.length; i++) {
        const token = tokens[i];
        if (token === undefined || token.kind === 'comment')
            break;
        if (token.kind === 'word') {
            current.words.push(wordText(token.parts));
            continue;
        }
        const op = token.op;
        if (op === '<<<') {
            const target = tokens[++i];
            // bash does not expand a glob in a here-string: `bash <<< rm\ -rf\ *` feeds `rm -rf *`
            if (target?.kind === 'word')
                current.hereStrings.push(wordText(target.parts));
        }
        else if (REDIRECTIONS.has(op)) {
            // In `2>file` the descriptor belongs to the redirection, not to the command
            const last = current.words[current.words.length - 1];
            if (last !== undefined && /^\d+$/.test(last))
                current.words.pop();
            i++;
        }
        else {
            invocations.push(current);
            current = { words: [], hereStrings: [] };
        }
    }
    invocations.push(current);
    return invocations.filter(one => one.words.length > 0 || one.hereStrings.length > 0);
}
/** A word as the rules read it: references written back as `$NAME`, never expanded. */
function wordText(parts) {
    return parts.map(part => ('literal' in part ? part.literal : '$' + part.variable)).join('');
}
// A command shell-quote cannot parse (a bad `${…}`) still gets words: split on blanks
function whitespaceWords(text) {
    return text
        .split(/\s+/)
        .filter(word => word !== '')
        .map(word => word.replace(/["']/g, ''));
}

;// CONCATENATED MODULE: ./src/core/guardrail/launchers.ts
/**
 * Launchers: programs that run the rest of their words as a command (`sudo`, `env`, `xargs`,
 * `docker exec`, …). Unwrapping a chain of them finds the program that finally runs.
 */



const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
/** The command a launcher chain finally runs (`sudo env X=1 nice rm …` → `rm …`). */
function unwrap(words) {
    let current = { words, at: 0 };
    let rewrites = 0;
    while (true) {
        const word = current.words[current.at];
        if (word === undefined)
            return undefined;
        if (ASSIGNMENT.test(word) || SHELL_KEYWORDS.has(word)) {
            current = { words: current.words, at: current.at + 1 };
            continue;
        }
        const launcher = LAUNCHERS.get(programName(word));
        const next = launcher?.(current.words, current.at + 1);
        if (next === undefined)
            return current;
        // `env -S` builds a new word list; bounding those rebuilds keeps the work linear
        if (next.words !== current.words && ++rewrites > MAX_NESTING)
            return current;
        current = next;
    }
}
/** The name a program is known by: `/usr/bin/git`, `\rm` and `git.exe` are `git`, `rm` and `git`. */
function programName(word) {
    const base = word.slice(word.lastIndexOf('/') + 1).toLowerCase();
    return base.endsWith('.exe') ? base.slice(0, -4) : base;
}
/** Index of the first word after the options (and operands) described by `spec`. */
function skipOptions(words, from, spec) {
    let i = from;
    while (i < words.length) {
        const word = words[i] ?? '';
        if (word === '--') {
            i++;
            break;
        }
        if (!word.startsWith('-') || word === '-')
            break;
        i++;
        if (word.startsWith('--')) {
            if (!word.includes('=') && spec.longValued?.includes(word.slice(2)))
                i++;
            continue;
        }
        for (let j = 1; j < word.length; j++) {
            const letter = word.charAt(j);
            if (spec.attached?.includes(letter))
                break;
            if (spec.valued?.includes(letter)) {
                if (j === word.length - 1)
                    i++;
                break;
            }
        }
    }
    return i + (spec.operands ?? 0);
}
function options(spec) {
    return (words, at) => ({ words, at: skipOptions(words, at, spec) });
}
const launchEnv = (words, at) => {
    let i = at;
    while (i < words.length) {
        const word = words[i] ?? '';
        if (word === '--')
            return { words, at: i + 1 };
        if (!word.startsWith('-'))
            break;
        i++;
        if (word.startsWith('--')) {
            const [name, value] = splitLongOption(word);
            const needsNext = value === undefined && ENV_LONG_VALUED.includes(name);
            const operand = needsNext ? words[i++] : value;
            if (name === 'split-string' && operand !== undefined)
                return splitString(operand, words, i);
            continue;
        }
        for (let j = 1; j < word.length; j++) {
            const letter = word.charAt(j);
            if (!ENV_VALUED.includes(letter))
                continue;
            const attached = word.slice(j + 1);
            const operand = attached !== '' ? attached : words[i++];
            if (letter === 'S' && operand !== undefined)
                return splitString(operand, words, i);
            break;
        }
    }
    return { words, at: i };
};
/** `env -S 'a b'` runs `a b` followed by the words after it. */
function splitString(operand, words, rest) {
    const split = invocationsOf(operand)[0]?.words ?? [];
    return { words: [...split, ...words.slice(rest)], at: 0 };
}
function splitLongOption(word) {
    const equals = word.indexOf('=');
    if (equals === -1)
        return [word.slice(2), undefined];
    return [word.slice(2, equals), word.slice(equals + 1)];
}
const launchCommand = (words, at) => {
    const end = skipOptions(words, at, {});
    // `command -v rm` only looks the name up
    const lookup = words.slice(at, end).some(word => /^-[pvV]*[vV]/.test(word));
    return { words, at: lookup ? words.length : end };
};
/** `docker exec|run [opts] ctr cmd…`, `docker compose exec|run [opts] svc cmd…`, and podman's. */
const launchContainerExec = (words, at) => {
    let i = at;
    const group = words[i]?.toLowerCase();
    if (group === 'compose')
        i = skipOptions(words, i + 1, COMPOSE_OPTIONS);
    else if (group === 'container')
        i++;
    const subcommand = words[i]?.toLowerCase();
    if (subcommand === 'exec')
        return { words, at: skipOptions(words, i + 1, CONTAINER_EXEC_OPTIONS) + 1 };
    if (subcommand === 'run')
        return { words, at: skipContainerRunOptions(words, i + 1) + 1 };
    return undefined;
};
/** `docker run`'s options: a few are flags, every other long option takes a value. */
function skipContainerRunOptions(words, from) {
    let i = from;
    while (i < words.length) {
        const word = words[i] ?? '';
        if (word === '--')
            return i + 1;
        if (!word.startsWith('-') || word === '-')
            return i;
        i++;
        if (word.startsWith('--')) {
            if (!word.includes('=') && !CONTAINER_RUN_FLAGS.has(word.slice(2)))
                i++;
        }
        else if (CONTAINER_RUN_VALUED.includes(word.charAt(word.length - 1)))
            i++;
    }
    return i;
}
/** A launcher that may instead run a shell line: `-c CMD` (of `flock FILE -c`, `script -c`, `npx -c`) becomes `sh -c CMD`. */
function shellLine(command) {
    return { words: ['sh', '-c', command], at: 0 };
}
/** `flock [opts] FILE cmd…` or `flock [opts] FILE -c 'cmd'`; `flock [opts] FD` runs nothing. */
const launchFlock = (words, at) => {
    const file = skipOptions(words, at, { valued: 'wE', longValued: ['timeout', 'conflict-exit-code'] });
    const next = words[file + 1];
    if (next === '-c' || next === '--command')
        return shellLine(words[file + 2] ?? '');
    if (next?.startsWith('--command='))
        return shellLine(next.slice(10));
    return { words, at: file + 1 };
};
/** `script [opts] [file]` runs a shell; `script -c CMD` (also `-qc CMD`, `--command=CMD`) runs CMD. */
const launchScript = (words, at) => {
    for (let i = at; i < words.length; i++) {
        const word = words[i] ?? '';
        if (!word.startsWith('-') || word === '--')
            break;
        if (word === '--command')
            return shellLine(words[i + 1] ?? '');
        if (word.startsWith('--command='))
            return shellLine(word.slice(10));
        if (word.startsWith('--'))
            continue;
        const letter = word.indexOf('c');
        if (letter !== -1)
            return shellLine(letter === word.length - 1 ? (words[i + 1] ?? '') : word.slice(letter + 1));
        if (/[EIOBTm]$/.test(word))
            i++;
    }
    return { words, at: words.length };
};
/** `taskset [opts] MASK cmd…`; `taskset -p …` changes a running process and runs nothing. */
const launchTaskset = (words, at) => {
    const end = skipOptions(words, at, {});
    const byPid = words.slice(at, end).some(word => word === '--pid' || /^-[a-z]*p/.test(word));
    return { words, at: byPid ? words.length : end + 1 };
};
/** `npx [opts] cmd…` (also `bunx`, `pnpx`), and `npx -c 'cmd'` which runs a shell line. */
const launchNpx = (words, at) => {
    for (let i = at; i < words.length; i++) {
        const word = words[i] ?? '';
        if (word === '--')
            return { words, at: i + 1 };
        if (!word.startsWith('-'))
            return { words, at: i };
        if (word === '-c' || word === '--call')
            return shellLine(words[i + 1] ?? '');
        if (word.startsWith('--call='))
            return shellLine(word.slice(7));
        if (word === '-p' || word === '--package')
            i++;
    }
    return { words, at: words.length };
};
/** `chrt [opts] [PRIORITY] cmd…`; `chrt -p …` changes a running process and `chrt -m` prints limits: neither runs anything. */
const launchChrt = (words, at) => {
    const end = skipOptions(words, at, CHRT_OPTIONS);
    const options = words.slice(at, end);
    if (options.some(word => word === '--pid' || word === '--max' || /^-[a-zA-Z]*[pm]/.test(word)))
        return { words, at: words.length };
    return { words, at: /^\d+$/.test(words[end] ?? '') ? end + 1 : end };
};
/**
 * `runuser -u USER [--] cmd…` runs cmd; `runuser`/`su [opts] [-] [USER] -c CMD` runs CMD with
 * the user's shell, and so do the arguments after `--` (`su bob -- -c CMD`).
 */
const launchSwitchUser = (words, at) => {
    let byUser = false;
    for (let i = at; i < words.length; i++) {
        const word = words[i] ?? '';
        if (word === '--')
            return byUser ? { words, at: i + 1 } : { words: ['sh', ...words.slice(i + 1)], at: 0 };
        if (word === '-' || !word.startsWith('-')) {
            // su's `-` (a login shell) and the user's name; with -u the first such word is the command
            if (byUser)
                return { words, at: i };
            continue;
        }
        const [option, operand] = optionValue(words, i);
        if (operand !== undefined && operand.consumed)
            i++;
        if (option === 'c' || option === 'command' || option === 'session-command')
            return shellLine(operand?.value ?? '');
        if (option === 'u' || option === 'user')
            byUser = true;
    }
    return { words, at: words.length };
};
/** The option a word of su/runuser names and its value, if it takes one (`consumed` when the value is the next word). */
function optionValue(words, i) {
    const word = words[i] ?? '';
    if (word.startsWith('--')) {
        const [name, value] = splitLongOption(word);
        if (value !== undefined)
            return [name, { value, consumed: false }];
        return SWITCH_USER_LONG_VALUED.includes(name) ? [name, { value: words[i + 1] ?? '', consumed: true }] : [name, undefined];
    }
    for (let j = 1; j < word.length; j++) {
        const letter = word.charAt(j);
        if (!SWITCH_USER_VALUED.includes(letter))
            continue;
        const attached = word.slice(j + 1);
        return [letter, attached !== '' ? { value: attached, consumed: false } : { value: words[i + 1] ?? '', consumed: true }];
    }
    return ['', undefined];
}
/** `bundle exec [opts] cmd…` runs cmd with the bundle's gems; other bundle commands run nothing. */
const launchBundle = (words, at) => words[at]?.toLowerCase() === 'exec' ? { words, at: skipOptions(words, at + 1, { longValued: ['gemfile'] }) } : undefined;
/** `function NAME { …` and `coproc [NAME] { …` / `coproc cmd…`: the name is not a program. */
const launchDefinition = (words, at) => {
    const named = words[at - 1]?.toLowerCase() === 'function' || words[at + 1] === '{';
    return { words, at: named ? at + 1 : at };
};
const LAUNCHERS = new Map([
    ...[...LAUNCHER_OPTIONS].map(([name, spec]) => [name, options(spec)]),
    ['env', launchEnv],
    ['command', launchCommand],
    ['flock', launchFlock],
    ['script', launchScript],
    ['taskset', launchTaskset],
    ['chrt', launchChrt],
    ['runuser', launchSwitchUser],
    ['su', launchSwitchUser],
    ['bundle', launchBundle],
    ['function', launchDefinition],
    ['coproc', launchDefinition],
    ...['npx', 'bunx', 'pnpx'].map((name) => [name, launchNpx]),
    ...CONTAINER_TOOLS.map((name) => [name, launchContainerExec])
]);

;// CONCATENATED MODULE: ./src/core/guardrail/sql-rules.ts
/**
 * SQL: `DROP TABLE`, `DROP DATABASE` (or `SCHEMA`) and `TRUNCATE` at the start of a
 * statement, in a database client's arguments, on its standard input, or as the command.
 */

/** The SQL statement `DROP TABLE x` given as the command (a SQL `shell` template, a heredoc). */
const checkDrop = args => {
    const found = sqlRule(['drop', ...args].join(' '));
    return found && { rule: found.rule };
};
/** A database client, judged on the SQL in its arguments and then on its standard input. */
const checkSqlClient = (args, context) => {
    for (const arg of args) {
        const found = sqlRule(sqlIn(arg));
        if (found)
            return { rule: found.rule };
    }
    for (const text of context.stdin.forSql()) {
        const found = sqlRule(text);
        if (found)
            return { rule: found.rule, excerpt: found.statement };
    }
    return undefined;
};
/** The SQL an argument may carry: `-c SQL` as its own word, `--command=SQL`, `-cSQL`. */
function sqlIn(arg) {
    if (!arg.startsWith('-'))
        return arg;
    const equals = arg.indexOf('=');
    if (equals !== -1)
        return arg.slice(equals + 1);
    return arg.startsWith('--') ? '' : arg.slice(2);
}
/** The rule tripped by the first destructive statement of some SQL text, if any. */
function sqlRule(sql) {
    for (const statement of statements(sql)) {
        const rule = statementRule(leadingWords(statement, 3));
        if (rule)
            return { rule, statement: statement.trim() };
    }
    return undefined;
}
// Where a statement's text may hold a `;` that ends nothing: 'strings' (with '' inside),
// "identifiers", `backticks`, -- and /* */ comments, and $tag$ dollar quotes
const SQL_QUOTED = /'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|(\$[A-Za-z_]*\$)[\s\S]*?(?:\1|$)/y;
/** SQL text cut at each `;` that ends a statement: one inside a string, identifier, comment or dollar quote does not. */
function statements(sql) {
    const found = [];
    let start = 0;
    let i = 0;
    while (i < sql.length) {
        const char = sql.charAt(i);
        if (char === ';') {
            found.push(sql.slice(start, i));
            start = ++i;
            continue;
        }
        SQL_QUOTED.lastIndex = i;
        const quoted = '\'"`-/$'.includes(char) ? SQL_QUOTED.exec(sql) : null;
        i = quoted === null || quoted[0] === '' ? i + 1 : i + quoted[0].length;
    }
    found.push(sql.slice(start));
    return found;
}
function statementRule([first, second, third]) {
    if (first === 'truncate')
        return second === undefined ? undefined : 'truncate';
    if (first !== 'drop')
        return undefined;
    const object = second === 'temporary' || second === 'temp' ? third : second;
    if (object === 'table')
        return 'drop table';
    // MySQL's DROP SCHEMA is DROP DATABASE by another name
    return object === 'database' || object === 'schema' ? 'drop database' : undefined;
}
/** The first `count` blank-separated words of a statement, lower-cased, comments skipped. */
function leadingWords(sql, count) {
    const words = [];
    let i = 0;
    while (i < sql.length && words.length < count) {
        if (/\s/.test(sql.charAt(i)))
            i++;
        else if (sql.startsWith('--', i))
            i = (0,lexer/* lineEnd */.kd)(sql, i);
        else if (sql.startsWith('/*', i)) {
            const close = sql.indexOf('*/', i + 2);
            i = close === -1 ? sql.length : close + 2;
        }
        else {
            // A comment between two keywords separates them as a blank would: DROP/**/TABLE
            let end = i;
            while (end < sql.length && !/\s/.test(sql.charAt(end)) && !sql.startsWith('/*', end) && !sql.startsWith('--', end))
                end++;
            words.push(sql.slice(i, end).toLowerCase());
            i = end;
        }
    }
    return words;
}

;// CONCATENATED MODULE: ./src/core/guardrail/code-rules.ts


// A string literal in code: '…', "…" or `…`, with backslash escapes
const STRING_LITERAL = /'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|`((?:\\.|[^`\\])*)`/g;
/** An interpreter: its inline code judged for SQL, and the framework script it may run (`manage.py`, `bin/rails`). */
function checkInterpreter(spec) {
    return (args, context) => {
        for (let i = 0; i < args.length; i++) {
            const arg = args[i] ?? '';
            if (arg === '--' || !arg.startsWith('-') || arg === '-') {
                const operand = arg === '--' ? i + 1 : i;
                const script = args[operand] ?? '';
                return FRAMEWORK_SCRIPTS.get(script.slice(script.lastIndexOf('/') + 1))?.(args.slice(operand + 1), context);
            }
            const code = inlineCode(arg, args[i + 1], spec);
            if (code !== undefined)
                return codeSql(code);
            if (spec.valued.some(option => option === arg))
                i++;
        }
        return undefined;
    };
}
/** The code an option carries: `-c CODE`, `-cCODE`, `--eval=CODE`, `--eval CODE`. */
function inlineCode(arg, next, spec) {
    if (arg.startsWith('--')) {
        const [name, value] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, next];
        return spec.long.includes(name) ? value : undefined;
    }
    for (let j = 1; j < arg.length; j++) {
        if (!spec.short.includes(arg.charAt(j)))
            continue;
        return j === arg.length - 1 ? next : arg.slice(j + 1);
    }
    return undefined;
}
/** The rule of the first string literal in some code that is destructive SQL. */
function codeSql(code) {
    for (const match of code.matchAll(STRING_LITERAL)) {
        const found = sqlRule(match[1] ?? match[2] ?? match[3] ?? '');
        if (found)
            return { rule: found.rule };
    }
    return undefined;
}
/** Django (`manage.py` or `django-admin`): `dbshell` is the database client, `shell -c CODE` runs Python. */
const checkDjango = (args, context) => {
    if (args[0] === 'dbshell')
        return checkSqlClient(args.slice(1), context);
    if (args[0] !== 'shell')
        return undefined;
    for (let i = 1; i < args.length; i++) {
        const arg = args[i] ?? '';
        const code = arg === '-c' || arg === '--command' ? args[i + 1] : arg.startsWith('--command=') ? arg.slice(10) : undefined;
        if (code !== undefined)
            return codeSql(code);
    }
    return undefined;
};
/** Rails: `rails dbconsole` (or `db`) is the database client, `rails runner CODE` (or `r`) runs Ruby. */
const checkRails = (args, context) => {
    const command = args[0]?.toLowerCase();
    if (command === 'dbconsole' || command === 'db')
        return checkSqlClient(args.slice(1), context);
    if (command !== 'runner' && command !== 'r')
        return undefined;
    for (let i = 1; i < args.length; i++) {
        const arg = args[i] ?? '';
        if (arg === '-e' || arg === '--environment')
            i++;
        else if (!arg.startsWith('-'))
            return codeSql(arg);
    }
    return undefined;
};
/** Framework scripts an interpreter may be given (`python manage.py …`, `ruby bin/rails …`), by file name. */
const FRAMEWORK_SCRIPTS = new Map([
    ['manage.py', checkDjango],
    ['rails', checkRails]
]);
/** `prisma db execute --stdin` (or `--file`) runs SQL; the SQL on its standard input is judged. */
const checkPrisma = (args, context) => {
    const at = args.findIndex((arg, i) => arg === 'db' && args[i + 1] === 'execute');
    return at === -1 ? undefined : checkSqlClient(args.slice(at + 2), context);
};
/** The programs of this file and their rules. */
const CODE_PROGRAMS = [
    ...[...INTERPRETERS].map(([name, spec]) => [name, checkInterpreter(spec)]),
    ['django-admin', checkDjango],
    ['rails', checkRails],
    ['prisma', checkPrisma]
];

;// CONCATENATED MODULE: ./src/core/guardrail/carrier-rules.ts
/**
 * Programs that carry SQL to a database without being its client: the command-line tools of
 * ORMs and hosted databases (`knex`, `typeorm query`, `wrangler d1 execute --command`), read
 * like a client, and HTTP clients whose request body reaches a database's HTTP interface
 * (`curl -d "DROP TABLE x" http://db/query`, `wget --post-data=…`). A body is judged whole,
 * as form fields (`query=DROP TABLE x`) and by its string literals (`{"sql": "DROP TABLE x"}`).
 */



/** The rule a request body trips: as SQL, as `name=value` fields, or by a string literal in it. */
function bodySql(body, context) {
    // `@-` reads the body from standard input, `@file` from a file (not read)
    if (body === '@-') {
        for (const text of context.stdin.forSql()) {
            const found = sqlRule(text) ?? codeSql(text);
            if (found)
                return { rule: found.rule };
        }
        return undefined;
    }
    if (body.startsWith('@'))
        return undefined;
    const whole = sqlRule(body);
    if (whole)
        return { rule: whole.rule };
    for (const field of body.split('&')) {
        const value = fieldValue(field);
        const found = value === undefined ? undefined : sqlRule(value);
        if (found)
            return { rule: found.rule };
    }
    return codeSql(body);
}
/** The value of a `name=value` field (curl's `-F`, a form body), URL-decoded. */
function fieldValue(field) {
    const equals = field.indexOf('=');
    if (equals === -1)
        return undefined;
    const value = field.slice(equals + 1).replace(/\+/g, ' ');
    try {
        return decodeURIComponent(value);
    }
    catch {
        return value;
    }
}
/** An HTTP client: the values of its body options (`valued`), attached (`-dBODY`, `--data=BODY`) or as the next word. */
function httpClient(valued) {
    return (args, context) => {
        for (let i = 0; i < args.length; i++) {
            const arg = args[i] ?? '';
            let body;
            const equals = arg.indexOf('=');
            if (valued.has(arg))
                body = args[++i];
            else if (arg.startsWith('--') && equals !== -1 && valued.has(arg.slice(0, equals)))
                body = arg.slice(equals + 1);
            else if (/^-[dF]./.test(arg) && valued.has(arg.slice(0, 2)))
                body = arg.slice(2);
            const finding = body === undefined ? undefined : bodySql(body, context);
            if (finding)
                return finding;
        }
        return undefined;
    };
}
/** The programs of this file and their rules. */
const CARRIER_PROGRAMS = [
    ...SQL_TOOLS.map((name) => [name, checkSqlClient]),
    ['curl', httpClient(CURL_DATA)],
    ['wget', httpClient(WGET_DATA)]
];

;// CONCATENATED MODULE: ./src/core/guardrail/nested-rules.ts
/**
 * Programs that run other code: shells (`-c` text, their standard input, or a script file
 * that is their standard input or a process substitution), `source`, `eval`, `trap`, the
 * remote command of `ssh`, and `find -exec`. Their rule is the rules of what they run.
 */



/** A shell: its `-c` script, or the script it reads on standard input when given no file. */
const checkShell = (args, context) => {
    let inline = false;
    let fromStdin = false;
    let i = 0;
    for (; i < args.length; i++) {
        const arg = args[i] ?? '';
        if (arg === '--' || arg === '-') {
            i++;
            break;
        }
        if (!arg.startsWith('-') && !arg.startsWith('+'))
            break;
        if (arg.startsWith('--')) {
            if (SHELL_LONG_VALUED.includes(arg))
                i++;
            continue;
        }
        const letters = arg.slice(1);
        if (arg.startsWith('-') && letters.includes('c'))
            inline = true;
        if (arg.startsWith('-') && letters.includes('s'))
            fromStdin = true;
        if (letters.includes('o') || letters.includes('O'))
            i++; // `-o pipefail`
    }
    const operand = args[i];
    if (inline)
        return operand === undefined ? undefined : context.script(operand);
    // A script file is not read; a shell without one (or reading /dev/stdin, <( … )) runs what it is fed
    if (!fromStdin && operand !== undefined && !STDIN_FILES.has(operand))
        return undefined;
    return judgeStdin(context);
};
/** `source FILE` and `. FILE` run the file in this shell: judged when it is standard input or `<( … )`. */
const checkSource = (args, context) => {
    const file = args[0] === '--' ? args[1] : args[0];
    return file !== undefined && STDIN_FILES.has(file) ? judgeStdin(context) : undefined;
};
/** `trap 'command' SIGNAL…` runs the command when a signal (or EXIT) comes. */
const checkTrap = (args, context) => {
    const rest = args[0] === '--' ? args.slice(1) : args;
    const action = rest[0];
    if (action === undefined || rest.length < 2 || action.startsWith('-'))
        return undefined;
    return context.script(action);
};
function judgeStdin(context) {
    for (const text of context.stdin.forScript()) {
        const finding = context.script(text);
        if (finding)
            return finding;
    }
    return undefined;
}
/** `eval` runs its arguments joined as a script. */
const checkEval = (args, context) => context.script(args.join(' '));
/** `ssh host command…` runs the command on the host. */
const checkSsh = (args, context) => {
    // OpenSSH reads options both before and after the destination
    const host = skipOptions(args, 0, { valued: SSH_VALUED });
    const command = skipOptions(args, host + 1, { valued: SSH_VALUED });
    return command < args.length ? context.script(args.slice(command).join(' ')) : undefined;
};
/** `find … -exec cmd … ;` runs `cmd` for the files found. */
const checkFind = (args, context) => {
    for (let i = 0; i < args.length; i++) {
        if (!FIND_EXEC.has(args[i] ?? ''))
            continue;
        let end = i + 1;
        while (end < args.length && args[end] !== ';' && args[end] !== '+')
            end++;
        const finding = context.command(args.slice(i + 1, end), new Stdin());
        if (finding)
            return finding;
        i = end;
    }
    return undefined;
};

;// CONCATENATED MODULE: ./src/core/guardrail/rules.ts
/**
 * The rules, one per program: which arguments make `rm`, `git`, `kubectl`, `helm` and
 * `truncate` destructive. Programs that carry SQL or run other code have their rules in
 * sql-rules.ts, code-rules.ts, carrier-rules.ts and nested-rules.ts; `PROGRAMS` maps every
 * judged program to its rule.
 */






/** The arguments before `--`, where options end. */
function optionWords(args) {
    const end = args.indexOf('--');
    return end === -1 ? args : args.slice(0, end);
}
/** Index of the subcommand after global options (`valued` ones take the next word). */
function subcommandAt(args, valued) {
    let i = 0;
    let arg = args[0];
    while (arg !== undefined && arg.startsWith('-')) {
        i += valued.has(arg) ? 2 : 1;
        arg = args[i];
    }
    return i;
}
const checkRm = args => {
    let recursive = false;
    let force = false;
    for (const arg of optionWords(args)) {
        if (!arg.startsWith('-') || arg === '-')
            continue;
        const lower = arg.toLowerCase();
        if (lower.startsWith('--')) {
            // GNU rm accepts any unambiguous abbreviation: `--rec`, `--f`
            const name = lower.slice(2);
            if ('recursive'.startsWith(name))
                recursive = true;
            if ('force'.startsWith(name))
                force = true;
        }
        else {
            if (lower.includes('r'))
                recursive = true;
            if (lower.includes('f'))
                force = true;
        }
    }
    return recursive && force ? { rule: 'rm -rf' } : undefined;
};
const checkGit = (args, context) => {
    const at = subcommandAt(args, GIT_VALUED);
    const rest = optionWords(args.slice(at + 1));
    switch (args[at]?.toLowerCase()) {
        case 'submodule':
            return checkSubmoduleForeach(args.slice(at + 1), context);
        case 'push':
            return isForcePush(rest) ? { rule: 'git push --force' } : undefined;
        case 'reset':
            return rest.some(arg => isAbbreviation(arg.toLowerCase(), '--hard', 4)) ? { rule: 'git reset --hard' } : undefined;
        case 'clean':
            return isForcedClean(rest, !requiresForce(args.slice(0, at))) ? { rule: 'git clean -fdx' } : undefined;
        case 'branch':
            return isForcedBranchDelete(rest) ? { rule: 'git branch -D' } : undefined;
        default:
            return undefined;
    }
};
/**
 * Whether `arg` names the long `option`: git accepts any unambiguous abbreviation of a long
 * option (`--forc`, `--mir`), so any prefix at least `shortest` characters long counts.
 */
function isAbbreviation(arg, option, shortest) {
    const name = arg.split('=', 1)[0] ?? arg;
    return name.length >= shortest && option.startsWith(name);
}
function isForcePush(args) {
    let force = false;
    let dryRun = false;
    for (let i = 0; i < args.length; i++) {
        const arg = (args[i] ?? '').toLowerCase();
        if (arg.startsWith('--')) {
            // --force-with-lease and --force-if-includes still overwrite; --mirror implies --force
            if (arg.startsWith('--force') || isAbbreviation(arg, '--force', 4) || isAbbreviation(arg, '--mirror', 3))
                force = true;
            else if (isAbbreviation(arg, '--dry-run', 4))
                dryRun = true;
            else if (PUSH_VALUED.has(arg))
                i++;
        }
        else if (arg.startsWith('-')) {
            const letters = arg.slice(1);
            const valued = letters.indexOf('o');
            const flags = valued === -1 ? letters : letters.slice(0, valued);
            if (flags.includes('f'))
                force = true;
            if (flags.includes('n'))
                dryRun = true;
            if (valued !== -1 && valued === letters.length - 1)
                i++;
        }
        else if (arg.startsWith('+'))
            force = true; // a `+refspec` forces that update
    }
    // `--dry-run` (`-n`) sends nothing, whatever else is asked
    return force && !dryRun;
}
/**
 * `git submodule [opts] foreach [--recursive] CMD…` runs CMD in every submodule: one word is a
 * shell line, several are a command (whose first word git hands to a shell when it holds any
 * shell syntax).
 */
function checkSubmoduleForeach(args, context) {
    let at = 0;
    while (args[at]?.startsWith('-'))
        at++;
    if (args[at]?.toLowerCase() !== 'foreach')
        return undefined;
    at++;
    while (args[at]?.startsWith('-'))
        at++;
    const command = args.slice(at);
    const first = command[0];
    if (first === undefined)
        return undefined;
    return context.script(first) ?? (command.length > 1 ? context.command(command, new Stdin()) : undefined);
}
/**
 * Whether `git clean` still needs `-f`, given git's global options: `-c clean.requireForce=false`
 * (or `=no`, `=off`, `=0`, an empty value) lets it delete without one, and a value taken from
 * the environment (`--config-env`) is not known here, so it counts as false.
 */
function requiresForce(globals) {
    let required = true;
    for (let i = 0; i < globals.length; i++) {
        const arg = globals[i] ?? '';
        const fromEnv = arg.startsWith('--config-env');
        const setting = arg === '-c' || arg === '--config-env' ? globals[++i] : fromEnv ? arg.slice(arg.indexOf('=') + 1) : undefined;
        if (setting === undefined)
            continue;
        const equals = setting.indexOf('=');
        const key = (equals === -1 ? setting : setting.slice(0, equals)).toLowerCase();
        if (key !== 'clean.requireforce')
            continue;
        const value = equals === -1 ? 'true' : setting.slice(equals + 1).toLowerCase();
        required = !fromEnv && !['false', 'no', 'off', '0', ''].includes(value);
    }
    return required;
}
function isForcedClean(args, forced = false) {
    let force = forced;
    let wide = false;
    let dryRun = false;
    for (let i = 0; i < args.length; i++) {
        const arg = (args[i] ?? '').toLowerCase();
        if (isAbbreviation(arg, '--force', 3))
            force = true;
        else if (isAbbreviation(arg, '--dry-run', 3))
            dryRun = true;
        else if (isAbbreviation(arg, '--exclude', 3))
            i += arg.includes('=') ? 0 : 1;
        else if (arg.startsWith('-') && !arg.startsWith('--')) {
            const letters = arg.slice(1);
            const valued = letters.indexOf('e');
            const flags = valued === -1 ? letters : letters.slice(0, valued);
            if (flags.includes('f'))
                force = true;
            // -d reaches into directories, -x/-X into ignored files (lower-cased: both count)
            if (flags.includes('d') || flags.includes('x'))
                wide = true;
            if (flags.includes('n'))
                dryRun = true;
            if (valued !== -1 && valued === letters.length - 1)
                i++;
        }
    }
    return force && wide && !dryRun;
}
function isForcedBranchDelete(args) {
    let remove = false;
    let force = false;
    for (const arg of args) {
        if (arg.startsWith('--')) {
            // --for could still be --format; --forc is --force
            const lower = arg.toLowerCase();
            if (isAbbreviation(lower, '--delete', 4))
                remove = true;
            if (isAbbreviation(lower, '--force', 6))
                force = true;
        }
        else if (arg.startsWith('-')) {
            // Case matters here: -d refuses to drop unmerged work, -D does not
            const letters = arg.slice(1);
            if (letters.includes('D'))
                return true;
            if (letters.includes('d'))
                remove = true;
            if (letters.includes('f'))
                force = true;
        }
    }
    return remove && force;
}
// Values of `--dry-run=` that mean a dry run: kubectl's modes and Go's true booleans; anything
// else (`none`, `false`, `0`, `f`, a typo) deletes for real
const DRY_RUN_VALUES = new Set(['client', 'server', 'true', 't', '1']);
function isDryRun(args) {
    return args.some(arg => {
        const lower = arg.toLowerCase();
        if (lower === '--dry-run')
            return true;
        return lower.startsWith('--dry-run=') && DRY_RUN_VALUES.has(lower.slice(10));
    });
}
const checkKubectl = (args, context) => {
    const at = subcommandAt(args, KUBECTL_VALUED);
    const rest = args.slice(at + 1);
    const subcommand = args[at]?.toLowerCase();
    if (subcommand === 'delete')
        return isDryRun(rest) ? undefined : { rule: 'kubectl delete' };
    if (subcommand !== 'exec')
        return undefined;
    const dashes = rest.indexOf('--');
    if (dashes === -1)
        return undefined;
    return context.command(rest.slice(dashes + 1), context.stdin);
};
const checkHelm = args => {
    const at = subcommandAt(args, HELM_VALUED);
    const removes = HELM_UNINSTALL.has(args[at]?.toLowerCase() ?? '');
    return removes && !isDryRun(args.slice(at + 1)) ? { rule: 'helm uninstall' } : undefined;
};
// coreutils `truncate -s 0 file`, and the SQL statement `TRUNCATE x` given as the command
const checkTruncate = args => (args.some(arg => arg !== '--help' && arg !== '--version') ? { rule: 'truncate' } : undefined);
/** Every judged program (by its base name, lower-cased) and its rule. */
const PROGRAMS = new Map([
    ['rm', checkRm],
    ['git', checkGit],
    ['kubectl', checkKubectl],
    ['helm', checkHelm],
    ['truncate', checkTruncate],
    ['drop', checkDrop],
    ['eval', checkEval],
    ['ssh', checkSsh],
    ['find', checkFind],
    ['source', checkSource],
    ['.', checkSource],
    ['trap', checkTrap],
    ...CODE_PROGRAMS,
    ...CARRIER_PROGRAMS,
    ...SHELLS.map((name) => [name, checkShell]),
    ...SQL_CLIENTS.map((name) => [name, checkSqlClient])
]);

;// CONCATENATED MODULE: ./src/core/guardrail/heredoc.ts
/** Heredocs: the delimiter word after `<<`, and finding the line that closes each body. */

/** The heredoc delimiter word starting at `from`, unquoted; quoting stops expansion. */
function readDelimiter(text, from) {
    let word = '';
    let quoted = false;
    let i = from;
    while (i < text.length && !(0,lexer/* breaksWord */.rt)(text[i])) {
        const char = text[i];
        if (char === "'" || char === '"') {
            const close = text.indexOf(char, i + 1);
            const end = close === -1 ? text.length : close;
            word += text.slice(i + 1, end);
            quoted = true;
            i = end + 1;
        }
        else if (char === '\\') {
            word += text[i + 1] ?? '';
            quoted = true;
            i += 2;
        }
        else {
            word += char;
            i++;
        }
    }
    return { text: word, quoted, end: Math.min(i, text.length) };
}
/** Finds heredoc closing lines without rescanning the script for every heredoc. */
class LineIndex {
    exact = new Map();
    tabless = new Map();
    constructor(script) {
        let start = 0;
        while (start <= script.length) {
            const end = (0,lexer/* lineEnd */.kd)(script, start);
            const line = script.slice(start, end);
            append(this.exact, line, start);
            append(this.tabless, line.replace(/^\t+/, ''), start);
            start = end + 1;
        }
    }
    /** Start of the first line at or after `from` that reads `text`. */
    find(text, from, ignoreLeadingTabs) {
        const starts = (ignoreLeadingTabs ? this.tabless : this.exact).get(text);
        if (starts === undefined)
            return undefined;
        let low = 0;
        let high = starts.length;
        while (low < high) {
            const middle = (low + high) >> 1;
            const start = starts[middle];
            if (start !== undefined && start < from)
                low = middle + 1;
            else
                high = middle;
        }
        return starts[low];
    }
}
function append(index, key, value) {
    const list = index.get(key);
    if (list === undefined)
        index.set(key, [value]);
    else
        list.push(value);
}

;// CONCATENATED MODULE: ./src/core/guardrail/script-splitter.ts
/**
 * Cutting a script into its simple commands, as a POSIX shell reads it: quotes, escapes and
 * line continuations, operators, subshells, `$( )` and backtick substitutions, heredocs and
 * comments. Each command keeps its text as written (for the excerpt) and the text its words
 * are read from.
 */



// Stands in for a $( ) or backtick substitution inside the command that holds it: what it
// prints is only known at run time (the substitution itself is checked separately).
const SUBSTITUTED = '__substituted__';
function newCommand(pipeline) {
    return { raw: '', text: '', substitutions: [], processSubstitutions: [], heredocs: [], pipeline };
}
/** The simple commands of a script, in the order they appear. */
function splitScript(script) {
    const commands = [];
    const pending = [];
    const parens = new lexer/* SubstitutionParens */.HD();
    let lines;
    let pipeline = 0;
    let current = newCommand(pipeline);
    let chunks = [];
    let start = 0;
    let copied = 0;
    const cut = (from, to, replacement = '') => {
        chunks.push(script.slice(copied, from), replacement);
        copied = to;
    };
    const finish = (end, next, piped) => {
        chunks.push(script.slice(copied, end));
        current.raw = script.slice(start, end);
        current.text = chunks.join('');
        if (current.raw.trim() !== '')
            commands.push(current);
        if (!piped)
            pipeline++;
        current = newCommand(pipeline);
        chunks = [];
        start = copied = next;
    };
    const takeParens = (at, process = false) => {
        const close = (0,lexer/* closingParen */.QH)(script, at + 2);
        parens.skipped(close);
        const body = script.slice(at + 2, close);
        current.substitutions.push(body);
        if (process)
            current.processSubstitutions.push(body);
        const after = Math.min(close + 1, script.length);
        // A process substitution is one word, a file name: `rm <(true) -rf x` still reads `-rf x`
        cut(at, after, process ? PROCESS_SUBSTITUTION : SUBSTITUTED);
        return after;
    };
    const takeBackticks = (at) => {
        const close = closingBacktick(script, at + 1);
        current.substitutions.push(unescapeBackticks(script.slice(at + 1, close)));
        const after = Math.min(close + 1, script.length);
        cut(at, after, SUBSTITUTED);
        return after;
    };
    const scanDoubleQuoted = (from) => {
        let i = from;
        while (i < script.length) {
            const char = script[i];
            if (char === '"')
                return i + 1;
            if (char === '\\') {
                if (script[i + 1] === '\n')
                    cut(i, i + 2);
                i += 2;
            }
            else if (char === '`')
                i = takeBackticks(i);
            else if (char === '$' && script[i + 1] === '(')
                i = takeParens(i);
            else
                i++;
        }
        return i;
    };
    const noteHeredoc = (from) => {
        let i = from;
        const stripTabs = script[i] === '-';
        if (stripTabs)
            i++;
        while (script[i] === ' ' || script[i] === '\t')
            i++;
        const word = readDelimiter(script, i);
        if (word.text !== '') {
            pending.push({ delimiter: word.text, stripTabs, expands: !word.quoted, command: current });
        }
        return word.end;
    };
    const takeHeredocBodies = (from) => {
        let i = from;
        for (const heredoc of pending.splice(0)) {
            lines ??= new LineIndex(script);
            const close = lines.find(heredoc.delimiter, i, heredoc.stripTabs);
            // No closing line: it was not a heredoc (`1 << 2` in arithmetic); read on as commands
            if (close === undefined)
                continue;
            const body = script.slice(i, close);
            heredoc.command.heredocs.push(body);
            if (heredoc.expands)
                heredoc.command.substitutions.push(...substitutionsIn(body));
            i = Math.min((0,lexer/* lineEnd */.kd)(script, close) + 1, script.length);
        }
        return i;
    };
    let i = 0;
    while (i < script.length) {
        const char = script[i];
        const next = script[i + 1];
        if (char === '\\') {
            if (next === '\n')
                cut(i, i + 2);
            i += 2;
        }
        else if (char === "'") {
            i = (0,lexer/* afterClose */.vG)(script, (0,lexer/* closingSingleQuote */.Gc)(script, i + 1));
        }
        else if (char === '"') {
            i = scanDoubleQuoted(i + 1);
        }
        else if (char === '`') {
            i = takeBackticks(i);
        }
        else if (char === '$' && next === '(') {
            i = takeParens(i);
        }
        else if ((char === '<' || char === '>') && next === '(') {
            i = takeParens(i, true);
        }
        else if (char === '$' && next === "'") {
            i = (0,lexer/* afterClose */.vG)(script, (0,lexer/* closingQuote */.m2)(script, i + 2, "'"));
        }
        else if (char === '#' && (0,lexer/* opensComment */.bS)(script, i, parens)) {
            const end = (0,lexer/* lineEnd */.kd)(script, i);
            cut(i, end);
            i = end;
        }
        else if (char === '<' && next === '<') {
            // `<<<` is a here-string, which shell-quote reads; `<<` opens a heredoc
            i = script[i + 2] === '<' ? i + 3 : noteHeredoc(i + 2);
        }
        else if (char === '\n') {
            finish(i, i + 1, false);
            i = takeHeredocBodies(i + 1);
            start = copied = i;
        }
        else if (char === ';' || char === '(' || char === ')') {
            if (char === '(')
                parens.opened(script, i);
            if (char === ')')
                parens.closed(i);
            finish(i, i + 1, false);
            i++;
        }
        else if (char === '&') {
            // `2>&1`, `<&3` and `&> file` are redirections, not separators
            if (script[i - 1] === '>' || script[i - 1] === '<' || next === '>')
                i++;
            else {
                const width = next === '&' ? 2 : 1;
                finish(i, i + width, false);
                i += width;
            }
        }
        else if (char === '|') {
            if (script[i - 1] === '>')
                i++; // `>| file`
            else if (next === '|') {
                finish(i, i + 2, false);
                i += 2;
            }
            else {
                const width = next === '&' ? 2 : 1;
                finish(i, i + width, true);
                i += width;
            }
        }
        else
            i++;
    }
    finish(script.length, script.length, false);
    return commands;
}
/** Index of the backtick closing one opened just before `from` (or the end of `text`). */
function closingBacktick(text, from) {
    const close = (0,lexer/* closingQuote */.m2)(text, from, '`');
    return close === -1 ? text.length : close;
}
/** A backtick body as the inner shell reads it. */
function unescapeBackticks(body) {
    return body.replace(/\\([\\`$])/g, '$1');
}
/** Bodies of the substitutions in text that expands them (an unquoted heredoc). */
function substitutionsIn(text) {
    const bodies = [];
    let i = 0;
    while (i < text.length) {
        const char = text[i];
        if (char === '\\')
            i += 2;
        else if (char === '$' && text[i + 1] === '(') {
            const close = (0,lexer/* closingParen */.QH)(text, i + 2);
            bodies.push(text.slice(i + 2, close));
            i = close + 1;
        }
        else if (char === '`') {
            const close = closingBacktick(text, i + 1);
            bodies.push(unescapeBackticks(text.slice(i + 1, close)));
            i = close + 1;
        }
        else
            i++;
    }
    return bodies;
}

;// CONCATENATED MODULE: ./src/core/guardrail/judge.ts
/**
 * Judging a script: each simple command, in order, after the substitutions it runs first,
 * with the text earlier stages of its pipeline feed it. The first rule tripped wins.
 */





const EXCERPT_LIMIT = 200;
// What one printf may print for the checks: twice the 1 MB a hostile command line can hold
const PRINTED_LIMIT = 2 << 20;
/** The first rule a script trips at nesting `depth`, with the offending command as its excerpt. */
function checkScript(script, depth) {
    if (depth > MAX_NESTING)
        return undefined;
    let pipeline = -1;
    let stdin = new Stdin();
    for (const command of splitScript(script)) {
        if (command.pipeline !== pipeline) {
            pipeline = command.pipeline;
            stdin = new Stdin();
        }
        for (const body of command.substitutions) {
            const hit = checkScript(body, depth + 1);
            if (hit)
                return hit;
        }
        // `sh <(echo …)` and `source <(…)` read what the body prints: it reaches them like stdin
        stdin.add(command.processSubstitutions.flatMap(printedBy));
        for (const invocation of invocationsOf(command.text)) {
            stdin.add([...command.heredocs, ...invocation.hereStrings]);
            const finding = checkWords(invocation.words, depth, stdin);
            if (finding)
                return { rule: finding.rule, excerpt: excerptOf(finding.excerpt ?? command.raw) };
            stdin.add(printedText(invocation.words));
        }
    }
    return undefined;
}
function checkWords(words, depth, stdin) {
    if (depth > MAX_NESTING)
        return undefined;
    const command = unwrap(words);
    if (command === undefined)
        return undefined;
    const check = PROGRAMS.get(programName(command.words[command.at] ?? ''));
    return check?.(command.words.slice(command.at + 1), contextAt(depth, stdin));
}
function contextAt(depth, stdin) {
    return {
        stdin,
        script: text => checkScript(text, depth + 1),
        command: (words, input) => checkWords(words, depth + 1, input)
    };
}
function excerptOf(text) {
    const trimmed = text.trim();
    if (trimmed.length <= EXCERPT_LIMIT)
        return trimmed;
    return trimmed.slice(0, EXCERPT_LIMIT - 1) + '…';
}
/** What the `echo`/`printf` commands of a script print (a process substitution's body). */
function printedBy(script) {
    return splitScript(script).flatMap(command => invocationsOf(command.text).flatMap(one => printedText(one.words)));
}
/** What `echo`/`printf` write: data, which matters only when a shell or database reads it. */
function printedText(words) {
    const command = unwrap(words);
    if (command === undefined)
        return [];
    const name = programName(command.words[command.at] ?? '');
    let first = command.at + 1;
    if (name === 'echo') {
        while (/^-[neE]+$/.test(command.words[first] ?? ''))
            first++;
    }
    else if (name === 'printf') {
        if (command.words[first] === '-v')
            first += 2;
        if (command.words[first] === '--')
            first++;
        const [format, ...args] = command.words.slice(first);
        return format === undefined ? [] : [printfOutput(format, args)];
    }
    else
        return [];
    const args = command.words.slice(first);
    return args.length === 0 ? [] : [judge_unescape(args.join(' '))];
}
/** `printf FORMAT ARGS…` as printf prints it: each `%…` conversion takes the next argument, and the format repeats while arguments remain. */
function printfOutput(format, args) {
    const template = judge_unescape(format);
    const pieces = [];
    let length = 0;
    let next = 0;
    // The format repeats only while it consumes arguments, and the text printed is capped
    do {
        const before = next;
        const piece = template.replace(/%[-+ #0]*\d*(?:\.\d*)?([%a-zA-Z])/g, (_, conversion) => conversion === '%' ? '%' : (args[next++] ?? ''));
        pieces.push(piece);
        length += piece.length;
        if (next === before)
            break;
    } while (next < args.length && length < PRINTED_LIMIT);
    return pieces.join('');
}
/** Backslash escapes of `echo -e` and printf formats: `\n`, `\t`, `\xHH`, `\0NNN`. */
function judge_unescape(text) {
    return text.replace(/\\(x[0-9a-fA-F]{1,2}|0[0-7]{0,3}|[0-7]{1,3}|.)/g, (whole, code) => {
        if (code.startsWith('x'))
            return String.fromCharCode(parseInt(code.slice(1), 16));
        if (/^[0-7]/.test(code))
            return String.fromCharCode(parseInt(code, 8));
        return { n: '\n', t: '\t', r: '\r', '\\': '\\' }[code] ?? whole;
    });
}

;// CONCATENATED MODULE: ./src/core/guardrail/index.ts
/**
 * The destructive-command guardrail (docs/design.md §1). A command line is cut into simple commands
 * the way a POSIX shell would (quotes, operators, subshells, substitutions, heredocs); each
 * is stripped of its launchers (sudo, env, xargs, …) and the program it finally runs is
 * judged by that program's rule. Text a shell would only print or store is data; text handed
 * to another shell or to a database client is judged too. docs/guardrail.md lists the rules,
 * the variants caught, the blind spots and how the files of this folder divide the work.
 */

/** The first destructive operation in a shell command line, or undefined when it is safe. */
function findDestructive(command) {
    return checkScript(command.replace(/\r\n?/g, '\n'), 0);
}


/***/ }),

/***/ 5018:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ parseInputs)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2074);
/* harmony import */ var _kinds_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6015);
/* harmony import */ var _resolve_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7441);
/* harmony import */ var _table_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3152);
/**
 * The one parser of raw inputs: a zod object schema built from the table for the inputs a
 * front end asked for. A bad value is a UsageError of one line naming the input the way
 * that front end spells it (`--expect-exit: …` on the CLI, `expect-exit: …` in the action).
 */





const NUL_REFUSAL = 'contains a NUL character, which no command, path or pattern may hold';
/** One input's schema: NUL refused, "not given" replaced by its default, then its kind's rules. */
function fieldSchema(name, place) {
    const spec = (0,_table_js__WEBPACK_IMPORTED_MODULE_0__/* .inputSpec */ .mm)(name);
    return zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()
        .optional()
        .refine(value => !value?.includes('\0'), { error: NUL_REFUSAL, abort: true })
        .transform(value => (value === undefined || value.trim() === '' ? (spec.default ?? (0,_kinds_js__WEBPACK_IMPORTED_MODULE_2__/* .unsetText */ .f1)(spec.kind, place)) : value))
        .pipe((0,_kinds_js__WEBPACK_IMPORTED_MODULE_2__/* .kindSchema */ .ue)(spec.kind, place).optional());
}
/** Parses the named inputs; throws a UsageError naming the first bad one (in table order). */
function parseInputs(raw, names, place) {
    const shape = {};
    const given = {};
    // Table order, so which of several bad inputs is named first does not depend on the caller.
    for (const name of _table_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT_NAMES */ .Qh.filter(name => names.includes(name))) {
        shape[name] = fieldSchema(name, place);
        given[name] = raw[name];
    }
    const result = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc(shape).safeParse(given);
    if (result.success)
        return result.data;
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'input');
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`${(0,_resolve_js__WEBPACK_IMPORTED_MODULE_4__/* .inputLabel */ .NB)(name, place.front)}: ${issue?.message ?? 'is not allowed'}`);
}


/***/ }),

/***/ 8175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $I: () => (/* binding */ DROPPED_MARKER_LINE),
/* harmony export */   l_: () => (/* binding */ CappedLogWriter)
/* harmony export */ });
/* unused harmony export DISK_FULL_RELEASE_BYTES */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _base_atomic_file_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(119);



const DEFAULT_CAP_BYTES = 10 * 1024 * 1024;
// Not defined on Windows, where there is nothing to add.
const NO_FOLLOW = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW ?? 0;
function droppedMarker(dropped, head, tail) {
    return `[reverify: ${dropped} bytes dropped; the log keeps the first ${head} and the last ${tail} bytes]`;
}
/** The line a capped log puts where it dropped bytes (see droppedMarker), for readers that leave it out. */
const DROPPED_MARKER_LINE = /^\[reverify: \d+ bytes dropped; the log keeps the first \d+ and the last \d+ bytes\]$/;
/**
 * What a full disk costs the log: it gives back this much of what it wrote, so the trace's
 * events, meta.json and the receipt still fit and the run can be closed (docs/design.md §2).
 */
const DISK_FULL_RELEASE_BYTES = 256 * 1024;
function diskFullMarker(kept) {
    return `[reverify: no space left on device; the log stops here, after the first ${kept} bytes of the output]`;
}
/** Writes an attempt's combined output to a file, keeping head and tail beyond a cap. */
class CappedLogWriter {
    file;
    capBytes;
    headBytes;
    tailBytes;
    seen = 0;
    // Ring of the latest bytes past the head, allocated only once the output gets there.
    tail;
    tailNext = 0;
    tailFilled = 0;
    pending = [];
    draining;
    failure;
    // Bytes on the file so far, and where the disk filled up (the log stops growing there).
    written = 0;
    diskFullAt;
    closing;
    constructor(file, capBytes) {
        this.file = file;
        this.capBytes = capBytes;
        this.headBytes = Math.floor(capBytes / 2);
        this.tailBytes = capBytes - this.headBytes;
    }
    /** Opens (creates/truncates, mode 0o600, never via a symlink) the file; cap default 10 MiB. */
    static async open(path, capBytes = DEFAULT_CAP_BYTES) {
        if (!Number.isSafeInteger(capBytes) || capBytes < 0) {
            throw new RangeError(`log cap must be a non-negative integer of bytes, got ${capBytes}`);
        }
        const flags = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_TRUNC | NO_FOLLOW;
        const file = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(path, flags, 0o600);
        try {
            // An existing file keeps its old mode through a truncate.
            await file.chmod(0o600);
        }
        catch (error) {
            await file.close();
            throw error;
        }
        return new CappedLogWriter(file, capBytes);
    }
    /** Takes the next chunk; never blocks: file writes are queued, bounded by the cap. */
    write(chunk) {
        if (this.closing !== undefined)
            return;
        const fresh = typeof chunk === 'string';
        const bytes = fresh ? Buffer.from(chunk, 'utf8') : chunk;
        const size = bytes.length;
        if (size === 0)
            return;
        const before = this.seen;
        this.seen += size;
        // A full disk stopped the log; the output is still counted.
        if (this.diskFullAt !== undefined)
            return;
        // Everything goes straight to the file while the output still fits under the cap,
        // so a killed process leaves a complete log in the common case.
        const straight = Math.min(size, Math.max(0, this.capBytes - before));
        if (straight > 0) {
            // The caller may reuse its buffer before the write lands.
            this.enqueue(fresh && straight === size ? bytes : Buffer.from(bytes.subarray(0, straight)));
        }
        const pastHead = Math.max(0, this.headBytes - before);
        if (pastHead < size)
            this.keepTail(bytes, pastHead);
    }
    /** Resolves once every byte written so far that goes straight to the file is there. */
    async flush() {
        while (this.draining !== undefined)
            await this.draining;
        if (this.failure !== undefined)
            throw this.failure;
    }
    /** Resolves once the writes queued so far have landed or failed; never throws. */
    async settle() {
        while (this.draining !== undefined)
            await this.draining;
    }
    /**
     * Flushes and closes; if bytes were dropped, the file holds the head, a marker line
     * `\n[reverify: N bytes dropped; the log keeps the first X and the last Y bytes]\n`,
     * then the tail. Later calls return the same result.
     */
    close() {
        this.closing ??= this.finish();
        return this.closing;
    }
    async finish() {
        try {
            while (this.draining !== undefined)
                await this.draining;
            if (this.diskFullAt !== undefined)
                return await this.finishFull(this.diskFullAt);
            const dropped = this.seen - this.headBytes - this.tailFilled;
            if (this.failure === undefined && this.seen > this.capBytes) {
                const marker = Buffer.from(`\n${droppedMarker(dropped, this.headBytes, this.tailFilled)}\n`, 'utf8');
                const ending = Buffer.concat([marker, ...this.tailInOrder()]);
                // Overwrites whatever went straight through past the head before the cap was hit.
                await this.writeAll(ending, this.headBytes);
                await this.file.truncate(this.headBytes + ending.length);
            }
            if (this.failure !== undefined)
                throw this.failure;
            return { bytesSeen: this.seen, bytesDropped: Math.max(0, dropped) };
        }
        finally {
            this.tail = undefined;
            await this.file.close();
        }
    }
    /** A log the disk cut short: what it kept, then the marker if it still fits; the verdict never depends on it. */
    async finishFull(kept) {
        try {
            await this.writeAll(Buffer.from(`\n${diskFullMarker(kept)}\n`, 'utf8'), kept);
        }
        catch {
            // No room even for the marker: the trace's note says it all the same.
        }
        return { bytesSeen: this.seen, bytesDropped: this.seen - kept, diskFullAt: kept };
    }
    /**
     * The disk is full: the log stops at what it holds, less DISK_FULL_RELEASE_BYTES given
     * back so the run can still be recorded and closed.
     */
    async stopOnFullDisk() {
        const kept = Math.max(0, this.written - DISK_FULL_RELEASE_BYTES);
        this.diskFullAt = kept;
        this.tail = undefined;
        try {
            await this.file.truncate(kept);
        }
        catch {
            // Nothing more can be done here; closing the run reports what cannot be written.
        }
    }
    tailInOrder() {
        if (this.tail === undefined)
            return [];
        if (this.tailFilled < this.tail.length)
            return [this.tail.subarray(0, this.tailFilled)];
        return [this.tail.subarray(this.tailNext), this.tail.subarray(0, this.tailNext)];
    }
    keepTail(bytes, from) {
        const capacity = this.tailBytes;
        if (capacity === 0)
            return;
        this.tail ??= Buffer.allocUnsafe(capacity);
        const start = Math.max(from, bytes.length - capacity);
        const count = bytes.length - start;
        const untilWrap = Math.min(count, capacity - this.tailNext);
        bytes.copy(this.tail, this.tailNext, start, start + untilWrap);
        if (untilWrap < count)
            bytes.copy(this.tail, 0, start + untilWrap, bytes.length);
        this.tailNext = (this.tailNext + count) % capacity;
        this.tailFilled = Math.min(capacity, this.tailFilled + count);
    }
    enqueue(bytes) {
        if (this.failure !== undefined || this.diskFullAt !== undefined)
            return;
        this.pending.push(bytes);
        this.draining ??= this.drain();
    }
    async drain() {
        try {
            while (this.pending.length > 0) {
                // Small writes that piled up behind a slow one go out as one.
                const batch = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
                this.pending = [];
                await this.writeAll(batch, null);
            }
        }
        catch (error) {
            this.pending = [];
            if ((0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_2__/* .isErrorCode */ .We)(error, 'ENOSPC', 'EDQUOT'))
                await this.stopOnFullDisk();
            else
                this.failure ??= error;
        }
        finally {
            this.draining = undefined;
        }
    }
    async writeAll(bytes, position) {
        let offset = 0;
        while (offset < bytes.length) {
            const at = position === null ? null : position + offset;
            const { bytesWritten } = await this.file.write(bytes, offset, bytes.length - offset, at);
            offset += bytesWritten;
            if (position === null)
                this.written += bytesWritten;
        }
    }
}


/***/ }),

/***/ 8577:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X2: () => (/* binding */ summaryParts),
/* harmony export */   dc: () => (/* binding */ OutputSummarizer),
/* harmony export */   q$: () => (/* binding */ CUT_LINE_SUFFIX)
/* harmony export */ });
/* unused harmony exports DEFAULT_SUMMARY_LIMITS, KEYWORD_LINE */
/** The docs/design.md §2 limits: 20 head lines, 20 tail lines, 1,000 chars a line, 200 matches. */
const DEFAULT_SUMMARY_LIMITS = Object.freeze({
    headLines: 20,
    tailLines: 20,
    maxLineChars: 1000,
    maxMatchedLines: 200
});
const KEYWORD_LIST = ['ERROR', 'WARN', 'FAIL', 'panic'];
const KEYWORDS = KEYWORD_LIST.join('|');
/** A line the summary keeps from the middle of the output: it holds one of the keywords. */
const KEYWORD_LINE = new RegExp(KEYWORDS);
// Longest keyword minus one: enough of a line's end to finish a keyword in the next chunk.
const KEYWORD_CARRY = Math.max(...KEYWORD_LIST.map(keyword => keyword.length)) - 1;
const LF = 0x0a;
const CR = 0x0d;
// V8 shares the parent's memory for substrings of at least this length.
const SHARED_SUBSTRING_MIN = 13;
// The summary's own lines. They are built and recognised here, in one place, so the
// reviewer excerpt (core/output/excerpt.ts) can take them out without guessing at their wording.
const GAP_LINE = '…';
function omittedLine(middle, matched) {
    return `… ${middle} ${middle === 1 ? 'line' : 'lines'} omitted; ${matched} matched ${KEYWORDS}${matched > 0 ? ':' : ''}`;
}
function moreMatchesLine(unshown) {
    return `… and ${unshown} more matching ${unshown === 1 ? 'line' : 'lines'}`;
}
function cutSuffix(dropped) {
    return `… [+${dropped} chars]`;
}
const OMITTED_LINE = new RegExp(`^… (\\d+) lines? omitted; (\\d+) matched ${KEYWORD_LIST.join('\\|')}:?$`);
const MORE_MATCHES_LINE = /^… and (\d+) more matching lines?$/;
/** The end a summary gives a line it cut to maxLineChars. */
const CUT_LINE_SUFFIX = /… \[\+\d+ chars\]$/;
/**
 * Splits a summary built with `limits` into head, shown middle lines and tail, leaving out
 * the summary's own bookkeeping lines. A summary without an omitted middle is all head.
 */
function summaryParts(summary, limits = DEFAULT_SUMMARY_LIMITS) {
    const lines = summary === '' ? [] : summary.split('\n');
    // The marker can only stand right after a full head; a user line that looks like it elsewhere is output.
    const marker = OMITTED_LINE.exec(lines[limits.headLines] ?? '');
    if (marker === null)
        return { head: lines, matched: [], tail: [] };
    const matchedCount = Number(marker[2]);
    const shown = Math.min(matchedCount, limits.maxMatchedLines);
    let at = limits.headLines + 1;
    const matched = lines.slice(at, at + shown);
    at += shown;
    if (shown < matchedCount && MORE_MATCHES_LINE.test(lines[at] ?? ''))
        at++;
    if (lines[at] === GAP_LINE)
        at++;
    return { head: lines.slice(0, limits.headLines), matched, tail: lines.slice(at) };
}
/** Builds the docs/design.md §2 summary of a text stream while it streams, in bounded memory. */
class OutputSummarizer {
    limits;
    head = [];
    // Ring of the most recent lines: a line is only known to be "between head and tail"
    // once it falls out of here.
    ring;
    ringMatched;
    ringNext = 0;
    ringCount = 0;
    matchedShown = [];
    matchedCount = 0;
    middleCount = 0;
    lineCount = 0;
    // The line still open at the end of the last chunk.
    lineOpen = false;
    lineText = '';
    lineLength = 0;
    lineMatched = false;
    lineCarry = '';
    // A chunk ended in \r: part of a \r\n ending, or content, depending on the next chunk.
    pendingCR = false;
    straddleTest = new RegExp(KEYWORDS);
    // Per keyword, where it next occurs in the current chunk (searched lazily, positions
    // only move forward): one native search per occurrence, not one per line.
    keywordAt = new Float64Array(KEYWORD_LIST.length);
    result;
    /** Limits default to docs/design.md §2's. */
    constructor(limits = DEFAULT_SUMMARY_LIMITS) {
        this.limits = { ...limits };
        this.ring = new Array(limits.tailLines).fill('');
        this.ringMatched = new Uint8Array(limits.tailLines);
    }
    /** Lines seen so far (a final unterminated line counts once finish() has run). */
    get totalLines() {
        return this.lineCount;
    }
    /** Feeds the next chunk; lines may span chunks; \n and \r\n both end a line. */
    push(text) {
        // A summary already handed out cannot change.
        if (this.result !== undefined || text.length === 0)
            return;
        this.keywordAt.fill(-1);
        let pos = 0;
        if (this.pendingCR) {
            this.pendingCR = false;
            if (text.charCodeAt(0) !== LF)
                this.appendCarriageReturn();
        }
        if (this.lineOpen) {
            const newline = text.indexOf('\n');
            const segmentEnd = newline === -1 ? text.length : newline;
            this.probeStraddle(text, segmentEnd);
            if (newline === -1) {
                this.appendTail(text, 0);
                return;
            }
            this.appendToOpenLine(text, 0, withoutCR(text, 0, newline));
            this.closeOpenLine();
            pos = newline + 1;
        }
        while (this.head.length < this.limits.headLines) {
            const next = this.takeLine(text, pos);
            if (next === pos)
                break;
            pos = next;
        }
        pos = this.skipMiddle(text, pos);
        for (;;) {
            const next = this.takeLine(text, pos);
            if (next === pos)
                break;
            pos = next;
        }
        if (pos < text.length)
            this.appendTail(text, pos);
    }
    /** The summary text; flushes a final unterminated line. Later calls return the same. */
    finish() {
        if (this.result !== undefined)
            return this.result;
        // A lone \r at the very end is taken as a line ending whose \n never came.
        this.pendingCR = false;
        if (this.lineOpen)
            this.closeOpenLine();
        this.result = this.render();
        return this.result;
    }
    render() {
        const out = [...this.head];
        if (this.middleCount > 0) {
            out.push(omittedLine(this.middleCount, this.matchedCount));
            out.push(...this.matchedShown);
            const unshown = this.matchedCount - this.matchedShown.length;
            if (unshown > 0)
                out.push(moreMatchesLine(unshown));
            out.push(GAP_LINE);
        }
        const size = this.ring.length;
        const oldest = this.ringCount < size ? 0 : this.ringNext;
        for (let i = 0; i < this.ringCount; i++)
            out.push(this.ring[(oldest + i) % size]);
        return out.join('\n');
    }
    storeLine(shownLine, matched) {
        this.lineCount++;
        // Only the last few lines of a chunk get here (see skipMiddle), so copying is cheap.
        const line = detached(shownLine);
        if (this.head.length < this.limits.headLines) {
            this.head.push(line);
            return;
        }
        const size = this.ring.length;
        if (size === 0) {
            this.omit(line, matched);
            return;
        }
        const slot = this.ringNext;
        if (this.ringCount === size)
            this.omit(this.ring[slot], this.ringMatched[slot] === 1);
        else
            this.ringCount++;
        this.ring[slot] = line;
        this.ringMatched[slot] = matched ? 1 : 0;
        this.ringNext = slot + 1 === size ? 0 : slot + 1;
    }
    omit(line, matched) {
        this.middleCount++;
        if (!matched)
            return;
        this.matchedCount++;
        if (this.matchedShown.length < this.limits.maxMatchedLines)
            this.matchedShown.push(line);
    }
    /** Stores the complete line starting at pos; returns where the next one starts. */
    takeLine(text, pos) {
        const newline = text.indexOf('\n', pos);
        if (newline === -1)
            return pos;
        const line = this.shown(text, pos, withoutCR(text, pos, newline));
        this.storeLine(line, this.hasKeyword(text, pos, newline));
        return newline + 1;
    }
    /**
     * Lines of this chunk followed by at least tailLines more complete lines can be neither
     * head nor tail: they are only counted, and only the matching ones are looked at.
     * Returns where the lines that still need the ring start.
     */
    skipMiddle(text, pos) {
        let boundary = text.lastIndexOf('\n');
        for (let i = 0; i < this.ring.length && boundary >= pos; i++) {
            boundary = boundary > 0 ? text.lastIndexOf('\n', boundary - 1) : -1;
        }
        if (boundary < pos)
            return pos;
        // Every line in the ring now has enough lines after it.
        const size = this.ring.length;
        const oldest = this.ringCount < size ? 0 : this.ringNext;
        for (let i = 0; i < this.ringCount; i++) {
            const slot = (oldest + i) % size;
            this.omit(this.ring[slot], this.ringMatched[slot] === 1);
            this.ring[slot] = '';
        }
        this.ringCount = 0;
        this.ringNext = 0;
        let count = 0;
        for (let at = pos; at <= boundary; at = text.indexOf('\n', at) + 1)
            count++;
        this.lineCount += count;
        this.middleCount += count;
        for (let at = pos;;) {
            const keyword = this.nextKeyword(text, at);
            if (keyword > boundary)
                break;
            // text[keyword] is not a newline, and pos follows one (or is 0), so this is >= pos.
            const lineStart = text.lastIndexOf('\n', keyword) + 1;
            const newline = text.indexOf('\n', keyword);
            this.matchedCount++;
            if (this.matchedShown.length < this.limits.maxMatchedLines) {
                const line = this.shown(text, lineStart, withoutCR(text, lineStart, newline));
                this.matchedShown.push(detached(line));
            }
            at = newline + 1;
        }
        return boundary + 1;
    }
    /** Start of the first keyword at or after `from` in the current chunk, or Infinity. */
    nextKeyword(text, from) {
        let first = Number.POSITIVE_INFINITY;
        for (let k = 0; k < KEYWORD_LIST.length; k++) {
            let at = this.keywordAt[k];
            if (at < from) {
                at = text.indexOf(KEYWORD_LIST[k], from);
                if (at === -1)
                    at = Number.POSITIVE_INFINITY;
                this.keywordAt[k] = at;
            }
            if (at < first)
                first = at;
        }
        return first;
    }
    /** Whether a keyword starts in [start, end) of the current chunk. */
    hasKeyword(text, start, end) {
        // Keywords hold no \n, so one starting before the line's \n ends inside the line.
        return this.nextKeyword(text, start) < end;
    }
    /** The line text[start, end) as the summary shows it. */
    shown(text, start, end) {
        return end - start <= this.limits.maxLineChars
            ? text.slice(start, end)
            : this.capped(text.slice(start, start + this.limits.maxLineChars), end - start);
    }
    probeStraddle(text, segmentEnd) {
        if (this.lineMatched || this.lineCarry.length === 0)
            return;
        const probe = this.lineCarry + text.slice(0, Math.min(KEYWORD_CARRY, segmentEnd));
        if (this.straddleTest.test(probe))
            this.lineMatched = true;
    }
    appendTail(text, start) {
        let end = text.length;
        if (text.charCodeAt(end - 1) === CR) {
            this.pendingCR = true;
            end--;
        }
        this.lineOpen = true;
        this.appendToOpenLine(text, start, end);
    }
    appendToOpenLine(text, start, end) {
        if (end <= start)
            return;
        const room = this.limits.maxLineChars - this.lineText.length;
        if (room > 0) {
            // Copied so a long-open line does not pin every chunk it started in.
            this.lineText = detached(this.lineText + text.slice(start, Math.min(end, start + room)));
        }
        this.lineLength += end - start;
        if (this.lineMatched)
            return;
        if (this.hasKeyword(text, start, end)) {
            this.lineMatched = true;
            this.lineCarry = '';
            return;
        }
        this.lineCarry =
            end - start >= KEYWORD_CARRY ? text.slice(end - KEYWORD_CARRY, end) : (this.lineCarry + text.slice(start, end)).slice(-KEYWORD_CARRY);
    }
    appendCarriageReturn() {
        if (this.lineText.length < this.limits.maxLineChars)
            this.lineText += '\r';
        this.lineLength++;
        if (!this.lineMatched)
            this.lineCarry = (this.lineCarry + '\r').slice(-KEYWORD_CARRY);
    }
    closeOpenLine() {
        const line = this.lineLength > this.limits.maxLineChars ? this.capped(this.lineText, this.lineLength) : this.lineText;
        this.storeLine(line, this.lineMatched);
        this.lineOpen = false;
        this.lineText = '';
        this.lineLength = 0;
        this.lineMatched = false;
        this.lineCarry = '';
    }
    capped(kept, fullLength) {
        // Never end on half of a surrogate pair.
        const last = kept.charCodeAt(kept.length - 1);
        const shown = last >= 0xd800 && last <= 0xdbff ? kept.slice(0, -1) : kept;
        return `${shown}${cutSuffix(fullLength - shown.length)}`;
    }
}
/** End of the line in [start, newline) without one trailing \r. */
function withoutCR(text, start, newline) {
    return newline > start && text.charCodeAt(newline - 1) === CR ? newline - 1 : newline;
}
// A substring can keep its whole parent chunk alive; a flattened concatenation is a fresh
// string of its own length, so kept lines cost only what they hold.
function detached(text) {
    return text.length < SHARED_SUBSTRING_MIN ? text : (text + ' ').slice(0, -1);
}


/***/ }),

/***/ 8735:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ag: () => (/* binding */ startTicksOf),
/* harmony export */   CW: () => (/* binding */ identifyGroup),
/* harmony export */   X0: () => (/* binding */ processStartTime),
/* harmony export */   r3: () => (/* binding */ processesWithEnv),
/* harmony export */   td: () => (/* binding */ commandProcesses)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/**
 * Telling a process apart from a later one that got the same pid (docs/design.md §6): a
 * pid is only an address, and on a busy host it is handed out again within minutes, so a
 * process group recorded by a crashed run is identified by its leader's pid **and** start
 * time. Linux: field 22 of /proc/<pid>/stat (clock ticks since boot). Elsewhere:
 * `ps -o lstart=` (the start time to the second, as BSD and macOS `ps` print it).
 */


/** Parses /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
function readProcStat(pid) {
    let text;
    try {
        text = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(`/proc/${pid}/stat`, 'utf8');
    }
    catch {
        return undefined;
    }
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): field n is fields[n - 3].
    const startTicks = fields[19];
    if (startTicks === undefined || !/^\d+$/.test(startTicks))
        return undefined;
    return { pid, state: fields[0] ?? '', pgrp: Number(fields[2]), session: Number(fields[3]), startTicks };
}
/** Whether this host has a /proc with stat files (Linux). */
function hasProcfs() {
    return readProcStat(process.pid) !== undefined;
}
/**
 * The start time of a live process, as an opaque string compared only for equality
 * (`linux:<ticks>` or `ps:<lstart>`); undefined when it is gone or cannot be told.
 */
function processStartTime(pid) {
    if (!Number.isSafeInteger(pid) || pid <= 1)
        return undefined;
    const stat = readProcStat(pid);
    if (stat !== undefined)
        return `linux:${stat.startTicks}`;
    if (hasProcfs() || process.platform === 'win32')
        return undefined;
    const ps = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawnSync)('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 5000 });
    const started = ps.status === 0 ? ps.stdout.trim() : '';
    return started === '' ? undefined : `ps:${started.replace(/\s+/g, ' ')}`;
}
/**
 * Checks a recorded group (leader pid = group id, and the leader's start time) against what
 * runs now. Only `same` and `orphaned` may be signalled.
 */
function identifyGroup(pgid, started) {
    if (!Number.isSafeInteger(pgid) || pgid <= 1)
        return { kind: 'other', why: 'not a process group id' };
    const now = processStartTime(pgid);
    if (now !== undefined && now !== started)
        return { kind: 'other', why: `pid ${pgid} now belongs to a process started at another time` };
    // Zombies (exited, not yet reaped by an init that reaps lazily) cannot run on: they do not count.
    if (now !== undefined)
        return hasProcfs() && groupMembers(pgid).every(member => member.state === 'Z') ? { kind: 'gone' } : { kind: 'same' };
    if (!groupExists(pgid))
        return { kind: 'gone' };
    // The leader has exited and something still has the group id.
    if (!started.startsWith('linux:') || !hasProcfs()) {
        return { kind: 'other', why: `the leader of group ${pgid} has exited and its members cannot be checked here` };
    }
    const leaderTicks = BigInt(started.slice('linux:'.length));
    const members = groupMembers(pgid).filter(member => member.state !== 'Z');
    // A group id is not given out again while any process of the group lives (POSIX), and a
    // group that reused it would be led from another session in all but the rarest cases.
    const foreign = members.find(member => member.session !== pgid || BigInt(member.startTicks) < leaderTicks);
    if (foreign !== undefined)
        return { kind: 'other', why: `process ${foreign.pid} of group ${pgid} is not from the recorded command` };
    if (members.length === 0)
        return { kind: 'gone' };
    return { kind: 'orphaned', members: members.map(member => member.pid) };
}
/** Whether any process (zombies too) has this group id: kill(0) signals nothing. */
function groupExists(pgid) {
    try {
        process.kill(-pgid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/** Every pid /proc lists (none without /proc). */
function procPids() {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readdirSync)('/proc')
            .filter(name => /^\d+$/.test(name))
            .map(Number);
    }
    catch {
        return [];
    }
}
/** The live processes of a group, from /proc. */
function groupMembers(pgid) {
    const members = [];
    for (const pid of procPids()) {
        const stat = readProcStat(pid);
        if (stat !== undefined && stat.pgrp === pgid)
            members.push(stat);
    }
    return members;
}
/**
 * The processes of this user (other than this one) that started with `name=value` in their
 * environment, each with its start time (Linux: /proc/<pid>/environ; none elsewhere).
 */
function processesWithEnv(name, value) {
    const needle = `\0${name}=${value}\0`;
    const found = [];
    for (const pid of procPids()) {
        if (pid === process.pid)
            continue;
        try {
            if (!`\0${(0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(`/proc/${pid}/environ`, 'latin1')}`.includes(needle))
                continue;
        }
        catch {
            continue; // another user's, or gone
        }
        const started = processStartTime(pid);
        if (started !== undefined)
            found.push({ pid, started });
    }
    return found;
}
/**
 * The live processes (zombies do not count) of one command: those in its process group or
 * its session, and those that carry its marker although they left both (`setsid`, a
 * double fork). Each with its start time, so a pid handed out again is never signalled.
 * Undefined where there is no /proc (macOS): there only the group can be told.
 */
function commandProcesses(tree) {
    if (!hasProcfs())
        return undefined;
    const needle = tree.marker === undefined ? undefined : `\0${tree.marker.name}=${tree.marker.value}\0`;
    const found = [];
    for (const pid of procPids()) {
        if (pid === process.pid)
            continue;
        const stat = readProcStat(pid);
        if (stat === undefined || stat.state === 'Z' || stat.state === 'X')
            continue;
        let ours = stat.pgrp === tree.pgid || stat.session === tree.session;
        if (!ours && needle !== undefined && (tree.notBefore === undefined || BigInt(stat.startTicks) >= tree.notBefore)) {
            try {
                ours = `\0${(0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(`/proc/${pid}/environ`, 'latin1')}`.includes(needle);
            }
            catch {
                // Another user's, or gone.
            }
        }
        if (ours)
            found.push({ pid, started: `linux:${stat.startTicks}` });
    }
    return found;
}
/** A process's start in clock ticks since boot (Linux), or undefined (gone, or no /proc). */
function startTicksOf(pid) {
    const stat = readProcStat(pid);
    return stat === undefined ? undefined : BigInt(stat.startTicks);
}


/***/ }),

/***/ 1247:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MO: () => (/* binding */ INTERRUPTED_EXIT),
/* harmony export */   qc: () => (/* binding */ processRunner),
/* harmony export */   t2: () => (/* binding */ exists)
/* harmony export */ });
/* unused harmony exports COMMAND_MARKER_VAR, ProcessGroup */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_events__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8474);
/* harmony import */ var node_events__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_events__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _shell_script_shell_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(464);
/* harmony import */ var _process_identity_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8735);
/**
 * Runs one script through its shell (written to a temp file, see shell/script-shell.ts) in
 * its own session and process group, marked with a variable of its own, and reports how it
 * ended. On a timeout or an interrupt every process of the command is signalled — its group,
 * its session, and whatever carries its marker after leaving both (`set -m`, `setsid`) — so
 * grandchildren die with the command instead of running on into the next attempt.
 */







/**
 * The variable that marks every process of one command (a fresh value per command): a
 * timeout ends what carries it, and nothing of another command — the script's background
 * server while its `expect-check` runs, another run's commands — does.
 */
const COMMAND_MARKER_VAR = 'REVERIFY_COMMAND_ID';
/** The exit code of a command stopped by its timeout, as `timeout(1)` reports it. */
const TIMEOUT_EXIT = 124;
/** The exit code of a command stopped by an interrupt (128 + SIGINT). */
const INTERRUPTED_EXIT = 130;
/**
 * Whether a process (pid) or any process of a group (-pgid) exists: kill(0) checks without
 * signalling. EPERM means one exists that is not ours to signal.
 */
function exists(target) {
    try {
        process.kill(target, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/**
 * The processes of one command, which may outlive its shell: its process group and session
 * (the shell leads both) and, where /proc shows environments (Linux), every process that
 * carries the command's marker — a job `set -m` put in a group of its own, a `setsid`
 * daemon. Without /proc (macOS) only the group can be found.
 */
class ProcessGroup {
    pgid;
    closed;
    /** Once SIGKILL is sent (or nothing was found left) nothing of the command can run on. */
    killed = false;
    tree;
    /** `child` is the group's leader when this process started it; without it (a group
     *  found again from saved state) only kill(0) tells when the group is gone. */
    constructor(pgid, child, marker) {
        this.pgid = pgid;
        this.closed = child ? (0,node_events__WEBPACK_IMPORTED_MODULE_2__.once)(child, 'close').then(() => undefined) : new Promise(() => undefined);
        const notBefore = child ? (0,_process_identity_js__WEBPACK_IMPORTED_MODULE_5__/* .startTicksOf */ .Ag)(pgid) : undefined;
        this.tree = { pgid, session: pgid, ...(marker && { marker }), ...(notBefore !== undefined && { notBefore }) };
    }
    /**
     * True while any process of the command may still run. kill(0) also finds zombies, which
     * an init that reaps lazily (PID 1 in a container) leaves around: after SIGKILL the command
     * counts as ended, and where /proc shows them, zombies count as ended already.
     */
    isAlive() {
        if (this.killed)
            return false;
        // On Linux /proc tells zombies apart and finds what left the group, so a command whose
        // processes have all exited counts as ended at once instead of at the end of the grace.
        // Once nothing of it is left nothing can come back (new processes come from live ones),
        // so the command stays ended: its group or session id, free again, may be handed out.
        const members = (0,_process_identity_js__WEBPACK_IMPORTED_MODULE_5__/* .commandProcesses */ .td)(this.tree);
        if (members !== undefined && members.length === 0)
            this.killed = true;
        if (members !== undefined)
            return members.length > 0;
        return exists(-this.pgid);
    }
    /**
     * SIGTERM to every process of the command, then SIGKILL after the grace period to what is
     * left; says whether SIGKILL was needed (undefined when nothing was left to signal).
     */
    async terminate(graceMs) {
        if (this.killed)
            return undefined;
        const grouped = this.signal('SIGTERM');
        const members = this.signalMembers('SIGTERM');
        if (!grouped && members === 0)
            return undefined;
        const deadline = Date.now() + graceMs;
        // The pipes close when every holder has exited; a member that redirected its output
        // elsewhere is only visible through kill(0), so check that too until the deadline.
        while (Date.now() < deadline && this.isAlive()) {
            await waitAtMost(this.closed, Math.min(50, deadline - Date.now()));
            if (!this.isAlive())
                return { graceMs, killed: false };
        }
        // What is left at the deadline needs SIGKILL; nothing may be (it ended as the grace ran out).
        const needed = this.isAlive();
        const left = needed ? (0,_process_identity_js__WEBPACK_IMPORTED_MODULE_5__/* .commandProcesses */ .td)(this.tree) : undefined;
        this.signal('SIGKILL');
        // Looked up again: what was started during the grace is ended too.
        this.signalMembers('SIGKILL');
        this.killed = true;
        if (!needed)
            return { graceMs, killed: false };
        return { graceMs, killed: true, ...(left !== undefined && left.length > 0 && { ignoredTerm: left.length }) };
    }
    /** Signals each process of the command found now, if its pid still names it; returns how many. */
    signalMembers(name) {
        const members = (0,_process_identity_js__WEBPACK_IMPORTED_MODULE_5__/* .commandProcesses */ .td)(this.tree) ?? [];
        for (const member of members) {
            if ((0,_process_identity_js__WEBPACK_IMPORTED_MODULE_5__/* .processStartTime */ .X0)(member.pid) !== member.started)
                continue;
            try {
                process.kill(member.pid, name);
            }
            catch {
                // Gone in the meantime.
            }
        }
        return members.length;
    }
    signal(name) {
        try {
            process.kill(-this.pgid, name);
            return true;
        }
        catch {
            return false;
        }
    }
}
/** How long to wait for a finished command's pipes to close. */
const PIPE_SETTLE_MS = 250;
/** Waits for a promise, but no longer than ms; the timer never outlives the wait. */
async function waitAtMost(promise, ms) {
    let timer;
    await Promise.race([promise, new Promise(resolve => (timer = setTimeout(resolve, Math.max(0, ms))))]);
    clearTimeout(timer);
}
/** The script written to its temp file, the argv that runs it, and the folder to remove afterwards. */
async function shellArgv(command, shell) {
    const file = await (0,_shell_script_shell_js__WEBPACK_IMPORTED_MODULE_6__/* .writeScriptFile */ .zB)(command, shell);
    return { ...(0,_shell_script_shell_js__WEBPACK_IMPORTED_MODULE_6__/* .shellInvocation */ .h5)(shell, file.path), cleanup: file.dir, ...(file.record !== undefined && { record: file.record }) };
}
/** The line a bash script stopped at, from the trap's record, when the record explains the exit. */
async function failedLineOf(record, exitCode) {
    if (record === undefined || exitCode === 0)
        return undefined;
    const found = (0,_shell_script_shell_js__WEBPACK_IMPORTED_MODULE_6__/* .parseFailedLine */ .NV)(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.readFile)(record, 'utf8').catch(() => ''));
    // Only a failure under -e stops the script, and only with that failure's status.
    if (found === undefined || !found.errexit || found.status !== exitCode)
        return undefined;
    return { line: found.line, status: found.status };
}
/** Starts the child; resolves once it runs, or with the error that kept it from starting. */
function start(argv, verbatim, spec, marker) {
    let child;
    try {
        child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)(argv[0], argv.slice(1), {
            cwd: spec.cwd,
            env: { ...(spec.env ?? process.env), [COMMAND_MARKER_VAR]: marker },
            detached: true, // a new session and process group, led by the shell
            stdio: ['ignore', 'pipe', 'pipe'],
            windowsVerbatimArguments: verbatim
        });
    }
    catch (error) {
        return Promise.resolve({ error: error instanceof Error ? error : new Error(String(error)) });
    }
    // Listeners, not events.once: once() of another event rejects when 'error' comes first.
    return new Promise(resolve => {
        child.once('spawn', () => resolve({ child }));
        child.once('error', error => resolve({ error }));
    });
}
/** Exit code for a process ended by a signal: 128 + its number, as shells report it. */
function signalExitCode(signal) {
    const number = node_os__WEBPACK_IMPORTED_MODULE_4__.constants.signals[signal];
    return 128 + (number ?? 0);
}
/**
 * Runs one command to completion (or timeout, or interrupt). Resolves with the result and
 * the process group, which may still hold background processes the command started.
 */
async function runCommand(spec) {
    const started = Date.now();
    const { argv, verbatim, cleanup, record } = await shellArgv(spec.command, spec.shell);
    const base = { command: spec.command, signal: null, timedOut: false, interrupted: false };
    if (spec.signal?.aborted) {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.rm)(cleanup, { recursive: true, force: true });
        return { result: { ...base, exitCode: INTERRUPTED_EXIT, interrupted: true, durationMs: 0 } };
    }
    const marker = (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.randomUUID)();
    const launched = await start(argv, verbatim, spec, marker);
    const child = 'child' in launched ? launched.child : undefined;
    if (child?.pid === undefined) {
        // A program that cannot start (missing, not executable, a missing #! interpreter) is
        // the shell's "command not found": a failed attempt with exit 127, never a crash.
        const why = 'error' in launched ? launched.error.message : 'no process id';
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.rm)(cleanup, { recursive: true, force: true });
        spec.onOutput(Buffer.from(`reverify: could not start ${argv[0]}: ${why}\n`), 'stderr');
        return { result: { ...base, exitCode: 127, durationMs: Date.now() - started } };
    }
    const exited = new Promise(resolve => child.once('exit', (code, signal) => resolve([code, signal])));
    const group = new ProcessGroup(child.pid, child, { name: COMMAND_MARKER_VAR, value: marker });
    const closed = (0,node_events__WEBPACK_IMPORTED_MODULE_2__.once)(child, 'close');
    spec.onStart?.(child.pid);
    for (const name of ['stdout', 'stderr']) {
        const source = child[name];
        source.on('data', (chunk) => {
            if (spec.onOutput(chunk, name) === false && spec.waitForDrain) {
                source.pause();
                void spec.waitForDrain(name).then(() => source.resume());
            }
        });
    }
    let timedOut = false;
    let interrupted = false;
    let stopping;
    const stop = () => {
        stopping ??= group.terminate(spec.killGraceMs);
    };
    const timer = spec.timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            stop();
        }, spec.timeoutMs)
        : undefined;
    const onAbort = () => {
        interrupted = true;
        stop();
    };
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    const [code, signal] = await exited;
    if (timer)
        clearTimeout(timer);
    spec.signal?.removeEventListener('abort', onAbort);
    const stopped = stopping ? await stopping : undefined;
    // Let the pipes deliver what the command wrote before judging its output. A background
    // process still holding them must not stall the run: its output keeps flowing until the
    // attempt ends and its group is stopped.
    await waitAtMost(closed, PIPE_SETTLE_MS);
    const durationMs = Date.now() - started;
    let exitCode = code ?? (signal ? signalExitCode(signal) : 1);
    if (timedOut)
        exitCode = TIMEOUT_EXIT;
    else if (interrupted)
        exitCode = INTERRUPTED_EXIT;
    const failedLine = timedOut || interrupted ? undefined : await failedLineOf(record, exitCode);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.rm)(cleanup, { recursive: true, force: true });
    return {
        result: {
            command: spec.command,
            exitCode,
            signal: signal ?? null,
            timedOut,
            interrupted,
            durationMs,
            ...(timedOut ? { timeoutMs: spec.timeoutMs } : {}),
            ...(stopped !== undefined && { stopped }),
            ...(failedLine !== undefined && { failedLine })
        },
        group
    };
}
/** The real process runner. */
const processRunner = { run: runCommand };


/***/ }),

/***/ 987:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ox: () => (/* binding */ historyKey),
/* harmony export */   oZ: () => (/* binding */ scriptIdentity),
/* harmony export */   rD: () => (/* binding */ normalizeCommand)
/* harmony export */ });
/* unused harmony exports commandIdentity, identityHash */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _shell_script_lines_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2373);
/* harmony import */ var _shell_tokenize_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7205);



/**
 * Command identity (docs/design.md §3): the script's command lines (continuations joined,
 * blank and comment-only lines dropped, see script-lines.ts); each line is parsed by shell-quote into tokens and
 * rendered back in one canonical spelling, so whitespace and equivalent quoting do not
 * make a new identity while anything that changes the tokens does.
 *
 * Canonical spelling, token by token, joined by one space:
 * - operators (`&&`, `|`, `>`, `2>&1` → `2 >& 1`, …) as their text;
 * - a word as bare text when it only holds letters, digits and `_@%+=:,./~^-`, otherwise
 *   in single quotes (a `'` inside becomes `\'`); environment references stay references,
 *   written `$NAME` (`${NAME}` when a word character follows, `"${…}"` for other
 *   parameter expansions), so `"$HOME"` and `$HOME` match but `'$HOME'` (literal) does not;
 * - a glob keeps `*` and `?` bare and quotes the rest (`\*` outside quotes counts as
 *   quoted, as in the shell);
 * - a comment as `# <text>` with its whitespace collapsed; as in bash, a `#` only starts a
 *   comment at the start of a word (`a#b` is one word, rendered `'a#b'`).
 * A command that shell-quote cannot parse (a bad `${…}`, an unclosed quote) falls back to
 * its text with whitespace runs collapsed to one space and the ends trimmed.
 * What shell-quote cannot tell apart stays together: `2>&1` and `2 >& 1`, `$(date)` and
 * `$ (date)`. The canonical text identifies a command; it is never run.
 * The tokens come from the shell tokenizer the guardrail reads words with (shell/tokenize.ts).
 */
const BARE_SAFE = /^[\p{L}\p{N}_@%+=:,./~^-]+$/u;
const PLAIN_NAME = /^\w+$/;
const SPECIAL_NAME = /^[*@#?$!-]$/;
const STARTS_WITH_WORD_CHAR = /^\w/;
/** One command rendered canonically via shell-quote's parse (env refs literal, operators/globs/comments/redirections kept); falls back to whitespace-collapsed text when it does not parse. Idempotent. */
function normalizeCommand(command) {
    const tokens = tokensOf(command);
    if (tokens === undefined)
        return collapseWhitespace(command);
    const rendered = tokens.map(renderToken).join(' ');
    // The spelling must read back as the same tokens, or normalizing it again would drift.
    const reread = tokensOf(rendered);
    if (reread === undefined || JSON.stringify(reread) !== JSON.stringify(tokens)) {
        return collapseWhitespace(command);
    }
    return rendered;
}
/** The identity of an ordered list of command lines (each normalized). */
function commandIdentity(commands) {
    const identity = commands.map(normalizeCommand);
    return { identity, hash: identityHash(identity) };
}
/**
 * The identity of a script: its command lines, continuations joined, each normalized. A
 * receipt written when each line was a command of its own has the same identity whenever
 * its script had no continued and no comment-only line (docs/design.md §3).
 */
function scriptIdentity(script) {
    return commandIdentity((0,_shell_script_lines_js__WEBPACK_IMPORTED_MODULE_1__/* .identityLines */ .W7)(script));
}
/** sha256 hex of the UTF-8 bytes of `JSON.stringify(identity)`: the serialization every reader must use. */
function identityHash(identity) {
    return sha256Hex(JSON.stringify(identity));
}
/** sha256 hex (first 32 chars ok) of target + scope + identity hash: the history key used by the action's cache key prefix. */
function historyKey(target, scope, identityHash) {
    // JSON keeps the three fields apart, so ('a b', '') and ('a', 'b ') cannot collide.
    return sha256Hex(JSON.stringify([target, scope, identityHash])).slice(0, 32);
}
function sha256Hex(text) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(text, 'utf8').digest('hex');
}
function collapseWhitespace(command) {
    return command.trim().split(/\s+/).join(' ');
}
/** The tokens identity compares: shell-quote's, with each comment's whitespace collapsed. */
function tokensOf(command) {
    const tokenized = (0,_shell_tokenize_js__WEBPACK_IMPORTED_MODULE_2__/* .tokenize */ .q)(command);
    if (tokenized === undefined || !tokenized.closed)
        return undefined;
    return tokenized.tokens.map(token => (token.kind === 'comment' ? { kind: 'comment', text: collapseWhitespace(token.text) } : token));
}
function renderToken(token) {
    switch (token.kind) {
        case 'operator':
            return token.op;
        case 'comment':
            return token.text === '' ? '#' : `# ${token.text}`;
        case 'word':
            if (token.parts.length === 0)
                return "''";
            return token.parts.map((part, index) => renderPart(part, token.parts[index + 1], token.glob)).join('');
    }
}
function renderPart(part, next, glob) {
    if ('literal' in part)
        return glob ? renderGlobLiteral(part.literal) : quoteLiteral(part.literal);
    const name = part.variable;
    if (SPECIAL_NAME.test(name))
        return `$${name}`;
    if (PLAIN_NAME.test(name)) {
        const glued = next !== undefined && 'literal' in next && STARTS_WITH_WORD_CHAR.test(next.literal);
        return glued ? `\${${name}}` : `$${name}`;
    }
    return `"\${${name}}"`;
}
function renderGlobLiteral(text) {
    return text
        .split(/([*?]+)/)
        .map((piece, index) => (index % 2 === 1 ? piece : piece === '' ? '' : quoteLiteral(piece)))
        .join('');
}
function quoteLiteral(text) {
    if (BARE_SAFE.test(text))
        return text;
    return text
        .split("'")
        .map(piece => (piece === '' ? '' : `'${piece}'`))
        .join("\\'");
}


/***/ }),

/***/ 9679:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  A: () => (/* binding */ ReceiptStore)
});

// UNUSED EXPORTS: MAX_RECEIPT_BYTES

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/core/base/atomic-file.ts
var atomic_file = __webpack_require__(119);
// EXTERNAL MODULE: ./src/core/base/errors.ts
var errors = __webpack_require__(2074);
// EXTERNAL MODULE: ./src/core/receipts/identity.ts
var identity = __webpack_require__(987);
// EXTERNAL MODULE: ./src/core/base/printable.ts
var printable = __webpack_require__(3174);
// EXTERNAL MODULE: ./src/core/receipts/receipt.ts + 1 modules
var receipts_receipt = __webpack_require__(9169);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./src/core/receipts/run-id.ts
var run_id = __webpack_require__(3980);
// EXTERNAL MODULE: ./src/core/receipts/state-dir.ts
var state_dir = __webpack_require__(3942);
;// CONCATENATED MODULE: ./src/core/receipts/receipt-index.ts










const STATE_FILE = 'state.json';
const ENTRY_NAME = /^(\d{16})_(\d{8}-\d{6}-verify-[0-9a-f]{6})$/;
const IndexStateSchema = schemas/* object */.Ikc({ version: schemas/* literal */.euz(1), runs: schemas/* string */.YjP().max(200) });
/** sha256 hex (32 chars) naming the index list of one target. */
function targetKey(target) {
    return (0,external_node_crypto_.createHash)('sha256')
        .update(JSON.stringify(['target', target]), 'utf8')
        .digest('hex')
        .slice(0, 32);
}
/** The entry's file name: start time then run id, so names sort as the entries do. */
function entryName(entry) {
    const ms = Math.min(Math.max(Math.trunc(entry.startedMs), 0), 8_640_000_000_000_000);
    return `${String(ms).padStart(16, '0')}_${entry.runId}`;
}
/** The entry a file name stands for; undefined for any other name. */
function parseEntryName(name) {
    const match = ENTRY_NAME.exec(name);
    if (!match)
        return undefined;
    return { startedMs: Number(match[1]), runId: match[2] };
}
/** The index files of one state directory (see the layout above). */
class ReceiptIndex {
    indexDir;
    runsDir;
    constructor(stateDir) {
        this.indexDir = (0,external_node_path_.join)(stateDir, state_dir/* INDEX_DIR */.DQ);
        this.runsDir = (0,external_node_path_.join)(stateDir, state_dir/* RUNS_DIR */.z4);
    }
    /** The list key of a receipt in one of its two lists. */
    static keyOf(list, receipt) {
        return list === 'history' ? (0,identity/* historyKey */.Ox)(receipt.target, receipt.scope, receipt.identity_hash) : targetKey(receipt.target);
    }
    /**
     * Adds the receipt to both lists (idempotent) and returns the list directories it changed.
     * With `sync` they are flushed at once; a rebuild flushes them once at the end, and passes
     * `checkedDirectories` so each list directory is checked once rather than per receipt.
     */
    async add(receipt, options) {
        const name = entryName({ runId: receipt.run_id, startedMs: (0,receipts_receipt/* startedAtMs */.Nt)(receipt) });
        const touched = [];
        for (const list of ['history', 'target']) {
            const directory = await this.ensureListDirectory(list, ReceiptIndex.keyOf(list, receipt), options.checkedDirectories);
            try {
                const handle = await (0,promises_.open)((0,external_node_path_.join)(directory, name), external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL, 0o644);
                await handle.close();
            }
            catch (error) {
                if ((0,atomic_file/* isErrorCode */.We)(error, 'EEXIST'))
                    continue;
                throw error;
            }
            touched.push(directory);
            if (options.sync)
                await (0,atomic_file/* fsyncDirectory */.hO)(directory);
        }
        return touched;
    }
    /** Removes the receipt's entries from both lists (absent is fine). */
    async removeReceipt(receipt) {
        const entry = { runId: receipt.run_id, startedMs: (0,receipts_receipt/* startedAtMs */.Nt)(receipt) };
        for (const list of ['history', 'target'])
            await this.remove(list, ReceiptIndex.keyOf(list, receipt), entry);
    }
    /**
     * The entries of one list, newest first; none when the list does not exist. A symlink or
     * a file where a directory of the index belongs throws: reading an empty list there
     * would hide receipts, so callers fall back to reading every receipt.
     */
    async entries(list, key) {
        return this.entriesIn((0,external_node_path_.join)(this.indexDir, list, key));
    }
    /** Every list key of one kind present on disk. */
    async keys(list) {
        const directory = (0,external_node_path_.join)(this.indexDir, list);
        try {
            await (0,atomic_file/* requireRealDirectory */.rK)(directory);
            return (await (0,promises_.readdir)(directory)).filter(name => /^[0-9a-f]{32}$/.test(name));
        }
        catch (error) {
            if ((0,atomic_file/* isErrorCode */.We)(error, 'ENOENT'))
                return [];
            throw error;
        }
    }
    /** Removes one entry from a list (absent is fine). */
    async remove(list, key, entry) {
        const directory = (0,external_node_path_.join)(this.indexDir, list, key);
        if (!(await this.realDirectories(directory)))
            return;
        await this.unlinkEntry(directory, entry);
    }
    /** Identifies the current set of run directories: it changes when one is added or removed. */
    async runsFingerprint() {
        try {
            const stats = await (0,promises_.lstat)(this.runsDir, { bigint: true });
            return `${stats.dev}:${stats.ino}:${stats.mtimeNs}:${stats.nlink}`;
        }
        catch (error) {
            if ((0,atomic_file/* isErrorCode */.We)(error, 'ENOENT'))
                return 'absent';
            throw error;
        }
    }
    /** The fingerprint recorded by the last writer; undefined when missing or unreadable. */
    async recordedFingerprint() {
        try {
            await (0,atomic_file/* requireRealDirectory */.rK)(this.indexDir);
            const text = await (0,atomic_file/* readRegularFile */.XF)((0,external_node_path_.join)(this.indexDir, STATE_FILE), 4_096);
            if (text === undefined)
                return undefined;
            const parsed = IndexStateSchema.safeParse(JSON.parse(text));
            return parsed.success ? parsed.data.runs : undefined;
        }
        catch {
            return undefined; // the index is derived data: anything odd just means "rebuild"
        }
    }
    /** Records that the index matches `runs/` as identified by `fingerprint`. */
    async recordFingerprint(fingerprint) {
        await (0,atomic_file/* ensureRealDirectory */.Sp)(this.indexDir);
        await (0,atomic_file/* writeFileAtomic */.Zf)((0,external_node_path_.join)(this.indexDir, STATE_FILE), `${JSON.stringify({ version: 1, runs: fingerprint })}\n`);
    }
    async ensureListDirectory(list, key, checked) {
        const directory = (0,external_node_path_.join)(this.indexDir, list, key);
        for (const path of [this.indexDir, (0,external_node_path_.join)(this.indexDir, list), directory]) {
            if (checked?.has(path))
                continue;
            await (0,atomic_file/* ensureRealDirectory */.Sp)(path);
            checked?.add(path);
        }
        return directory;
    }
    async entriesIn(directory) {
        if (!(await this.realDirectories(directory)))
            return [];
        const names = await (0,promises_.readdir)(directory);
        return names
            .sort()
            .reverse()
            .map(parseEntryName)
            .filter((entry) => entry !== undefined && (0,run_id/* isRunId */.Pk)(entry.runId));
    }
    /**
     * False when the list directory does not exist; throws when it, `index/` or the list
     * kind's directory is a symlink or not a directory, so nothing is read or removed
     * through a link.
     */
    async realDirectories(listDirectory) {
        const kindDirectory = (0,external_node_path_.dirname)(listDirectory);
        try {
            for (const path of [this.indexDir, kindDirectory, listDirectory])
                await (0,atomic_file/* requireRealDirectory */.rK)(path);
            return true;
        }
        catch (error) {
            if ((0,atomic_file/* isErrorCode */.We)(error, 'ENOENT'))
                return false;
            throw error;
        }
    }
    async unlinkEntry(directory, entry) {
        try {
            await (0,promises_.unlink)((0,external_node_path_.join)(directory, entryName(entry)));
        }
        catch (error) {
            if (!(0,atomic_file/* isErrorCode */.We)(error, 'ENOENT'))
                throw error;
        }
    }
}

;// CONCATENATED MODULE: ./src/core/receipts/receipt-store.ts










/** Largest receipt file read or written. */
const MAX_RECEIPT_BYTES = 4 * 1024 * 1024;
// File operations kept in flight at once when a whole store is read or indexed: enough to
// hide the latency of small file operations, few enough to stay clear of descriptor limits.
const PARALLEL_FILE_OPERATIONS = 16;
// An index entry whose receipt never appeared is a crash leftover once it is this old; a
// younger one may belong to a writer that is between adding its entry and its receipt.
const DANGLING_ENTRY_GRACE_MS = 60 * 60 * 1000;
/**
 * The receipts of one state directory: `runs/<run-id>/receipt.json`, found through the
 * index in receipt-index.ts. Everything on disk is untrusted: receipts are validated on
 * every read, a bad one is skipped with a warning naming the file and is never deleted,
 * symlinks are not followed, and paths are only built from validated run ids.
 */
class ReceiptStore {
    stateDir;
    warn;
    now;
    index;
    runsDir;
    indexProblemReported = false;
    constructor(stateDir, options = {}) {
        this.stateDir = stateDir;
        this.warn = options.warn ?? (message => process.stderr.write(`reverify: warning: ${message}\n`));
        this.now = options.now ?? (() => new Date());
        this.index = new ReceiptIndex(stateDir);
        this.runsDir = (0,external_node_path_.join)(stateDir, state_dir/* RUNS_DIR */.z4);
    }
    /** Writes runs/<run_id>/receipt.json atomically (temp + fsync + rename + dir fsync) and keeps the index in step. */
    async write(receipt) {
        const checked = (0,receipts_receipt/* parseReceipt */.Wy)(receipt);
        if (!checked.ok) {
            throw new Error(`refusing to write receipt ${(0,printable/* printable */.g$)(String(receipt.run_id))}: ${checked.reason}`);
        }
        const text = `${JSON.stringify(checked.receipt, null, 2)}\n`;
        if (Buffer.byteLength(text, 'utf8') > MAX_RECEIPT_BYTES) {
            throw new Error(`refusing to write receipt ${receipt.run_id}: it is larger than ${MAX_RECEIPT_BYTES} bytes`);
        }
        await (0,promises_.mkdir)(this.stateDir, { recursive: true });
        const fresh = await this.freshIndex();
        const previous = await this.readChecked(checked.receipt.run_id);
        // Entries first: a crash from here on leaves an entry readers skip, never a receipt they cannot find.
        let indexed = await this.updateIndex(() => this.index.add(checked.receipt, { sync: true }));
        const before = await this.index.runsFingerprint();
        await (0,atomic_file/* ensureRealDirectory */.Sp)(this.runsDir);
        const runDir = (0,state_dir/* runDirectory */.xw)(this.stateDir, checked.receipt.run_id);
        await (0,atomic_file/* ensureRealDirectory */.Sp)(runDir);
        await (0,atomic_file/* writeFileAtomic */.Zf)((0,external_node_path_.join)(runDir, state_dir/* RECEIPT_FILE */.aH), text);
        if (previous !== undefined && indexedApart(previous, checked.receipt)) {
            indexed = (await this.updateIndex(() => this.index.removeReceipt(previous))) && indexed;
        }
        const after = await this.index.runsFingerprint();
        if (after !== before) {
            await (0,atomic_file/* fsyncDirectory */.hO)(this.runsDir);
            // Left unrecorded when the index missed this write, so the next reader rebuilds or scans.
            if (fresh && indexed)
                await this.updateIndex(() => this.index.recordFingerprint(after));
        }
    }
    /** One receipt, validated; undefined when absent; a bad file → warn + undefined (never deleted). */
    async read(runId) {
        return this.readChecked((0,run_id/* requireRunId */.yU)(runId, 'run id'));
    }
    /** The latest receipt (by started_at, then run id) of one target+scope+identity, through the index. */
    async latest(target, scope, identityHash) {
        return this.newestIn('history', (0,identity/* historyKey */.Ox)(target, scope, identityHash), receipt => receipt.target === target && receipt.scope === scope && receipt.identity_hash === identityHash);
    }
    /** The newest receipt of a target (any identity) — for `capture latest`; with `accept`, the newest one it accepts. */
    async latestOfTarget(target, accept) {
        return this.newestIn('target', targetKey(target), receipt => receipt.target === target && (accept?.(receipt) ?? true));
    }
    /** All valid receipts, newest first, optionally of one target. Bad ones skipped with a warning. */
    async list(filter = {}) {
        const { receipts } = await this.scanRuns();
        return receipts.filter(receipt => filter.target === undefined || receipt.target === filter.target).sort(receipts_receipt/* compareNewestFirst */.a0);
    }
    /** Every valid receipt of one target+scope+identity, newest first (what the action caches). */
    async history(target, scope, identityHash) {
        const belongs = (receipt) => receipt.target === target && receipt.scope === scope && receipt.identity_hash === identityHash;
        const entries = (await this.freshIndex())
            ? await this.readIndex(() => this.index.entries('history', (0,identity/* historyKey */.Ox)(target, scope, identityHash)))
            : undefined;
        if (entries === undefined)
            return (await this.scanRuns()).receipts.filter(belongs).sort(receipts_receipt/* compareNewestFirst */.a0);
        const receipts = [];
        for (const entry of entries) {
            const receipt = await this.readChecked(entry.runId);
            if (receipt !== undefined && belongs(receipt))
                receipts.push(receipt);
        }
        return receipts.sort(receipts_receipt/* compareNewestFirst */.a0);
    }
    /** Retention: keep the newest `keep` (≥1) receipts of that identity; removes the older runs/<id> directories; returns removed ids. */
    async prune(target, scope, identityHash, keep) {
        if (!Number.isInteger(keep) || keep < 1) {
            throw new errors/* UsageError */.eb(`keep-receipts: '${(0,printable/* printable */.g$)(String(keep))}' is not allowed; expected a whole number of at least 1`);
        }
        const fresh = await this.freshIndex();
        const key = (0,identity/* historyKey */.Ox)(target, scope, identityHash);
        const belongs = (receipt) => receipt.target === target && receipt.scope === scope && receipt.identity_hash === identityHash;
        const entries = fresh ? await this.readIndex(() => this.index.entries('history', key)) : undefined;
        const receipts = [];
        const dangling = [];
        if (entries !== undefined) {
            for (const entry of entries) {
                const receipt = await this.readChecked(entry.runId);
                if (receipt !== undefined && belongs(receipt))
                    receipts.push(receipt);
                else if (receipt === undefined && !(await this.runDirectoryExists(entry.runId)))
                    dangling.push(entry);
            }
        }
        else {
            receipts.push(...(await this.scanRuns()).receipts.filter(belongs));
        }
        receipts.sort(receipts_receipt/* compareNewestFirst */.a0);
        // A run still marked running may be alive in another process: never pulled from under it.
        const doomed = receipts.slice(keep).filter(receipt => receipt.status !== 'running');
        const before = await this.index.runsFingerprint();
        let indexed = entries !== undefined;
        const removed = [];
        for (const receipt of doomed) {
            // The receipt goes first and its entries after, so a crash in between leaves an entry
            // without a receipt (skipped), not a receipt nobody can find.
            await (0,promises_.rm)((0,state_dir/* runDirectory */.xw)(this.stateDir, receipt.run_id), { recursive: true, force: true });
            indexed = (await this.updateIndex(() => this.index.removeReceipt(receipt))) && indexed;
            removed.push(receipt.run_id);
        }
        const cutoff = this.now().getTime() - DANGLING_ENTRY_GRACE_MS;
        for (const entry of dangling) {
            if (entry.startedMs < cutoff)
                indexed = (await this.updateIndex(() => this.index.remove('history', key, entry))) && indexed;
        }
        if (removed.length > 0) {
            await (0,atomic_file/* fsyncDirectory */.hO)(this.runsDir);
            const after = await this.index.runsFingerprint();
            if (after !== before && indexed)
                await this.updateIndex(() => this.index.recordFingerprint(after));
        }
        return removed;
    }
    /** Rebuilds the index from the receipts on disk. */
    async rebuildIndex() {
        // Taken before the scan: a run added meanwhile makes the record stale, so the next
        // reader rebuilds again instead of trusting an index that may lack it.
        const fingerprint = await this.index.runsFingerprint();
        const { receipts, present } = await this.scanRuns();
        const touched = new Set();
        const checkedDirectories = new Set();
        await forEachLimited(receipts, async (receipt) => {
            for (const directory of await this.index.add(receipt, { sync: false, checkedDirectories }))
                touched.add(directory);
        });
        for (const directory of touched)
            await (0,atomic_file/* fsyncDirectory */.hO)(directory);
        await this.removeStrayEntries(new Map(receipts.map(receipt => [receipt.run_id, receipt])), present);
        await this.index.recordFingerprint(fingerprint);
    }
    /** Brings the index up to date; false when it cannot be trusted or repaired (callers then scan). */
    async freshIndex() {
        try {
            const current = await this.index.runsFingerprint();
            if (current === 'absent')
                return true; // no receipts, nothing to index (and nothing created)
            if ((await this.index.recordedFingerprint()) === current)
                return true;
            await this.rebuildIndex();
            return true;
        }
        catch (error) {
            this.reportIndexProblem('could not be brought up to date', error);
            return false;
        }
    }
    /**
     * The index is derived data: when it cannot be read or updated (a symlink planted in it,
     * a permission problem) that is a warning, once per store, and lookups read every
     * receipt instead of failing the run.
     */
    reportIndexProblem(what, error) {
        if (this.indexProblemReported)
            return;
        this.indexProblemReported = true;
        this.warn(`the receipt index in ${(0,external_node_path_.join)(this.stateDir, state_dir/* INDEX_DIR */.DQ)} ${what} (${(0,errors/* describeError */.Uc)(error)}); reading every receipt instead`);
    }
    /** Runs an index update; false (after a warning) when it failed. */
    async updateIndex(update) {
        try {
            await update();
            return true;
        }
        catch (error) {
            this.reportIndexProblem('could not be updated', error);
            return false;
        }
    }
    /** Reads from the index; undefined (after a warning) when it cannot be read. */
    async readIndex(read) {
        try {
            return await read();
        }
        catch (error) {
            this.reportIndexProblem('could not be read', error);
            return undefined;
        }
    }
    async newestIn(list, key, belongs) {
        const entries = (await this.freshIndex()) ? await this.readIndex(() => this.index.entries(list, key)) : undefined;
        if (entries === undefined) {
            return (await this.scanRuns()).receipts.filter(belongs).sort(receipts_receipt/* compareNewestFirst */.a0)[0];
        }
        for (const [position, entry] of entries.entries()) {
            const receipt = await this.readChecked(entry.runId);
            if (receipt === undefined || !belongs(receipt))
                continue;
            if ((0,receipts_receipt/* startedAtMs */.Nt)(receipt) === entry.startedMs)
                return receipt;
            // The entry disagrees with the receipt it names: order by the receipts themselves.
            const rest = [receipt];
            for (const older of entries.slice(position + 1)) {
                const candidate = await this.readChecked(older.runId);
                if (candidate !== undefined && belongs(candidate))
                    rest.push(candidate);
            }
            return rest.sort(receipts_receipt/* compareNewestFirst */.a0)[0];
        }
        return undefined;
    }
    /** Every run directory: the valid receipts, and the ids present at all (valid or not). */
    async scanRuns() {
        let names;
        try {
            const stats = await (0,promises_.lstat)(this.runsDir);
            if (!stats.isDirectory()) {
                this.warn(`skipped ${this.runsDir}: not a directory (symbolic links are not followed)`);
                return { receipts: [], present: new Set() };
            }
            names = await (0,promises_.readdir)(this.runsDir);
        }
        catch (error) {
            if ((0,atomic_file/* isErrorCode */.We)(error, 'ENOENT'))
                return { receipts: [], present: new Set() };
            throw error;
        }
        const present = new Set();
        for (const name of names.sort()) {
            if (run_id/* RUN_ID_PATTERN */.z6.test(name))
                present.add(name);
            else if (!name.startsWith('.'))
                this.warn(`skipped ${(0,external_node_path_.join)(this.runsDir, (0,printable/* printable */.g$)(name))}: not a run id`);
        }
        const read = new Map();
        await forEachLimited([...present], async (runId) => {
            const receipt = await this.readChecked(runId);
            if (receipt !== undefined)
                read.set(runId, receipt);
        });
        // In name order whatever order the reads finished in, so warnings and results are stable.
        const receipts = [...present].flatMap(runId => read.get(runId) ?? []);
        return { receipts, present };
    }
    /** Reads and validates one receipt; absent → undefined; anything wrong → a warning and undefined. */
    async readChecked(runId) {
        const runDir = (0,state_dir/* runDirectory */.xw)(this.stateDir, runId);
        const path = (0,external_node_path_.join)(runDir, state_dir/* RECEIPT_FILE */.aH);
        try {
            for (const directory of [this.runsDir, runDir]) {
                const stats = await (0,promises_.lstat)(directory);
                if (stats.isSymbolicLink())
                    throw new Error(`${directory} is a symbolic link; it is not followed`);
                if (!stats.isDirectory())
                    throw new Error(`${directory} is not a directory`);
            }
            const text = await (0,atomic_file/* readRegularFile */.XF)(path, MAX_RECEIPT_BYTES);
            if (text === undefined)
                return undefined;
            let json;
            try {
                json = JSON.parse(text);
            }
            catch (error) {
                throw new Error(`not valid JSON (${(0,errors/* describeError */.Uc)(error)})`, { cause: error });
            }
            const parsed = (0,receipts_receipt/* parseReceipt */.Wy)(json);
            if (!parsed.ok)
                throw new Error(`not a valid receipt (${parsed.reason})`);
            if (parsed.receipt.run_id !== runId)
                throw new Error(`its run_id ${parsed.receipt.run_id} does not match its directory`);
            return parsed.receipt;
        }
        catch (error) {
            if ((0,atomic_file/* isErrorCode */.We)(error, 'ENOENT', 'ENOTDIR'))
                return undefined;
            const reason = (0,errors/* describeError */.Uc)(error);
            this.warn(`skipped ${path}: ${reason.startsWith(path) ? reason.slice(path.length).replace(/^[\s:;]+/, '') : reason}`);
            return undefined;
        }
    }
    async runDirectoryExists(runId) {
        try {
            await (0,promises_.lstat)((0,state_dir/* runDirectory */.xw)(this.stateDir, runId));
            return true;
        }
        catch (error) {
            if ((0,atomic_file/* isErrorCode */.We)(error, 'ENOENT'))
                return false;
            throw error;
        }
    }
    /** Drops index entries that name a receipt of another list or start time, or a run long gone. */
    async removeStrayEntries(valid, present) {
        const cutoff = this.now().getTime() - DANGLING_ENTRY_GRACE_MS;
        for (const list of ['history', 'target']) {
            for (const key of await this.index.keys(list)) {
                for (const entry of await this.index.entries(list, key)) {
                    const receipt = valid.get(entry.runId);
                    const stray = receipt !== undefined
                        ? ReceiptIndex.keyOf(list, receipt) !== key ||
                            entryName(entry) !== entryName({ runId: receipt.run_id, startedMs: (0,receipts_receipt/* startedAtMs */.Nt)(receipt) })
                        : !present.has(entry.runId) && entry.startedMs < cutoff;
                    if (stray)
                        await this.index.remove(list, key, entry);
                }
            }
        }
    }
}
/** Whether a rewrite moved the receipt to other index entries (another start time or history). */
function indexedApart(previous, next) {
    return ((0,receipts_receipt/* startedAtMs */.Nt)(previous) !== (0,receipts_receipt/* startedAtMs */.Nt)(next) ||
        ReceiptIndex.keyOf('history', previous) !== ReceiptIndex.keyOf('history', next) ||
        ReceiptIndex.keyOf('target', previous) !== ReceiptIndex.keyOf('target', next));
}
/** Runs `action` on every item, at most PARALLEL_FILE_OPERATIONS at a time; the first failure is thrown. */
async function forEachLimited(items, action) {
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const item = items[next];
            next += 1;
            await action(item);
        }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_FILE_OPERATIONS, items.length) }, worker));
}


/***/ }),

/***/ 9169:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Py: () => (/* binding */ MAX_CAPTURE_LABEL_CHARS),
  y: () => (/* binding */ MAX_NOTE_CHARS),
  hq: () => (/* binding */ MAX_RECEIPT_ATTEMPTS),
  y4: () => (/* binding */ RECEIPT_VERSION),
  a0: () => (/* binding */ compareNewestFirst),
  Wy: () => (/* binding */ parseReceipt),
  Ab: () => (/* binding */ receiptStatusFor),
  Nt: () => (/* binding */ startedAtMs)
});

// UNUSED EXPORTS: CaptureSchema, CiSchema, CommandResultSchema, ExpectationsSchema, MAX_COMMANDS, MAX_COMMAND_CHARS, MAX_TEST_NAMES, ReceiptSchema, ReceiptStatusSchema, ReceiptTestsSchema

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js
var api = __webpack_require__(3759);
;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/iso.js



function datetime(params) {
    return api/* _isoDateTime */.G1(schemas/* ZodISODateTime */.You, params);
}
function date(params) {
    return core._isoDate(ZodISODate, params);
}
function time(params) {
    return core._isoTime(ZodISOTime, params);
}
function duration(params) {
    return core._isoDuration(ZodISODuration, params);
}

// EXTERNAL MODULE: ./src/core/receipts/run-id.ts
var run_id = __webpack_require__(3980);
// EXTERNAL MODULE: ./src/core/base/ulid.ts
var ulid = __webpack_require__(7097);
;// CONCATENATED MODULE: ./src/core/receipts/receipt.ts



/**
 * The receipt of one verify run (docs/design.md §3), `runs/<run-id>/receipt.json`. Receipts can come
 * back from an untrusted cache, so every string and list has a ceiling, and fields this
 * version does not know are dropped on read.
 */
/** Longest command text kept in a receipt (the script, or `expect-check`): twice the longest input, room for redaction markers. */
const MAX_COMMAND_CHARS = 32_768;
/** Most command lines of a script (identity entries; `commands` holds one entry per script). */
const MAX_COMMANDS = 100;
/** Longest capture note. */
const MAX_NOTE_CHARS = 4_000;
/** Longest `source` / `by` of a capture. */
const MAX_CAPTURE_LABEL_CHARS = 200;
const shortText = schemas/* string */.YjP().max(256);
const pathText = schemas/* string */.YjP().max(4_096);
const commandText = schemas/* string */.YjP().max(MAX_COMMAND_CHARS);
const timestamp = datetime({ offset: true });
/** What a run is or came to. */
const ReceiptStatusSchema = schemas/* enum */.k5n(['running', 'passed', 'failed', 'aborted', 'interrupted']);
/**
 * The one mapping from how a run ended to its receipt's status (docs/design.md §3), for the
 * run that closes itself and for whoever closes it from its trace: `success` is `passed`,
 * `failure` is `failed`, and an `aborted` run is `interrupted` when an interrupt (or a lost
 * process) stopped it, else `aborted` (refused by the guardrail, or stopped before it ran).
 */
function receiptStatusFor(outcome, interrupted) {
    if (outcome === 'success')
        return 'passed';
    if (outcome === 'failure')
        return 'failed';
    return interrupted ? 'interrupted' : 'aborted';
}
/** How one command of the last attempt ended. */
const CommandResultSchema = schemas/* object */.Ikc({
    command: commandText,
    /** null when the command never reached an exit (e.g. the run crashed under it). */
    exit_code: schemas/* number */.aig().int().min(-2_147_483_648).max(4_294_967_295).nullable(),
    signal: schemas/* string */.YjP().max(32).nullable(),
    timed_out: schemas/* boolean */.zMY(),
    duration_ms: schemas/* number */.aig().nonnegative().max(1e12)
});
/** The run's expectations, under their input names. */
const ExpectationsSchema = schemas/* object */.Ikc({
    'expect-exit': schemas/* number */.aig().int().min(0).max(255).optional(),
    'expect-stdout': schemas/* string */.YjP().max(MAX_COMMAND_CHARS).optional(),
    'expect-no-output': schemas/* string */.YjP().max(MAX_COMMAND_CHARS).optional(),
    'expect-file': pathText.optional(),
    'expect-check': commandText.optional()
});
/** Who recorded what happened to a failed run (docs/design.md §3 "Capture"). */
const CaptureSchema = schemas/* object */.Ikc({
    captured_at: timestamp,
    note: schemas/* string */.YjP().max(MAX_NOTE_CHARS),
    /** Where the capture came from: `cli`, `action`, `commit <sha>`, `pull_request #<n>`. */
    source: schemas/* string */.YjP().max(MAX_CAPTURE_LABEL_CHARS),
    by: schemas/* string */.YjP().max(MAX_CAPTURE_LABEL_CHARS)
});
/** GitHub Actions facts, present only when the run happened in Actions. */
const CiSchema = schemas/* object */.Ikc({
    run_id: shortText.optional(),
    run_attempt: schemas/* number */.aig().int().min(1).max(1_000_000).optional(),
    workflow: shortText.optional(),
    job: shortText.optional(),
    sha: shortText.optional(),
    ref: shortText.optional(),
    event: shortText.optional(),
    actor: shortText.optional()
});
/** Most test names in each list of `tests`; the longest name kept. */
const MAX_TEST_NAMES = 100;
const testNames = schemas/* array */.YOg(schemas/* string */.YjP().max(500)).max(MAX_TEST_NAMES);
/** Most attempts listed in `tests.attempts`: 1 + the cap on max-retries (inputs/table.ts). */
const MAX_RECEIPT_ATTEMPTS = 101;
/**
 * What the run's JUnit results said (docs/design.md §1 "Test results", §3): the decisive
 * attempt's failed tests and the flaky ones, and per attempt that wrote results how many
 * tests ran and whether it reran only the failed tests.
 */
const ReceiptTestsSchema = schemas/* object */.Ikc({
    total: schemas/* number */.aig().int().min(0).max(1e9),
    failed: testNames,
    flaky: testNames,
    attempts: schemas/* array */.YOg(schemas/* object */.Ikc({
        attempt: schemas/* number */.aig().int().min(1).max(1_000_000),
        ran: schemas/* number */.aig().int().min(0).max(1e9),
        rerun: schemas/* boolean */.zMY()
    }))
        .max(MAX_RECEIPT_ATTEMPTS)
        .optional()
});
/** The receipt version written now; version 1 (no `tests`) is still read. */
const RECEIPT_VERSION = 2;
/** The receipt, `schema_version: 2` (1 is read too: it only lacks `tests`). */
const ReceiptSchema = schemas/* object */.Ikc({
    schema_version: schemas/* union */.KCZ([schemas/* literal */.euz(1), schemas/* literal */.euz(2)]),
    run_id: schemas/* string */.YjP().regex(run_id/* RUN_ID_PATTERN */.z6),
    /** `owner/name` in Actions, the git top-level path in the CLI. */
    target: pathText.min(1),
    scope: schemas/* string */.YjP().max(1_024),
    /** The normalized commands (see identity.ts). */
    identity: schemas/* array */.YOg(commandText).min(1).max(MAX_COMMANDS),
    /** sha256 hex of the identity as computed before redaction (see identityHash). */
    identity_hash: schemas/* string */.YjP().regex(/^[0-9a-f]{64}$/),
    status: ReceiptStatusSchema,
    flaky: schemas/* boolean */.zMY(),
    started_at: timestamp,
    /** null while the run is `running`. */
    ended_at: timestamp.nullable(),
    attempts: schemas/* number */.aig().int().min(0).max(1_000_000),
    max_attempts: schemas/* number */.aig().int().min(1).max(1_000_000),
    commands: schemas/* array */.YOg(CommandResultSchema).max(MAX_COMMANDS),
    expectations: ExpectationsSchema,
    session: schemas/* object */.Ikc({ id: schemas/* string */.YjP().regex(ulid/* ULID_PATTERN */.U), dir: pathText }),
    host: shortText,
    pid: schemas/* number */.aig().int().min(0).max(4_294_967_295),
    ci: CiSchema.optional(),
    capture: CaptureSchema.optional(),
    tests: ReceiptTestsSchema.optional(),
    /** A pass because every failed test is quarantined (docs/design.md §1 "Quarantine and flaky gates"): those tests. */
    quarantined: testNames.optional(),
    /** What decided a verdict the expectations alone would not have: the quarantine, or a flaky gate. */
    gate: schemas/* enum */.k5n(['quarantine', 'fail-on-flaky', 'max-flaky-tests']).optional(),
    /** This machine's seal over the run's own fields (see run-seal.ts); absent without a key. */
    seal: schemas/* string */.YjP()
        .regex(/^[0-9a-f]{64}$/)
        .optional()
});
/** Validates an untrusted value as a receipt; the reason is one line naming the first bad field. */
function parseReceipt(value) {
    const result = ReceiptSchema.safeParse(value);
    if (result.success)
        return { ok: true, receipt: result.data };
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'receipt';
    return { ok: false, reason: `${where}: ${issue?.message ?? 'invalid'}` };
}
/** Start time in ms for ordering (started_at, then run id); an unreadable time sorts first. */
function startedAtMs(receipt) {
    const ms = Date.parse(receipt.started_at);
    return Number.isFinite(ms) ? ms : 0;
}
/** Newest first: later `started_at`, then the larger run id. */
function compareNewestFirst(a, b) {
    const byTime = startedAtMs(b) - startedAtMs(a);
    if (byTime !== 0)
        return byTime;
    return a.run_id < b.run_id ? 1 : a.run_id > b.run_id ? -1 : 0;
}


/***/ }),

/***/ 3942:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DQ: () => (/* binding */ INDEX_DIR),
/* harmony export */   Ko: () => (/* binding */ SESSIONS_DIR),
/* harmony export */   aH: () => (/* binding */ RECEIPT_FILE),
/* harmony export */   xH: () => (/* binding */ ensureStateDir),
/* harmony export */   xw: () => (/* binding */ runDirectory),
/* harmony export */   z4: () => (/* binding */ RUNS_DIR)
/* harmony export */ });
/* unused harmony export receiptPath */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(119);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2074);
/* harmony import */ var _run_id_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3980);






/**
 * The state directory (docs/design.md §4): `runs/` (receipts), `index/` (the receipt index),
 * `sessions/` (traces), and in the CLI a `.gitignore` so only `config.json` is committed.
 */
/** Where receipts live, one directory per run. */
const RUNS_DIR = 'runs';
/** Where the receipt index lives (rebuildable from `runs/`). */
const INDEX_DIR = 'index';
/** Where traces live. */
const SESSIONS_DIR = 'sessions';
/** The receipt's file name inside its run directory. */
const RECEIPT_FILE = 'receipt.json';
const GITIGNORE_HEADER = '# Written by reverify.';
const GITIGNORE = [
    `${GITIGNORE_HEADER} Local run state stays out of git; config.json is meant to be committed.`,
    `/${RUNS_DIR}/`,
    `/${SESSIONS_DIR}/`,
    `/${INDEX_DIR}/`,
    '.*.tmp',
    ''
].join('\n');
/** The directory of one run; the id is validated before it becomes part of a path. */
function runDirectory(stateDir, runId) {
    return (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(stateDir, RUNS_DIR, (0,_run_id_js__WEBPACK_IMPORTED_MODULE_3__/* .requireRunId */ .yU)(runId, 'run id'));
}
/** The receipt file of one run. */
function receiptPath(stateDir, runId) {
    return join(runDirectory(stateDir, runId), RECEIPT_FILE);
}
const REAL_ONLY = 'reverify keeps its state in real directories only, so move it out of the way';
/**
 * Creates the state directory. With `gitignore` (the CLI's `.reverify/` inside a repository)
 * it also writes `.gitignore`; a `.gitignore` the user wrote themselves is left alone.
 * A symlink (or a file) in place of the state directory itself (a `.reverify` link that came
 * with the checkout), of `runs/` or of `sessions/` is a UsageError, and so is a state
 * directory that cannot be created or written (`/proc/x`, a read-only mount): one line,
 * before anything runs or is written.
 */
async function ensureStateDir(stateDir, opts) {
    await makeRealDirectory(stateDir);
    await requireWritable(stateDir);
    // Receipts and traces are never written through a link. Saying so before a run starts
    // beats failing halfway through it with a trace nobody can close.
    for (const name of [RUNS_DIR, SESSIONS_DIR]) {
        try {
            await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__/* .requireRealDirectory */ .rK)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(stateDir, name));
        }
        catch (error) {
            if ((0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__/* .isErrorCode */ .We)(error, 'ENOENT'))
                continue;
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb(`${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .describeError */ .Uc)(error)}; ${REAL_ONLY}`);
        }
    }
    if (!opts.gitignore)
        return;
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(stateDir, '.gitignore');
    let current;
    try {
        current = await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__/* .readRegularFile */ .XF)(path, 64 * 1024);
    }
    catch {
        return; // a symlink or something odd in its place: not ours to replace
    }
    if (current === GITIGNORE)
        return;
    if (current === undefined || current.startsWith(GITIGNORE_HEADER))
        await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__/* .writeFileAtomic */ .Zf)(path, GITIGNORE);
}
/**
 * Creates `path` and any missing parents one folder at a time, refusing a link in place of
 * the state directory. Node's own recursive mkdir spins forever where the kernel answers
 * ENOENT for a folder whose parent exists (under `/proc`); here every failure is one line.
 */
async function makeRealDirectory(path) {
    const missing = [];
    let current = path;
    for (;;) {
        try {
            // Only the state directory itself must not be a link; a linked parent (/tmp on macOS) is fine
            const stats = current === path ? await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.lstat)(current) : await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.stat)(current);
            if (stats.isSymbolicLink())
                throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb(`${path} is a symbolic link; it is not followed; ${REAL_ONLY}`);
            if (!stats.isDirectory())
                throw cannotCreate(path, `${current} is not a directory`);
            break;
        }
        catch (error) {
            if (error instanceof _base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb)
                throw error;
            const parent = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(current);
            if (!(0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__/* .isErrorCode */ .We)(error, 'ENOENT') || parent === current)
                throw cannotCreate(path, error);
            missing.push(current);
            current = parent;
        }
    }
    for (const folder of missing.reverse()) {
        try {
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(folder);
        }
        catch (error) {
            if (!(0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__/* .isErrorCode */ .We)(error, 'EEXIST'))
                throw cannotCreate(path, error);
            await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__/* .requireRealDirectory */ .rK)(folder).catch((problem) => {
                throw cannotCreate(path, problem);
            });
        }
    }
}
/** A state directory that takes no files (`/proc`, a read-only mount) is refused before the run starts, not halfway. */
async function requireWritable(path) {
    const probe = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(path, `.write-check-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(6).toString('hex')}.tmp`);
    try {
        const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(probe, 'wx', 0o600);
        await handle.close();
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.unlink)(probe);
    }
    catch (error) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb(`state-dir: ${path} cannot be written (${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .describeError */ .Uc)(error)}); ${WRITABLE}`);
    }
}
const WRITABLE = 'give a folder reverify can create and write files in';
function cannotCreate(path, problem) {
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb(`state-dir: ${path} cannot be created (${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .describeError */ .Uc)(problem)}); ${WRITABLE}`);
}


/***/ }),

/***/ 7442:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  D0: () => (/* binding */ SESSION_GONE),
  aW: () => (/* binding */ describeSetAside),
  y4: () => (/* binding */ endedBeforeReceipt),
  RT: () => (/* binding */ ownerGone),
  $J: () => (/* binding */ planResume)
});

// UNUSED EXPORTS: MAX_INTERRUPTIONS

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/core/verify/expectations.ts
var expectations = __webpack_require__(2298);
// EXTERNAL MODULE: ./src/core/verify/judge.ts
var judge = __webpack_require__(4350);
// EXTERNAL MODULE: ./src/core/process/process-runner.ts
var process_runner = __webpack_require__(1247);
// EXTERNAL MODULE: ./src/core/redaction/index.ts + 11 modules
var redaction = __webpack_require__(6834);
// EXTERNAL MODULE: ./src/core/recovery/run-seal.ts
var run_seal = __webpack_require__(9038);
// EXTERNAL MODULE: ./src/core/session/events.ts
var session_events = __webpack_require__(907);
// EXTERNAL MODULE: ./src/core/session/layout.ts
var layout = __webpack_require__(4020);
// EXTERNAL MODULE: ./src/core/session/meta.ts
var session_meta = __webpack_require__(8707);
// EXTERNAL MODULE: ./src/core/session/reader.ts
var reader = __webpack_require__(2537);
// EXTERNAL MODULE: ./src/core/test-results/trace-tests.ts
var trace_tests = __webpack_require__(9390);
// EXTERNAL MODULE: ./src/core/verify/rerun-step.ts + 3 modules
var rerun_step = __webpack_require__(8571);
;// CONCATENATED MODULE: ./src/core/recovery/resumed-attempts.ts



/** The results attempt `attempt` recorded in the trace, as the loop holds them. */
function recordedTests(events, attempt) {
    for (const event of (0,session_events/* eventsOf */.XL)(events, 'note')) {
        if ((0,session_events/* noteKind */.LA)(event.payload) !== 'tests')
            continue;
        const tests = (0,trace_tests/* traceTestsOf */.g)(event.payload);
        if (tests === undefined || tests.attempt !== attempt)
            continue;
        const { files, total, failed, errors, skipped, recovered } = tests;
        return {
            files,
            total,
            passed: Math.max(0, total - failed - errors - skipped),
            failed,
            errors,
            skipped,
            failedTests: tests.failed_tests.map(test => ({ ...test })),
            recovered,
            warnings: []
        };
    }
    return undefined;
}
/** The attempts with the test results the trace recorded for them. */
function withRecordedTests(events, attempts) {
    return attempts.map(attempt => {
        const tests = recordedTests(events, attempt.attempt);
        return tests === undefined ? attempt : { ...attempt, tests };
    });
}
/** The command a `tool_call` recorded for a rerun, when it was one. */
function recordedRerunCommand(events, attempt) {
    return (0,session_events/* eventsOf */.XL)(events, 'tool_call').find(event => event.payload.attempt === attempt)?.payload.rerun?.command;
}
/**
 * The rerun to make again when the last attempt was a rerun cut off by the crash: rebuilt
 * from the attempt before it, and only when that gives the very command recorded (else
 * the whole command runs, as for any interrupted attempt).
 */
function rerunToReissue(settings, events, attempts) {
    const last = attempts[attempts.length - 1];
    if (last === undefined || !last.interrupted)
        return undefined;
    const recorded = recordedRerunCommand(events, last.attempt);
    if (recorded === undefined)
        return undefined;
    const before = [...attempts].reverse().find(attempt => !attempt.interrupted);
    if (before === undefined)
        return undefined;
    const rebuilt = (0,rerun_step/* nextAttempt */.n)(settings, before)?.rerun;
    return rebuilt !== undefined && rebuilt.command === recorded ? rebuilt : undefined;
}

// EXTERNAL MODULE: ./src/core/verify/ending-words.ts
var ending_words = __webpack_require__(4022);
;// CONCATENATED MODULE: ./src/core/recovery/resume.ts
/**
 * Resuming an interrupted run (docs/design.md §6): a receipt left `running` whose owner is
 * gone is continued — same receipt, same session — when the evidence on disk is clear. A
 * recorded result whose verification was not written is judged again without running the
 * command (expect-exit, expect-stdout from the record; expect-file, expect-check now); an
 * attempt cut off mid-command is interrupted, spends no budget and runs again, at most
 * three times per run. Anything unclear means a restart, never a guess.
 */













/**
 * Whether a `running` receipt has no live owner: another run attempt in Actions, or the
 * same host with its process gone. A receipt from another host without CI facts is not
 * judged: its owner may be alive there.
 */
function ownerGone(receipt, here) {
    if (receipt.status !== 'running')
        return false;
    const theirs = receipt.ci;
    if (theirs?.run_id !== undefined && here.ci?.run_id !== undefined) {
        if (theirs.run_id !== here.ci.run_id || theirs.run_attempt !== here.ci.run_attempt)
            return true;
    }
    if (receipt.host !== here.host)
        return false;
    return !(here.isAlive ?? process_runner/* exists */.t2)(receipt.pid);
}
function setAsideRestart(reason, setAside) {
    return { kind: 'restart', reason, ...(setAside !== undefined && { setAside }) };
}
/** The line that says what a restart sets aside and where it stays (both front ends print it). */
function describeSetAside(result) {
    const state = result.verified ? 'verified' : 'not yet verified (the crash came during its checks)';
    return `the new run does not use its recorded result: attempt ${result.attempt}, command exit ${result.exitCode}, ${state}; it stays in ${result.trace}`;
}
/** The last result of a command the trace recorded (an interrupted one is none), for a restart to name. */
function lastRecordedResult(events, sessionDir) {
    const results = (0,session_events/* eventsOf */.XL)(events, 'tool_result').filter(event => event.payload.interrupted !== true);
    const last = results[results.length - 1]?.payload;
    if (last === undefined)
        return undefined;
    return {
        attempt: last.attempt,
        exitCode: last.exit,
        verified: (0,session_events/* eventsOf */.XL)(events, 'verify').some(event => event.payload.attempt === last.attempt),
        trace: (0,external_node_path_.join)(sessionDir, layout/* SessionFile */.xg.trace)
    };
}
/** The most interruptions one run takes; the next crash ends it as `interrupted` (docs/design.md §6). */
const MAX_INTERRUPTIONS = 3;
/** Rebuilds an attempt's result from its recorded tool_result and verdict. */
function attemptFromRecord(result, verdict) {
    return { ...scriptFromRecord(result), checks: verdict.checks, verified: verdict.ok, logBytesDropped: 0 };
}
/** The script's part of an attempt, as its tool_result recorded it. */
function scriptFromRecord(result) {
    return {
        attempt: result.attempt,
        commands: (result.commands ?? []).map((command, index) => ({
            command: command.command,
            exitCode: command.exit_code ?? 0,
            signal: command.signal,
            timedOut: command.timed_out,
            interrupted: false,
            durationMs: command.duration_ms,
            // The script is the one command: how it ended is recorded beside it.
            ...(index === 0 && (0,ending_words/* endingFromRecord */.jQ)(result))
        })),
        exitCode: result.exit,
        signal: result.signal ?? null,
        timedOut: result.timed_out === true,
        interrupted: result.interrupted === true,
        durationMs: result.duration_ms,
        startedAt: result.started_at ?? '',
        endedAt: result.ended_at ?? '',
        summary: result.summary,
        ...(result.failures !== undefined && { failures: result.failures }),
        ...(result.stdout_matched !== undefined && { stdoutMatched: result.stdout_matched }),
        ...(result.forbidden_line !== undefined && { forbiddenLine: result.forbidden_line }),
        outputMatched: result.output_matched === true
    };
}
/** Why a run whose session directory is not there (or not ours) cannot be resumed. */
const SESSION_GONE = 'its session directory is missing or not one of this state directory';
/** Reads and checks the session a `running` receipt names. */
async function readEvidence(receipt, sessionDir, stateDir) {
    // The receipt is untrusted: its session must be a real directory inside our sessions/,
    // reached without following a link.
    if (!(await (0,layout/* isOwnSessionDir */.KM)(stateDir, sessionDir))) {
        return { ok: false, reason: SESSION_GONE };
    }
    const meta = await (0,session_meta/* readSessionMeta */.up)(sessionDir);
    if (meta === undefined)
        return { ok: false, reason: 'its meta.json is missing or does not parse' };
    if (meta.session_id !== receipt.session.id)
        return { ok: false, reason: 'its meta.json does not match the receipt' };
    const events = await (0,reader/* readSessionTrace */.Q)(sessionDir);
    const start = (0,session_events/* eventsOf */.XL)(events, 'start')[0];
    if (start === undefined || start.session_id !== receipt.session.id)
        return { ok: false, reason: 'its trace has no start' };
    if ((0,session_events/* eventsOf */.XL)(events, 'end').length > 0)
        return { ok: false, reason: 'its trace is already closed' };
    return { ok: true, meta, events };
}
/**
 * Whether a `running` receipt whose owner is gone names a trace that has its `end`: a crash
 * came between closing the trace and writing the receipt, and the trace decides (§6).
 */
async function endedBeforeReceipt(receipt, stateDir, here, seal) {
    // Only a run this machine's reverify sealed may have its verdict taken from its trace.
    if (!ownerGone(receipt, here) || !(0,run_seal/* receiptSealed */.xB)(receipt, seal))
        return false;
    const sessionDir = (0,external_node_path_.resolve)(receipt.session.dir);
    if (!(await (0,layout/* isOwnSessionDir */.KM)(stateDir, sessionDir)))
        return false;
    const events = await (0,reader/* readSessionTrace */.Q)(sessionDir);
    const start = (0,session_events/* eventsOf */.XL)(events, 'start')[0];
    return start?.session_id === receipt.session.id && (0,session_events/* eventsOf */.XL)(events, 'end').length > 0;
}
/** Decides how to continue a `running` receipt whose owner is gone. */
async function planResume(options) {
    const { receipt, settings, redactor } = options;
    if (!ownerGone(receipt, options.here))
        return { kind: 'none' };
    // A receipt may have arrived with the checkout: only one this machine sealed is evidence.
    if (!(0,run_seal/* receiptSealed */.xB)(receipt, options.seal))
        return setAsideRestart('its receipt was not written by reverify on this machine (no valid seal)');
    const sessionDir = (0,external_node_path_.resolve)(receipt.session.dir);
    const evidence = await readEvidence(receipt, sessionDir, options.stateDir);
    if (!evidence.ok)
        return setAsideRestart(evidence.reason);
    const { events } = evidence;
    // From here on the trace is ours and readable: a restart names what it sets aside (§6).
    const setAside = lastRecordedResult(events, sessionDir);
    const restart = (reason) => setAsideRestart(reason, setAside);
    if (receipt.max_attempts !== 1 + settings.maxRetries)
        return restart('max-retries changed since it was interrupted');
    const expected = JSON.stringify((0,redaction/* redactDeep */.K)((0,expectations/* describeExpectations */.T)(settings.expectations), redactor));
    if (JSON.stringify(receipt.expectations) !== expected)
        return restart('the expectations changed since it was interrupted');
    const calls = (0,session_events/* eventsOf */.XL)(events, 'tool_call');
    const results = (0,session_events/* eventsOf */.XL)(events, 'tool_result');
    const verifies = (0,session_events/* eventsOf */.XL)(events, 'verify');
    const previous = [];
    const pending = [];
    let replay;
    let summary = 'no attempt had started';
    for (let n = 1; n <= calls.length; n++) {
        const callCount = calls.filter(event => event.payload.attempt === n).length;
        if (callCount !== 1)
            return restart(`its trace has ${callCount} records of attempt ${n}`);
        const result = results.find(event => event.payload.attempt === n)?.payload;
        const verify = verifies.find(event => event.payload.attempt === n)?.payload;
        if (result !== undefined && verify !== undefined) {
            previous.push(attemptFromRecord(result, { ok: verify.ok, checks: verify.check }));
            summary = `attempt ${n} had been recorded in full`;
            continue;
        }
        if (n !== calls.length)
            return restart(`attempt ${n} is incomplete but not the last one`);
        // The result is recorded: it is judged again, never run again (unless the record cannot tell).
        if (result !== undefined && result.interrupted !== true && (0,judge/* judgeRecord */.dy)(settings, scriptFromRecord(result), redactor) !== undefined) {
            replay = scriptFromRecord(result);
            summary = `attempt ${n} had ended and its result was recorded; its verification is replayed, without running it again`;
            continue;
        }
        // Cut off mid-command: interrupted, not failed; it spends no budget and runs again.
        const interruptions = previous.filter(attempt => attempt.interrupted).length + 1;
        if (interruptions >= MAX_INTERRUPTIONS)
            return restart(`it was interrupted ${interruptions} times`);
        const interrupted = result ?? (0,session_events/* interruptedToolResult */.mR)(n, calls.find(event => event.payload.attempt === n)?.ts);
        if (result === undefined)
            pending.push({ phase: 'tool_result', payload: interrupted });
        pending.push({ phase: 'verify', payload: (0,session_events/* unjudgedVerify */.k4)(n, 'interrupted mid-command; it runs again and spends no retry') });
        previous.push({ ...attemptFromRecord(interrupted, { ok: false, checks: [] }), interrupted: true });
        summary = `attempt ${n} was interrupted mid-command; it is run again and spends no retry`;
    }
    const lastWhole = previous[previous.length - 1];
    const decision = lastWhole === undefined || replay !== undefined
        ? undefined
        : (0,session_events/* eventsOf */.XL)(events, 'note').find(event => event.payload.attempt === lastWhole.attempt && (0,session_events/* noteKind */.LA)(event.payload) === 'retry-decision');
    // The results before the crash count as a live run's do: flaky tests, and the rerun to make again.
    const recorded = withRecordedTests(events, previous);
    const rerun = rerunToReissue(settings, events, recorded);
    const plan = {
        receipt,
        sessionDir,
        meta: evidence.meta,
        previous: recorded,
        ...(rerun !== undefined && { rerun }),
        pending,
        summary,
        replayed: replay !== undefined,
        ...(replay !== undefined && { replay }),
        ...(decision !== undefined && { retryDecided: decision.payload.retry })
    };
    return { kind: 'resume', plan };
}


/***/ }),

/***/ 9038:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IN: () => (/* binding */ sealReceipt),
/* harmony export */   di: () => (/* binding */ SEAL_PATTERN),
/* harmony export */   o$: () => (/* binding */ sealKeyPath),
/* harmony export */   vo: () => (/* binding */ loadRunSeal),
/* harmony export */   xB: () => (/* binding */ receiptSealed)
/* harmony export */ });
/* unused harmony export runSeal */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/**
 * The run seal (docs/design.md §6): evidence that a run's receipt and run.json were written
 * by reverify on this machine, as this user. A state directory can arrive with a checkout
 * (`git add -f .reverify/runs/…`) and host names and clone paths are easy to guess, so a
 * `running` receipt alone proves nothing. Each receipt reverify opens, and each run.json,
 * carries an HMAC-SHA256 of the fields that tie it to its run, keyed by a secret kept
 * outside any work tree (`$XDG_STATE_HOME/reverify/seal-key`, else
 * `~/.local/state/reverify/seal-key`, created once with mode 0600). Resume only continues a
 * receipt whose seal holds and only reads inputs from a run.json whose seal holds; anything
 * else is restarted or refused, never replayed.
 */




/** A seal as stored: sha256 HMAC, lowercase hex. */
const SEAL_PATTERN = /^[0-9a-f]{64}$/;
/** Builds the seal functions for a key. */
function runSeal(key) {
    const sign = (fields) => (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHmac)('sha256', key).update(JSON.stringify(fields)).digest('hex');
    return {
        sign,
        holds(fields, seal) {
            if (seal === undefined || !SEAL_PATTERN.test(seal))
                return false;
            return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.timingSafeEqual)(Buffer.from(sign(fields), 'hex'), Buffer.from(seal, 'hex'));
        }
    };
}
/** What a receipt's seal covers: everything that ties it to one run, its session and its owner. */
function receiptFields(receipt) {
    const { run_id, target, scope, identity_hash, session, host, pid, started_at } = receipt;
    return ['receipt', run_id, target, scope, identity_hash, session.id, session.dir, host, String(pid), started_at];
}
/** The receipt with this machine's seal (unchanged when there is no key). */
function sealReceipt(receipt, seal) {
    if (seal === undefined)
        return receipt;
    return { ...receipt, seal: seal.sign(receiptFields(receipt)) };
}
/** Whether this machine's reverify wrote the receipt as it is (false without a key). */
function receiptSealed(receipt, seal) {
    return seal !== undefined && seal.holds(receiptFields(receipt), receipt.seal);
}
/** Where the key lives: outside any work tree, per user (XDG base directory rules). */
function sealKeyPath(env) {
    const stateHome = env.XDG_STATE_HOME;
    if (stateHome !== undefined && (0,node_path__WEBPACK_IMPORTED_MODULE_3__.isAbsolute)(stateHome))
        return (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(stateHome, 'reverify', 'seal-key');
    const home = env.HOME;
    if (home === undefined || !(0,node_path__WEBPACK_IMPORTED_MODULE_3__.isAbsolute)(home))
        return undefined;
    return (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(home, '.local', 'state', 'reverify', 'seal-key');
}
const KEY_TEXT = /^[0-9a-f]{64}\n?$/;
/** Reads the key file if it is a regular file of ours holding a key; undefined otherwise. */
async function readKey(path) {
    const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.lstat)(path);
    if (!info.isFile() || (typeof process.getuid === 'function' && info.uid !== process.getuid()))
        return undefined;
    const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.open)(path, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NOFOLLOW);
    try {
        const text = (await handle.readFile({ encoding: 'utf8' })).slice(0, 200);
        return KEY_TEXT.test(text) ? Buffer.from(text.trim(), 'hex') : undefined;
    }
    finally {
        await handle.close();
    }
}
/**
 * This machine's seal, creating its key on first use (unless `create` is false: a command
 * that only reads, such as `receipts list`, checks seals without making a key). Without a
 * usable place for the key (no HOME, a read-only home, a link where the key should be)
 * there is no seal: nothing is sealed and nothing can be resumed, which is safe (a run then
 * starts over).
 */
async function loadRunSeal(path, options = {}) {
    if (path === undefined)
        return undefined;
    try {
        const key = await readKey(path);
        return key === undefined ? undefined : runSeal(key);
    }
    catch (error) {
        if (error.code !== 'ENOENT' || options.create === false)
            return undefined;
    }
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdir)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.dirname)(path), { recursive: true, mode: 0o700 });
        const temp = `${path}.${process.pid}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(4).toString('hex')}.tmp`;
        const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.open)(temp, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_EXCL, 0o600);
        try {
            await handle.writeFile(`${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(32).toString('hex')}\n`);
            await handle.sync();
        }
        finally {
            await handle.close();
        }
        // link() never replaces: when two first runs race, both end up with the one that won.
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.link)(temp, path).catch((error) => {
            if (error.code !== 'EEXIST')
                throw error;
        });
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.unlink)(temp);
        const key = await readKey(path);
        return key === undefined ? undefined : runSeal(key);
    }
    catch {
        return undefined;
    }
}


/***/ }),

/***/ 907:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LA: () => (/* binding */ noteKind),
/* harmony export */   QB: () => (/* binding */ OutcomeSchema),
/* harmony export */   Rh: () => (/* binding */ commandRecord),
/* harmony export */   WY: () => (/* binding */ parseTraceLines),
/* harmony export */   XL: () => (/* binding */ eventsOf),
/* harmony export */   aD: () => (/* binding */ traceCounts),
/* harmony export */   k4: () => (/* binding */ unjudgedVerify),
/* harmony export */   mR: () => (/* binding */ interruptedToolResult)
/* harmony export */ });
/* unused harmony export NOTE_KINDS */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2857);
/* harmony import */ var _process_process_runner_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1247);
/**
 * The trace's events (docs/design.md §2) as one discriminated union, with zod readers: a
 * trace read back from disk (resume, recovery) is untrusted, so every payload is checked
 * before anything decides on it. Readers ignore phases they do not know and skip a line
 * that does not parse. The payload builders for an interrupted attempt live here, once.
 */


/** How a verify run ended (docs/design.md §1). */
const OutcomeSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['success', 'failure', 'aborted']);
/** How one command ended, as the trace and the receipt both record it. */
function commandRecord(result) {
    return {
        command: result.command,
        exit_code: result.exitCode,
        signal: result.signal,
        timed_out: result.timedOut,
        duration_ms: result.durationMs
    };
}
/** What a note is about (the builders are in notes.ts). */
const NOTE_KINDS = [
    /** After a failed attempt: retrying (`retry: true`) or why not. */
    'retry-decision',
    /** The guardrail refused a command (`rule`). */
    'refusal',
    /** A command's process group as it started (bookkeeping for crash recovery). */
    'process-group',
    /** What an attempt's JUnit files said (`tests`). */
    'tests',
    /** The on-retry hook's result. */
    'hook',
    /** The run was stopped by an interrupt, or closed after its process was gone. */
    'interrupted',
    /** The disk filled up: an attempt's log stopped growing. */
    'log-incomplete',
    /** This run continues an interrupted one. */
    'resumed',
    /** capture-before-retry `warn`: the run went ahead after a failure nobody captured. */
    'uncaptured',
    /** What the next attempt runs: only the failed tests (and the command), or the whole command and why. */
    'rerun',
    /** The quarantine file: an entry that expires soon or has expired (docs/design.md §1 "Quarantine and flaky gates"). */
    'quarantine',
    /** A flaky gate turned a flaky pass into a failure (`gate`, `flaky_tests`). */
    'gate'
];
/**
 * The readers' schemas, built on first use: only a resume or a recovery reads a trace
 * back, and building them costs start-up time every other run would pay for nothing.
 */
function buildSchemas() {
    const attemptNumber = zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(1).max(1_000_000);
    const text = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(1_000_000);
    const exitCode = zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(-2_147_483_648).max(4_294_967_295);
    // The exit code is `exit_code` here, as in the receipt's `commands` (docs/design.md §2);
    // traces written before that name was shared said `exit`, which is still accepted.
    const commandRecord = zod__WEBPACK_IMPORTED_MODULE_0__/* .preprocess */ .vkY(value => value !== null && typeof value === 'object' && !('exit_code' in value) && 'exit' in value
        ? { ...value, exit_code: value.exit }
        : value, zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        command: text,
        exit_code: exitCode.nullable(),
        signal: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(32).nullable(),
        timed_out: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
        duration_ms: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative()
    }));
    const check = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        expectation: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['expect-exit', 'expect-stdout', 'expect-no-output', 'expect-file', 'expect-check', 'rerun']),
        ok: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
        detail: text
    });
    const payloads = {
        start: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ run_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(), version: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional() }),
        decision: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ question: text, decision: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(text), expected: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()) }),
        tool_call: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
            attempt: attemptNumber,
            commands: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(text),
            /** A rerun attempt: the failed tests it targets and the command it ran (a malformed one is read as absent). */
            rerun: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ tests: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(4_000)).max(1_000), command: text })
                .optional()
                .catch(undefined)
        }),
        tool_result: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
            attempt: attemptNumber,
            ok: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
            /** The attempt's exit code: 124 on a timeout, 128+n for a signal, 130 when interrupted. */
            exit: exitCode,
            signal: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(32).optional(),
            timed_out: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(true).optional(),
            interrupted: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(true).optional(),
            duration_ms: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative(),
            /** When the script started and ended; duration_ms is the time between (the checks come after). */
            started_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(64).optional(),
            ended_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(64).optional(),
            summary: text,
            /** The failing blocks found in the whole output while it streamed (a malformed list is read as absent). */
            failures: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ lines: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(4_000)).max(100), test: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(4_000).optional() }))
                .max(100)
                .optional()
                .catch(undefined),
            commands: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(commandRecord).optional(),
            /** Whether stdout held expect-stdout's text: what a resumed run judges it by. */
            stdout_matched: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional(),
            /** With expect-no-output: the first line it matched (null: none did), what a resumed run judges it by. */
            forbidden_line: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ line: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(1), text })
                .nullable()
                .optional(),
            output_matched: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(true).optional(),
            /** On a timeout: the limit the script ran into (a malformed value is read as absent). */
            timeout_ms: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive().optional().catch(undefined),
            /** On a timeout or an interrupt: SIGTERM, and whether SIGKILL was needed after the grace and for how many processes. */
            stopped: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ grace_ms: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative(), sigkill: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(), ignored_sigterm: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(1).optional() })
                .optional()
                .catch(undefined),
            /** A bash script `-e` stopped: the line (1-based, as written) whose command failed, and its status. */
            failed_line: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ line: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(1), status: exitCode })
                .optional()
                .catch(undefined)
        }),
        verify: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
            attempt: attemptNumber,
            ok: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
            check: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(check),
            detail: text,
            replayed: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(true).optional(),
            /** What expect-check printed, summarized like tool_result's summary. */
            check_summary: text.optional(),
            /** Verified because every failed test is quarantined: their names (a malformed list is read as absent). */
            quarantined: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(4_000)).max(1_000).optional().catch(undefined),
            /** The failed tests a quarantine entry covers, with its owner, reason, expiry and issue (a malformed list is read as absent). */
            quarantine: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
                test: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(4_000),
                owner: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(4_000),
                reason: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(4_000),
                expires: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(64),
                issue: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(4_000).optional()
            }))
                .max(1_000)
                .optional()
                .catch(undefined)
        }),
        note: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
            /** What the note is about (session/notes.ts); absent in traces written before kinds. */
            kind: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(NOTE_KINDS).optional(),
            message: text,
            /** On the note after a failed attempt: whether the loop goes on to another attempt. */
            retry: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional(),
            attempt: attemptNumber.optional(),
            /** On a guardrail refusal: the rule that matched. */
            rule: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(200).optional(),
            /** On a gate's note: which gate, and the flaky tests it counted. */
            gate: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['fail-on-flaky', 'max-flaky-tests']).optional().catch(undefined),
            flaky_tests: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(4_000)).max(1_000).optional().catch(undefined)
        }),
        end: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ outcome: OutcomeSchema, summary: text, flaky: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(true).optional() })
    };
    const envelope = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        ts: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(64),
        skill: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(1_000),
        session_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(64),
        phase: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
        payload: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()
    });
    return { payloads, envelope };
}
let schemas;
const PHASES = ['start', 'decision', 'tool_call', 'tool_result', 'verify', 'note', 'end'];
function isPhase(phase) {
    return PHASES.includes(phase);
}
/** One parsed line as a typed event; undefined for a malformed line or an unknown phase. */
function parseTraceEvent(value) {
    schemas ??= buildSchemas();
    const head = schemas.envelope.safeParse(value);
    if (!head.success || !isPhase(head.data.phase))
        return undefined;
    const payload = schemas.payloads[head.data.phase].safeParse(head.data.payload);
    if (!payload.success)
        return undefined;
    return { ...head.data, phase: head.data.phase, payload: payload.data };
}
/** A trace's events as far as they parse; a torn or malformed line is skipped, never trusted. */
function parseTraceLines(text) {
    const events = [];
    for (const line of text.split('\n')) {
        if (line.trim() === '')
            continue;
        let value;
        try {
            value = JSON.parse(line);
        }
        catch {
            continue;
        }
        const event = parseTraceEvent(value);
        if (event !== undefined)
            events.push(event);
    }
    return events;
}
/** The events of one phase, typed. */
function eventsOf(events, phase) {
    return events.filter((event) => event.phase === phase);
}
/** tool_result of an attempt cut off before its command ended (started when its tool_call was written). */
function interruptedToolResult(attempt, startedAt) {
    return {
        attempt,
        ok: false,
        exit: _process_process_runner_js__WEBPACK_IMPORTED_MODULE_1__/* .INTERRUPTED_EXIT */ .MO,
        interrupted: true,
        duration_ms: 0,
        ...(startedAt !== undefined && { started_at: startedAt }),
        summary: ''
    };
}
/** Counts a trace's attempts, tool calls and errors; meta.json never keeps its own tally. */
function traceCounts(events) {
    const interrupted = new Set(eventsOf(events, 'tool_result')
        .filter(event => event.payload.interrupted === true)
        .map(event => event.payload.attempt));
    return {
        attempts: eventsOf(events, 'tool_result').filter(event => event.payload.interrupted !== true).length,
        tool_calls: eventsOf(events, 'tool_call').length,
        errors: eventsOf(events, 'verify').filter(event => !event.payload.ok && !interrupted.has(event.payload.attempt)).length +
            eventsOf(events, 'note').filter(event => noteKind(event.payload) === 'refusal').length
    };
}
/** What a note is: its `kind`, or for a trace written before kinds, the field its kind always had. */
function noteKind(payload) {
    if (payload.kind !== undefined)
        return payload.kind;
    const fields = payload;
    if (payload.retry !== undefined)
        return 'retry-decision';
    if (payload.rule !== undefined)
        return 'refusal';
    if (fields.tests !== undefined)
        return 'tests';
    if (fields.process_group !== undefined)
        return 'process-group';
    return undefined;
}
/** verify of an attempt that could not be judged, saying why. */
function unjudgedVerify(attempt, detail) {
    return { attempt, ok: false, check: [], detail };
}


/***/ }),

/***/ 4020:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KM: () => (/* binding */ isOwnSessionDir),
/* harmony export */   Nr: () => (/* binding */ attemptLogName),
/* harmony export */   nW: () => (/* binding */ attemptCheckLogName),
/* harmony export */   wk: () => (/* binding */ planSession),
/* harmony export */   xg: () => (/* binding */ SessionFile)
/* harmony export */ });
/* unused harmony export nameSlug */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _receipts_state_dir_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3942);
/* harmony import */ var _base_ulid_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7097);
/**
 * Where a session lives on disk (docs/design.md §2):
 * `sessions/<YYYY-MM-DD UTC>/<slug of the name>/<session-id>/` under the state directory, holding the
 * trace, meta.json, one log per attempt and the run record.
 */




/** The session's files, by name. */
const SessionFile = {
    trace: 'trace.jsonl',
    meta: 'meta.json',
    /** The inputs that reproduce the run, for `reverify resume`. */
    runRecord: 'run.json'
};
/** The full log of one attempt. */
function attemptLogName(attempt) {
    return `attempt-${attempt}.log`;
}
/** The full output of one attempt's expect-check, kept apart from the script's. */
function attemptCheckLogName(attempt) {
    return `attempt-${attempt}.check.log`;
}
/** Longest slug: keeps the session path short on any file system, whatever the name. */
const MAX_SLUG_CHARS = 64;
/** The slug of a name with no letter or digit in it. */
const FALLBACK_SLUG = 'verify';
/**
 * The folder a name's traces are filed under (docs/design.md §2): lowercase ASCII letters
 * and digits joined by single `-`, at most 64 characters, `verify` when nothing is left.
 * Accents are dropped first, so `Café` files under `cafe`. Nothing else survives, so a
 * name can never make a path separator, `.` or `..`, whatever it holds.
 */
function nameSlug(name) {
    const slug = name
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, MAX_SLUG_CHARS)
        .replace(/^-+|-+$/g, '');
    return slug === '' ? FALLBACK_SLUG : slug;
}
/** Where a session lives: sessions/<YYYY-MM-DD UTC>/<slug of the name>/<session-id>. */
function sessionDirectory(stateDir, name, startedAt, sessionId) {
    return (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(stateDir, _receipts_state_dir_js__WEBPACK_IMPORTED_MODULE_2__/* .SESSIONS_DIR */ .Ko, startedAt.toISOString().slice(0, 10), nameSlug(name), sessionId);
}
/** Chooses a new session's id (a ULID) and directory (filed under the name's slug). */
function planSession(stateDir, name, startedAt) {
    const id = (0,_base_ulid_js__WEBPACK_IMPORTED_MODULE_3__/* .newUlid */ .f)(startedAt.getTime());
    return { id, dir: sessionDirectory(stateDir, name, startedAt, id), startedAt };
}
/**
 * Whether `dir` is one of this state directory's sessions (`sessions/<date>/<folder>/<id>`)
 * reached through real directories only. A session path comes from a receipt or saved
 * state, both untrusted: `..`, another place, or a link on the way (which `resolve` does
 * not see) would let a recovery read or append to files elsewhere.
 */
async function isOwnSessionDir(stateDir, dir) {
    const root = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(stateDir, _receipts_state_dir_js__WEBPACK_IMPORTED_MODULE_2__/* .SESSIONS_DIR */ .Ko);
    const target = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(dir);
    if (!target.startsWith(root + node_path__WEBPACK_IMPORTED_MODULE_1__.sep))
        return false;
    const steps = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(root, target).split(node_path__WEBPACK_IMPORTED_MODULE_1__.sep);
    if (steps.length !== 3)
        return false;
    let path = root;
    for (const step of ['', ...steps]) {
        path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(path, step);
        // lstat: a symbolic link is not a directory here, whatever it points at.
        const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.lstat)(path).catch(() => undefined);
        if (info === undefined || !info.isDirectory())
            return false;
    }
    return true;
}


/***/ }),

/***/ 8707:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AC: () => (/* binding */ endedMeta),
/* harmony export */   up: () => (/* binding */ readSessionMeta),
/* harmony export */   xO: () => (/* binding */ writeSessionMeta)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _base_atomic_file_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(119);
/* harmony import */ var _redaction_index_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6834);
/* harmony import */ var _events_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(907);
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4020);
/**
 * meta.json (docs/design.md §2): the session at a glance, written atomically when the
 * session opens and again when it ends. Read back (resume, recovery) it is untrusted.
 */






/** The schema a meta.json read back must fit, built on first use (only resume and recovery read it). */
function metaSchema() {
    const count = zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().min(0).max(1_000_000);
    return zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        session_id: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(64),
        skill: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(1_000),
        version: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(100),
        started_at: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(64),
        ended_at: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(64).nullable(),
        outcome: zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([_events_js__WEBPACK_IMPORTED_MODULE_2__/* .OutcomeSchema */ .QB, zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz('running')]),
        attempts: count,
        tool_calls: count,
        errors: count,
        flaky: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
        run_id: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(100),
        summary: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(100_000)
    });
}
/** Largest meta.json read back. */
const MAX_META_BYTES = 1024 * 1024;
/** A session's meta.json, or undefined when it is missing, a link, or not a valid meta. */
async function readSessionMeta(sessionDir) {
    try {
        const text = await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_3__/* .readRegularFile */ .XF)((0,node_path__WEBPACK_IMPORTED_MODULE_0__.join)(sessionDir, _layout_js__WEBPACK_IMPORTED_MODULE_4__/* .SessionFile */ .xg.meta), MAX_META_BYTES);
        if (text === undefined)
            return undefined;
        const parsed = metaSchema().safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * Writes meta.json atomically, redacted. It is derived from the trace (synced) and rewritten
 * from it whenever a session is closed, so it is not synced itself (docs/reliability.md).
 */
async function writeSessionMeta(sessionDir, meta, redactor) {
    await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_3__/* .writeFileAtomic */ .Zf)((0,node_path__WEBPACK_IMPORTED_MODULE_0__.join)(sessionDir, _layout_js__WEBPACK_IMPORTED_MODULE_4__/* .SessionFile */ .xg.meta), `${JSON.stringify((0,_redaction_index_js__WEBPACK_IMPORTED_MODULE_5__/* .redactDeep */ .K)(meta, redactor), null, 2)}\n`, 0o600, {
        durable: false
    });
}
/**
 * meta.json of a session that ended, from its whole trace: the counts come from the events
 * (`traceCounts`), the opening facts from the meta.json it had (or, when that is gone, from
 * the trace's `start`). The one way both a run that ends itself and a close from disk
 * write it.
 */
function endedMeta(events, previous, ending) {
    const start = (0,_events_js__WEBPACK_IMPORTED_MODULE_2__/* .eventsOf */ .XL)(events, 'start')[0];
    return {
        session_id: previous?.session_id ?? start?.session_id ?? '',
        skill: previous?.skill ?? start?.skill ?? '',
        version: previous?.version ?? '',
        started_at: previous?.started_at ?? start?.ts ?? ending.ended_at,
        run_id: previous?.run_id || ending.run_id || '',
        ...(0,_events_js__WEBPACK_IMPORTED_MODULE_2__/* .traceCounts */ .aD)(events),
        ended_at: ending.ended_at,
        outcome: ending.outcome,
        flaky: ending.flaky,
        summary: ending.summary
    };
}


/***/ }),

/***/ 2537:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ readSessionTrace)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _base_atomic_file_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(119);
/* harmony import */ var _events_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(907);
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4020);
/** Reading a session back (resume, recovery): bounded, no links followed, typed events only. */





/** Largest trace read back (a trace is a few lines per attempt). */
const MAX_TRACE_BYTES = 16 * 1024 * 1024;
/**
 * The last trace read, and the file it was read from as lstat saw it. Closing a run reads its
 * trace three times (meta.json, report.html, ctrf.json) with nothing written in between: the
 * same file (inode, size, change time) is parsed once. Readers never change the events.
 */
let lastRead;
/** A session's trace events as far as they parse (empty when there is no trace). */
async function readSessionTrace(sessionDir) {
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(sessionDir, _layout_js__WEBPACK_IMPORTED_MODULE_2__/* .SessionFile */ .xg.trace);
    const seen = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.lstat)(path).catch(() => undefined);
    if (seen?.isFile() &&
        lastRead?.path === path &&
        lastRead.ino === seen.ino &&
        lastRead.size === seen.size &&
        lastRead.ctimeMs === seen.ctimeMs) {
        return [...lastRead.events];
    }
    const text = await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_3__/* .readRegularFile */ .XF)(path, MAX_TRACE_BYTES);
    const events = text === undefined ? [] : (0,_events_js__WEBPACK_IMPORTED_MODULE_4__/* .parseTraceLines */ .WY)(text);
    if (seen?.isFile())
        lastRead = { path, ino: seen.ino, size: seen.size, ctimeMs: seen.ctimeMs, events };
    return [...events];
}


/***/ }),

/***/ 2128:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gc: () => (/* binding */ closingSingleQuote),
/* harmony export */   HD: () => (/* binding */ SubstitutionParens),
/* harmony export */   HY: () => (/* binding */ closingBrace),
/* harmony export */   QH: () => (/* binding */ closingParen),
/* harmony export */   bS: () => (/* binding */ opensComment),
/* harmony export */   kd: () => (/* binding */ lineEnd),
/* harmony export */   m2: () => (/* binding */ closingQuote),
/* harmony export */   rt: () => (/* binding */ breaksWord),
/* harmony export */   vG: () => (/* binding */ afterClose)
/* harmony export */ });
/**
 * Lexical rules of shell text, shared by every reader of commands in reverify: the guardrail,
 * which cuts a script into simple commands the way bash does, and the tokenizer behind command
 * identity and the guardrail's word lists. Each function answers one question about the text
 * (where does this quoted or bracketed piece end, does this `#` open a comment), so the
 * readers cannot drift apart on it.
 */
const BLANKS = ' \t\n';
const OPERATOR_CHARS = ';&|()<>';
/** Whether an unquoted character ends the word before it: a blank, a newline or an operator character. */
function breaksWord(char) {
    return char !== undefined && (BLANKS.includes(char) || OPERATOR_CHARS.includes(char));
}
/**
 * Whether an unquoted `#` at `at` opens a comment. Bash reads one only where a word starts:
 * at the start of the text, or after an unescaped blank, newline or operator character. A
 * line continuation (`\⏎`) counts as nothing, and a `)` that closes a substitution
 * (`$(…)`, `<(…)`) ends no word. Anywhere else (`a#b`, `a\ #b`, `$(date)#x`) the `#` is
 * text, and reading it as a comment would hide the rest of the line from every check.
 */
function opensComment(text, at, parens) {
    let before = at - 1;
    while (text[before] === '\n' && isEscaped(text, before))
        before -= 2;
    const char = text[before];
    if (char === undefined)
        return true;
    if (!breaksWord(char) || isEscaped(text, before))
        return false;
    return !(char === ')' && parens.closesSubstitution(before));
}
/**
 * Remembers, while a scan moves left to right, which `(` open a substitution (`$(`, `<(`,
 * `>(`) rather than a subshell, and so whether the last `)` passed ended one.
 */
class SubstitutionParens {
    open = [];
    lastClose = -1;
    /** Notes the `(` at `at` of `text`. */
    opened(text, at) {
        const before = text[at - 1];
        this.open.push(before !== undefined && '$<>'.includes(before) && !isEscaped(text, at - 1));
    }
    /** Notes the `)` at `at`, closing the latest `(` noted. */
    closed(at) {
        if (this.open.pop() === true)
            this.lastClose = at;
    }
    /** Notes a substitution whose `)` at `at` a scanner stepped over whole. */
    skipped(at) {
        this.lastClose = at;
    }
    /** Whether the `)` at `at`, the last one the scan passed, closed a substitution. */
    closesSubstitution(at) {
        return at === this.lastClose;
    }
}
/** Whether an odd run of backslashes right before `at` escapes the character there. */
function isEscaped(text, at) {
    let start = at;
    while (text[start - 1] === '\\')
        start--;
    return (at - start) % 2 === 1;
}
/** Index of the `'` closing a single-quoted string whose body starts at `from`, or -1 (nothing is escaped inside). */
function closingSingleQuote(text, from) {
    return text.indexOf("'", from);
}
/**
 * Index of the `quote` closing a string whose body starts at `from`, or -1. A backslash
 * escapes the next character: this is how `$'…'` and backticks end, and how shell-quote ends
 * a double-quoted string.
 */
function closingQuote(text, from, quote) {
    for (let index = from; index < text.length; index += 1) {
        if (text[index] === '\\')
            index += 1;
        else if (text[index] === quote)
            return index;
    }
    return -1;
}
/** Index of the `}` closing a `${` whose body starts at `from`, or -1; a nested `${…}` holds its own `}`. */
function closingBrace(text, from) {
    let depth = 1;
    for (let index = from; index < text.length; index += 1) {
        if (text[index] === '{' && text[index - 1] === '$')
            depth += 1;
        else if (text[index] === '}')
            depth -= 1;
        if (depth === 0)
            return index;
    }
    return -1;
}
/** Index of the `)` closing a `$(` whose body starts at `from`, or the end of `text` when none does. */
function closingParen(text, from) {
    // An explicit stack rather than recursion: nesting depth is up to the input
    const modes = ['code'];
    const parens = new SubstitutionParens();
    let i = from;
    while (i < text.length) {
        const char = text[i];
        const mode = modes[modes.length - 1];
        if (char === '\\') {
            i += 2;
            continue;
        }
        if (mode === 'backtick') {
            if (char === '`')
                modes.pop();
        }
        else if (mode === 'double') {
            if (char === '"')
                modes.pop();
            else if (char === '`')
                modes.push('backtick');
            else if (char === '$' && text[i + 1] === '(') {
                modes.push('code');
                parens.opened(text, i + 1);
                i++;
            }
        }
        else if (char === "'") {
            i = afterClose(text, closingSingleQuote(text, i + 1));
            continue;
        }
        else if (char === '$' && text[i + 1] === "'") {
            i = afterClose(text, closingQuote(text, i + 2, "'"));
            continue;
        }
        else if (char === '#' && opensComment(text, i, parens)) {
            i = lineEnd(text, i);
            continue;
        }
        else if (char === '"')
            modes.push('double');
        else if (char === '`')
            modes.push('backtick');
        else if (char === '(') {
            modes.push('code');
            parens.opened(text, i);
        }
        else if (char === ')') {
            modes.pop();
            if (modes.length === 0)
                return i;
            parens.closed(i);
        }
        i++;
    }
    return text.length;
}
/** Index just past a closing character found at `close`, or the end of `text` when there was none (-1). */
function afterClose(text, close) {
    return close === -1 ? text.length : close + 1;
}
/** Index of the newline ending the line that holds `from`, or the end of `text`. */
function lineEnd(text, from) {
    const end = text.indexOf('\n', from);
    return end === -1 ? text.length : end;
}


/***/ }),

/***/ 7205:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ tokenize)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var shell_quote__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6591);
/* harmony import */ var _lexer_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2128);
/**
 * shell-quote's reading of one command, with environment references kept as references
 * instead of expanded: command identity renders these tokens canonically, and the guardrail
 * reads its word lists from them. The text is prepared first, by the shared lexer's rules,
 * where shell-quote would read it differently from a shell.
 */



// Variables are swapped for numbered placeholders while parsing, so a reference can be told
// apart from the same text written literally. The random tag keeps user text from
// imitating a placeholder.
const PLACEHOLDER_TAG = `\u0000${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(8).toString('hex')}\u0000`;
const PLACEHOLDER_SPLIT = new RegExp(`${PLACEHOLDER_TAG}(\\d+)${PLACEHOLDER_TAG}`);
/** shell-quote's tokens for a command, `$VAR` kept literal; undefined when shell-quote cannot parse it (a bad `${…}`). */
function tokenize(command) {
    const prepared = prepareForParse(command);
    const names = [];
    let entries;
    try {
        entries = (0,shell_quote__WEBPACK_IMPORTED_MODULE_1__.parse)(prepared.text, (name) => {
            if (name === '')
                return undefined; // a lone `$` stays a literal dollar
            names.push(name);
            return `${PLACEHOLDER_TAG}${names.length - 1}${PLACEHOLDER_TAG}`;
        });
    }
    catch {
        return undefined;
    }
    const tokens = entries.map((entry) => {
        if (typeof entry === 'string')
            return { kind: 'word', glob: false, parts: splitParts(entry, names) };
        if ('comment' in entry)
            return { kind: 'comment', text: entry.comment };
        if (entry.op === 'glob')
            return { kind: 'word', glob: true, parts: splitParts(entry.pattern, names) };
        return { kind: 'operator', op: entry.op };
    });
    return { tokens, closed: prepared.closed };
}
function splitParts(text, names) {
    const pieces = text.split(PLACEHOLDER_SPLIT);
    const parts = [];
    pieces.forEach((piece, index) => {
        if (index % 2 === 1)
            parts.push({ variable: names[Number(piece)] ?? '' });
        else if (piece !== '')
            parts.push({ literal: piece });
    });
    return parts;
}
/**
 * The command as handed to shell-quote, where it would read the text otherwise than a shell.
 * `\*` and `\?` outside quotes become `"*"` and `"?"`: shell-quote takes an escaped `*` for a
 * glob. A `#` inside a word becomes `\#`: shell-quote starts a comment at any `#`, bash only
 * at the start of a word, so `rm a#b -rf x` would lose its `-rf x`. The scan follows
 * shell-quote's quoting: backslash escapes, '…', "…", $'…', ${…}; a `#` that opens a comment
 * runs to the end. Past an open quote or `${` the text is left as it is.
 */
function prepareForParse(command) {
    const pieces = [];
    const parens = new _lexer_js__WEBPACK_IMPORTED_MODULE_2__/* .SubstitutionParens */ .HD();
    let copied = 0;
    const finish = (closed) => {
        pieces.push(command.slice(copied));
        return { text: pieces.join(''), closed };
    };
    let index = 0;
    while (index < command.length) {
        const char = command[index];
        let end = index + 1;
        if (char === '\\') {
            const escaped = command[index + 1];
            if (escaped === '*' || escaped === '?') {
                pieces.push(command.slice(copied, index), `"${escaped}"`);
                index += 2;
                copied = index;
                continue;
            }
            end = index + 2;
        }
        else if (char === "'") {
            end = (0,_lexer_js__WEBPACK_IMPORTED_MODULE_2__/* .closingSingleQuote */ .Gc)(command, index + 1) + 1;
        }
        else if (char === '"') {
            end = (0,_lexer_js__WEBPACK_IMPORTED_MODULE_2__/* .closingQuote */ .m2)(command, index + 1, '"') + 1;
        }
        else if (char === '$' && command[index + 1] === "'") {
            end = (0,_lexer_js__WEBPACK_IMPORTED_MODULE_2__/* .closingQuote */ .m2)(command, index + 2, "'") + 1;
        }
        else if (char === '$' && command[index + 1] === '{') {
            end = (0,_lexer_js__WEBPACK_IMPORTED_MODULE_2__/* .closingBrace */ .HY)(command, index + 2) + 1;
        }
        else if (char === '$' && command[index + 1] === '#') {
            end = index + 2; // `$#` is a variable, not a comment
        }
        else if (char === '(') {
            parens.opened(command, index);
        }
        else if (char === ')') {
            parens.closed(index);
        }
        else if (char === '#') {
            if ((0,_lexer_js__WEBPACK_IMPORTED_MODULE_2__/* .opensComment */ .bS)(command, index, parens))
                return finish(true);
            pieces.push(command.slice(copied, index), '\\#');
            copied = index + 1;
        }
        if (end === 0)
            return finish(false);
        index = end;
    }
    return finish(true);
}


/***/ }),

/***/ 9417:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  SG: () => (/* binding */ MAX_CASES_RECORDED),
  N4: () => (/* binding */ MAX_TESTS_LISTED),
  DW: () => (/* binding */ readAttemptTests)
});

// UNUSED EXPORTS: MAX_TEST_NAME, testName

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
;// CONCATENATED MODULE: ./src/core/output/source-location.ts
/**
 * Where in the workspace an excerpt says a failure is (docs/design.md §5): the first
 * `path:line[:col]` it names of a file that exists there. Paths come from command output, so
 * they are untrusted: one that leaves the workspace, by `..` or by a link, names nothing.
 */



// Each form gives the path in group 1, the line in 2 and the column, when there is one, in 3.
const FORMS = [
    /File "([^"]+)", line (\d+)/g, // python
    /([^\s()'"`<>]+)\((\d+),(\d+)\)/g, // tsc
    /([^\s()'"`<>[\]]+?):(\d+)(?::(\d+))?(?=$|[\s:),;\]])/g // path:line:col, bare or in parentheses
];
// Every candidate costs a stat: bound the work one excerpt can cause.
const MAX_CANDIDATES = 100;
function candidatesOf(line) {
    const found = [];
    for (const form of FORMS) {
        const python = form === FORMS[0];
        for (const match of line.matchAll(form)) {
            const lineNumber = Number(match[2]);
            const column = match[3] === undefined ? undefined : Number(match[3]);
            if (!(lineNumber >= 1))
                continue;
            found.push({ index: match.index, python, path: match[1], line: lineNumber, ...(column !== undefined && column >= 1 && { column }) });
        }
    }
    return found.sort((a, b) => a.index - b.index);
}
function realOrNothing(path) {
    try {
        return (0,external_node_fs_.realpathSync)(path);
    }
    catch {
        return undefined;
    }
}
function inside(root, path) {
    const rel = (0,external_node_path_.relative)(root, path);
    return rel !== '' && !rel.startsWith('..') && !(0,external_node_path_.isAbsolute)(rel) ? rel : undefined;
}
/** The workspace-relative name of a regular file the output's `path` names, if it is one inside. */
function workspaceFile(path, base, realWorkspace) {
    let name = path;
    if (name.startsWith('file://')) {
        try {
            name = (0,external_node_url_.fileURLToPath)(name);
        }
        catch {
            return undefined;
        }
    }
    // Never follow the output out of the workspace, even when it would come back in.
    if (name.includes('\0') || name.split(/[\\/]/).includes('..'))
        return undefined;
    const workspace = (0,external_node_path_.resolve)(base.workspace);
    const tries = (0,external_node_path_.isAbsolute)(name) ? [name] : [(0,external_node_path_.resolve)(base.workingDirectory ?? workspace, name), (0,external_node_path_.resolve)(workspace, name)];
    for (const candidate of tries) {
        // An absolute path may be spelled through the workspace's real path (a linked temp dir).
        const rel = inside(workspace, candidate) ?? inside(realWorkspace, candidate);
        if (rel === undefined)
            continue;
        const real = realOrNothing(candidate);
        if (real === undefined || inside(realWorkspace, real) === undefined)
            continue;
        if (!(0,external_node_fs_.statSync)(real).isFile())
            continue;
        return rel.split(external_node_path_.sep).join('/');
    }
    return undefined;
}
/**
 * The first `path:line[:col]` in `text` naming a file inside the workspace (for a python
 * traceback, its last such frame: the innermost call); nothing if none does.
 */
function locateInText(text, base) {
    const realWorkspace = realOrNothing((0,external_node_path_.resolve)(base.workspace));
    if (realWorkspace === undefined)
        return undefined;
    let checked = 0;
    let found;
    for (const line of text.split('\n')) {
        for (const candidate of candidatesOf(line)) {
            if (++checked > MAX_CANDIDATES)
                return found;
            // Past a python frame, only later python frames can take its place.
            if (found !== undefined && !candidate.python)
                continue;
            const file = workspaceFile(candidate.path, base, realWorkspace);
            if (file === undefined)
                continue;
            found = { file, line: candidate.line, ...(candidate.column !== undefined && { column: candidate.column }) };
            if (!candidate.python)
                return found;
        }
    }
    return found;
}
/** The workspace-relative name of `path` (relative to the working directory or the workspace) when it is a regular file inside. */
function findWorkspaceFile(path, base) {
    const realWorkspace = realOrNothing((0,external_node_path_.resolve)(base.workspace));
    return realWorkspace === undefined ? undefined : workspaceFile(path, base, realWorkspace);
}

;// CONCATENATED MODULE: ./src/core/test-results/glob.ts


/** The limits used unless a test asks for others. */
const GLOB_LIMITS = { maxFiles: 100, maxEntries: 50_000, maxDepth: 32 };
/**
 * The first folder on the way from `base` to `path` that is a symbolic link, relative to
 * `base`; undefined when every folder on the way is a real one (or does not exist). `path`
 * is already resolved, so `..` is lexical. Folders above `base` (a pattern may start with
 * `../`) are checked from the first one the pattern names.
 */
async function linkedFolder(base, path) {
    const rel = (0,external_node_path_.relative)(base, path);
    if (rel === '' || (0,external_node_path_.isAbsolute)(rel))
        return undefined;
    const parts = rel.split(external_node_path_.sep);
    const up = parts.findIndex(part => part !== '..');
    if (up === -1)
        return undefined;
    // Every part but the last is a folder the kernel would pass through.
    for (let i = up; i < parts.length - 1; i++) {
        const stats = await (0,promises_.lstat)((0,external_node_path_.join)(base, ...parts.slice(0, i + 1))).catch(() => undefined);
        if (stats === undefined)
            return undefined;
        if (stats.isSymbolicLink())
            return parts.slice(0, i + 1).join('/');
    }
    return undefined;
}
const GLOB_CHARS = /[*?[{]/;
/** One path segment of a pattern as an anchored regular expression. */
function segmentPattern(segment) {
    let source = '';
    let inBraces = false;
    for (let i = 0; i < segment.length; i++) {
        const char = segment[i];
        if (char === '*')
            source += '[^/]*';
        else if (char === '?')
            source += '[^/]';
        else if (char === '[') {
            const close = segment.indexOf(']', i + 2);
            if (close === -1)
                source += '\\[';
            else {
                const body = segment.slice(i + 1, close);
                const negated = body.startsWith('!') || body.startsWith('^');
                source += `[${negated ? '^' : ''}${(negated ? body.slice(1) : body).replace(/[\\\]^]/g, '\\$&')}]`;
                i = close;
            }
        }
        else if (char === '{' && !inBraces && segment.indexOf('}', i) !== -1) {
            source += '(?:';
            inBraces = true;
        }
        else if (char === '}' && inBraces) {
            source += ')';
            inBraces = false;
        }
        else if (char === ',' && inBraces)
            source += '|';
        else
            source += char.replace(/[.+^${}()|\\/]/g, '\\$&');
    }
    // A dot-file is matched only by a pattern that starts with a dot.
    const dotGuard = segment.startsWith('.') ? '' : '(?!\\.)';
    return new RegExp(`^${dotGuard}(?:${source})$`);
}
/** Finds the regular files the patterns match under `base`. */
async function findFiles(patterns, base, limits = GLOB_LIMITS) {
    const found = new Set();
    const refused = [];
    let entries = 0;
    let truncated = false;
    const full = () => {
        if (found.size >= limits.maxFiles || entries >= limits.maxEntries)
            truncated = true;
        return truncated;
    };
    const list = async (dir) => {
        try {
            const items = await (0,promises_.readdir)(dir, { withFileTypes: true });
            entries += items.length;
            return items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        }
        catch {
            return [];
        }
    };
    const walk = async (dir, segments, index, depth) => {
        if (full() || depth > limits.maxDepth)
            return;
        const segment = segments[index];
        const last = index === segments.length - 1;
        if (segment === '**') {
            if (last)
                return walk(dir, [...segments, '*'], index, depth);
            await walk(dir, segments, index + 1, depth);
            for (const item of await list(dir)) {
                if (full())
                    return;
                if (item.isDirectory() && !item.name.startsWith('.') && item.name !== 'node_modules') {
                    await walk((0,external_node_path_.join)(dir, item.name), segments, index, depth + 1);
                }
            }
            return;
        }
        const pattern = segmentPattern(segment);
        for (const item of await list(dir)) {
            if (full())
                return;
            if (!pattern.test(item.name))
                continue;
            const path = (0,external_node_path_.join)(dir, item.name);
            if (last) {
                if (item.isFile())
                    found.add(path);
            }
            else if (item.isDirectory())
                await walk(path, segments, index + 1, depth + 1);
        }
    };
    for (const raw of patterns) {
        const segments = raw.replace(/\\/g, '/').split('/');
        const firstGlob = segments.findIndex(segment => GLOB_CHARS.test(segment));
        if (firstGlob === -1) {
            // A plain path: it counts when it is a regular file (a link is not followed).
            const path = (0,external_node_path_.resolve)(base, raw);
            const link = await linkedFolder(base, path);
            if (link !== undefined) {
                refused.push({ pattern: raw, link });
                continue;
            }
            const stats = await (0,promises_.lstat)(path).catch(() => undefined);
            if (stats?.isFile() && !full())
                found.add(path);
            continue;
        }
        const root = (0,external_node_path_.resolve)(base, segments.slice(0, firstGlob).join('/') || '.');
        // The root itself is checked below (it must be a real folder); the folders above it here.
        const link = await linkedFolder(base, (0,external_node_path_.join)(root, '_'));
        if (link !== undefined) {
            refused.push({ pattern: raw, link });
            continue;
        }
        const rootStats = await (0,promises_.lstat)(root).catch(() => undefined);
        if (!rootStats?.isDirectory())
            continue;
        await walk(root, segments.slice(firstGlob).filter(segment => segment !== ''), 0, 0);
    }
    return { files: [...found].sort(), truncated, refused };
}

// EXTERNAL MODULE: ./src/core/test-results/junit-limits.ts
var junit_limits = __webpack_require__(4976);
;// CONCATENATED MODULE: ./src/core/test-results/locate.ts
/**
 * Where a failed test is (docs/design.md §1 "Test results"): the file and line a reviewer should look at,
 * from the test case's attributes, its failure's stack, or the conventions of the tool that
 * wrote it (a Java class name is a path under src/test/java, a Go failure names a file of
 * the package the class name spells). Only regular files inside the base directory count.
 */

const JAVA_ROOTS = [
    'src/test/java',
    'src/test/kotlin',
    'src/test/scala',
    'src/test/groovy',
    'src/it/java',
    'src/main/java',
    'src/main/kotlin',
    ''
];
const JAVA_FRAME = /\bat ([\w$.]+)\.[\w$<>]+\(([\w$]+\.(?:java|kt|scala|groovy)):(\d+)\)/g;
const GO_LINE = /^\s*([\w.-]+\.go):(\d+):/m;
/** A Java frame `at com.example.ApiTest.method(ApiTest.java:15)` of the test's own class. */
function javaPlace(test, base) {
    if (!/^[\w$]+(\.[\w$]+)+$/.test(test.classname) || test.detail === undefined)
        return undefined;
    for (const match of test.detail.matchAll(JAVA_FRAME)) {
        const frameClass = match[1].replace(/\$.*$/, '');
        if (frameClass !== test.classname.replace(/\$.*$/, ''))
            continue;
        const packagePath = frameClass.split('.').slice(0, -1).join('/');
        for (const root of JAVA_ROOTS) {
            const file = findWorkspaceFile([root, packagePath, match[2]].filter(part => part !== '').join('/'), base);
            if (file !== undefined)
                return { file, line: Number(match[3]) };
        }
        return undefined;
    }
    return undefined;
}
/** A Go failure's `api_test.go:7:` in the package the class name (its import path) ends in. */
function goPlace(test, base) {
    const match = test.detail === undefined ? null : GO_LINE.exec(test.detail);
    if (match === null)
        return undefined;
    const segments = test.classname.split('/').filter(segment => segment !== '' && segment !== '.' && segment !== '..');
    // The module's root is unknown: try the import path's shortest tails first.
    for (let take = 1; take <= segments.length; take++) {
        const file = findWorkspaceFile([...segments.slice(-take), match[1]].join('/'), base);
        if (file !== undefined)
            return { file, line: Number(match[2]) };
    }
    const bare = findWorkspaceFile(match[1], base);
    return bare === undefined ? undefined : { file: bare, line: Number(match[2]) };
}
/** A class name that is a file (vitest), or a dotted module (pytest: `tests.test_api.TestUsers`). */
function fileFromClassname(classname, base) {
    if (classname === '' || classname.length > 1_000)
        return undefined;
    if (/[\\/]/.test(classname) || /\.\w+$/.test(classname)) {
        const file = findWorkspaceFile(classname, base);
        if (file !== undefined)
            return file;
    }
    if (!/^[\w.]+$/.test(classname))
        return undefined;
    const parts = classname.split('.');
    for (let take = parts.length; take >= 1; take--) {
        const file = findWorkspaceFile(`${parts.slice(0, take).join('/')}.py`, base);
        if (file !== undefined)
            return file;
    }
    return undefined;
}
/** The file and line of a test: attributes first, then the stack, then the tool's conventions. */
function locateTest(test, base) {
    const fromAttribute = test.file === undefined ? undefined : findWorkspaceFile(test.file, base);
    // pytest writes `line` 0-based (its suite is named "pytest" unless configured otherwise).
    const attributeLine = test.line === undefined ? undefined : test.suite === 'pytest' ? test.line + 1 : test.line;
    const fromStack = test.detail === undefined ? undefined : locateInText(test.detail, base);
    const convention = fromStack === undefined ? (javaPlace(test, base) ?? goPlace(test, base)) : undefined;
    const file = fromAttribute ?? fromStack?.file ?? convention?.file ?? fileFromClassname(test.classname, base);
    if (file === undefined)
        return {};
    const line = fromStack !== undefined && fromStack.file === file
        ? fromStack.line
        : convention !== undefined && convention.file === file
            ? convention.line
            : fromAttribute !== undefined
                ? attributeLine
                : undefined;
    const column = fromStack !== undefined && fromStack.file === file && line === fromStack.line ? fromStack.column : undefined;
    return { file, ...(line !== undefined && line >= 1 && { line, ...(column !== undefined && { column }) }) };
}

;// CONCATENATED MODULE: ./src/core/test-results/attempt-tests.ts
/**
 * One attempt's test results (docs/design.md §1 "Test results"): the JUnit files `test-results` matches
 * that were written since the attempt started, read one by one into counts, the failed
 * tests (capped) and which earlier failures passed this time. A file that cannot be read,
 * is not JUnit, or is hostile is a warning and counts for nothing; the verdict never
 * depends on any of it.
 */






/** Most failed tests kept per attempt (and names per list in a receipt). */
const MAX_TESTS_LISTED = 100;
/** Longest test name kept. */
const MAX_TEST_NAME = 500;
/** Most test cases of an attempt recorded one by one (for the CTRF report); beyond it, counts only. */
const MAX_CASES_RECORDED = 2_000;
/**
 * The recorded cases' share of the trace per attempt (about their JSON size): with the most
 * attempts a run can have, the trace stays far below what a resume reads back (16 MiB).
 */
const MAX_CASES_BYTES = 64 * 1024;
/** Longest failure text kept on a recorded case. */
const MAX_CASE_DETAIL = 500;
/**
 * The name a test is known by across attempts and runs: `classname › name`, or the name
 * alone when the class name adds nothing (jest-junit writes the same text in both).
 */
function testName(test) {
    const name = test.name.trim() || '(unnamed)';
    const classname = test.classname.trim();
    const full = classname === '' || classname === name ? name : `${classname} › ${name}`;
    return full.length > MAX_TEST_NAME ? `${full.slice(0, MAX_TEST_NAME - 1)}…` : full;
}
/**
 * The file system's clock is coarse (it can lag the process clock by a tick): a file written
 * this close after the start still counts as written by the attempt.
 */
const CLOCK_SLACK_MS = 10;
/** Reads the results files an attempt wrote; throws only when `request.signal` stopped it. */
async function readAttemptTests(request) {
    const base = { workspace: request.workingDirectory };
    const tests = {
        files: [],
        total: 0,
        passed: 0,
        failed: 0,
        errors: 0,
        skipped: 0,
        failedTests: [],
        recovered: [],
        warnings: [],
        cases: [],
        casesOmitted: 0
    };
    const cases = new CaseRecorder(base);
    const shown = (path) => (0,external_node_path_.relative)(request.workingDirectory, path).split(external_node_path_.sep).join('/');
    const found = await findFiles(request.patterns, request.workingDirectory, request.limits?.glob ?? GLOB_LIMITS);
    if (found.truncated) {
        tests.warnings.push({
            file: request.patterns.join(', '),
            reason: `matched too much: only the first ${found.files.length} files were read`
        });
    }
    for (const { pattern, link } of found.refused) {
        tests.warnings.push({ file: pattern, reason: `not searched: ${link} is a symbolic link, and links are not followed` });
    }
    const recovered = new Set();
    for (const path of found.files) {
        request.signal?.throwIfAborted();
        const stats = await (0,promises_.lstat)(path).catch(() => undefined);
        if (stats === undefined || stats.mtimeMs + CLOCK_SLACK_MS < request.sinceMs)
            continue;
        // Staged per file: a file that turns out bad adds nothing.
        const staged = {
            total: 0,
            passed: 0,
            failed: 0,
            errors: 0,
            skipped: 0,
            failedTests: [],
            recovered: [],
            cases: []
        };
        const outcome = await (await junitParser()).parseJUnitFile(path, test => {
            staged.total++;
            if (tests.cases.length + staged.cases.length < MAX_CASES_RECORDED)
                staged.cases.push(test);
            if (test.outcome === 'passed') {
                staged.passed++;
                if (request.watch.size > 0) {
                    const name = testName(test);
                    if (request.watch.has(name))
                        staged.recovered.push(name);
                }
            }
            else if (test.outcome === 'skipped')
                staged.skipped++;
            else {
                if (test.outcome === 'failed')
                    staged.failed++;
                else
                    staged.errors++;
                if (tests.failedTests.length + staged.failedTests.length < MAX_TESTS_LISTED)
                    staged.failedTests.push(test);
            }
        }, request.limits?.parse ?? junit_limits/* DEFAULT_LIMITS */.d, request.signal);
        request.signal?.throwIfAborted();
        if (!outcome.ok) {
            tests.warnings.push({ file: shown(path), reason: outcome.reason });
            continue;
        }
        tests.files.push(shown(path));
        tests.total += staged.total;
        tests.passed += staged.passed;
        tests.failed += staged.failed;
        tests.errors += staged.errors;
        tests.skipped += staged.skipped;
        for (const name of staged.recovered)
            recovered.add(name);
        for (const test of staged.failedTests)
            tests.failedTests.push(failedTest(test, base));
        for (const test of staged.cases) {
            const record = cases.record(test);
            if (record !== undefined)
                tests.cases.push(record);
        }
        tests.casesOmitted += staged.total - staged.cases.length + cases.takeOmitted();
    }
    tests.recovered = [...recovered].slice(0, MAX_TESTS_LISTED);
    return tests;
}
/** Records cases within MAX_CASES_BYTES, resolving each distinct `file` attribute to a workspace file once. */
class CaseRecorder {
    base;
    files = new Map();
    bytes = 0;
    omitted = 0;
    constructor(base) {
        this.base = base;
    }
    /** The case's record, or undefined (counted as omitted) once the budget is spent. */
    record(test) {
        const file = test.file === undefined ? undefined : this.file(test.file);
        const failing = test.outcome === 'failed' || test.outcome === 'error';
        const record = {
            name: testName(test),
            outcome: test.outcome,
            ...(test.durationMs !== undefined && { duration_ms: test.durationMs }),
            ...(file !== undefined && { file }),
            ...(failing && test.detail !== undefined && { detail: test.detail.slice(0, MAX_CASE_DETAIL) })
        };
        // About the record's JSON size: its texts and the keys around them.
        const size = 60 + record.name.length + (record.file?.length ?? 0) + (record.detail?.length ?? 0);
        if (this.bytes + size > MAX_CASES_BYTES) {
            this.omitted++;
            return undefined;
        }
        this.bytes += size;
        return record;
    }
    /** Cases left out for the budget since the last call. */
    takeOmitted() {
        const omitted = this.omitted;
        this.omitted = 0;
        return omitted;
    }
    file(attribute) {
        if (!this.files.has(attribute))
            this.files.set(attribute, findWorkspaceFile(attribute, this.base));
        return this.files.get(attribute);
    }
}
function failedTest(test, base) {
    const place = locateTest(test, base);
    return {
        name: testName(test),
        caseName: test.name,
        classname: test.classname,
        outcome: test.outcome === 'error' ? 'error' : 'failed',
        ...(place.file !== undefined && { file: place.file }),
        ...(place.line !== undefined && { line: place.line }),
        ...(place.column !== undefined && { column: place.column }),
        ...(test.message !== undefined && { message: test.message }),
        ...(test.durationMs !== undefined && { durationMs: test.durationMs })
    };
}
/** The XML parser, loaded when the first results file is read (BENCHMARKS.md, start-up). */
function junitParser() {
    return Promise.all(/* import() */[__webpack_require__.e(800), __webpack_require__.e(789)]).then(__webpack_require__.bind(__webpack_require__, 4789));
}


/***/ }),

/***/ 2302:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ explainFailure)
/* harmony export */ });
/** Reads the attempt's checks and results; `failing` may exceed `tests.length` when the list was capped. */
function explainFailure(attempt) {
    if (attempt.timedOut || attempt.interrupted)
        return { explained: false, why: attempt.timedOut ? 'the attempt timed out' : 'the attempt was interrupted' };
    // A rerun's own check (`rerun`) fails with its tests: the results explain it like expect-exit.
    const byTests = (expectation) => expectation === 'expect-exit' || expectation === 'rerun';
    const failedChecks = attempt.checks.filter(check => !check.ok);
    const others = [...new Set(failedChecks.map(check => check.expectation).filter(name => !byTests(name)))];
    if (others.length > 0)
        return { explained: false, why: `${others.join(' and ')} failed, which the tests do not explain` };
    const tests = attempt.tests;
    if (tests === undefined || tests.files.length === 0)
        return { explained: false, why: 'the attempt wrote no test results' };
    const failing = tests.failed + tests.errors;
    if (failing === 0)
        return { explained: false, why: `the command exited ${attempt.exitCode} with every test passing: a failure outside the tests` };
    return { explained: true, failing, tests: tests.failedTests };
}


/***/ }),

/***/ 4976:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ DEFAULT_LIMITS),
/* harmony export */   x: () => (/* binding */ MAX_NAME_CHARS)
/* harmony export */ });
/**
 * The JUnit parser's limits (docs/design.md §1 "Test results"), apart from the parser so that
 * what only needs the numbers does not load the XML parser.
 */
/**
 * Longest test case name and class name kept. A rerun's filter needs them whole (docs/design.md
 * §1 "Rerunning only the failed tests"): one this long may have been cut, and is not rerun.
 */
const MAX_NAME_CHARS = 4_000;
/** The limits used unless a test asks for others. */
const DEFAULT_LIMITS = {
    maxRun: 64 * 1024,
    maxMessage: 1_000,
    maxDetail: 4_000,
    maxDepth: 256,
    maxAttributes: 1_000,
    maxTagChars: 1024 * 1024,
    maxAttributeChars: 128 * 1024 * 1024
};


/***/ }),

/***/ 9390:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   g: () => (/* binding */ traceTestsOf)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2857);
/* harmony import */ var _attempt_tests_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9417);
/**
 * An attempt's test results as the trace records them (docs/design.md §2): a `note` with a
 * `tests` field, read back (for the HTML report) through a zod schema, since a trace on
 * disk is untrusted. Readers that do not know the field ignore it.
 */


const text = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(4_000);
const count = zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(0).max(1e9);
const TraceTestsSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    attempt: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(1).max(1_000_000),
    files: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(text).max(1_000),
    total: count,
    failed: count,
    errors: count,
    skipped: count,
    failed_tests: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        name: text,
        caseName: text.optional(),
        classname: text.optional(),
        outcome: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['failed', 'error']),
        file: text.optional(),
        line: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(1).optional(),
        column: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(1).optional(),
        message: text.optional()
    }))
        .max(1_000),
    recovered: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(text).max(1_000),
    /** Every case of the attempt up to a cap (traces written before it lack it; a malformed list is read as absent). */
    cases: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        name: text,
        outcome: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['passed', 'failed', 'error', 'skipped']),
        duration_ms: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative().max(1e12).optional(),
        file: text.optional(),
        detail: text.optional()
    }))
        .max(_attempt_tests_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_CASES_RECORDED */ .SG)
        .optional()
        .catch(undefined),
    cases_omitted: count.optional().catch(undefined)
});
/** The `tests` field of a note's payload, when it has a valid one. */
function traceTestsOf(payload) {
    if (payload.tests === undefined)
        return undefined;
    const parsed = TraceTestsSchema.safeParse(payload.tests);
    return parsed.success ? parsed.data : undefined;
}


/***/ }),

/***/ 4022:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Zz: () => (/* binding */ failedLineWords),
/* harmony export */   jQ: () => (/* binding */ endingFromRecord),
/* harmony export */   vR: () => (/* binding */ timedOutWords),
/* harmony export */   xi: () => (/* binding */ attemptEnding)
/* harmony export */ });
/* unused harmony exports timeoutWords, stopWords, lineText, endedCommand */
/* harmony import */ var _shell_script_lines_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2373);

/** Seconds as a person reads them: `3 s`, `0.5 s`. */
function seconds(ms) {
    return `${Number((ms / 1000).toFixed(3))} s`;
}
/**
 * `timed out after 3 s (timeout-seconds: 3)`; the bare `timed out` when the limit is not
 * known. A title writes the input as `(timeout-seconds 3)`.
 */
function timeoutWords(timeoutMs, form = 'sentence') {
    if (timeoutMs === undefined || timeoutMs <= 0)
        return 'timed out';
    const input = `timeout-seconds${form === 'title' ? '' : ':'} ${Number((timeoutMs / 1000).toFixed(3))}`;
    return `timed out after ${seconds(timeoutMs)} (${input})`;
}
/** `the process tree was stopped with SIGTERM, then SIGKILL after 2 s (1 process ignored SIGTERM)`. */
function stopWords(stopped) {
    if (stopped === undefined)
        return undefined;
    if (!stopped.killed)
        return 'the process tree was stopped with SIGTERM';
    const ignored = stopped.ignoredTerm === undefined
        ? ''
        : ` (${stopped.ignoredTerm} ${stopped.ignoredTerm === 1 ? 'process' : 'processes'} ignored SIGTERM)`;
    return `the process tree was stopped with SIGTERM, then SIGKILL after ${seconds(stopped.graceMs)}${ignored}`;
}
/** A timeout in one line: its limit, then how the tree was stopped. */
function timedOutWords(result) {
    const stop = stopWords(result.stopped);
    return `${timeoutWords(result.timeoutMs)}${stop === undefined ? '' : `; ${stop}`}`;
}
/** The script's physical line `number` (1-based), trimmed, at most 120 characters. */
function lineText(script, number) {
    const line = (script.replace(/\r\n?/g, '\n').split('\n')[number - 1] ?? '').trim();
    return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
/** The words for a script's failed line; undefined when the script did not say which, or is one line only. */
function failedLineWords(script, failed) {
    if (failed === undefined || (0,_shell_script_lines_js__WEBPACK_IMPORTED_MODULE_0__/* .scriptLines */ .PN)(script).length < 2)
        return undefined;
    const text = lineText(script, failed.line);
    const code = text === '' ? '' : ` \`${text.replace(/`/g, "'")}\``;
    const phrase = `line ${failed.line}${code} exited ${failed.status}`;
    const before = failed.line === 1 ? '' : failed.line === 2 ? 'Line 1 ran; ' : `Lines 1–${failed.line - 1} ran; `;
    return {
        line: failed.line,
        text,
        status: failed.status,
        phrase,
        title: `line ${failed.line} failed${text === '' ? '' : ` — ${text}`} (exit ${failed.status})`,
        sentence: before === '' ? `L${phrase.slice(1)}.` : `${before}${phrase}.`
    };
}
/** A tool_result's ending facts as a command result holds them. */
function endingFromRecord(record) {
    const { timeout_ms: timeoutMs, stopped, failed_line: failedLine } = record;
    return {
        ...(timeoutMs !== undefined && { timeoutMs }),
        ...(stopped !== undefined && {
            stopped: {
                graceMs: stopped.grace_ms,
                killed: stopped.sigkill,
                ...(stopped.ignored_sigterm !== undefined && { ignoredTerm: stopped.ignored_sigterm })
            }
        }),
        ...(failedLine !== undefined && { failedLine: { line: failedLine.line, status: failedLine.status } })
    };
}
/** The command whose end decided an attempt: the first that failed, else the script. */
function endedCommand(attempt) {
    return attempt.commands.find(command => command.exitCode !== 0) ?? attempt.commands[0];
}
/** The ending of an attempt whose script is `script`, from its command's result; undefined when there is nothing to add to its exit. */
function attemptEnding(script, result) {
    if (result === undefined)
        return undefined;
    if (result.timedOut) {
        const stop = stopWords(result.stopped);
        return {
            timeout: timeoutWords(result.timeoutMs),
            timeoutTitle: timeoutWords(result.timeoutMs, 'title'),
            ...(stop !== undefined && { stop })
        };
    }
    const line = failedLineWords(script, result.failedLine);
    return line === undefined ? undefined : { line };
}


/***/ }),

/***/ 2298:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ describeExpectations)
/* harmony export */ });
/** The expectations keyed by input name (`expect-exit`, …), only those given. */
function describeExpectations(expectations) {
    const { exit, stdout, noOutput, file, check } = expectations;
    return {
        ...(exit !== undefined && { 'expect-exit': exit }),
        ...(stdout !== undefined && { 'expect-stdout': stdout }),
        ...(noOutput !== undefined && { 'expect-no-output': noOutput.source }),
        ...(file !== undefined && { 'expect-file': file }),
        ...(check !== undefined && { 'expect-check': check })
    };
}


/***/ }),

/***/ 4350:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   We: () => (/* binding */ checkState),
/* harmony export */   dy: () => (/* binding */ judgeRecord)
/* harmony export */ });
/* unused harmony export describeCommandEnd */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_string_decoder__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6193);
/* harmony import */ var node_string_decoder__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_string_decoder__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _output_capped_log_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8175);
/* harmony import */ var _output_output_summary_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8577);
/* harmony import */ var _shell_script_lines_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2373);
/* harmony import */ var _ending_words_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4022);
/* harmony import */ var _side_command_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1290);
/**
 * Judging an attempt's expectations once its script has ended (docs/design.md §1, §6). The
 * script's result is recorded first; `expect-exit` and `expect-stdout` are then judged from
 * that record alone — the same way live and when a resumed run replays it — while
 * `expect-file` and `expect-check` inspect the working directory now. The check's output is
 * its own: streamed to the console, kept in `attempt-<n>.check.log` and summarized for the
 * `verify` event, never mixed into the script's log, summary or matchers.
 */








/** How a command ended, in words for a check's detail. */
function describeCommandEnd(result) {
    if (result.timedOut)
        return (0,_ending_words_js__WEBPACK_IMPORTED_MODULE_3__/* .timedOutWords */ .vR)(result);
    if (result.interrupted)
        return 'was interrupted';
    if (result.signal)
        return `was killed by ${result.signal} (exit ${result.exitCode})`;
    return `exited ${result.exitCode}`;
}
/**
 * expect-exit and expect-stdout judged from the script's record; undefined when the record
 * cannot say (expect-stdout given but the record has no `stdout_matched`).
 */
function judgeRecord(settings, record, redactor) {
    const { exit, stdout, noOutput } = settings.expectations;
    const checks = [];
    if (exit !== undefined) {
        const failed = record.commands.find(command => command.exitCode !== 0);
        // A script -e stopped names its line (docs/design.md §5); else its label and how it ended.
        const line = failed === undefined ? undefined : (0,_ending_words_js__WEBPACK_IMPORTED_MODULE_3__/* .failedLineWords */ .Zz)(failed.command, failed.failedLine);
        const how = line !== undefined ? line.phrase : failed ? `\`${(0,_shell_script_lines_js__WEBPACK_IMPORTED_MODULE_4__/* .scriptLabel */ .uc)(failed.command)}\` ${describeCommandEnd(failed)}` : undefined;
        const ok = record.exitCode === exit;
        checks.push({
            expectation: 'expect-exit',
            ok,
            detail: ok ? `exit ${record.exitCode}` : `expect-exit ${exit} but got ${record.exitCode}${how !== undefined ? ` (${how})` : ''}`
        });
    }
    if (stdout !== undefined) {
        if (record.stdoutMatched === undefined)
            return undefined;
        checks.push({
            expectation: 'expect-stdout',
            ok: record.stdoutMatched,
            detail: record.stdoutMatched
                ? 'stdout contained the expected text'
                : `stdout did not contain ${JSON.stringify(redactor.redact(stdout))}`
        });
    }
    if (noOutput !== undefined) {
        if (record.forbiddenLine === undefined)
            return undefined;
        const hit = record.forbiddenLine;
        checks.push({
            expectation: 'expect-no-output',
            ok: hit === null,
            detail: hit === null
                ? `no line of the output matched /${noOutput.source}/`
                : `expect-no-output /${redactor.redact(noOutput.source)}/ matched line ${hit.line} of the output: ${JSON.stringify(hit.text)}`
        });
    }
    return checks;
}
/** One stream of the check's output: console live, redacted text to the check's log and summary. */
function checkStream(console, redactor, sink) {
    const decoder = new node_string_decoder__WEBPACK_IMPORTED_MODULE_2__.StringDecoder('utf8');
    const redacting = redactor.stream();
    return {
        take(chunk) {
            sink(redacting.push(decoder.write(chunk)));
            return console.write(chunk);
        },
        finish() {
            sink(redacting.push(decoder.end()));
            sink(redacting.end());
        }
    };
}
/**
 * expect-file, then expect-check, evaluated now in the working directory. The check runs
 * with its own timeout, its output kept apart in `checkLogPath`; its process group is
 * stopped before this returns.
 */
async function checkState(settings, checkLogPath, env) {
    const { file, check } = settings.expectations;
    const checks = [];
    if (file !== undefined) {
        const present = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(settings.workingDirectory, file));
        checks.push({ expectation: 'expect-file', ok: present, detail: present ? `${file} exists` : `${file} does not exist` });
    }
    if (check === undefined)
        return { checks };
    const log = await _output_capped_log_js__WEBPACK_IMPORTED_MODULE_5__/* .CappedLogWriter */ .l_.open(checkLogPath, settings.logCapBytes);
    const summary = new _output_output_summary_js__WEBPACK_IMPORTED_MODULE_6__/* .OutputSummarizer */ .dc();
    const sink = (text) => {
        if (text === '')
            return;
        log.write(text);
        summary.push(text);
    };
    const streams = {
        stdout: checkStream(env.console.stdout, env.redactor, sink),
        stderr: checkStream(env.console.stderr, env.redactor, sink)
    };
    const result = await (0,_side_command_js__WEBPACK_IMPORTED_MODULE_7__/* .runSideCommand */ .s)(check, settings, env, (chunk, stream) => streams[stream].take(chunk));
    streams.stdout.finish();
    streams.stderr.finish();
    await log.close();
    checks.push({
        expectation: 'expect-check',
        ok: result.exitCode === 0,
        detail: result.exitCode === 0 ? 'expect-check passed' : `expect-check \`${check}\` ${describeCommandEnd(result)}`
    });
    return { checks, checkSummary: summary.finish() };
}


/***/ }),

/***/ 8571:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  g: () => (/* binding */ judgeRerun),
  n: () => (/* binding */ nextAttempt)
});

// EXTERNAL MODULE: ./src/core/guardrail/index.ts + 13 modules
var guardrail = __webpack_require__(8664);
// EXTERNAL MODULE: ./src/core/test-results/junit-limits.ts
var junit_limits = __webpack_require__(4976);
// EXTERNAL MODULE: ./src/core/test-results/explained-failure.ts
var explained_failure = __webpack_require__(2302);
// EXTERNAL MODULE: ./src/core/reruns/template.ts
var reruns_template = __webpack_require__(8385);
;// CONCATENATED MODULE: ./src/core/reruns/decide.ts
/**
 * Whether a retry reruns only the failed tests (docs/design.md §1 "Rerunning only the failed
 * tests", the contract's §11): only when the attempt's own results explain its failure.
 * Otherwise the whole command is retried, as without the setting, and the reason is given
 * in words for the trace's note.
 */



/** How a failed attempt should be retried under `policy`. */
function planRetry(attempt, policy) {
    const explanation = (0,explained_failure/* explainFailure */.S)(attempt);
    if (!explanation.explained)
        return { kind: 'whole', why: explanation.why };
    const { failing, tests } = explanation;
    if (failing > policy.maxTests)
        return { kind: 'whole', why: `${failing} tests failed, more than rerun-max-tests (${policy.maxTests})` };
    if (failing > tests.length)
        return { kind: 'whole', why: `${failing} tests failed, more than the results list` };
    const cut = tests.find(test => Math.max(test.caseName?.length ?? 0, test.classname?.length ?? 0) >= junit_limits/* MAX_NAME_CHARS */.x);
    if (cut !== undefined)
        return {
            kind: 'whole',
            why: `the test "${cut.name}" has a name of ${junit_limits/* MAX_NAME_CHARS */.x} characters or more, which a rerun filter cannot spell`
        };
    const targets = tests.map(test => ({
        name: test.name,
        caseName: test.caseName ?? test.name,
        classname: test.classname ?? '',
        ...(test.file !== undefined && { file: test.file })
    }));
    const missing = (0,reruns_template/* missingFor */.MG)(policy.template, targets);
    if (missing !== undefined)
        return { kind: 'whole', why: missing };
    return { kind: 'rerun', targets };
}

;// CONCATENATED MODULE: ./src/core/reruns/verdict.ts
/**
 * Judges a rerun from its results: `tests.recovered` names the watched tests (the targets)
 * that passed, `tests.failedTests` the ones that failed.
 */
function rerunVerdict(targets, tests) {
    const passedNames = new Set(tests?.recovered ?? []);
    const failedNames = new Set((tests?.failedTests ?? []).map(test => test.name));
    const passed = [];
    const failed = [];
    const missing = [];
    for (const { name } of targets) {
        if (failedNames.has(name))
            failed.push(name);
        else if (passedNames.has(name))
            passed.push(name);
        else
            missing.push(name);
    }
    return { passed, failed, missing, ok: failed.length === 0 && missing.length === 0 };
}
/** The verdict in one line for the attempt's check detail. */
function describeRerunVerdict(verdict) {
    const parts = [`${verdict.passed.length} of ${verdict.passed.length + verdict.failed.length + verdict.missing.length} rerun tests passed`];
    if (verdict.failed.length > 0)
        parts.push(`failed: ${verdict.failed.join('; ')}`);
    if (verdict.missing.length > 0)
        parts.push(`not in the results, so not rerun: ${verdict.missing.join('; ')}`);
    return parts.join(' · ');
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/core/reruns/local-bin.ts
/**
 * A preset's runner started from the project's own `node_modules/.bin`, as npx would find
 * it, without npx: npx costs a third of a second or more before the runner starts, which is
 * a good part of a rerun of two tests (BENCHMARKS.md row l). Looked up from the working
 * directory upwards (a workspace's packages share the root's `node_modules`); when there is
 * none (Yarn Plug'n'Play, a global install) the preset runs through npx as written.
 */


/** `npx <bin>` at the start of a preset. */
const NPX_START = /^npx ([a-z][\w-]*)(?= )/;
/** The preset's template with `npx <bin>` replaced by the path of the project's own binary, when it has one. */
function withLocalBin(template, workingDirectory) {
    const match = NPX_START.exec(template);
    if (match === null)
        return template;
    const bin = match[1];
    for (let dir = workingDirectory;; dir = (0,external_node_path_.dirname)(dir)) {
        const candidate = (0,external_node_path_.join)(dir, 'node_modules', '.bin', bin);
        if (isExecutableFile(candidate)) {
            const path = (0,external_node_path_.relative)(workingDirectory, candidate).split(external_node_path_.sep).join('/');
            return `${path}${template.slice(match[0].length)}`;
        }
        if ((0,external_node_path_.dirname)(dir) === dir)
            return template;
    }
}
function isExecutableFile(path) {
    try {
        const info = (0,external_node_fs_.statSync)(path);
        return info.isFile() && (info.mode & 0o111) !== 0;
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/core/verify/rerun-step.ts
/**
 * The verify loop's part in rerunning only the failed tests (docs/design.md §1 "Rerunning
 * only the failed tests"): after a failed attempt, what the next attempt runs — the failed
 * tests alone, or the whole command and why — and after a rerun attempt, its verdict, where
 * a targeted test its results do not show counts as failed.
 */





/** After a failed attempt that is retried: the failed tests alone when the results explain the failure, else the whole command. */
function nextAttempt(settings, attempt) {
    const setting = settings.rerunFailedTests;
    if (setting.kind === 'off')
        return undefined;
    const plan = planRetry(attempt, { template: setting.template, maxTests: settings.rerunMaxTests });
    if (plan.kind === 'whole')
        return { note: `retrying the whole command: ${plan.why}` };
    let command;
    try {
        // A preset starts the project's own runner binary when it has one (reruns/local-bin.ts).
        const template = setting.kind === 'preset' ? withLocalBin(setting.template, settings.workingDirectory) : setting.template;
        command = (0,reruns_template/* expandTemplate */.Ly)(template, plan.targets, settings.shell);
    }
    catch (error) {
        return { note: `retrying the whole command: ${error.message}` };
    }
    // The guardrail judges the command that will run, names and all.
    const hit = settings.allowDestructive ? undefined : (0,guardrail/* findDestructive */.m)(command);
    if (hit !== undefined)
        return { note: `retrying the whole command: the rerun command matches the destructive-command rule "${hit.rule}"` };
    const count = plan.targets.length === 1 ? 'the failed test' : `the ${plan.targets.length} failed tests`;
    return { rerun: { targets: plan.targets, command }, note: `rerunning ${count} only: ${command}` };
}
/**
 * Judges a rerun attempt by its results as well as its exit code: every targeted test must
 * be in them and pass. One they do not show is added to the attempt's failed tests (it was
 * not rerun), so it stays a failed test everywhere the run is shown.
 */
function judgeRerun(attempt, rerun) {
    const verdict = rerunVerdict(rerun.targets, attempt.tests);
    if (attempt.tests !== undefined && verdict.missing.length > 0) {
        const missing = rerun.targets.filter(target => verdict.missing.includes(target.name));
        for (const target of missing) {
            attempt.tests.failedTests.push({
                name: target.name,
                caseName: target.caseName,
                classname: target.classname,
                outcome: 'failed',
                ...(target.file !== undefined && { file: target.file }),
                message: 'not in the rerun’s results, so it was not rerun'
            });
        }
        attempt.tests.failed += missing.length;
        attempt.tests.total += missing.length;
        attempt.tests.notRerun = missing.length;
    }
    attempt.checks.push({ expectation: 'rerun', ok: verdict.ok, detail: describeRerunVerdict(verdict) });
    attempt.verified = attempt.verified && verdict.ok;
}


/***/ }),

/***/ 1290:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ runSideCommand)
/* harmony export */ });
/* harmony import */ var _process_process_identity_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8735);

/** Runs `command`; `onOutput` takes each chunk and returns false when the console is behind. */
async function runSideCommand(command, settings, env, onOutput) {
    const { result, group } = await env.processes.run({
        command,
        shell: settings.shell,
        cwd: settings.workingDirectory,
        env: env.env,
        timeoutMs: settings.timeoutSeconds * 1000,
        killGraceMs: env.killGraceMs,
        signal: env.signal,
        onOutput,
        waitForDrain: stream => new Promise(resolve => env.console[stream].once('drain', () => resolve())),
        // Recorded like the script's, so a crash while it runs leaves its group findable (§6).
        onStart: pgid => env.log({ kind: 'process-started', pgid, started: (0,_process_process_identity_js__WEBPACK_IMPORTED_MODULE_0__/* .processStartTime */ .X0)(pgid) })
    });
    if (group?.isAlive())
        await group.terminate(env.killGraceMs);
    return result;
}


/***/ })

};
