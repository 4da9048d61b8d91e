export const id = 500;
export const ids = [500];
export const modules = {

/***/ 6848:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   XE: () => (/* binding */ reviewerExcerpt),
/* harmony export */   Xq: () => (/* binding */ attemptExcerpt)
/* harmony export */ });
/* unused harmony exports MAX_EXCERPT_CHARS, excerptBlocks, attemptBlocks, attemptText */
/* harmony import */ var _capped_log_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8175);
/* harmony import */ var _failure_blocks_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7898);
/* harmony import */ var _output_summary_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8577);



/** The excerpt's bounds: annotation bodies stop at 4,096 characters, and so should reading. */
const MAX_EXCERPT_CHARS = 4000;
const MAX_EXCERPT_LINES = 60;
const FALLBACK_LINES = 20;
/** A summary line as a reviewer should read it: no escape codes, no redrawn progress, no cut marker. */
function cleanLine(raw) {
    return (0,_failure_blocks_js__WEBPACK_IMPORTED_MODULE_0__/* .readableLine */ .$O)(raw.replace(_output_summary_js__WEBPACK_IMPORTED_MODULE_1__/* .CUT_LINE_SUFFIX */ .q$, '…'));
}
/** The summary's contiguous runs of output, cleaned; the omitted middle separates them. */
function segmentsOf(summary) {
    const parts = (0,_output_summary_js__WEBPACK_IMPORTED_MODULE_1__/* .summaryParts */ .X2)(summary);
    const clean = (lines) => lines.filter(line => !_capped_log_js__WEBPACK_IMPORTED_MODULE_2__/* .DROPPED_MARKER_LINE */ .$I.test(line)).map(cleanLine);
    return [parts.head, parts.matched, parts.tail].filter(lines => lines.length > 0).map(clean);
}
function blocksOfSegment(lines) {
    const blocks = [];
    const reader = new _failure_blocks_js__WEBPACK_IMPORTED_MODULE_0__/* .BlockReader */ .tg(block => blocks.push(block));
    for (const line of lines)
        reader.line(line);
    reader.end();
    return blocks;
}
/**
 * The blocks that fit the excerpt's bounds, in output order. Blocks that name their test are
 * chosen first, then the others, each in order; the first that does not fit is cut and ends
 * the choice.
 */
function bounded(blocks) {
    const order = blocks.map((block, index) => ({ block, index }));
    const byRank = [...order.filter(item => item.block.test !== undefined), ...order.filter(item => item.block.test === undefined)];
    const kept = [];
    let lines = 0;
    let chars = 0;
    for (const { block, index } of byRank) {
        const fitting = [];
        for (const line of block.lines) {
            // Blocks are joined by a blank line, lines by a newline: count both.
            const cost = line.length + (fitting.length === 0 && kept.length > 0 ? 2 : 1);
            if (lines + 1 > MAX_EXCERPT_LINES || chars + cost > MAX_EXCERPT_CHARS)
                break;
            fitting.push(line);
            lines++;
            chars += cost;
        }
        if (fitting.length === 0)
            break;
        kept.push({ block: { ...block, lines: fitting }, index });
        if (fitting.length < block.lines.length)
            break;
    }
    return kept.sort((a, b) => a.index - b.index).map(item => item.block);
}
/** Runners repeat a failure in their closing summary: once is enough. */
function unique(blocks) {
    const seen = new Set();
    return blocks.filter(block => {
        const key = (0,_failure_blocks_js__WEBPACK_IMPORTED_MODULE_0__/* .blockKey */ .Ju)(block);
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}
/**
 * The failing blocks of an output, in output order, bounded (60 lines, 4,000 characters):
 * the blocks `streamed` (found in the whole output while it streamed: failure-blocks.ts) when
 * there are any, else those of its summary; with neither, one block of the output's last 20 lines.
 */
function excerptBlocks(summary, streamed = []) {
    if (streamed.length > 0)
        return bounded(unique(streamed));
    const segments = segmentsOf(summary);
    const blocks = unique(segments.flatMap(blocksOfSegment));
    if (blocks.length === 0) {
        const last = segments[segments.length - 1] ?? [];
        const tail = last.filter(line => line.trim() !== '').slice(-FALLBACK_LINES);
        if (tail.length > 0)
            blocks.push({ lines: tail });
    }
    return bounded(blocks);
}
/** The reviewer text of an output: its failing blocks (see excerptBlocks), separated by a blank line. */
function reviewerExcerpt(summary, streamed = []) {
    return excerptBlocks(summary, streamed)
        .map(block => block.lines.join('\n'))
        .join('\n\n');
}
/** The failing blocks of one attempt: from its whole output when they were found there, else from its summary. */
function attemptBlocks(attempt) {
    return excerptBlocks(attempt.summary, attempt.failures);
}
/** The reviewer text of one attempt, verified or not (see attemptBlocks). */
function attemptText(attempt) {
    return reviewerExcerpt(attempt.summary, attempt.failures);
}
/** The reviewer excerpt of one attempt; empty for a verified attempt. */
function attemptExcerpt(attempt) {
    return attempt.verified ? '' : attemptText(attempt);
}


/***/ }),

/***/ 7898:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $O: () => (/* binding */ readableLine),
/* harmony export */   B7: () => (/* binding */ FailureBlocks),
/* harmony export */   Ju: () => (/* binding */ blockKey),
/* harmony export */   tg: () => (/* binding */ BlockReader)
/* harmony export */ });
/* unused harmony exports MAX_BLOCK_LINES, DEFAULT_FAILURE_LIMITS */
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Failing blocks (docs/design.md §5 "Excerpt"): where a failure starts in a command's output,
 * and the lines that explain it (the assertion, expected and received, the first stack line
 * outside dependencies). `BlockReader` reads lines one at a time, so the same rules serve a
 * summary read back (core/output/excerpt.ts) and `FailureBlocks`, which watches the whole
 * output while it streams and keeps the first few blocks, in bounded memory.
 */

const MAX_BLOCK_LINES = 16;
// How far past its first line a block looks for the rest of the failure.
const MAX_BLOCK_SPAN = 40;
/** Where a failing test's own report starts; group 1 is the test's name. */
const TEST_HEADERS = [
    /^\s*● (.+)$/, // jest
    /^\s*--- FAIL: (\S+)/, // go test
    /^_{3,} (.+?) _{3,}$/, // pytest
    /^\s{2,}\d+\) (.+?):?$/ // mocha, whose failure list is indented
];
/** A diagnostic that starts with where it is: `path:line[:col]: …` (go, gcc, eslint) or tsc's `path(line,col): …`. */
const DIAGNOSTIC = /^\s*[\w.@~/-][^\s:()]*(?::\d+(?::\d+)?:|\(\d+,\d+\):)(?:\s|$)/;
/** Lines that say something failed. */
const ERROR_LINES = [
    /\b(?:Expected|Received)\b/,
    /^E\s/, // pytest's assertion lines
    /\berror TS\d+/,
    /\b(?:[A-Z]\w*)?(?:Error|Exception)\b/,
    /^\s*error(?:\[\w+\])?:/i,
    /\bERROR\b/,
    /\bFAIL(?:ED)?\b/,
    /\bpanic:/,
    /^Traceback \(most recent call last\):/,
    /^\s*[✕✗×] /
];
/** Lines that close a block: the runners' tallies, separators and passing tests. */
const BOUNDARIES = [
    /^\s*(?:Test Suites|Tests|Snapshots|Time|Ran all test suites)\b/,
    /^={3,}/,
    /^\s*(?:PASS|ok)\s/,
    /^\s*--- (?:PASS|SKIP):/,
    /^=== (?:RUN|PAUSE|CONT|NAME)\s/,
    /^\s*[✓✔] /,
    /^\s*\d+ (?:passing|failing|pending)\b/
];
/** jest's code frame around the failing line: the stack line says the same, shorter. */
const CODE_FRAME = /^\s*>?\s*\d+\s+\||^\s+\|\s*\^/;
const STACK_FRAME = /^\s*at\s/;
// Frames of dependencies and of node itself say nothing about the change under review.
const FOREIGN_FRAME = /node_modules|\(node:|\bnode:internal|\(internal\/|\(<anonymous>\)/;
function testName(line) {
    for (const header of TEST_HEADERS) {
        const match = header.exec(line);
        if (match)
            return match[1].trim();
    }
    return undefined;
}
function isAnchor(line) {
    return testName(line) !== undefined || DIAGNOSTIC.test(line) || ERROR_LINES.some(pattern => pattern.test(line));
}
function isUserFrame(line) {
    return /:\d+/.test(line) && !FOREIGN_FRAME.test(line);
}
/** An output line as a reviewer should read it: no escape codes, no redrawn progress. */
function readableLine(raw) {
    let text = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.stripVTControlCharacters)(raw);
    // A carriage return redraws the line on a terminal: what shows is what follows the last one.
    const shown = text.split('\r').filter(segment => segment.trim() !== '');
    text = shown[shown.length - 1] ?? '';
    // A sequence cut in half, and lone control characters, are noise in an annotation.
    text = text.replace(/\x1b[[\]()#;?0-9]*$/, '').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
    return text.trimEnd();
}
/**
 * Reads readable lines one at a time into failing blocks. A block starts at a line that says
 * something failed and runs until a tally, separator or passing test, the next test header or
 * located diagnostic, or just after the first stack line outside dependencies; at most 16
 * lines kept of the 40 it looks at.
 */
class BlockReader {
    onBlock;
    open;
    constructor(onBlock) {
        this.onBlock = onBlock;
    }
    /** Whether a block is being read: until it closes, every line matters. */
    get reading() {
        return this.open !== undefined;
    }
    /** Takes the next line (already readable: see readableLine). */
    line(line) {
        if (this.open !== undefined) {
            const taken = this.step(this.open, line, false);
            if (taken === 'more')
                return;
            this.close();
            if (taken === 'last')
                return;
        }
        if (!isAnchor(line))
            return;
        this.open = { kept: [], located: false, span: 0 };
        if (this.step(this.open, line, true) !== 'more')
            this.close();
    }
    /** The end of the lines: a block still open is complete. */
    end() {
        this.close();
    }
    /** Reads one line into the block: 'more' to go on, 'last' when it ended the block, 'refused' when it belongs to what follows. */
    step(block, line, first) {
        const header = testName(line);
        if (!first) {
            if (BOUNDARIES.some(pattern => pattern.test(line)))
                return 'refused';
            // A second test, or a second located diagnostic, is a failure of its own.
            if (header !== undefined && block.test !== undefined)
                return 'refused';
            if (block.located && DIAGNOSTIC.test(line))
                return 'refused';
        }
        block.span++;
        if (line.trim() !== '' && !CODE_FRAME.test(line)) {
            block.test ??= header;
            if (STACK_FRAME.test(line)) {
                // The first frame in the code under review is where the failure is; the rest is noise.
                if (isUserFrame(line)) {
                    block.kept.push(line);
                    return 'last';
                }
            }
            else {
                if (DIAGNOSTIC.test(line) || /File "[^"]+", line \d+/.test(line))
                    block.located = true;
                block.kept.push(line);
            }
        }
        return block.span >= MAX_BLOCK_SPAN || block.kept.length >= MAX_BLOCK_LINES ? 'last' : 'more';
    }
    close() {
        const block = this.open;
        this.open = undefined;
        if (block === undefined || block.kept.length === 0)
            return;
        this.onBlock({ lines: block.kept, ...(block.test !== undefined && { test: block.test }) });
    }
}
/** The key under which a block repeated by a runner's closing summary is recognised. */
function blockKey(block) {
    return block.lines.map(line => line.trim()).join('\n');
}
/**
 * Ten blocks of each kind, 8,000 characters of each (twice what an excerpt shows), 500 a
 * line; 1,000 blocks read at most, so an output that repeats an error on every line costs
 * no more than that.
 */
const DEFAULT_FAILURE_LIMITS = Object.freeze({ blocks: 10, read: 1_000, chars: 8_000, lineChars: 500 });
// Text a line must hold to start a block (a cheap superset of the anchors, searched across a
// whole chunk at once): most output holds none, and is never split into lines at all. A bare
// `path:line:` diagnostic is not searched for: it starts a block only inside another or in the
// summary's lines (core/output/excerpt.ts).
const CANDIDATE_WORDS = /rror|RROR|FAIL|Exception|●|✕|✗/g;
const CANDIDATE_STARTS = /\n(?:E\s|_{3,} |[ \t]{2,}\d+\) |Traceback|panic:|[ \t]*×)/g;
const CANDIDATE_FIRST = /^(?:E\s|_{3,} |[ \t]{2,}\d+\) |Traceback|panic:|[ \t]*×)/;
class Kind {
    blocks = [];
    chars = 0;
    full = false;
}
/**
 * Watches a command's whole output, whole lines in order (the stream the log is written
 * from), for failing blocks. Keeps the first blocks of each kind, each at most 16 lines of at
 * most 500 characters, within a character budget per kind; a block a runner repeats is kept
 * once. Memory is bounded whatever the output's size.
 */
class FailureBlocks {
    limits;
    reader = new BlockReader(block => this.keep(block));
    seen = new Set();
    tests = new Kind();
    others = new Kind();
    found = 0;
    pending = '';
    pendingLength = 0;
    wordAt = { at: -1 };
    startAt = { at: -1 };
    constructor(limits = DEFAULT_FAILURE_LIMITS) {
        this.limits = { ...limits };
    }
    get done() {
        return (this.tests.full && this.others.full) || this.found >= this.limits.read;
    }
    /** Takes text made of whole lines (the last one may lack its newline until `end`). */
    push(text) {
        if (this.done || text === '')
            return;
        let pos = 0;
        if (this.pendingLength > 0) {
            const newline = text.indexOf('\n');
            if (newline === -1) {
                this.hold(text, 0, text.length);
                return;
            }
            this.hold(text, 0, newline);
            this.line(this.pending);
            this.pending = '';
            this.pendingLength = 0;
            pos = newline + 1;
        }
        const last = text.lastIndexOf('\n');
        this.wordAt.at = -1;
        this.startAt.at = -1;
        while (pos <= last && !this.done) {
            if (!this.reader.reading) {
                const candidate = this.nextCandidate(text, pos);
                if (candidate > last)
                    break;
                // The candidate's line; a line-start pattern matched from the newline before it.
                pos = Math.max(pos, text.lastIndexOf('\n', candidate) + 1);
            }
            const newline = text.indexOf('\n', pos);
            this.line(text.slice(pos, newline));
            pos = newline + 1;
        }
        if (last + 1 < text.length)
            this.hold(text, last + 1, text.length);
    }
    /** The end of the output: a last line without a newline is read, a block still open closes. */
    end() {
        if (this.pendingLength > 0 && !this.done)
            this.line(this.pending);
        this.pending = '';
        this.pendingLength = 0;
        this.reader.end();
    }
    /** The blocks kept, in output order. */
    blocks() {
        return [...this.tests.blocks, ...this.others.blocks].sort((a, b) => a.index - b.index).map(entry => entry.block);
    }
    line(raw) {
        const text = raw.length > this.limits.lineChars ? `${raw.slice(0, this.limits.lineChars - 1)}…` : raw;
        this.reader.line(readableLine(text));
    }
    /** Keeps text[start, end) of a line still open, up to a little over a line's limit. */
    hold(text, start, end) {
        const room = this.limits.lineChars + 1 - this.pending.length;
        if (room > 0)
            this.pending += text.slice(start, Math.min(end, start + room));
        this.pendingLength += end - start;
    }
    nextCandidate(text, from) {
        // The line-start patterns match from the newline before the line: search from just before.
        const word = this.search(CANDIDATE_WORDS, this.wordAt, text, from);
        if (from === 0 && CANDIDATE_FIRST.test(text))
            return 0;
        return Math.min(word, this.search(CANDIDATE_STARTS, this.startAt, text, Math.max(0, from - 1)) + 1);
    }
    /** Where `pattern` next matches at or after `from` (cached: positions only move forward), or Infinity. */
    search(pattern, cache, text, from) {
        if (cache.at >= from)
            return cache.at;
        pattern.lastIndex = from;
        const match = pattern.exec(text);
        cache.at = match === null ? Number.POSITIVE_INFINITY : match.index;
        return cache.at;
    }
    keep(block) {
        const index = this.found++;
        const key = blockKey(block);
        if (this.seen.has(key))
            return;
        const kind = block.test !== undefined ? this.tests : this.others;
        if (kind.full)
            return;
        const chars = block.lines.reduce((sum, line) => sum + line.length + 1, 0);
        if (kind.blocks.length >= this.limits.blocks || kind.chars + chars > this.limits.chars) {
            kind.full = true;
            return;
        }
        this.seen.add(key);
        kind.chars += chars;
        kind.blocks.push({ index, block });
    }
}


/***/ }),

/***/ 2500:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Uq: () => (/* binding */ REPORT_FILE),
  pX: () => (/* binding */ writeRunReport),
  aH: () => (/* binding */ writeSessionReport)
});

// UNUSED EXPORTS: writeReportFile

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/core/base/errors.ts
var errors = __webpack_require__(2074);
// EXTERNAL MODULE: ./src/core/base/printable.ts
var printable = __webpack_require__(3174);
// EXTERNAL MODULE: ./src/core/session/layout.ts
var layout = __webpack_require__(4020);
// EXTERNAL MODULE: ./src/core/session/meta.ts
var session_meta = __webpack_require__(8707);
// EXTERNAL MODULE: ./src/core/session/reader.ts
var reader = __webpack_require__(2537);
// EXTERNAL MODULE: ./src/core/capture/remedy.ts
var remedy = __webpack_require__(2760);
// EXTERNAL MODULE: ./src/core/session/events.ts
var session_events = __webpack_require__(907);
// EXTERNAL MODULE: ./src/core/output/excerpt.ts
var excerpt = __webpack_require__(6848);
// EXTERNAL MODULE: ./src/core/test-results/test-history.ts
var test_history = __webpack_require__(7454);
// EXTERNAL MODULE: ./src/core/test-results/trace-tests.ts
var trace_tests = __webpack_require__(9390);
// EXTERNAL MODULE: ./src/core/verify/ending-words.ts
var ending_words = __webpack_require__(4022);
;// CONCATENATED MODULE: ./src/core/report/model.ts
/**
 * What the HTML report shows, as plain data (docs/design.md §8 "HTML report"): built from a
 * session folder (trace and meta.json, read through the typed readers), the run's receipt
 * and the receipt history of its command. The logs are not read here: the renderer streams
 * them, so memory does not follow their size.
 */








/** Most rows of receipt history a report lists. */
const MAX_HISTORY_ROWS = 20;
function elapsedMs(from, to) {
    if (to === null || to === undefined)
        return undefined;
    const ms = Date.parse(to) - Date.parse(from);
    return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}
/** The attempts of a trace, in order, with their verdicts and the note after each. */
function attemptViews(events) {
    const views = new Map();
    const view = (attempt) => {
        let found = views.get(attempt);
        if (found === undefined) {
            found = {
                attempt,
                durationMs: 0,
                timedOut: false,
                interrupted: false,
                ok: false,
                checks: [],
                detail: '',
                excerpt: '',
                commands: [],
                logFile: (0,layout/* attemptLogName */.Nr)(attempt),
                excused: false
            };
            views.set(attempt, found);
        }
        return found;
    };
    let last;
    for (const event of events) {
        if (event.phase === 'tool_call') {
            last = view(event.payload.attempt);
            last.startedAt = event.ts;
            last.commands = event.payload.commands.map(command => ({ command, exitCode: null, durationMs: 0 }));
            if (event.payload.rerun !== undefined)
                last.rerunTests = event.payload.rerun.tests;
        }
        else if (event.phase === 'tool_result') {
            const { payload } = event;
            const target = view(payload.attempt);
            target.durationMs = payload.duration_ms;
            target.exitCode = payload.exit;
            if (payload.signal !== undefined)
                target.signal = payload.signal;
            target.timedOut = payload.timed_out === true;
            target.interrupted = payload.interrupted === true;
            target.excerpt = (0,excerpt/* reviewerExcerpt */.XE)(payload.summary, payload.failures);
            target.firstError = payload.failures?.[0];
            if (payload.commands !== undefined) {
                target.commands = payload.commands.map(record => ({
                    command: record.command,
                    exitCode: record.exit_code,
                    durationMs: record.duration_ms
                }));
            }
            const script = target.commands[0]?.command;
            const ending = script === undefined ? undefined : (0,ending_words/* attemptEnding */.xi)(script, { timedOut: target.timedOut, ...(0,ending_words/* endingFromRecord */.jQ)(payload) });
            if (ending !== undefined)
                target.ending = ending;
        }
        else if (event.phase === 'verify') {
            const target = view(event.payload.attempt);
            target.ok = event.payload.ok;
            target.checks = event.payload.check.map(check => ({ ...check }));
            target.detail = event.payload.detail;
            if (event.payload.quarantine !== undefined)
                target.quarantine = event.payload.quarantine;
            target.excused = target.ok && event.payload.quarantined !== undefined;
            if (target.ok) {
                target.excerpt = '';
                delete target.firstError;
            }
        }
        else if (event.phase === 'note' && (0,trace_tests/* traceTestsOf */.g)(event.payload) !== undefined) {
            const tests = (0,trace_tests/* traceTestsOf */.g)(event.payload);
            view(tests.attempt).tests = tests;
        }
        else if (event.phase === 'note' && (0,session_events/* noteKind */.LA)(event.payload) === 'retry-decision') {
            // The decision after an attempt: by its attempt number, else (an older trace) the last attempt.
            const target = event.payload.attempt !== undefined ? view(event.payload.attempt) : last;
            if (target !== undefined && target.note === undefined)
                target.note = event.payload.message;
        }
    }
    return [...views.values()].sort((a, b) => a.attempt - b.attempt);
}
/** The report's data from a session's trace, its meta.json, the receipt and its history. */
function buildReportModel(source) {
    const { events, meta, receipt } = source;
    const attempts = attemptViews(events);
    const end = (0,session_events/* eventsOf */.XL)(events, 'end').at(-1);
    const start = (0,session_events/* eventsOf */.XL)(events, 'start')[0];
    const uncaptured = start?.payload.uncaptured_failure;
    const endedAt = receipt.ended_at ?? meta?.ended_at ?? end?.ts ?? null;
    const totalMs = elapsedMs(receipt.started_at, endedAt);
    const gate = (0,session_events/* eventsOf */.XL)(events, 'note').find(event => (0,session_events/* noteKind */.LA)(event.payload) === 'gate')?.payload;
    return {
        runId: receipt.run_id,
        stepName: start?.skill ?? meta?.skill ?? 'verify',
        outcome: end?.payload.outcome ?? meta?.outcome ?? 'running',
        status: receipt.status,
        flaky: receipt.flaky,
        commands: (0,session_events/* eventsOf */.XL)(events, 'decision')[0]?.payload.decision ?? receipt.identity,
        expectations: receipt.expectations,
        startedAt: receipt.started_at,
        endedAt,
        ...(totalMs !== undefined && { totalMs }),
        maxAttempts: receipt.max_attempts,
        target: receipt.target,
        scope: receipt.scope,
        ...(receipt.ci && { ci: receipt.ci }),
        summary: end?.payload.summary ?? meta?.summary ?? '',
        attempts,
        notes: (0,session_events/* eventsOf */.XL)(events, 'note')
            // Process groups are bookkeeping; test results, retry decisions and reruns are shown with their attempt.
            .filter(event => !['process-group', 'tests', 'retry-decision', 'rerun'].includes((0,session_events/* noteKind */.LA)(event.payload) ?? ''))
            .map(event => event.payload.message),
        ...(receipt.capture && { capture: receipt.capture }),
        ...(typeof uncaptured === 'string' && { uncapturedRunId: uncaptured }),
        history: historyRows(source.history, receipt),
        captureCommand: (0,remedy/* captureCommand */.g_)(receipt.run_id, source.stateDir === undefined ? undefined : { stateDir: source.stateDir, root: receipt.target }, 'what you found'),
        inActions: receipt.ci !== undefined,
        captureCommitCommand: (0,remedy/* captureCommitCommand */.Hd)(receipt.run_id, 'what you found'),
        flakyTests: receipt.tests?.flaky ?? [],
        historyFlakyTests: (0,test_history/* testHistory */.l)(historyReceipts(source.history, receipt)).tests.filter(test => test.flaky > 0),
        quarantined: quarantinedTests(attempts),
        excused: attempts.some(attempt => attempt.excused),
        ...(gate?.gate !== undefined && { gate: { gate: gate.gate, tests: gate.flaky_tests ?? [] } })
    };
}
/** Every quarantined test that failed in the run, once, with its entry as last recorded. */
function quarantinedTests(attempts) {
    const byName = new Map();
    for (const attempt of attempts)
        for (const view of attempt.quarantine ?? [])
            byName.set(view.test, view);
    return [...byName.values()];
}
/** The newest MAX_HISTORY_ROWS receipts of the command, this run's as it is now. */
function historyReceipts(history, current) {
    const receipts = history.some(receipt => receipt.run_id === current.run_id)
        ? history.map(receipt => (receipt.run_id === current.run_id ? current : receipt))
        : [current, ...history];
    return receipts.slice(0, MAX_HISTORY_ROWS);
}
/** The history table's rows. */
function historyRows(history, current) {
    return historyReceipts(history, current).map(receipt => ({
        runId: receipt.run_id,
        startedAt: receipt.started_at,
        status: receipt.status,
        attempts: receipt.attempts,
        maxAttempts: receipt.max_attempts,
        flaky: receipt.flaky,
        ...(receipt.capture && { captureNote: receipt.capture.note }),
        current: receipt.run_id === current.run_id
    }));
}

// EXTERNAL MODULE: ./src/core/base/version.ts
var version = __webpack_require__(9481);
;// CONCATENATED MODULE: ./src/core/report/html.ts
/**
 * The report's only way to make markup (docs/design.md §8 "HTML report"): the `markup` tag
 * passes every interpolated value through `escapeHtml` unless it is markup this tag built
 * itself. Command output, commands, notes and receipt fields are all untrusted text; with
 * one escaping function and one template tag, auditing the report means reading this file.
 */
/** Markup built by the `markup` tag (or a list of such): the only values inserted unescaped. */
class SafeHtml {
    text;
    constructor(text) {
        this.text = text;
    }
    toString() {
        return this.text;
    }
}
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/g;
/**
 * Text as HTML text or a quoted attribute value: the five characters that could end a text
 * run or an attribute are replaced. Every interpolation of the report goes through here.
 */
function escapeHtml(text) {
    return text.replace(SPECIAL, character => ESCAPES[character]);
}
function render(value) {
    if (value === undefined || value === null || value === false)
        return '';
    if (value instanceof SafeHtml)
        return value.text;
    if (Array.isArray(value))
        return value.map(render).join('');
    return escapeHtml(String(value));
}
/**
 * Builds markup from a template whose interpolations are escaped (see escapeHtml). Named
 * `markup`, not `html`: Prettier reformats templates tagged `html`, which would change the
 * whitespace inside `<pre>` and the log.
 */
function markup(strings, ...values) {
    let text = strings[0] ?? '';
    for (let index = 0; index < values.length; index++)
        text += render(values[index]) + (strings[index + 1] ?? '');
    return new SafeHtml(text);
}

// EXTERNAL MODULE: external "node:readline"
var external_node_readline_ = __webpack_require__(481);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./src/core/output/failure-blocks.ts
var failure_blocks = __webpack_require__(7898);
;// CONCATENATED MODULE: ./src/core/report/log-lines.ts
/**
 * An attempt's log as report markup, streamed line by line (docs/design.md §8): the log may
 * be 10 MiB, so it is never held whole, and what it renders to is written out as it goes.
 * Escape codes are stripped, every line is escaped, and error lines get a class.
 */






/** Lines that say what went wrong: the summary's keywords, and assertion and error lines of test runners. */
const ERROR_LINE = /ERROR|FAIL|panic|^\s*(?:Received|Expected|[A-Za-z.]*Error)\b/;
/** Warning lines, shown apart from errors. */
const WARN_LINE = /WARN/;
// Control characters other than tab that escape-code stripping leaves (NUL, BEL, DEL…).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
// Anything escape-code stripping could act on: C0 controls, DEL and the C1 range (CSI is U+009B).
const HAS_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** One log line as a list item: escape codes and control characters out, escaped, classed. */
function logLineMarkup(raw) {
    // Most lines hold no control character at all: skip the costly stripping for them.
    const line = HAS_CONTROL.test(raw) ? (0,external_node_util_.stripVTControlCharacters)(raw).replace(CONTROL, '') : raw;
    const kind = ERROR_LINE.test(line) ? ' class=e' : WARN_LINE.test(line) ? ' class=w' : '';
    return `<li${kind}>${escapeHtml(line)}\n`;
}
/** A log longer than this starts closed in the report: a browser lays out every open line. */
const LONG_LOG_LINES = 5000;
const READ_FLAGS = external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW | external_node_fs_.constants.O_NONBLOCK;
/**
 * The lines of the log at `path`, counted only up to `limit + 1`: reading stops as soon as the
 * log is known to be longer (a 10 MiB log is not read twice). 0 when it is missing.
 */
async function countLogLines(path, limit) {
    const handle = await (0,promises_.open)(path, READ_FLAGS).catch(() => undefined);
    if (handle === undefined)
        return 0;
    try {
        if (!(await handle.stat()).isFile())
            return 0;
        const buffer = Buffer.alloc(64 * 1024);
        let count = 0;
        let last = 10;
        for (;;) {
            const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
            if (bytesRead === 0)
                break;
            for (let index = buffer.indexOf(10); index !== -1 && index < bytesRead; index = buffer.indexOf(10, index + 1))
                count++;
            last = buffer[bytesRead - 1];
            if (count > limit)
                return count;
        }
        // A last line without its newline is a line too.
        return last === 10 ? count : count + 1;
    }
    finally {
        await handle.close();
    }
}
/**
 * Writes `<li>` items for each line of the log at `path` until `budgetBytes` of markup are
 * written, noting where the line `lookFor` (a readable line, failure-blocks.ts) first is. The file is opened without following a link and must be a regular file: the
 * session folder is reverify's, but a report must never pull in a file from elsewhere.
 */
async function renderLogLines(path, sink, budgetBytes, lookFor) {
    const handle = await (0,promises_.open)(path, READ_FLAGS).catch(() => undefined);
    if (handle === undefined)
        return { found: false, lines: 0, cut: false };
    try {
        if (!(await handle.stat()).isFile())
            return { found: false, lines: 0, cut: false };
        const stream = handle.createReadStream({ encoding: 'utf8', autoClose: false });
        const lines = (0,external_node_readline_.createInterface)({ input: stream, crlfDelay: Infinity });
        const limit = sink.bytes + budgetBytes;
        let count = 0;
        let batch = '';
        let foundAt;
        // A cheap test first: most lines do not hold the start of the line looked for.
        const needle = lookFor?.trim().slice(0, 80);
        const found = () => (foundAt === undefined ? {} : { foundAt });
        try {
            for await (const line of lines) {
                batch += logLineMarkup(line);
                count++;
                if (needle && foundAt === undefined && line.includes(needle) && (0,failure_blocks/* readableLine */.$O)(line) === lookFor)
                    foundAt = count;
                // Written in batches: one write per line would cost more than the escaping.
                if (batch.length >= 64 * 1024) {
                    await sink.write(batch);
                    batch = '';
                    if (sink.bytes >= limit)
                        return { found: true, lines: count, cut: true, ...found() };
                }
            }
            await sink.write(batch);
        }
        finally {
            lines.close();
            stream.destroy();
        }
        return { found: true, lines: count, cut: false, ...found() };
    }
    finally {
        await handle.close();
    }
}

;// CONCATENATED MODULE: ./src/core/report/style.ts

/**
 * The report's inline style sheet. Inline because the report is one self-contained file and
 * its Content-Security-Policy allows no style from anywhere else; no fonts, images or URLs.
 */
const REPORT_CSS = `
:root{--ok:#1a7f37;--bad:#cf222e;--warn:#9a6700;--muted:#57606a;--line:#d0d7de;--bg2:#f6f8fa;color-scheme:light}
*{box-sizing:border-box}
body{font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1100px;padding:16px 24px;color:#1f2328}
h1{font-size:22px;margin:8px 0}
h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
code,pre,.log{font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:var(--bg2);border:1px solid var(--line);border-radius:6px;padding:8px 10px;overflow-x:auto;white-space:pre-wrap;word-break:break-word;margin:6px 0}
.verdict{display:inline-block;border-radius:2em;padding:2px 12px;font-weight:600;color:#fff}
.v-success{background:var(--ok)}.v-flaky{background:var(--warn)}.v-failure,.v-aborted{background:var(--bad)}.v-running{background:var(--muted)}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:8px 0}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
.timeline{display:flex;align-items:stretch;gap:2px;height:34px;margin:8px 0;border:1px solid var(--line);border-radius:6px;padding:3px;background:var(--bg2)}
.bar{min-width:42px;border-radius:4px;color:#fff;font-size:12px;display:flex;align-items:center;justify-content:center;white-space:nowrap;overflow:hidden;padding:0 4px}
.bar.ok{background:var(--ok)}.bar.bad{background:var(--bad)}.bar.cut{background:var(--muted)}
.wait{min-width:6px;background:repeating-linear-gradient(90deg,var(--line) 0 3px,transparent 3px 6px);border-radius:4px}
table{border-collapse:collapse;margin:6px 0;width:100%}
th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{background:var(--bg2)}
tr.current td{font-weight:600}
table.commands code{white-space:pre-wrap}
.ok{color:var(--ok)}.bad{color:var(--bad)}.muted{color:var(--muted)}
.bar.ok,.bar.bad{color:#fff}
details.attempt{border:1px solid var(--line);border-radius:6px;margin:10px 0;padding:0 12px}
details.attempt[open]{padding-bottom:10px}
details>summary{cursor:pointer;padding:8px 0;font-weight:600}
details.attempt.failed>summary{color:var(--bad)}
ol.log{margin:6px 0;padding:6px 8px 6px 4.5em;background:var(--bg2);border:1px solid var(--line);border-radius:6px;overflow-x:auto;white-space:pre-wrap;word-break:break-word}
ol.log li{padding-left:6px}
ol.log li::marker{color:var(--muted);font-size:11px}
ol.log li.e{background:#ffebe9;color:#82071e}
ol.log li.w{background:#fff8c5}
ol.log li.cut{list-style:none;color:var(--muted);font-style:italic}
p.jump{margin:0 0 6px}.first-error h3{margin:10px 0 0;font-size:14px}
table.quarantined th{background:#fff8c5}
.flaky{display:inline-block;border:1px solid var(--warn);color:var(--warn);border-radius:2em;padding:0 8px;font-size:12px;font-weight:600}
footer{margin:32px 0 8px;color:var(--muted);font-size:12px}
@media print{details>*{display:block}ol.log{white-space:pre-wrap}.timeline{print-color-adjust:exact}}
`;
/**
 * The style sheet as markup for the `<style>` element. It is ours and constant, so it goes in
 * as written (escaping would turn `"Segoe UI"` into `&quot;Segoe UI&quot;` and `details>summary`
 * into `details&gt;summary`, which CSS does not read); it must never be able to end the element.
 */
function styleSheet(css) {
    if (/<\/style/i.test(css))
        throw new Error('the report style sheet must not contain </style');
    return new SafeHtml(css);
}
/** REPORT_CSS, checked, as the content of the report's `<style>` element. */
const REPORT_STYLE = styleSheet(REPORT_CSS);

;// CONCATENATED MODULE: ./src/core/report/render.ts
/**
 * The report page (docs/design.md §8 "HTML report"): one self-contained document, written
 * to a sink part by part so the logs stream through. Every value goes through the `markup`
 * tag (html.ts); the page has no script, and its Content-Security-Policy forbids any
 * request, so nothing in it can reach the network even if markup slipped through.
 */





/** No source is allowed for anything but the inline style sheet; no base, form or referrer. */
const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";
/** Markup budget of all attempt logs together: a 10 MiB log fits, the page stays under 12 MiB. */
const LOG_BUDGET_BYTES = 11 * 1024 * 1024;
/** A duration for a person: `350 ms`, `41.2 s`, `3 min 5 s`. */
function formatDuration(ms) {
    if (ms < 1000)
        return `${Math.round(ms)} ms`;
    if (ms < 60_000)
        return `${(ms / 1000).toFixed(1)} s`;
    const minutes = Math.floor(ms / 60_000);
    return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}
function verdictOf(model) {
    const count = `${model.attempts.length} attempt${model.attempts.length === 1 ? '' : 's'}`;
    if (model.outcome === 'success' && model.flaky)
        return { css: 'flaky', icon: '⚠️', words: `passed on attempt ${model.attempts.length} (flaky)` };
    if (model.outcome === 'success' && model.excused)
        return { css: 'flaky', icon: '⚠️', words: `passed (${count}): every failure is quarantined` };
    if (model.outcome === 'failure' && model.gate !== undefined)
        return { css: 'failure', icon: '❌', words: `failed after ${count}: flaky pass refused by ${model.gate.gate}` };
    if (model.outcome === 'success')
        return { css: 'success', icon: '✅', words: `passed (${count})` };
    if (model.outcome === 'failure')
        return { css: 'failure', icon: '❌', words: `failed after ${count}` };
    if (model.outcome === 'aborted') {
        return { css: 'aborted', icon: '❌', words: model.status === 'interrupted' ? `interrupted after ${count}` : 'aborted' };
    }
    return { css: 'running', icon: '⏳', words: 'still running' };
}
/** A report page's opening, up to `<body>`: the one CSP, no referrer, its title (escaped) and style sheet. */
function pageHead(title, style) {
    return markup `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
`;
}
function head(model) {
    const verdict = verdictOf(model);
    return pageHead(`${verdict.icon} ${model.stepName} — ${verdict.words} · ${model.runId}`, REPORT_STYLE);
}
function ciFacts(ci) {
    if (ci === undefined)
        return markup ``;
    const run = [ci.workflow, ci.job && `job ${ci.job}`, ci.run_id && `run ${ci.run_id}`, ci.run_attempt && `attempt ${ci.run_attempt}`];
    return markup `${ci.ref !== undefined && markup `<dt>ref</dt><dd>${ci.ref}</dd>\n`}${ci.sha !== undefined && markup `<dt>commit</dt><dd><code>${ci.sha}</code></dd>\n`}${ci.workflow !== undefined && markup `<dt>workflow</dt><dd>${run.filter(Boolean).join(' · ')}</dd>\n`}`;
}
function header(model) {
    const verdict = verdictOf(model);
    const expectations = Object.entries(model.expectations).map(([name, value]) => `${name}: ${String(value)}`);
    const badge = model.outcome === 'success' && model.flaky
        ? 'flaky pass'
        : model.outcome === 'success' && model.excused
            ? 'quarantined pass'
            : model.outcome;
    return markup `<header>
<p><span class="verdict v-${verdict.css}">${badge}</span>${model.flaky && markup ` <span class="flaky">flaky</span>`}</p>
<h1>${model.stepName} — ${verdict.words}</h1>
${model.flakyTests.length > 0 && markup `<p class="flaky-tests">Flaky tests: ${model.flakyTests.join('; ')}</p>`}
<pre class="commands"><code>${model.commands.join('\n')}</code></pre>
${model.summary !== '' && markup `<p class="summary">${model.summary}</p>`}
<dl class="facts">
<dt>receipt</dt><dd><code>${model.runId}</code></dd>
<dt>started</dt><dd>${model.startedAt}</dd>
<dt>total time</dt><dd>${model.totalMs === undefined ? '—' : formatDuration(model.totalMs)}</dd>
<dt>attempts</dt><dd>${model.attempts.length} of ${model.maxAttempts}</dd>
<dt>expectations</dt><dd>${expectations.length === 0 ? '—' : expectations.join(' · ')}</dd>
<dt>target</dt><dd>${model.target}${model.scope !== '' && ` · scope ${model.scope}`}</dd>
${ciFacts(model.ci)}</dl>
</header>
`;
}
function attemptWords(attempt) {
    if (attempt.excused)
        return 'verified: every failure is quarantined';
    if (attempt.ok)
        return 'verified';
    if (attempt.interrupted)
        return 'interrupted';
    if (attempt.timedOut)
        return attempt.ending?.timeout ?? 'timed out';
    return 'failed';
}
/** Gap between an attempt's end and the next one's start, when both are known. */
function waitAfter(attempt, next) {
    if (attempt.startedAt === undefined || next?.startedAt === undefined)
        return undefined;
    const gap = Date.parse(next.startedAt) - Date.parse(attempt.startedAt) - attempt.durationMs;
    return Number.isFinite(gap) && gap > 0 ? gap : undefined;
}
function timelineBar(attempt, wait) {
    const css = attempt.ok ? 'ok' : attempt.interrupted ? 'cut' : 'bad';
    const title = `attempt ${attempt.attempt}: ${attemptWords(attempt)} in ${formatDuration(attempt.durationMs)}${attempt.note ? ` — ${attempt.note}` : ''}`;
    const bar = markup `<div class="bar ${css}" style="flex-grow:${Math.max(attempt.durationMs, 1)}" title="${title}">${attempt.attempt} · ${formatDuration(attempt.durationMs)} ${attempt.ok ? '✓' : '✗'}</div>`;
    if (wait === undefined)
        return bar;
    return markup `${bar}<div class="wait" style="flex-grow:${wait}" title="${`waited ${formatDuration(wait)}`}"></div>`;
}
function timeline(model) {
    if (model.attempts.length === 0)
        return markup `<section id="timeline"><h2>Timeline</h2><p class="muted">No attempt ran.</p></section>\n`;
    const bars = model.attempts.map((attempt, index) => timelineBar(attempt, waitAfter(attempt, model.attempts[index + 1])));
    const notes = model.attempts.filter(attempt => attempt.note !== undefined);
    return markup `<section id="timeline"><h2>Timeline</h2>
<div class="timeline">${bars}</div>
${notes.length > 0 && markup `<ol class="notes">${notes.map(attempt => markup `<li>after attempt ${attempt.attempt}: ${attempt.note}</li>`)}</ol>`}
</section>
`;
}
function checksTable(attempt) {
    if (attempt.checks.length === 0)
        return markup `<p>${attempt.detail}</p>`;
    const rows = attempt.checks.map(check => markup `<tr><td>${check.expectation}</td><td class="${check.ok ? 'ok' : 'bad'}">${check.ok ? '✓' : '✗'}</td><td>${check.detail}</td></tr>`);
    return markup `<table class="checks"><tr><th>expectation</th><th></th><th>detail</th></tr>${rows}</table>`;
}
function commandsTable(attempt) {
    if (attempt.commands.length === 0)
        return markup ``;
    const rows = attempt.commands.map(command => markup `<tr><td><code>${command.command}</code></td><td>${command.exitCode ?? '—'}</td><td>${formatDuration(command.durationMs)}</td></tr>`);
    return markup `<table class="commands"><tr><th>command</th><th>exit</th><th>duration</th></tr>${rows}</table>`;
}
/** The id of an attempt's first-error block, written outside its log: a link into a closed `<details>` does not open it in every browser. */
function firstErrorId(attempt) {
    return `attempt-${attempt.attempt}-first-error`;
}
/** How the script ended beyond its exit: how a timeout stopped the tree, or the line -e stopped it at. */
function endingNote(attempt) {
    const ending = attempt.ending;
    if (ending?.stop !== undefined)
        return markup `<p class="ending">${ending.stop.charAt(0).toUpperCase()}${ending.stop.slice(1)}.</p>`;
    const line = ending?.line;
    if (line === undefined)
        return markup ``;
    const ran = line.line === 1 ? '' : line.line === 2 ? 'Line 1 ran; ' : `Lines 1–${line.line - 1} ran; `;
    return markup `<p class="ending">${ran}line ${line.line}${line.text !== '' && markup ` <code>${line.text}</code>`} exited ${line.status}.</p>`;
}
function attemptHead(model, attempt, open, jump) {
    // A timeout's signal is the shell's; endingNote says how the whole tree was stopped.
    const signal = attempt.signal && attempt.ending?.stop === undefined ? ` (${attempt.signal})` : '';
    const exit = attempt.exitCode === undefined ? '' : ` · exit ${attempt.exitCode}${signal}`;
    const test = attempt.firstError?.test;
    return markup `<details class="attempt ${attempt.ok ? 'verified' : 'failed'}" id="attempt-${attempt.attempt}"${open && markup ` open`}>
<summary>Attempt ${attempt.attempt}/${model.maxAttempts} — ${attemptWords(attempt)}${exit} · ${formatDuration(attempt.durationMs)}</summary>
${endingNote(attempt)}
${jump && markup `<p class="jump"><a href="#${firstErrorId(attempt)}">first error</a>${test !== undefined && ` — ${test}`}</p>`}
${checksTable(attempt)}
${attempt.rerunTests !== undefined && markup `<p class="rerun">Reran only the ${attempt.rerunTests.length} failed ${attempt.rerunTests.length === 1 ? 'test' : 'tests'} of the attempt before: ${attempt.rerunTests.join('; ')}</p>`}
${commandsTable(attempt)}
${attempt.note !== undefined && markup `<p class="note">${attempt.note}</p>`}
${testsBlock(attempt)}
${attempt.excerpt !== '' && markup `<h3>What failed</h3><pre class="excerpt">${attempt.excerpt}</pre>`}
`;
}
/** Where a failed test failed, as a code span. */
function testPlace(test) {
    return test.file === undefined ? markup `` : markup `<code>${test.line === undefined ? test.file : `${test.file}:${test.line}`}</code>`;
}
/**
 * An attempt's JUnit results: counts, then each failed test with where it failed and its
 * message — the quarantined ones in a table of their own, with their entry's owner and expiry.
 */
function testsBlock(attempt) {
    const tests = attempt.tests;
    if (tests === undefined)
        return markup ``;
    const bad = tests.failed + tests.errors;
    const counts = `${tests.total} tests in ${tests.files.join(', ')} · ${bad} failed${tests.skipped > 0 ? ` · ${tests.skipped} skipped` : ''}`;
    const entryOf = (name) => attempt.quarantine?.find(view => view.test === name);
    const rows = tests.failed_tests
        .filter(test => entryOf(test.name) === undefined)
        .map(test => markup `<tr><td>${test.name}</td><td>${testPlace(test)}</td><td>${test.outcome}</td><td><pre>${test.message ?? ''}</pre></td></tr>`);
    const quarantined = tests.failed_tests.flatMap(test => {
        const entry = entryOf(test.name);
        if (entry === undefined)
            return [];
        return [
            markup `<tr><td>${test.name}</td><td>${testPlace(test)}</td><td>${entry.owner}, until ${entry.expires}</td><td><pre>${test.message ?? ''}</pre></td></tr>`
        ];
    });
    return markup `<h3>Tests</h3><p>${counts}</p>
${rows.length > 0 && markup `<table class="tests"><tr><th>failing test</th><th>where</th><th></th><th>message</th></tr>${rows}</table>`}
${quarantined.length > 0 && markup `<table class="tests quarantined"><tr><th>quarantined test (failed)</th><th>where</th><th>quarantine</th><th>message</th></tr>${quarantined}</table>`}
${tests.recovered.length > 0 && markup `<p class="flaky-tests">Passed after failing in an earlier attempt (flaky): ${tests.recovered.join('; ')}</p>`}`;
}
/**
 * Writes one attempt: its verdicts, its excerpt, then its log streamed from the session folder.
 * A log of more than LONG_LOG_LINES lines starts closed (an open one costs the browser seconds
 * to lay out); a failed attempt whose log is closed gets its first failing block after the log,
 * outside it, and a link to that block at its top.
 */
async function writeAttempt(model, attempt, sessionDir, sink, budget) {
    const newest = attempt === model.attempts[model.attempts.length - 1];
    const path = (0,external_node_path_.join)(sessionDir, attempt.logFile);
    const long = (await countLogLines(path, LONG_LOG_LINES)) > LONG_LOG_LINES;
    const logOpen = !attempt.ok && newest && !long;
    const firstError = logOpen ? undefined : attempt.firstError;
    // An attempt the quarantine excused is open too: its failed tests are what a reviewer checks.
    await sink.write(attemptHead(model, attempt, !attempt.ok || attempt.excused, firstError !== undefined).text);
    const why = long && ` — over ${LONG_LOG_LINES.toLocaleString('en-US')} lines, so it starts closed`;
    await sink.write(markup `<details class="log"${logOpen && markup ` open`}><summary>Log (${attempt.logFile})${why}</summary><ol class="log">`.text);
    const before = sink.bytes;
    const rendering = await renderLogLines(path, sink, budget.bytes, firstError?.lines[0]);
    budget.bytes = Math.max(0, budget.bytes - (sink.bytes - before));
    if (!rendering.found)
        await sink.write(markup `<li class="cut">no log was recorded for this attempt\n`.text);
    else if (rendering.cut)
        await sink.write(markup `<li class="cut">[report: the log goes on; the whole of it is ${attempt.logFile} in the trace]\n`.text);
    else if (rendering.lines === 0)
        await sink.write(markup `<li class="cut">(no output)\n`.text);
    await sink.write('</ol></details>\n');
    if (firstError !== undefined) {
        const where = rendering.foundAt !== undefined && ` (log line ${rendering.foundAt.toLocaleString('en-US')})`;
        await sink.write(markup `<div class="first-error" id="${firstErrorId(attempt)}"><h3>First error${where}</h3><pre>${firstError.lines.join('\n')}</pre></div>\n`
            .text);
    }
    await sink.write('</details>\n');
}
/** The quarantined tests that failed, apart from the failed ones: each with its entry's owner, expiry, reason and issue. */
function quarantineSection(model) {
    if (model.quarantined.length === 0)
        return markup ``;
    const lead = model.excused
        ? 'The run passed because every failure is quarantined: these tests failed, and their entries in the quarantine file excuse them until they expire.'
        : 'These quarantined tests failed in an attempt that also failed for something their quarantine does not excuse.';
    const rows = model.quarantined.map(view => markup `<tr><td>${view.test}</td><td>${view.owner}</td><td>${view.expires}</td><td>${view.reason}</td><td>${view.issue === undefined ? '' : /^\d+$/.test(view.issue) ? `#${view.issue}` : view.issue}</td></tr>`);
    return markup `<section id="quarantined"><h2>Quarantined tests</h2>
<p>${lead}</p>
<table class="quarantined"><tr><th>quarantined test</th><th>owner</th><th>expires</th><th>reason</th><th>issue</th></tr>${rows}</table>
</section>
`;
}
function notesSection(model) {
    if (model.notes.length === 0)
        return markup ``;
    return markup `<section id="notes"><h2>Notes</h2><ul>${model.notes.map(note => markup `<li>${note}</li>`)}</ul></section>\n`;
}
function captureSection(model) {
    const capture = model.capture;
    let body;
    if (capture !== undefined) {
        body = markup `<p class="ok">Captured ${capture.captured_at} by ${capture.by} (${capture.source}).</p><pre>${capture.note || '(no note)'}</pre>`;
    }
    else if (model.status === 'failed' && model.inActions) {
        // A run in Actions is captured from Actions: its state directory was the runner's.
        body = markup `<p class="bad">Not captured yet. Before retrying this failure, record what happened with a commit whose trailer names it:</p>
<pre><code>${model.captureCommitCommand}</code></pre>
<p>or one run of the action with <code>capture: ${model.runId}</code> and <code>capture-note</code> (same command and scope).</p>`;
    }
    else if (model.status === 'failed') {
        body = markup `<p class="bad">Not captured yet. Before retrying this failure, record what happened:</p>
<pre><code>${model.captureCommand}</code></pre>
<p>or, in GitHub Actions, a commit trailer:</p>
<pre><code>Reverify-Capture: ${model.runId} what you found</code></pre>
<p>or one run of the action with <code>capture: ${model.runId}</code> and <code>capture-note</code> (same command and scope).</p>`;
    }
    else {
        body = markup `<p class="muted">Nothing to capture: the run did not fail.</p>`;
    }
    const after = model.uncapturedRunId !== undefined &&
        markup `<p class="bad">This run went ahead after failed run <code>${model.uncapturedRunId}</code>, which nobody captured.</p>`;
    return markup `<section id="capture"><h2>Capture</h2>${after}${body}</section>\n`;
}
function historyRow(row) {
    const css = row.status === 'passed' ? 'ok' : row.status === 'failed' ? 'bad' : 'muted';
    const capture = row.captureNote ?? (row.status === 'failed' ? 'not captured' : '');
    return markup `<tr${row.current && markup ` class="current"`}><td>${row.startedAt}</td><td><code>${row.runId}</code>${row.current && ' (this run)'}</td><td class="${css}">${row.status}</td><td>${row.attempts}/${row.maxAttempts}</td><td>${row.flaky ? 'flaky' : ''}</td><td>${capture}</td></tr>`;
}
function historySection(model) {
    const ended = model.history.filter(row => row.status !== 'running');
    const passed = ended.filter(row => row.status === 'passed');
    const flaky = passed.filter(row => row.flaky).length;
    const failed = ended.filter(row => row.status === 'failed').length;
    const rate = passed.length + failed > 0 ? Math.round((100 * flaky) / (passed.length + failed)) : 0;
    return markup `<section id="history"><h2>History of this command</h2>
<p>Last ${model.history.length} run(s): ${passed.length - flaky} passed · ${flaky} flaky · ${failed} failed — flake rate ${rate} %.</p>
${model.historyFlakyTests.length > 0 && markup `<p>Flaky tests: ${model.historyFlakyTests.map(test => `${test.name} (${test.flaky})`).join(', ')}.</p>`}
<table><tr><th>date</th><th>run</th><th>status</th><th>attempts</th><th>flaky</th><th>capture</th></tr>${model.history.map(historyRow)}</table>
</section>
`;
}
/** Writes the whole page for `model`, streaming each attempt's log from `sessionDir`. */
async function renderReport(model, sessionDir, sink) {
    await sink.write(head(model).text);
    await sink.write(header(model).text);
    await sink.write(quarantineSection(model).text);
    await sink.write(timeline(model).text);
    await sink.write(markup `<section id="attempts"><h2>Attempts</h2>\n`.text);
    const budget = { bytes: LOG_BUDGET_BYTES };
    // Newest first: the attempt that decided the run is the one a reviewer wants first.
    for (const attempt of [...model.attempts].reverse())
        await writeAttempt(model, attempt, sessionDir, sink, budget);
    if (model.attempts.length === 0)
        await sink.write(markup `<p class="muted">No attempt ran.</p>\n`.text);
    await sink.write('</section>\n');
    await sink.write(notesSection(model).text);
    await sink.write(captureSection(model).text);
    await sink.write(historySection(model).text);
    await sink.write(markup `<footer>reverify ${version/* VERSION */.x} · receipt ${model.runId} · this file makes no network request and runs no script</footer>
</body>
</html>
`.text);
}

;// CONCATENATED MODULE: ./src/core/report/index.ts
/**
 * Writing a run's HTML report (docs/design.md §8 "HTML report"): `report.html` in the
 * session folder, next to the trace, so every trace artifact carries it; or anywhere the
 * CLI is told. The page is written as a stream to a temporary file that is renamed into
 * place, so a reader never sees half a report and memory does not follow the logs' size.
 */










/** The report's file name in a session folder. */
const REPORT_FILE = 'report.html';
/** A sink over a file stream that waits when the stream's buffer is full. */
class FileSink {
    stream;
    bytes = 0;
    constructor(stream) {
        this.stream = stream;
    }
    async write(markup) {
        if (markup === '')
            return;
        this.bytes += Buffer.byteLength(markup, 'utf8');
        if (!this.stream.write(markup))
            await new Promise(resolve => this.stream.once('drain', resolve));
    }
}
/** Renders the report of `input` into the file `path` (temp file, then rename). */
async function writeReportFile(input, path) {
    const [events, meta] = await Promise.all([(0,reader/* readSessionTrace */.Q)(input.sessionDir), (0,session_meta/* readSessionMeta */.up)(input.sessionDir)]);
    const model = buildReportModel({
        events,
        receipt: input.receipt,
        history: input.history,
        ...(meta && { meta }),
        ...(input.stateDir !== undefined && { stateDir: input.stateDir })
    });
    const temp = (0,external_node_path_.join)((0,external_node_path_.dirname)(path), `.${(0,external_node_path_.basename)(path)}.${process.pid}.tmp`);
    await (0,promises_.rm)(temp, { force: true });
    const stream = (0,external_node_fs_.createWriteStream)(temp, { mode: 0o600, flags: 'wx' });
    const failed = new Promise((_, reject) => stream.once('error', reject));
    failed.catch(() => undefined);
    try {
        await Promise.race([renderReport(model, input.sessionDir, new FileSink(stream)), failed]);
        await Promise.race([new Promise(resolve => stream.end(resolve)), failed]);
        await (0,promises_.rename)(temp, path);
    }
    catch (error) {
        stream.destroy();
        await (0,promises_.rm)(temp, { force: true });
        throw error;
    }
}
/**
 * Writes the report of a run of `store` into `path` (default: report.html in its session
 * folder) with the command's receipt history, and returns the path. Throws a UsageError
 * when the receipt's session folder is not one of this state directory's.
 */
async function writeRunReport(store, receipt, options = {}) {
    const sessionDir = options.sessionDir ?? receipt.session.dir;
    // The receipt's session path is untrusted: only a session of this state directory is read.
    if (!(await (0,layout/* isOwnSessionDir */.KM)(store.stateDir, sessionDir))) {
        throw new errors/* UsageError */.eb(`run ${receipt.run_id} has no trace folder in this state directory (${(0,printable/* printable */.g$)(sessionDir)})`);
    }
    const history = await store.history(receipt.target, receipt.scope, receipt.identity_hash);
    const path = options.path ?? (0,external_node_path_.join)(sessionDir, REPORT_FILE);
    await writeReportFile({ receipt, sessionDir, history, stateDir: store.stateDir }, path);
    return path;
}
/**
 * Writes `report.html` into the run's own session folder. Returns the path, or the reason
 * it could not be written: a report is a convenience, so a failure here is for the caller
 * to warn about, never to fail a run.
 */
async function writeSessionReport(store, receipt, sessionDir = receipt.session.dir) {
    try {
        return { path: await writeRunReport(store, receipt, { sessionDir }) };
    }
    catch (error) {
        return { error: `could not write the HTML report: ${(0,errors/* describeError */.Uc)(error)}` };
    }
}


/***/ }),

/***/ 7454:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ testHistory)
/* harmony export */ });
/* harmony import */ var _receipts_receipt_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9169);
/**
 * Tests across runs (docs/design.md §1 "Test results"): from receipts (the local store, or a history
 * restored from the cache into it), how often each test flaked and failed. Pure: the front
 * ends read the receipts and word these facts.
 */

/** Per-test flake and failure counts over the finished receipts that hold test results. */
function testHistory(receipts, options = {}) {
    const considered = [...receipts]
        .filter(receipt => receipt.status !== 'running' && receipt.tests !== undefined)
        .filter(receipt => options.sinceMs === undefined || Date.parse(receipt.started_at) >= options.sinceMs)
        .sort(_receipts_receipt_js__WEBPACK_IMPORTED_MODULE_0__/* .compareNewestFirst */ .a0)
        .slice(0, options.limit);
    const byName = new Map();
    const count = (receipt, name, field) => {
        let record = byName.get(name);
        if (record === undefined) {
            // Newest first: the first run that names a test is its latest.
            record = { name, flaky: 0, failed: 0, lastRunId: receipt.run_id, lastAt: receipt.started_at };
            byName.set(name, record);
        }
        record[field]++;
    };
    for (const receipt of considered) {
        for (const name of new Set(receipt.tests.flaky))
            count(receipt, name, 'flaky');
        for (const name of new Set(receipt.tests.failed))
            count(receipt, name, 'failed');
    }
    const tests = [...byName.values()].sort((a, b) => b.flaky - a.flaky || b.failed - a.failed || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { runs: considered.length, tests };
}


/***/ })

};
