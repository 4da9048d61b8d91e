export const id = 530;
export const ids = [530];
export const modules = {

/***/ 9530:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  parseJsonResultsFile: () => (/* binding */ parseJsonResultsFile)
});

// EXTERNAL MODULE: ./src/core/test-results/results-open.ts
var results_open = __webpack_require__(9930);
// EXTERNAL MODULE: ./src/core/test-results/junit-limits.ts
var junit_limits = __webpack_require__(4976);
;// CONCATENATED MODULE: ./src/core/test-results/json-tokens.ts
/**
 * A JSON document read as a stream of tokens (docs/design.md §1 "Test results", "JSON
 * reports"): text goes in a chunk at a time, and each object and array opening and closing,
 * each key and each scalar comes out as an event, so nothing of the document is kept but the
 * token being read. Every string is cut to `maxString` characters as it is read (the rest is
 * checked and dropped), a number longer than `maxNumber` characters or nesting deeper than
 * `maxDepth` stops the reading with a JsonCapError, and anything that is not JSON with a
 * JsonSyntaxError naming the character it stopped at. A small hand-written tokenizer rather
 * than a library: the streaming parsers on npm gather each string whole before they hand it
 * on, so a 60 MB string would be one 60 MB string (§10).
 */
/** The document is not JSON; the message is one line saying where. */
class JsonSyntaxError extends Error {
    name = 'JsonSyntaxError';
}
/** The document broke a cap; the message is one line saying which. */
class JsonCapError extends Error {
    name = 'JsonCapError';
}
var Expect;
(function (Expect) {
    Expect[Expect["Value"] = 0] = "Value";
    Expect[Expect["ValueOrClose"] = 1] = "ValueOrClose";
    Expect[Expect["Key"] = 2] = "Key";
    Expect[Expect["KeyOrClose"] = 3] = "KeyOrClose";
    Expect[Expect["Colon"] = 4] = "Colon";
    Expect[Expect["CommaOrClose"] = 5] = "CommaOrClose";
    Expect[Expect["Done"] = 6] = "Done";
})(Expect || (Expect = {}));
var Lex;
(function (Lex) {
    Lex[Lex["None"] = 0] = "None";
    Lex[Lex["String"] = 1] = "String";
    Lex[Lex["Escape"] = 2] = "Escape";
    Lex[Lex["Unicode"] = 3] = "Unicode";
    Lex[Lex["Number"] = 4] = "Number";
    Lex[Lex["Literal"] = 5] = "Literal";
})(Lex || (Lex = {}));
/** A character JSON does not allow unescaped inside a string. */
const CONTROL = /[\u0000-\u001f]/;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const ESCAPES = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const LITERALS = { true: true, false: false, null: null };
/** Streams JSON text into events; `end()` says whether the document was whole. */
class JsonTokenizer {
    events;
    limits;
    /** Open containers, innermost last: true for an object. */
    stack = [];
    expect = Expect.Value;
    lex = Lex.None;
    /** The string being read: its kept parts, their length, and whether it is a key. */
    parts = [];
    kept = 0;
    isKey = false;
    /** The number, literal or `\u` escape being read. */
    token = '';
    /** Characters read so far, for the position in an error. */
    offset = 0;
    started = false;
    /** The index of the next backslash in the chunk being read (its length when none is left; -1 when not yet looked for). */
    backslash = -1;
    constructor(events, limits) {
        this.events = events;
        this.limits = limits;
    }
    /** Reads the next piece of the document. */
    write(chunk) {
        let i = 0;
        const length = chunk.length;
        // Where the next backslash is, found once per chunk rather than once per string.
        this.backslash = -1;
        while (i < length) {
            switch (this.lex) {
                case Lex.String:
                    i = this.readString(chunk, i);
                    continue;
                case Lex.Escape:
                    i = this.readEscape(chunk, i);
                    continue;
                case Lex.Unicode:
                    i = this.readUnicode(chunk, i);
                    continue;
                case Lex.Number:
                case Lex.Literal:
                    i = this.readWord(chunk, i);
                    continue;
                case Lex.None:
                    break;
            }
            // Outside a token: white space, then one structural character or the start of a token.
            let code = chunk.charCodeAt(i);
            while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) {
                if (++i === length)
                    break;
                code = chunk.charCodeAt(i);
            }
            if (i === length)
                break;
            this.structure(chunk[i], this.offset + i);
            i++;
        }
        this.offset += length;
    }
    /** Ends the document; throws when it is not whole. */
    end() {
        if (this.lex === Lex.Number || this.lex === Lex.Literal) {
            this.endToken(this.offset);
        }
        if (!this.started)
            throw new JsonSyntaxError('the file holds no JSON value');
        if (this.lex !== Lex.None || this.expect !== Expect.Done)
            throw new JsonSyntaxError('the file ends before the JSON does');
    }
    /** One character outside a string, number or literal. */
    structure(char, at) {
        switch (char) {
            case '{':
            case '[':
                this.beforeValue(char, at);
                if (this.stack.length >= this.limits.maxDepth)
                    throw new JsonCapError(`nested deeper than ${this.limits.maxDepth}`);
                this.stack.push(char === '{');
                this.expect = char === '{' ? Expect.KeyOrClose : Expect.ValueOrClose;
                if (char === '{')
                    this.events.openObject();
                else
                    this.events.openArray();
                return;
            case '}':
            case ']': {
                const object = char === '}';
                const top = this.stack[this.stack.length - 1];
                const may = object
                    ? this.expect === Expect.KeyOrClose || this.expect === Expect.CommaOrClose
                    : this.expect === Expect.ValueOrClose || this.expect === Expect.CommaOrClose;
                if (top !== object || !may)
                    this.unexpected(char, at);
                this.stack.pop();
                this.events.close();
                this.afterValue();
                return;
            }
            case ':':
                if (this.expect !== Expect.Colon)
                    this.unexpected(char, at);
                this.expect = Expect.Value;
                return;
            case ',':
                if (this.expect !== Expect.CommaOrClose)
                    this.unexpected(char, at);
                this.expect = this.stack[this.stack.length - 1] === true ? Expect.Key : Expect.Value;
                return;
            case '"':
                if (this.expect === Expect.Key || this.expect === Expect.KeyOrClose)
                    this.isKey = true;
                else {
                    this.beforeValue(char, at);
                    this.isKey = false;
                }
                this.lex = Lex.String;
                this.parts = [];
                this.kept = 0;
                return;
            default:
                this.beforeValue(char, at);
                if (char === '-' || (char >= '0' && char <= '9'))
                    this.lex = Lex.Number;
                else if (char === 't' || char === 'f' || char === 'n')
                    this.lex = Lex.Literal;
                else
                    this.unexpected(char, at);
                this.token = char;
        }
    }
    /** Checks that a value may start here. */
    beforeValue(char, at) {
        if (this.expect !== Expect.Value && this.expect !== Expect.ValueOrClose)
            this.unexpected(char, at);
        this.started = true;
    }
    afterValue() {
        this.expect = this.stack.length === 0 ? Expect.Done : Expect.CommaOrClose;
    }
    /** Reads number or literal characters up to a delimiter or the chunk's end. */
    readWord(chunk, i) {
        const start = i;
        const length = chunk.length;
        const number = this.lex === Lex.Number;
        for (; i < length; i++) {
            const code = chunk.charCodeAt(i);
            const part = number
                ? (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x2d || code === 0x2b || code === 0x65 || code === 0x45
                : code >= 0x61 && code <= 0x7a;
            if (!part)
                break;
        }
        this.token += chunk.slice(start, i);
        if (this.token.length > (number ? this.limits.maxNumber : 5))
            this.tooLong(i);
        if (i < length)
            this.endToken(this.offset + i);
        return i;
    }
    /** A number or literal ended (at a delimiter or the end of the input). */
    endToken(at) {
        const text = this.token;
        const lex = this.lex;
        this.lex = Lex.None;
        this.token = '';
        if (lex === Lex.Number) {
            if (!NUMBER.test(text))
                throw new JsonSyntaxError(`not a number at character ${at}: ${text.slice(0, 20)}`);
            this.events.scalar(Number(text));
        }
        else {
            if (!Object.hasOwn(LITERALS, text))
                throw new JsonSyntaxError(`unexpected word at character ${at}: ${text.slice(0, 20)}`);
            this.events.scalar(LITERALS[text]);
        }
        this.afterValue();
    }
    /** Reads string characters up to a quote, a backslash or the chunk's end. */
    readString(chunk, i) {
        const start = i;
        const length = chunk.length;
        const quote = chunk.indexOf('"', i);
        if (this.backslash !== length && this.backslash < i) {
            const found = chunk.indexOf('\\', i);
            this.backslash = found === -1 ? length : found;
        }
        const end = quote === -1 ? Math.min(length, this.backslash) : Math.min(quote, this.backslash);
        if (end > start && CONTROL.test(chunk.slice(start, end))) {
            const at = chunk.slice(start, end).search(CONTROL);
            throw new JsonSyntaxError(`a control character inside a string at character ${this.offset + start + at}`);
        }
        this.keep(chunk, start, end);
        i = end;
        if (i === length)
            return i;
        if (i === this.backslash) {
            this.lex = Lex.Escape;
            return i + 1;
        }
        // The closing quote.
        this.lex = Lex.None;
        const text = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
        this.parts = [];
        if (this.isKey) {
            this.events.key(text);
            this.expect = Expect.Colon;
        }
        else {
            this.events.scalar(text);
            this.afterValue();
        }
        return i + 1;
    }
    readEscape(chunk, i) {
        const char = chunk[i];
        if (char === 'u') {
            this.lex = Lex.Unicode;
            this.token = '';
            return i + 1;
        }
        const decoded = ESCAPES[char];
        if (decoded === undefined)
            throw new JsonSyntaxError(`a bad escape \\${char} at character ${this.offset + i}`);
        this.keep(decoded, 0, 1);
        this.lex = Lex.String;
        return i + 1;
    }
    readUnicode(chunk, i) {
        while (i < chunk.length && this.token.length < 4) {
            const char = chunk[i];
            if (!/[0-9a-fA-F]/.test(char))
                throw new JsonSyntaxError(`a bad \\u escape at character ${this.offset + i}`);
            this.token += char;
            i++;
        }
        if (this.token.length === 4) {
            this.keep(String.fromCharCode(parseInt(this.token, 16)), 0, 1);
            this.token = '';
            this.lex = Lex.String;
        }
        return i;
    }
    /** Keeps text[from, to) of the string being read, within the cap. */
    keep(text, from, to) {
        const room = this.limits.maxString - this.kept;
        if (room <= 0 || to <= from)
            return;
        const end = Math.min(to, from + room);
        this.parts.push(from === 0 && end === text.length ? text : text.slice(from, end));
        this.kept += end - from;
    }
    tooLong(i) {
        if (this.lex === Lex.Number)
            throw new JsonCapError(`a number longer than ${this.limits.maxNumber} characters`);
        throw new JsonSyntaxError(`unexpected word at character ${this.offset + i}: ${this.token.slice(0, 20)}`);
    }
    unexpected(char, at) {
        const shown = /^[\x21-\x7e]$/.test(char) ? char : `U+${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
        throw new JsonSyntaxError(`unexpected ${shown} at character ${at}`);
    }
}

;// CONCATENATED MODULE: ./src/core/test-results/json-walk.ts
const TOTAL = Symbol('total');
/** How many items a gathered array had in the document (its kept items may be fewer). */
function itemCount(value) {
    if (!Array.isArray(value))
        return 0;
    return value[TOTAL] ?? value.length;
}
/** Turns tokenizer events into paths, and gathers the values the handler asks for. */
class JsonWalker {
    handler;
    maxRecordChars;
    path = [];
    frames = [];
    /** The value being gathered, innermost container last; empty when none is. */
    building = [];
    gatherPath = 0;
    chars = 0;
    overflow = false;
    constructor(handler, maxRecordChars) {
        this.handler = handler;
        this.maxRecordChars = maxRecordChars;
    }
    openObject() {
        this.open(true);
    }
    openArray() {
        this.open(false);
    }
    key(name) {
        const building = this.building[this.building.length - 1];
        if (building !== undefined)
            building.key = name;
        else
            this.path[this.path.length - 1] = name;
    }
    scalar(value) {
        if (this.building.length > 0) {
            const pick = this.childPick();
            if (pick === true)
                this.add(typeof value === 'string' ? this.budget(value) : value);
            return;
        }
        this.step();
        const pick = this.handler.gather(this.path);
        if (pick === true)
            this.handler.gathered(this.path, typeof value === 'string' ? value : value, false);
        else
            this.handler.scalar(this.path, value);
    }
    close() {
        if (this.building.length > 0) {
            const done = this.building.pop();
            if (this.building.length === 0) {
                this.path.length = this.gatherPath;
                const overflow = this.overflow;
                this.overflow = false;
                this.chars = 0;
                this.handler.gathered(this.path, done.value, overflow);
            }
            else if (done.value !== undefined)
                this.add(done.value);
            return;
        }
        this.frames.pop();
        this.path.pop();
        this.handler.closed(this.path);
    }
    open(object) {
        if (this.building.length > 0) {
            const pick = this.childPick();
            const kept = pick !== undefined && pick !== true && ('keys' in pick ? object : !object);
            this.building.push({ value: kept ? (object ? {} : []) : undefined, pick: kept ? pick : undefined, key: undefined });
            return;
        }
        this.step();
        const pick = this.handler.gather(this.path);
        if (pick !== undefined) {
            const kept = pick !== true && ('keys' in pick ? object : !object);
            this.gatherPath = this.path.length;
            this.building.push({ value: kept ? (object ? {} : []) : undefined, pick: kept ? pick : undefined, key: undefined });
            return;
        }
        this.frames.push({ object, index: 0 });
        this.path.push(object ? '' : 0);
    }
    /** Sets the path's last step for a value starting in an array. */
    step() {
        const frame = this.frames[this.frames.length - 1];
        if (frame !== undefined && !frame.object)
            this.path[this.path.length - 1] = frame.index++;
    }
    /** The pick for a value starting inside the innermost container being gathered. */
    childPick() {
        const parent = this.building[this.building.length - 1];
        const pick = parent.pick;
        if (pick === undefined || pick === true || parent.value === undefined)
            return undefined;
        if ('keys' in pick)
            return parent.key !== undefined && Object.hasOwn(pick.keys, parent.key) ? pick.keys[parent.key] : undefined;
        const array = parent.value;
        const count = (array[TOTAL] ?? 0) + 1;
        array[TOTAL] = count;
        return count <= pick.max ? pick.items : undefined;
    }
    /** Adds a finished value to the innermost container being gathered. */
    add(value) {
        const parent = this.building[this.building.length - 1];
        if (parent.value === undefined)
            return;
        if (Array.isArray(parent.value))
            parent.value.push(value);
        else if (parent.key !== undefined)
            parent.value[parent.key] = value;
    }
    /** A string within what is left of the record's characters. */
    budget(text) {
        const room = this.maxRecordChars - this.chars;
        if (text.length > room)
            this.overflow = true;
        const kept = text.length > room ? text.slice(0, Math.max(0, room)) : text;
        this.chars += kept.length;
        return kept;
    }
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/core/test-results/json-report.ts
/**
 * What the readers of the runners' JSON reports share (docs/design.md §1 "Test results", "JSON
 * reports"): where a test goes, the limits, the refusal that makes a file count for nothing,
 * and a test file's path as the runner's JUnit reporter writes it.
 */

/** A reason the file counts for nothing (one line). */
class ReportRefusal extends Error {
    name = 'ReportRefusal';
}
/** Most tests of one test file a reader holds until the file's path comes (it follows them). */
const MAX_HELD_TESTS = 50_000;
/** Most characters of one test file's tests a reader holds. */
const MAX_HELD_CHARS = 16 * 1024 * 1024;
/** Most characters of strings gathered for one record (a test, or a Playwright spec). */
const MAX_RECORD_CHARS = 1024 * 1024;
/** Most groups around one test (`describe` blocks). */
const MAX_GROUPS = 64;
/** A test file's path relative to the working directory, `/`-separated; a relative path stays as written. */
function workspacePath(file, workingDirectory) {
    const cut = file.slice(0, 4_096);
    if (!(0,external_node_path_.isAbsolute)(cut))
        return cut;
    return (0,external_node_path_.relative)(workingDirectory, cut).split(external_node_path_.sep).join('/');
}
/** A whole count from a report (a run count, a line), or undefined when it is not one. */
function wholeNumber(value, max = 1_000_000_000) {
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max ? value : undefined;
}
/** A duration in milliseconds, rounded; undefined when it is not a number. */
function durationMs(value) {
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

// EXTERNAL MODULE: ./src/core/test-results/failure-text.ts
var failure_text = __webpack_require__(4929);
// EXTERNAL MODULE: ./src/core/attempt/tests.ts
var attempt_tests = __webpack_require__(520);
;// CONCATENATED MODULE: ./src/core/test-results/jest-json.ts




/** What is kept of one test: the keys both runners write, and the keys that tell them apart. */
const TEST_PICK = {
    keys: {
        ancestorTitles: { items: true, max: MAX_GROUPS },
        title: true,
        status: true,
        duration: true,
        failureMessages: { items: true, max: 1 },
        retryReasons: { items: true, max: 1 },
        invocations: true,
        location: { keys: { line: true } },
        // jest writes these and vitest does not; vitest writes `meta`.
        failureDetails: { items: true, max: 0 },
        numPassingAsserts: true,
        meta: { keys: {} }
    }
};
const OUTCOMES = {
    passed: 'passed',
    // jest-junit counts a focused test as passed, and every other status as skipped.
    focused: 'passed',
    failed: 'failed',
    pending: 'skipped',
    skipped: 'skipped',
    todo: 'skipped',
    disabled: 'skipped'
};
const isTestPath = (path) => path.length === 4 && path[0] === 'testResults' && path[2] === 'assertionResults' && typeof path[3] === 'number';
/** The reader of `testResults`; `rootIsJest` says the report's top level had a key only jest writes. */
function jestJsonReader(context, rootIsJest) {
    let file = { tests: [], chars: 0 };
    let count = 0;
    const hold = (value, overflow) => {
        if (overflow)
            throw new ReportRefusal(`a test's record is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters`);
        const test = heldTest(value, rootIsJest(), context);
        file.chars += test.title.length + test.groups.reduce((sum, group) => sum + group.length, 0) + (test.detail?.length ?? 0) + 200;
        if (file.tests.length >= MAX_HELD_TESTS || file.chars > MAX_HELD_CHARS)
            throw new ReportRefusal(`one test file has more than ${MAX_HELD_TESTS.toLocaleString('en-US')} tests, or more text than reverify holds`);
        file.tests.push(test);
    };
    const flush = () => {
        const path = file.path === undefined ? '' : workspacePath(file.path, context.workingDirectory);
        const vitestFile = file.tests.length > 0 ? file.tests.every(test => test.vitest) : !rootIsJest();
        const suite = String(file.tests[0]?.groups[0]);
        for (const test of file.tests) {
            count++;
            context.onTest(test.vitest ? vitestCase(test, path) : jestCase(test, path, suite));
        }
        // vitest's JUnit names a file that failed outside its tests (it did not load, a hook threw)
        // as a failed test of its own; jest-junit leaves such a file out by default.
        if (vitestFile && file.status === 'failed' && file.message !== undefined && file.message.trim() !== '') {
            const detail = (0,failure_text/* readableText */.Gh)(file.message, context.limits.maxDetail);
            count++;
            context.onTest({
                suite: path,
                classname: path,
                name: path,
                outcome: 'failed',
                detail,
                ...withMessage(detail, context)
            });
        }
        file = { tests: [], chars: 0 };
    };
    return {
        gather: path => (isTestPath(path) ? TEST_PICK : undefined),
        gathered: (path, value, overflow) => {
            if (isTestPath(path))
                hold(value, overflow);
        },
        scalar: (path, value) => {
            if (path.length !== 3 || path[0] !== 'testResults' || typeof value !== 'string')
                return;
            if (path[2] === 'name')
                file.path = value;
            else if (path[2] === 'status')
                file.status = value;
            else if (path[2] === 'message')
                file.message = value;
        },
        closed: path => {
            if (path.length === 2 && path[0] === 'testResults')
                flush();
        },
        count: () => count
    };
}
/** The message read from a failure's text, when it says one. */
function withMessage(detail, context) {
    const message = (0,failure_text/* messageOfDetail */.YV)(detail, context.limits.maxMessage);
    return message === undefined ? {} : { message };
}
/** One test's record as held: its names, outcome, failure and the runner's own runs of it. */
function heldTest(value, rootIsJest, context) {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw new ReportRefusal('a test is not an object');
    const status = typeof value.status === 'string' ? value.status : undefined;
    const outcome = status !== undefined && Object.hasOwn(OUTCOMES, status) ? OUTCOMES[status] : undefined;
    if (outcome === undefined)
        throw new ReportRefusal(`a test's status ${JSON.stringify(String(status).slice(0, 40))} is not one jest or vitest writes`);
    if (typeof value.title !== 'string')
        throw new ReportRefusal('a test has no title');
    const titles = value.ancestorTitles ?? [];
    if (!Array.isArray(titles) || titles.some(title => typeof title !== 'string'))
        throw new ReportRefusal("a test's ancestorTitles is not a list of names");
    if (itemCount(titles) > MAX_GROUPS)
        throw new ReportRefusal(`a test is inside more than ${MAX_GROUPS} groups`);
    const jestKeys = 'invocations' in value || 'retryReasons' in value || 'failureDetails' in value || 'numPassingAsserts' in value;
    const vitest = !jestKeys && !rootIsJest && 'meta' in value;
    const failures = value.failureMessages;
    const firstFailure = Array.isArray(failures) && typeof failures[0] === 'string' ? failures[0] : undefined;
    const location = value.location;
    const line = location !== null && typeof location === 'object' && !Array.isArray(location) ? wholeNumber(location.line) : undefined;
    const duration = durationMs(value.duration);
    const test = {
        vitest,
        groups: titles,
        title: value.title,
        outcome,
        ...(duration !== undefined && { durationMs: duration }),
        ...(line !== undefined && line >= 1 && { line })
    };
    if ((outcome === 'failed' || outcome === 'error') && firstFailure !== undefined) {
        test.detail = (0,failure_text/* readableText */.Gh)(firstFailure, context.limits.maxDetail);
        Object.assign(test, withMessage(test.detail, context));
    }
    const runner = runnerRuns(value, vitest, outcome, context);
    if (runner !== undefined)
        test.runner = runner;
    return test;
}
/**
 * The runner's own runs of a test: jest counts them (`invocations`, each failed one's error in
 * `retryReasons`); vitest keeps every failed run's errors in `failureMessages`, so a test that
 * passed with any there failed first. A run that failed with several errors (`expect.soft`)
 * adds each, so vitest's count can say a later run than the one it passed on; for a vitest
 * test that failed, errors and runs cannot be told apart, and no count is given.
 */
function runnerRuns(value, vitest, outcome, context) {
    if (outcome === 'skipped')
        return undefined;
    const first = (list) => {
        const text = Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
        return text === undefined ? undefined : (0,failure_text/* messageOfDetail */.YV)((0,failure_text/* readableText */.Gh)(text, context.limits.maxDetail), context.limits.maxMessage);
    };
    if (vitest) {
        const failed = itemCount(value.failureMessages);
        if (outcome !== 'passed' || failed === 0)
            return undefined;
        const firstMessage = first(value.failureMessages);
        return { runs: failed + 1, form: 'invocations', ...(firstMessage !== undefined && { firstMessage }) };
    }
    const runs = wholeNumber(value.invocations);
    if (runs === undefined || runs < 2)
        return undefined;
    const firstMessage = first(value.retryReasons);
    return { runs, form: 'invocations', ...(firstMessage !== undefined && { firstMessage }) };
}
const capName = (text) => text.slice(0, attempt_tests/* MAX_NAME_CHARS */.xH);
/** A jest test as jest-junit names it by default, with the file attribute it adds when asked. */
function jestCase(test, path, suite) {
    const name = capName(`${test.groups.join(' ')} ${test.title}`);
    const names = { suite: capName(suite), name, classname: name };
    if (path !== '')
        names.file = path;
    return caseOf(test, names);
}
/** A vitest test as vitest's JUnit reporter names it: the file is the class name and the suite. */
function vitestCase(test, path) {
    return caseOf(test, { suite: path, name: capName([...test.groups, test.title].join(' > ')), classname: capName(path) });
}
function caseOf(test, names) {
    // Assigned one by one: this runs once per test of a report that may hold hundreds of thousands.
    const parsed = names;
    if (test.line !== undefined)
        parsed.line = test.line;
    parsed.outcome = test.outcome;
    if (test.durationMs !== undefined)
        parsed.durationMs = test.durationMs;
    if (test.message !== undefined)
        parsed.message = test.message;
    if (test.detail !== undefined)
        parsed.detail = test.detail;
    if (test.runner !== undefined)
        parsed.runner = test.runner;
    return parsed;
}

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
;// CONCATENATED MODULE: ./src/core/test-results/playwright-json.ts
/**
 * Playwright's JSON report (`--reporter=json`, docs/design.md §1 "Test results", "JSON
 * reports"): `suites[]`, one per test file, with `describe` groups nested as `suites[]` and
 * each test as a spec in `specs[]` holding one test per project, and each test every run of
 * it in `results[]` and its verdict in `status` (`expected`, `unexpected`, `flaky`,
 * `skipped`). Each is handed on named as Playwright's JUnit reporter names it: the file
 * suite's title as class name and suite, the groups and the title joined by ` › `. A suite's
 * title comes before its specs and groups in Playwright's report; one that comes after is
 * refused rather than guessed. A `flaky` test passed on a later run of its own.
 */





/** Most tests of one spec (one per project) and most runs of one test read. */
const MAX_SPEC_TESTS = 256;
const MAX_RUNS_READ = 32;
const SPEC_PICK = {
    keys: {
        title: true,
        line: true,
        tests: {
            max: MAX_SPEC_TESTS,
            items: {
                keys: {
                    status: true,
                    expectedStatus: true,
                    results: {
                        max: MAX_RUNS_READ,
                        items: { keys: { status: true, duration: true, error: { keys: { message: true, stack: true } } } }
                    }
                }
            }
        }
    }
};
/** Playwright's JUnit reporter calls a failure an error unless an `expect` matcher said it. */
const MATCHER = /expect\(.*?\)\.(not\.)?(\w+)/;
/** How many suites deep a path is (`suites`, index, `suites`, index, …), or -1 when it is not a suite's. */
function suiteDepth(path, end = path.length) {
    if (end === 0 || end % 2 !== 0)
        return -1;
    for (let i = 0; i < end; i += 2)
        if (path[i] !== 'suites' || typeof path[i + 1] !== 'number')
            return -1;
    return end / 2;
}
/** A spec's path: a suite's, then `specs`, index. */
function specDepth(path) {
    const end = path.length - 2;
    if (end < 2 || path[end] !== 'specs' || typeof path[end + 1] !== 'number')
        return -1;
    return suiteDepth(path, end);
}
/** The reader of `suites`. */
function playwrightJsonReader(context) {
    // The titles of the suites the walk is in, outermost (the file) first; undefined until read.
    const titles = [];
    let count = 0;
    const spec = (depth, value, overflow) => {
        if (overflow)
            throw new ReportRefusal(`a spec's record is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters`);
        if (value === null || typeof value !== 'object' || Array.isArray(value))
            throw new ReportRefusal('a spec is not an object');
        const around = titles.slice(0, depth);
        if (around.length < depth || around.some(title => title === undefined))
            throw new ReportRefusal("a suite's title comes after its tests, or is missing");
        if (depth - 1 > MAX_GROUPS)
            throw new ReportRefusal(`a test is inside more than ${MAX_GROUPS} groups`);
        if (typeof value.title !== 'string')
            throw new ReportRefusal('a spec has no title');
        const tests = value.tests;
        if (!Array.isArray(tests))
            throw new ReportRefusal('a spec has no tests list');
        if (itemCount(tests) > MAX_SPEC_TESTS)
            throw new ReportRefusal(`a spec has more than ${MAX_SPEC_TESTS} tests`);
        const file = around[0].slice(0, attempt_tests/* MAX_NAME_CHARS */.xH);
        const name = [...around.slice(1), value.title].join(' › ').slice(0, attempt_tests/* MAX_NAME_CHARS */.xH);
        const line = wholeNumber(value.line);
        for (const test of tests) {
            count++;
            context.onTest({
                suite: file,
                classname: file,
                name,
                ...(line !== undefined && line >= 1 && { line }),
                ...testResult(test, context)
            });
        }
    };
    return {
        gather: path => {
            const depth = suiteDepth(path);
            // A suite starts: its title is not known until it is read.
            if (depth > 0)
                titles.length = depth - 1;
            return specDepth(path) > 0 ? SPEC_PICK : undefined;
        },
        gathered: (path, value, overflow) => {
            const depth = specDepth(path);
            if (depth > 0)
                spec(depth, value, overflow);
        },
        scalar: (path, value) => {
            const depth = suiteDepth(path, path.length - 1);
            if (depth > 0 && path[path.length - 1] === 'title') {
                if (typeof value !== 'string')
                    throw new ReportRefusal("a suite's title is not text");
                titles.length = depth;
                titles[depth - 1] = value;
            }
        },
        closed: path => {
            const depth = suiteDepth(path);
            if (depth > 0)
                titles.length = depth - 1;
        },
        count: () => count
    };
}
/** One project's test of a spec: its outcome, its failure, and the runs it took. */
function testResult(test, context) {
    if (test === null || typeof test !== 'object' || Array.isArray(test))
        throw new ReportRefusal('a test is not an object');
    const results = Array.isArray(test.results) ? test.results : [];
    const runs = itemCount(test.results);
    let total = 0;
    let firstError;
    for (const result of results) {
        if (result === null || typeof result !== 'object' || Array.isArray(result))
            throw new ReportRefusal('a test result is not an object');
        total += durationMs(result.duration) ?? 0;
        const error = result.error;
        if (firstError === undefined && error !== null && typeof error === 'object' && !Array.isArray(error)) {
            firstError = {
                ...(typeof error.message === 'string' && { message: error.message }),
                ...(typeof error.stack === 'string' && { stack: error.stack })
            };
        }
    }
    const outcome = outcomeOf(test.status, test.expectedStatus, firstError);
    const fields = { outcome, ...(results.length > 0 && { durationMs: total }) };
    const detail = firstError === undefined ? undefined : (0,failure_text/* readableText */.Gh)(firstError.stack ?? firstError.message ?? '', context.limits.maxDetail);
    const message = detail === undefined || detail === '' ? undefined : (0,failure_text/* messageOfDetail */.YV)(detail, context.limits.maxMessage);
    if ((outcome === 'failed' || outcome === 'error') && detail !== undefined && detail !== '') {
        fields.detail = detail;
        if (message !== undefined)
            fields.message = message;
    }
    if (test.status === 'flaky' || ((outcome === 'failed' || outcome === 'error') && runs > 1)) {
        // A flaky test's runs end at the one it passed on; a failed one failed on every run.
        fields.runner = { runs: Math.max(runs, 2), form: 'invocations', ...(message !== undefined && { firstMessage: message }) };
    }
    return fields;
}
function outcomeOf(status, expected, error) {
    switch (status) {
        case 'expected':
            return expected === 'skipped' ? 'skipped' : 'passed';
        case 'flaky':
            return 'passed';
        case 'skipped':
            return 'skipped';
        case 'unexpected':
            return error?.message === undefined || MATCHER.test((0,external_node_util_.stripVTControlCharacters)(error.message)) ? 'failed' : 'error';
        default:
            throw new ReportRefusal(`a test's status ${JSON.stringify(String(status).slice(0, 40))} is not one Playwright writes`);
    }
}

;// CONCATENATED MODULE: ./src/core/test-results/json-results.ts
/**
 * One JSON test report read as a stream (docs/design.md §1 "Test results", "JSON reports"):
 * jest's `--json` report, vitest's `json` reporter and Playwright's `json` reporter, told
 * apart by their top-level keys (`testResults`, `suites`). The file is read as the JUnit
 * reader reads its files — without following a link or blocking on a FIFO, a regular file
 * only, 64 KiB at a time, each read a turn of the event loop with the abort signal checked
 * before it — through a bounded tokenizer (json-tokens.ts) and the walker that gathers one
 * test at a time (json-walk.ts), so memory does not follow the file. Each test is handed to
 * the same callback, in the same form, as the JUnit reader's; a file that is not JSON, not a
 * report, or breaks a cap is ignored whole, with the reason.
 */







/** The longest number read (a count or a duration needs far fewer digits). */
const MAX_NUMBER_CHARS = 64;
/** A key at the top level that only jest's report has, before its tests. */
const JEST_ONLY_KEY = 'numRuntimeErrorTestSuites';
const NOT_A_REPORT = "ignored: not a test report reverify reads (jest's --json, vitest's or Playwright's json reporter)";
/** Routes the walk to the reader of the report's kind, by the top-level key it stands under. */
function reportHandler(context) {
    let rootIsJest = false;
    const jest = jestJsonReader(context, () => rootIsJest);
    const playwright = playwrightJsonReader(context);
    const seen = new Set();
    const readerOf = (path) => {
        if (path.length === 0)
            return undefined;
        if (typeof path[0] === 'number')
            throw new ReportRefusal(NOT_A_REPORT.replace(/^ignored: /, ''));
        const reader = path[0] === 'testResults' ? jest : path[0] === 'suites' ? playwright : undefined;
        if (reader !== undefined)
            seen.add(reader);
        return reader;
    };
    const handler = {
        gather: path => readerOf(path)?.gather(path),
        gathered: (path, value, overflow) => readerOf(path)?.gathered(path, value, overflow),
        scalar: (path, value) => {
            if (path.length === 0)
                throw new ReportRefusal(NOT_A_REPORT.replace(/^ignored: /, ''));
            if (path.length === 1 && path[0] === JEST_ONLY_KEY)
                rootIsJest = true;
            readerOf(path)?.scalar(path, value);
        },
        closed: path => readerOf(path)?.closed(path)
    };
    return { handler, isReport: () => seen.size > 0, count: () => jest.count() + playwright.count() };
}
/** The outcome of a read that `signal` stopped before the end. */
/**
 * Reads one JSON report, calling `onTest` for each test. Never throws for the file's content
 * or a read error: the outcome says why the file was ignored.
 */
async function parseJsonResultsFile(path, onTest, options) {
    const limits = options.limits ?? junit_limits/* DEFAULT_LIMITS */.d;
    const opened = await (0,results_open/* openResultsFile */.xD)(path);
    if (!opened.ok)
        return opened;
    const { handle } = opened;
    try {
        const report = reportHandler({ onTest, limits, workingDirectory: options.workingDirectory });
        const tokenizer = new JsonTokenizer(new JsonWalker(report.handler, MAX_RECORD_CHARS), {
            maxString: limits.maxRun,
            maxNumber: MAX_NUMBER_CHARS,
            maxDepth: limits.maxDepth
        });
        let empty = true;
        try {
            for await (const text of (0,results_open/* textChunks */.w7)(handle, options.signal)) {
                empty = false;
                tokenizer.write(text);
            }
            if (options.signal?.aborted)
                return results_open/* INTERRUPTED */.t;
            if (empty)
                return { ok: false, reason: 'ignored: the file is empty' };
            tokenizer.end();
        }
        catch (error) {
            if (error instanceof JsonSyntaxError)
                return { ok: false, reason: `ignored: not well-formed JSON (${error.message})` };
            if (error instanceof JsonCapError || error instanceof ReportRefusal)
                return { ok: false, reason: `ignored: ${error.message}` };
            return { ok: false, reason: `ignored: cannot be read (${error instanceof Error ? error.message.slice(0, 200) : 'error'})` };
        }
        if (!report.isReport())
            return { ok: false, reason: NOT_A_REPORT };
        return { ok: true, tests: report.count() };
    }
    finally {
        await handle.close();
    }
}


/***/ }),

/***/ 9930:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   t: () => (/* binding */ INTERRUPTED),
/* harmony export */   w7: () => (/* binding */ textChunks),
/* harmony export */   xD: () => (/* binding */ openResultsFile)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_string_decoder__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6193);
/* harmony import */ var node_string_decoder__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_string_decoder__WEBPACK_IMPORTED_MODULE_2__);
/**
 * How every results reader opens and reads its file (docs/design.md §1 "Test results"):
 * without following a link or blocking on a FIFO, only a regular file, a chunk at a time.
 * What it cannot open is why the file is ignored, never an error.
 */



/** Opens a results file for reading; the caller closes the handle. */
async function openResultsFile(path) {
    let handle;
    try {
        handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(path, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK);
    }
    catch (error) {
        return { ok: false, reason: `ignored: cannot be opened (${error.code ?? 'error'})` };
    }
    if (!(await handle.stat().catch(() => undefined))?.isFile()) {
        await handle.close();
        return { ok: false, reason: 'ignored: not a regular file' };
    }
    return { ok: true, handle };
}
/** The outcome of a read that its signal stopped before the end. */
const INTERRUPTED = { ok: false, reason: 'ignored: reading was interrupted' };
const CHUNK_BYTES = 64 * 1024;
/**
 * The file's text, 64 KiB at a time, decoded as UTF-8 with a leading byte-order mark dropped;
 * empty pieces are left out. Each read is a turn of the event loop, so a signal's handler
 * runs between two chunks: once `signal` is aborted no more is read, and the caller, seeing
 * it aborted, answers INTERRUPTED.
 */
async function* textChunks(handle, signal) {
    const decoder = new node_string_decoder__WEBPACK_IMPORTED_MODULE_2__.StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let first = true;
    const clean = (text) => {
        if (first && text !== '') {
            first = false;
            if (text.charCodeAt(0) === 0xfeff)
                return text.slice(1);
        }
        return text;
    };
    for (;;) {
        if (signal?.aborted)
            return;
        const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
        if (bytesRead === 0)
            break;
        const text = clean(decoder.write(buffer.subarray(0, bytesRead)));
        if (text !== '')
            yield text;
    }
    const rest = clean(decoder.end());
    if (rest !== '')
        yield rest;
}


/***/ })

};
