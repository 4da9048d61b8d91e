export const id = 716;
export const ids = [716];
export const modules = {

/***/ 7716:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  lk: () => (/* binding */ executeRun)
});

// UNUSED EXPORTS: captureMessage, consoleSummary, describeCommands, exitCodeOf

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/core/capture/capture-policy.ts
/** none / not failed / captured → proceed; else warn or block per mode; off → proceed. */
function decideCaptureBeforeRetry(mode, latest) {
    if (mode === 'off' || latest === undefined)
        return { action: 'proceed' };
    if (latest.status !== 'failed' || latest.capture !== undefined)
        return { action: 'proceed' };
    return { action: mode, failedRunId: latest.run_id };
}
/**
 * The verdict in one sentence, the same in every front end; each adds its own remedy (a
 * CLI command, or a commit trailer and the action's capture mode).
 */
function captureHeadline(action, failedRunId) {
    return action === 'block'
        ? `The last run of this verify command (${failedRunId}) failed and nobody captured what happened; not retrying it blind (capture-before-retry: block).`
        : `The last run of this verify command (${failedRunId}) failed and nobody captured what happened; retrying anyway (capture-before-retry: warn).`;
}

// EXTERNAL MODULE: ./src/core/capture/remedy.ts
var remedy = __webpack_require__(2760);
// EXTERNAL MODULE: ./src/core/recovery/resume.ts + 1 modules
var resume = __webpack_require__(7442);
// EXTERNAL MODULE: ./src/core/base/errors.ts
var errors = __webpack_require__(2074);
// EXTERNAL MODULE: ./src/core/inputs/resolve.ts
var resolve = __webpack_require__(7441);
// EXTERNAL MODULE: ./src/core/capture/config-file.ts
var config_file = __webpack_require__(1685);
// EXTERNAL MODULE: ./src/core/receipts/state-dir.ts
var state_dir = __webpack_require__(3942);
// EXTERNAL MODULE: ./src/core/base/atomic-file.ts
var atomic_file = __webpack_require__(119);
;// CONCATENATED MODULE: ./src/core/recovery/disk-full.ts
/**
 * A full disk under the state directory while a run is recorded (docs/design.md §6): one
 * line naming the directory and what became of the command. It never reports the command
 * as failed because reverify's own disk was full: the verdict, once reached, is in the trace.
 */


const VERDICT = {
    success: 'passed',
    failure: 'failed',
    aborted: 'was interrupted'
};
/** What became of the command, in words. */
function stageText(stage) {
    if (stage === 'before')
        return 'the command was not run; free some space and run it again';
    if (stage === 'during')
        return 'the run stopped before its result was recorded; free some space, and the next run continues it';
    return `the command ${VERDICT[stage]}, but the run could not be closed; free some space, and the next run settles it from the trace`;
}
/** A DiskFullError for ENOSPC or EDQUOT; any other error is returned as it is. */
function stateDirFull(error, stateDir, stage) {
    if (!(0,atomic_file/* isErrorCode */.We)(error, 'ENOSPC', 'EDQUOT'))
        return error;
    return new errors/* DiskFullError */.Vu(`no space left on device in the state directory ${stateDir}: ${stageText(stage)}`);
}

// EXTERNAL MODULE: ./src/core/redaction/index.ts + 11 modules
var redaction = __webpack_require__(6834);
// EXTERNAL MODULE: ./src/core/base/version.ts
var version = __webpack_require__(9481);
// EXTERNAL MODULE: ./src/core/recovery/run-seal.ts
var run_seal = __webpack_require__(9038);
// EXTERNAL MODULE: ./src/core/base/clock.ts
var clock = __webpack_require__(443);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
;// CONCATENATED MODULE: ./src/core/recovery/test-pause.ts
/**
 * A test-only hook (docs/reliability.md, "Fault injection"): with
 * `REVERIFY_TEST_PAUSE_AT=<point>:<marker file>` in the process's environment, the run writes the
 * marker file when it reaches that point and waits there for a minute, so a test can kill it
 * exactly in a window that is otherwise a few microseconds wide. Points: `after-trace-end`
 * (the trace has its `end`, the final receipt is not written yet), `before-reports` (the CLI
 * has printed the verdict and the final receipt is written; report.html and the exports are
 * not) and `during-cache-save`
 * (the action's main step has started saving the receipt history to the cache; the save goes
 * on while the step waits). Without the variable it does nothing.
 */


/** The environment variable that names the point and the marker file. */
const TEST_PAUSE_VARIABLE = 'REVERIFY_TEST_PAUSE_AT';
const PAUSE_MS = 60_000;
/**
 * The pause a front end hands the core (`RunPorts.pause`), from the environment the test
 * harness started it with; the core itself reads no environment for it.
 */
function testPauseFrom(env) {
    const value = env[TEST_PAUSE_VARIABLE];
    if (value === undefined)
        return undefined;
    return async (point) => {
        if (!value.startsWith(`${point}:`))
            return;
        (0,external_node_fs_.writeFileSync)(value.slice(point.length + 1), `${process.pid}\n`);
        await (0,promises_.setTimeout)(PAUSE_MS);
    };
}

// EXTERNAL MODULE: ./src/core/process/process-runner.ts
var process_runner = __webpack_require__(1247);
// EXTERNAL MODULE: ./src/core/receipts/receipt-store.ts + 1 modules
var receipt_store = __webpack_require__(9679);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:string_decoder"
var external_node_string_decoder_ = __webpack_require__(6193);
// EXTERNAL MODULE: ./src/core/output/capped-log.ts
var capped_log = __webpack_require__(8175);
// EXTERNAL MODULE: ./src/core/verify/judge.ts
var judge = __webpack_require__(4350);
;// CONCATENATED MODULE: ./src/core/output/line-matcher.ts
/**
 * Tests a regular expression against each line of a stream (retry-on-output), holding at
 * most one capped line in memory. Lines longer than the cap are judged on their first
 * MAX_LINE_CHARS characters.
 */
const MAX_LINE_CHARS = 64 * 1024;
/** Reports whether any line of a text stream matched a pattern. */
class LineMatcher {
    pattern;
    partial = '';
    partialFull = false;
    matched = false;
    constructor(pattern) {
        this.pattern = pattern;
    }
    /** True once a line has matched. */
    get found() {
        return this.matched;
    }
    /** Feeds a chunk of text. */
    push(text) {
        if (this.matched)
            return;
        let start = 0;
        for (;;) {
            const newline = text.indexOf('\n', start);
            if (newline === -1)
                break;
            this.append(text.slice(start, newline));
            this.test();
            if (this.matched)
                return;
            start = newline + 1;
        }
        this.append(text.slice(start));
    }
    /** Judges the final unterminated line. */
    end() {
        if (!this.matched && this.partial !== '')
            this.test();
    }
    append(piece) {
        if (this.partialFull)
            return;
        this.partial += piece;
        if (this.partial.length >= MAX_LINE_CHARS) {
            this.partial = this.partial.slice(0, MAX_LINE_CHARS);
            this.partialFull = true;
        }
    }
    test() {
        this.pattern.lastIndex = 0;
        this.matched = this.pattern.test(this.partial.replace(/\r$/, ''));
        this.partial = '';
        this.partialFull = false;
    }
}

;// CONCATENATED MODULE: ./src/core/output/ordered-output.ts
/** Most of an unfinished line held back per stream before it goes out as it is. */
const MAX_OPEN_LINE = 8192;
/** Merges two redacted streams into one sink, whole lines in order of arrival. */
class OrderedOutput {
    sink;
    maxOpenLine;
    streams;
    /** The stream whose line the sink's text ends inside of (after an over-long open line went out). */
    midLine;
    constructor(redactor, sink, maxOpenLine = MAX_OPEN_LINE) {
        this.sink = sink;
        this.maxOpenLine = maxOpenLine;
        this.streams = {
            stdout: { redacting: redactor.stream(), open: '' },
            stderr: { redacting: redactor.stream(), open: '' }
        };
    }
    /** Takes decoded text of one stream. */
    push(stream, text) {
        if (text === '')
            return;
        this.take(stream, this.streams[stream].redacting.push(text));
    }
    /** End of both streams: what was held back goes out, stdout's first. */
    end() {
        for (const stream of ['stdout', 'stderr']) {
            const state = this.streams[stream];
            this.take(stream, state.redacting.end());
            if (state.open !== '')
                this.emit(stream, state.open);
            state.open = '';
        }
    }
    take(stream, safe) {
        if (safe === '')
            return;
        const state = this.streams[stream];
        const lastNewline = safe.lastIndexOf('\n');
        if (lastNewline === -1) {
            state.open += safe;
        }
        else {
            const complete = state.open + safe.slice(0, lastNewline + 1);
            state.open = safe.slice(lastNewline + 1);
            this.emit(stream, complete);
        }
        // A line without end (a progress bar redrawn with \r, say) must not hold the other stream
        // back for ever, nor grow without bound: it goes out in pieces.
        if (state.open.length > this.maxOpenLine) {
            this.emit(stream, state.open);
            state.open = '';
        }
    }
    emit(stream, text) {
        // Only after an over-long line went out in pieces: the other stream starts on a line of its own.
        if (this.midLine !== undefined && this.midLine !== stream)
            this.sink('\n');
        this.sink(text);
        this.midLine = text.endsWith('\n') ? undefined : stream;
    }
}

// EXTERNAL MODULE: ./src/core/output/output-summary.ts
var output_summary = __webpack_require__(8577);
;// CONCATENATED MODULE: ./src/core/output/first-match.ts
/**
 * `expect-no-output` (docs/design.md §1): finds the first line of an attempt's combined output
 * that a regular expression matches, and its number — the line of `attempt-<n>.log` a
 * reviewer opens. It reads the one ordered stream of whole, redacted lines the log is
 * written from, so the number and the text are the log's; only the match is kept.
 */
/** Longest line text kept for the message. */
const MAX_SHOWN = 300;
/** Watches whole lines in order for the first one `pattern` matches. */
class FirstMatchingLine {
    pattern;
    lines = 0;
    pending = '';
    match;
    constructor(pattern) {
        this.pattern = pattern;
    }
    /** Takes text made of whole lines (the last one may lack its newline until `end`). */
    push(text) {
        if (this.match !== undefined)
            return;
        const parts = (this.pending + text).split('\n');
        this.pending = parts.pop() ?? '';
        for (const part of parts)
            if (this.test(part))
                return;
    }
    /** Judges a last line without its newline. */
    end() {
        if (this.match === undefined && this.pending !== '')
            this.test(this.pending);
        this.pending = '';
    }
    test(line) {
        this.lines++;
        const text = line.endsWith('\r') ? line.slice(0, -1) : line;
        this.pattern.lastIndex = 0;
        if (!this.pattern.test(text))
            return false;
        this.match = { line: this.lines, text: text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text };
        return true;
    }
}

// EXTERNAL MODULE: ./src/core/output/failure-blocks.ts
var failure_blocks = __webpack_require__(7898);
// EXTERNAL MODULE: ./src/core/process/process-identity.ts
var process_identity = __webpack_require__(8735);
;// CONCATENATED MODULE: ./src/core/output/substring-watch.ts
/** Tells whether a needle occurred in a stream of chunks, in bounded memory. */
class SubstringWatch {
    needle;
    // The last needle.length - 1 characters seen: the only part of the past that can still
    // begin an occurrence that ends in a later chunk.
    carry = '';
    seen;
    /** An empty needle counts as found before anything streams. */
    constructor(needle) {
        this.needle = needle;
        this.seen = needle.length === 0;
    }
    /** True once the needle has occurred anywhere in the text pushed so far. */
    get found() {
        return this.seen;
    }
    /** Feeds the next chunk; a no-op once the needle has been found. */
    push(text) {
        if (this.seen || text.length === 0)
            return;
        const keep = this.needle.length - 1;
        // Only the straddling window is rebuilt, so a large chunk is never copied.
        if (this.carry.length > 0 && (this.carry + text.slice(0, keep)).includes(this.needle)) {
            this.markFound();
            return;
        }
        if (text.includes(this.needle)) {
            this.markFound();
            return;
        }
        this.carry = text.length >= keep ? lastChars(text, keep) : lastChars(this.carry + text, keep);
    }
    markFound() {
        this.seen = true;
        this.carry = '';
    }
}
function lastChars(text, count) {
    // Not slice(-count): slice(-0) would keep the whole text.
    return text.slice(Math.max(0, text.length - count));
}

;// CONCATENATED MODULE: ./src/core/verify/attempt.ts
/**
 * One attempt: the script in one shell process (docs/design.md §1), output streamed live to the
 * console while the log, the summary and the output expectations are computed on the fly;
 * the script's result handed over to be recorded the moment it ends, then every expectation
 * judged (src/core/verify/judge.ts).
 */











/**
 * Streams one child stream: console live, raw text to its watchers, the rest to the ordered
 * stream the log and summary read (docs/design.md §1).
 */
class OutputChannel {
    console;
    name;
    ordered;
    watchers;
    decoder = new external_node_string_decoder_.StringDecoder('utf8');
    sealed = false;
    constructor(console, name, ordered, watchers) {
        this.console = console;
        this.name = name;
        this.ordered = ordered;
        this.watchers = watchers;
    }
    take(chunk) {
        this.forward(this.decoder.write(chunk));
        return this.console.write(chunk);
    }
    finish() {
        this.forward(this.decoder.end());
    }
    /**
     * The script has ended: what it wrote is final for the summary and the matchers. Output
     * of background processes it left still reaches the console and, through `after`, the log.
     */
    seal(after) {
        this.finish();
        this.sealed = true;
        this.ordered = after;
    }
    forward(text) {
        if (text === '')
            return;
        if (!this.sealed)
            for (const watcher of this.watchers)
                watcher.push(text);
        this.ordered.push(this.name, text);
    }
}
function waitForDrain(stream) {
    return new Promise(resolve => stream.once('drain', () => resolve()));
}
/** Runs attempt number `attempt` of a verify. */
async function runAttempt(settings, attempt, logPath, env, hooks) {
    const started = Date.now();
    const log = await capped_log/* CappedLogWriter */.l_.open(logPath, settings.logCapBytes);
    const summary = new output_summary/* OutputSummarizer */.dc();
    const failures = new failure_blocks/* FailureBlocks */.B7();
    const stdoutWatch = settings.expectations.stdout !== undefined ? new SubstringWatch(settings.expectations.stdout) : undefined;
    // One matcher per stream: a half line of one stream never joins a line of the other.
    const outputMatch = settings.retryOnOutput !== undefined ? [new LineMatcher(settings.retryOnOutput), new LineMatcher(settings.retryOnOutput)] : [];
    const forbidden = settings.expectations.noOutput !== undefined ? new FirstMatchingLine(settings.expectations.noOutput) : undefined;
    // The log and the summary read one stream, whole lines in order of arrival (docs/design.md §1).
    const ordered = new OrderedOutput(env.redactor, text => {
        log.write(text);
        summary.push(text);
        failures.push(text);
        forbidden?.push(text);
    });
    const stdoutChannel = new OutputChannel(env.console.stdout, 'stdout', ordered, [
        ...(stdoutWatch ? [stdoutWatch] : []),
        ...outputMatch.slice(0, 1)
    ]);
    const stderrChannel = new OutputChannel(env.console.stderr, 'stderr', ordered, outputMatch.slice(1));
    const channels = { stdout: stdoutChannel, stderr: stderrChannel };
    const groups = [];
    const results = [];
    const run = async (command, timeoutMs) => {
        const { result, group } = await env.processes.run({
            command,
            shell: settings.shell,
            cwd: settings.workingDirectory,
            env: env.env,
            timeoutMs,
            killGraceMs: env.killGraceMs,
            signal: env.signal,
            onOutput: (chunk, stream) => channels[stream].take(chunk),
            waitForDrain: stream => waitForDrain(channels[stream].console),
            onStart: pgid => env.log({ kind: 'process-started', pgid, started: (0,process_identity/* processStartTime */.X0)(pgid) })
        });
        if (group)
            groups.push(group);
        return result;
    };
    // The whole script is one process: its exit code is the attempt's.
    const ended = await run(settings.script, settings.timeoutSeconds * 1000);
    results.push(ended);
    const failedCommand = ended.exitCode !== 0 ? ended : undefined;
    const endedAt = Date.now();
    // A disk the log filled gives room back before the result is recorded (capped-log.ts).
    await log.settle();
    // The script's result is recorded before any expectation is judged (docs/design.md §1):
    // a crash during a slow expect-check then finds it and replays it (§6).
    // What background processes write from here on goes to the log only.
    const after = new OrderedOutput(env.redactor, text => log.write(text));
    stdoutChannel.seal(after);
    stderrChannel.seal(after);
    ordered.end();
    forbidden?.end();
    failures.end();
    for (const matcher of outputMatch)
        matcher.end();
    const script = {
        attempt,
        commands: results,
        exitCode: failedCommand?.exitCode ?? 0,
        signal: ended.signal,
        timedOut: ended.timedOut,
        interrupted: ended.interrupted,
        durationMs: endedAt - started,
        startedAt: (0,clock/* timestamp */.v)(new Date(started)),
        endedAt: (0,clock/* timestamp */.v)(new Date(endedAt)),
        summary: summary.finish(),
        failures: failures.blocks(),
        ...(stdoutWatch !== undefined && { stdoutMatched: stdoutWatch.found }),
        ...(forbidden !== undefined && { forbiddenLine: forbidden.match ?? null }),
        outputMatched: outputMatch.some(matcher => matcher.found)
    };
    hooks.onScriptEnded?.(script);
    // An interrupted attempt is never judged. Background processes the script left run on
    // through the checks (a server expect-check probes), then are stopped.
    let checks = [];
    let checkSummary;
    if (!ended.interrupted) {
        const state = await (0,judge/* checkState */.We)(settings, hooks.checkLogPath, env);
        checks = [...((0,judge/* judgeRecord */.dy)(settings, script, env.redactor) ?? []), ...state.checks];
        checkSummary = state.checkSummary;
    }
    // Nothing the attempt started may run on into the next one.
    await Promise.all(groups.filter(group => group.isAlive()).map(group => group.terminate(env.killGraceMs)));
    stdoutChannel.finish();
    stderrChannel.finish();
    after.end();
    const closed = await log.close();
    // Verified only when every expectation holds.
    const verified = !ended.interrupted && checks.length > 0 && checks.every(check => check.ok);
    return {
        ...script,
        checks,
        verified,
        ...(checkSummary !== undefined && { checkSummary }),
        logBytesDropped: closed.bytesDropped,
        ...(closed.diskFullAt !== undefined && { logDiskFullAt: closed.diskFullAt })
    };
}

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./src/core/verify/side-command.ts
var side_command = __webpack_require__(1290);
;// CONCATENATED MODULE: ./src/core/verify/on-retry.ts
/**
 * The on-retry hook (docs/design.md §1): a shell command run between a failed attempt and
 * the next one. Its output streams to the console but stays out of the attempt's log,
 * summary and expectations; the trace gets one note with how it ended and a short,
 * redacted excerpt of what it printed.
 */


/** Longest excerpt of the hook's output in its note: enough for an error line, never a log. */
const ON_RETRY_EXCERPT_CHARS = 200;
/** Redacted output kept while the hook runs; only its tail becomes the excerpt. */
const KEPT_CHARS = 4 * ON_RETRY_EXCERPT_CHARS;
/** Keeps the last KEPT_CHARS of redacted text from both streams, in arrival order. */
class OutputTail {
    text = '';
    push(safe) {
        if (safe === '')
            return;
        this.text = (this.text + safe).slice(-KEPT_CHARS);
    }
    /** One line: controls stripped, whitespace runs folded, the tail kept when too long. */
    excerpt() {
        const line = (0,external_node_util_.stripVTControlCharacters)(this.text)
            .replace(/[\u0000-\u001f\u007f]/g, ' ')
            .replace(/\s+/g, ' ')
            .trim();
        return line.length <= ON_RETRY_EXCERPT_CHARS ? line : `…${line.slice(-(ON_RETRY_EXCERPT_CHARS - 1))}`;
    }
}
function describeEnd(result) {
    if (result.timedOut)
        return 'timed out';
    if (result.interrupted)
        return 'was interrupted';
    if (result.signal)
        return `was killed by ${result.signal} (exit ${result.exitCode})`;
    return `exited ${result.exitCode}`;
}
/** Runs the on-retry command with the run's shell, directory, environment and attempt timeout. */
async function runOnRetry(command, settings, env) {
    const tail = new OutputTail();
    // One redacting stream per source, so a secret split across chunks is still caught.
    const redacting = { stdout: env.redactor.stream(), stderr: env.redactor.stream() };
    // Whatever the hook leaves in the background is stopped before the next attempt.
    const result = await (0,side_command/* runSideCommand */.s)(command, settings, env, (chunk, stream) => {
        tail.push(redacting[stream].push(chunk.toString('utf8')));
        return env.console[stream].write(chunk);
    });
    tail.push(redacting.stdout.end());
    tail.push(redacting.stderr.end());
    const excerpt = tail.excerpt();
    return {
        ok: result.exitCode === 0 && !result.timedOut && !result.interrupted,
        exitCode: result.exitCode,
        interrupted: result.interrupted,
        note: `on-retry ${describeEnd(result)}${excerpt === '' ? '' : `: ${excerpt}`}`
    };
}

;// CONCATENATED MODULE: ./src/core/verify/retry-policy.ts
/** Longest wait between attempts under exponential backoff. */
const MAX_BACKOFF_MS = 5 * 60 * 1000;
/**
 * Wait before retry number `retry` (1 = before the second attempt). Fixed backoff waits
 * retry-wait-seconds every time; exponential doubles it each retry with ±20 % jitter,
 * capped at five minutes.
 */
function retryDelayMs(settings, retry, random = Math.random) {
    const base = settings.retryWaitSeconds * 1000;
    if (base === 0)
        return 0;
    if (settings.retryBackoff === 'fixed')
        return base;
    const doubled = base * 2 ** Math.max(0, retry - 1);
    const jitter = 1 + (random() * 0.4 - 0.2);
    return Math.round(Math.min(MAX_BACKOFF_MS, doubled * jitter));
}
/** True when one of the list's ranges holds the code. */
function listsExitCode(list, code) {
    return list.ranges.some(([low, high]) => code >= low && code <= high);
}
/** Why a failed attempt may not be retried, or undefined when it may: every filter must allow it. */
function retryRefusal(settings, attempt) {
    if (settings.retryOn === 'error' && attempt.timedOut) {
        return 'not retrying: the attempt timed out and retry-on is error';
    }
    if (settings.retryOn === 'timeout' && !attempt.timedOut) {
        return 'not retrying: the attempt did not time out and retry-on is timeout';
    }
    const codes = settings.retryOnExitCodes;
    if (codes !== undefined && !listsExitCode(codes, attempt.exitCode)) {
        // The list as written, never expanded: `1-123,125-255` would be 254 numbers.
        return `not retrying: exit ${attempt.exitCode} is not in retry-on-exit-codes (${codes.text})`;
    }
    if (settings.retryOnOutput !== undefined && !attempt.outputMatched) {
        return `not retrying: the output did not match retry-on-output /${settings.retryOnOutput.source}/`;
    }
    return undefined;
}
/** "5 s", "1.5 s", "2 min 5 s": a wait as a person reads it. */
function describeWait(ms) {
    const seconds = Math.round(ms / 100) / 10;
    if (seconds < 60)
        return `${seconds} s`;
    const minutes = Math.floor(seconds / 60);
    const rest = Math.round(seconds - minutes * 60);
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

// EXTERNAL MODULE: ./src/core/session/events.ts
var events = __webpack_require__(907);
// EXTERNAL MODULE: ./src/core/session/layout.ts
var layout = __webpack_require__(4020);
// EXTERNAL MODULE: ./src/core/process/crashed-groups.ts
var crashed_groups = __webpack_require__(3856);
// EXTERNAL MODULE: ./src/core/session/notes.ts
var notes = __webpack_require__(8157);
// EXTERNAL MODULE: ./src/core/test-results/attempt-tests.ts + 3 modules
var attempt_tests = __webpack_require__(9417);
;// CONCATENATED MODULE: ./src/core/test-results/record.ts

/** Most failed tests named in the note's message. */
const NAMED_IN_NOTE = 3;
/** The note's one line: what the files said, in numbers and names. */
function describeAttemptTests(attempt, tests) {
    const files = tests.files.length === 1 ? tests.files[0] : `${tests.files.length} files`;
    const bad = tests.failed + tests.errors;
    const names = tests.failedTests.slice(0, NAMED_IN_NOTE).map(test => test.name);
    const more = bad > names.length ? `, and ${bad - names.length} more` : '';
    const parts = [
        `attempt ${attempt}: ${tests.total} tests in ${files}`,
        bad > 0 ? `${bad} failed (${names.join('; ')}${more})` : 'none failed',
        ...(tests.skipped > 0 ? [`${tests.skipped} skipped`] : []),
        ...(tests.recovered.length > 0
            ? [`passed after failing in an earlier attempt: ${tests.recovered.slice(0, NAMED_IN_NOTE).join('; ')}`]
            : [])
    ];
    return parts.join(' · ');
}
/** The trace's record of an attempt's results (readers that do not know it ignore it). */
function tracePayload(attempt, tests) {
    return {
        attempt,
        files: tests.files,
        total: tests.total,
        passed: tests.passed,
        failed: tests.failed,
        errors: tests.errors,
        skipped: tests.skipped,
        failed_tests: tests.failedTests,
        recovered: tests.recovered,
        warnings: tests.warnings,
        ...(tests.cases !== undefined && { cases: tests.cases }),
        ...(tests.casesOmitted ? { cases_omitted: tests.casesOmitted } : {})
    };
}
/**
 * After an attempt: reads the files `test-results` names and records what they say. An
 * interrupt (`signal`) stops the reading and nothing is recorded: the run is being closed.
 */
async function recordTestResults(settings, attempt, startedMs, earlier, session, log, signal) {
    const patterns = settings.testResults ?? [];
    // An interrupted attempt is not judged, and neither are its half-written reports.
    if (patterns.length === 0 || attempt.interrupted)
        return;
    const watch = new Set(earlier.flatMap(previous => previous.tests?.failedTests.map(test => test.name) ?? []));
    let tests;
    try {
        tests = await (0,attempt_tests/* readAttemptTests */.DW)({ patterns, workingDirectory: settings.workingDirectory, sinceMs: startedMs, watch, signal });
    }
    catch (error) {
        if (signal?.aborted)
            return;
        // A file changing under the reader (or any surprise) costs the names, never the run.
        const reason = `could not be read (${error instanceof Error ? error.message.slice(0, 200) : 'error'})`;
        log({ kind: 'test-results-warning', attempt: attempt.attempt, file: patterns.join(', '), reason });
        return;
    }
    if (tests.files.length === 0 && tests.warnings.length === 0) {
        tests.warnings.push({ file: patterns.join(', '), reason: 'no file written during the attempt matched' });
    }
    attempt.tests = tests;
    for (const warning of tests.warnings)
        log({ kind: 'test-results-warning', attempt: attempt.attempt, ...warning });
    if (tests.files.length > 0)
        session.event('note', {
            kind: 'tests',
            message: describeAttemptTests(attempt.attempt, tests),
            tests: tracePayload(attempt.attempt, tests)
        });
}

// EXTERNAL MODULE: ./src/core/verify/rerun-step.ts + 3 modules
var rerun_step = __webpack_require__(8571);
// EXTERNAL MODULE: ./src/core/receipts/receipt.ts + 1 modules
var receipts_receipt = __webpack_require__(9169);
;// CONCATENATED MODULE: ./src/core/test-results/run-tests.ts
/**
 * A run's test facts from its attempts (docs/design.md §1 "Test results"): the tests that failed in the
 * attempt that decided the verdict, and the **flaky** tests, which failed in one attempt and
 * passed in a later one. What the receipt keeps of them is capped.
 */


/** How many tests an attempt's results show ran: not skipped, and not a rerun's target its results did not show. */
function testsRan(tests) {
    return Math.max(0, tests.total - tests.skipped - (tests.notRerun ?? 0));
}
/** The run's test facts, or undefined when no attempt read a results file. */
function runTests(attempts) {
    const withResults = attempts.filter(attempt => attempt.tests !== undefined && attempt.tests.files.length > 0);
    const last = withResults[withResults.length - 1];
    if (last === undefined)
        return undefined;
    const flaky = new Set();
    for (const attempt of withResults)
        for (const name of attempt.tests.recovered)
            flaky.add(name);
    return {
        total: last.tests.total,
        failed: last.tests.failedTests,
        flaky: [...flaky].slice(0, attempt_tests/* MAX_TESTS_LISTED */.N4),
        attempt: last.attempt,
        attempts: withResults.map(({ attempt, tests, rerun, checks }) => ({
            attempt,
            ran: testsRan(tests),
            rerun: rerun !== undefined || (checks ?? []).some(check => check.expectation === 'rerun')
        }))
    };
}
/** The receipt's `tests` field (docs/design.md §3). */
function receiptTests(tests) {
    const failed = [...new Set(tests.failed.map(test => test.name))].slice(0, attempt_tests/* MAX_TESTS_LISTED */.N4);
    return { total: tests.total, failed, flaky: tests.flaky, attempts: tests.attempts.slice(-receipts_receipt/* MAX_RECEIPT_ATTEMPTS */.hq) };
}

// EXTERNAL MODULE: ./src/core/verify/quarantine-step.ts
var quarantine_step = __webpack_require__(172);
;// CONCATENATED MODULE: ./src/core/verify/loop.ts
/**
 * The verify loop (docs/design.md §1): attempt after attempt until one is verified, the attempts run
 * out, a failure is not retryable, or the run is interrupted — every step written to the
 * session's trace (docs/design.md §2).
 */













/** The failing part of an attempt, in one line. */
function failureReason(attempt) {
    if (attempt.interrupted)
        return 'interrupted';
    const failed = attempt.checks.filter(check => !check.ok).map(check => check.detail);
    return failed.length > 0 ? failed.join('; ') : 'not verified';
}
/** Runs the attempts of a verify, writing tool_call / tool_result / verify / note events. */
async function runVerifyLoop(settings, session, env, start = {}) {
    const maxAttempts = 1 + settings.maxRetries;
    const attempts = [...(start.previous ?? [])];
    // An interrupted attempt spends none of the budget (docs/design.md §6).
    const used = () => attempts.filter(attempt => !attempt.interrupted).length;
    let interrupted = false;
    // What the next attempt reruns, when only the failed tests are rerun.
    let rerun = start.rerun;
    /** After a failed attempt: the note saying why and whether to retry, the wait and on-retry. False to stop. */
    const prepareRetry = async (attempt) => {
        if (used() >= maxAttempts)
            return false;
        const refusal = retryRefusal(settings, attempt);
        if (refusal !== undefined) {
            const message = `${failureReason(attempt)}; ${refusal}`;
            session.event('note', (0,notes/* retryDecisionNote */.xn)(attempt.attempt, false, message));
            env.log({ kind: 'attempt-failed', attempt: used(), retry: false, note: message });
            return false;
        }
        const wait = retryDelayMs(settings, used(), () => env.clock.random());
        const next = (0,rerun_step/* nextAttempt */.n)(settings, attempt);
        rerun = next?.rerun;
        const what = next === undefined ? '' : `: ${next.note}`;
        const message = `${failureReason(attempt)}; retrying${wait > 0 ? ` in ${describeWait(wait)}` : ''} (attempt ${used() + 1}/${maxAttempts})${what}`;
        if (next !== undefined)
            session.event('note', (0,notes/* rerunNote */.vd)(attempt.attempt, next.note));
        session.event('note', (0,notes/* retryDecisionNote */.xn)(attempt.attempt, true, message));
        env.log({ kind: 'attempt-failed', attempt: used(), retry: true, note: message });
        await env.clock.sleep(wait, env.signal);
        if (settings.onRetry !== undefined && !env.signal?.aborted) {
            // A failing hook is a warning: the retries it prepares for go on regardless.
            const hook = await runOnRetry(settings.onRetry, settings, recordingGroups(env, session, `on-retry after attempt ${attempt.attempt}`));
            session.event('note', (0,notes/* hookNote */.cy)(hook.note));
            if (!hook.ok && !hook.interrupted)
                env.log({ kind: 'on-retry-failed', attempt: used(), exitCode: hook.exitCode, note: hook.note });
        }
        return true;
    };
    /** Whether a failed attempt is followed by a rerun of just its failed tests. */
    const rerunsNext = (attempt) => used() < maxAttempts && retryRefusal(settings, attempt) === undefined && (0,rerun_step/* nextAttempt */.n)(settings, attempt)?.rerun !== undefined;
    if (start.replay !== undefined) {
        // Recorded before the crash, judged now: expect-exit/-stdout from the record, file and check again.
        const replayed = await judgeRecorded(settings, start.replay, session.attemptCheckLogPath(start.replay.attempt), env);
        attempts.push(replayed);
        recordVerdict(session, replayed, { replayed: true });
    }
    let stop = attempts.some(attempt => attempt.verified);
    const resumedFrom = attempts[attempts.length - 1];
    if (!stop && resumedFrom !== undefined && !resumedFrom.interrupted) {
        // A resumed run goes on as if the attempt had just run: the retry filters, the note, the wait.
        if (start.replay === undefined && start.retryDecided === false)
            stop = true;
        else if (start.replay !== undefined || start.retryDecided === undefined)
            stop = !(await prepareRetry(resumedFrom));
    }
    while (!stop && used() < maxAttempts) {
        const number = attempts.length + 1;
        if (env.signal?.aborted) {
            interrupted = true;
            break;
        }
        env.log({ kind: 'attempt-started', attempt: used() + 1, maxAttempts });
        const planned = rerun;
        const script = planned?.command ?? settings.script;
        const shownRerun = planned && { tests: planned.targets.map(target => target.name), command: planned.command };
        session.event('tool_call', { attempt: number, commands: [script], ...(shownRerun !== undefined && { rerun: shownRerun }) });
        const startedMs = Date.now();
        const attempt = await runAttempt({ ...settings, script }, number, session.attemptLogPath(number), recordingGroups(env, session, `attempt ${number}`), {
            checkLogPath: session.attemptCheckLogPath(number),
            onScriptEnded: result => recordResult(session, result)
        });
        attempts.push(attempt);
        if (planned !== undefined || env.quarantine !== undefined) {
            if (planned !== undefined)
                attempt.rerun = shownRerun;
            // A rerun (and a quarantine) judges by the results too, so they are read before the verdict is written.
            await recordTestResults(settings, attempt, startedMs, attempts.slice(0, -1), session, env.log, env.signal);
            if (planned !== undefined)
                (0,rerun_step/* judgeRerun */.g)(attempt, planned);
            (0,quarantine_step/* excuseQuarantined */.wH)(attempt, env.quarantine, () => rerunsNext(attempt));
            recordVerdict(session, attempt, { quarantine: env.quarantine });
        }
        else {
            recordVerdict(session, attempt);
            await recordTestResults(settings, attempt, startedMs, attempts.slice(0, -1), session, env.log, env.signal);
        }
        if (attempt.logDiskFullAt !== undefined)
            noteFullLog(session, env, attempt.attempt, attempt.logDiskFullAt);
        if (attempt.verified)
            break;
        if (attempt.interrupted || env.signal?.aborted) {
            interrupted = true;
            break;
        }
        if (!(await prepareRetry(attempt)))
            break;
    }
    const verifiedAt = attempts.findIndex(attempt => attempt.verified);
    const last = attempts[attempts.length - 1];
    let outcome = verifiedAt >= 0 ? 'success' : interrupted ? 'aborted' : 'failure';
    const quarantined = (0,quarantine_step/* excuseOf */.nf)(attempts[verifiedAt], env.quarantine);
    const flakyTests = runTests(attempts)?.flaky ?? [];
    // Flaky only when a real attempt failed before the pass; one a crash cut off does not count.
    // A pass excused by quarantine is flaky only when some test did recover on the way.
    const before = attempts.slice(0, Math.max(0, verifiedAt));
    const flaky = before.some(attempt => !attempt.interrupted) && (quarantined === undefined || flakyTests.length > 0);
    let summary;
    let gate;
    if (outcome === 'success') {
        const position = before.filter(attempt => !attempt.interrupted).length + 1;
        summary =
            quarantined === undefined
                ? `verified on attempt ${position}/${maxAttempts}${flaky ? ' (flaky)' : ''}`
                : `passed on attempt ${position}/${maxAttempts}${flaky ? ' (flaky)' : ''}: ${(0,quarantine_step/* describeExcused */.tT)(quarantined)}`;
        gate = flaky ? (0,quarantine_step/* flakyGate */.F_)(settings, flakyTests, env.quarantine) : undefined;
        if (gate !== undefined) {
            outcome = 'failure';
            summary = gate.message;
            session.event('note', (0,notes/* gateNote */.mD)(gate.message, gate.gate, gate.tests));
        }
    }
    else if (outcome === 'aborted') {
        summary = `interrupted${env.interruptReason?.() ? ` by ${env.interruptReason()}` : ''} after ${attempts.length} attempt(s)`;
    }
    else {
        const expired = (0,quarantine_step/* expiredFailures */.RW)(last, env.quarantine).map(({ test, entry }) => `${test.name} (by ${entry.owner}, expired ${entry.expires})`);
        const lapsed = expired.length > 0 ? `; the quarantine of ${expired.join('; ')} no longer applies` : '';
        summary = `not verified after ${used()}/${maxAttempts} attempt(s): ${last ? failureReason(last) : 'no attempt ran'}${lapsed}`;
    }
    return {
        outcome,
        flaky,
        interrupted,
        attempts,
        maxAttempts,
        exitCode: interrupted ? process_runner/* INTERRUPTED_EXIT */.MO : gate !== undefined ? 1 : (last?.exitCode ?? 0),
        summary,
        ...(outcome === 'success' && quarantined !== undefined && { quarantined }),
        ...(gate !== undefined && { gate })
    };
}
/** Judges a recorded attempt whose verification a crash cut off (docs/design.md §6). */
async function judgeRecorded(settings, recorded, checkLogPath, env) {
    const fromRecord = (0,judge/* judgeRecord */.dy)(settings, recorded, env.redactor) ?? [];
    const state = await (0,judge/* checkState */.We)(settings, checkLogPath, env);
    const checks = [...fromRecord, ...state.checks];
    return {
        ...recorded,
        checks,
        verified: checks.length > 0 && checks.every(check => check.ok),
        ...(state.checkSummary !== undefined && { checkSummary: state.checkSummary }),
        logBytesDropped: 0
    };
}
/**
 * The environment with each command's process group written to the trace as it starts
 * (synced before the command gets far), so a crash leaves it findable (docs/design.md §6).
 */
function recordingGroups(env, session, during) {
    return {
        ...env,
        log: progress => {
            if (progress.kind === 'process-started' && progress.started !== undefined) {
                session.event('note', (0,crashed_groups/* processGroupNote */.b1)(during, { pgid: progress.pgid, started: progress.started }));
            }
            env.log(progress);
        }
    };
}
/** The log of an attempt stopped by a full disk: a note, and a warning; the verdict stands (docs/design.md §2). */
function noteFullLog(session, env, attempt, kept) {
    const message = `attempt ${attempt}: no space left on device for ${(0,layout/* attemptLogName */.Nr)(attempt)}; it keeps the first ${kept} bytes of the output`;
    session.event('note', (0,notes/* logIncompleteNote */.HB)(message));
    env.log({ kind: 'log-incomplete', attempt, note: message });
}
/** The tool_result of an attempt, written the moment its script ends. */
function recordResult(session, attempt) {
    session.event('tool_result', {
        attempt: attempt.attempt,
        ok: attempt.exitCode === 0 && !attempt.interrupted,
        exit: attempt.exitCode,
        ...(attempt.signal !== null && { signal: attempt.signal }),
        ...(attempt.timedOut && { timed_out: true }),
        ...(attempt.interrupted && { interrupted: true }),
        duration_ms: attempt.durationMs,
        started_at: attempt.startedAt,
        ended_at: attempt.endedAt,
        summary: attempt.summary,
        ...(attempt.failures !== undefined && attempt.failures.length > 0 && { failures: attempt.failures }),
        commands: attempt.commands.map(events/* commandRecord */.Rh),
        // What a resumed run needs to judge this attempt without running it again.
        ...(attempt.stdoutMatched !== undefined && { stdout_matched: attempt.stdoutMatched }),
        ...(attempt.forbiddenLine !== undefined && { forbidden_line: attempt.forbiddenLine }),
        ...(attempt.outputMatched && { output_matched: true }),
        ...endingRecord(attempt.commands[0])
    });
}
/** How the script ended beyond its exit: a timeout's limit, how it was stopped, the line -e stopped it at (docs/design.md §5). */
function endingRecord(result) {
    if (result === undefined)
        return {};
    const { timeoutMs, stopped, failedLine } = result;
    return {
        ...(timeoutMs !== undefined && { timeout_ms: timeoutMs }),
        ...(stopped !== undefined && {
            stopped: {
                grace_ms: stopped.graceMs,
                sigkill: stopped.killed,
                ...(stopped.ignoredTerm !== undefined && { ignored_sigterm: stopped.ignoredTerm })
            }
        }),
        ...(failedLine !== undefined && { failed_line: failedLine })
    };
}
/** The verify event of an attempt; with a quarantine, its failed tests that have an entry and what the entry says. */
function recordVerdict(session, attempt, { replayed = false, quarantine } = {}) {
    const excused = attempt.quarantined;
    const records = (0,quarantine_step/* quarantineRecords */.d8)(attempt, quarantine);
    const detail = excused !== undefined ? (0,quarantine_step/* describeExcused */.tT)(excused) : attempt.verified ? 'every expectation held' : failureReason(attempt);
    session.event('verify', {
        attempt: attempt.attempt,
        ok: attempt.verified,
        ...(excused !== undefined && { quarantined: excused.map(({ test }) => test.name) }),
        ...(records !== undefined && { quarantine: records }),
        check: attempt.checks.map(check => ({ expectation: check.expectation, ok: check.ok, detail: check.detail })),
        detail: replayed ? `${detail} (replayed from the recorded result)` : detail,
        ...(replayed && { replayed: true }),
        ...(attempt.checkSummary !== undefined && { check_summary: attempt.checkSummary })
    });
}

// EXTERNAL MODULE: ./src/core/verify/expectations.ts
var expectations = __webpack_require__(2298);
// EXTERNAL MODULE: ./src/core/guardrail/index.ts + 13 modules
var guardrail = __webpack_require__(8664);
;// CONCATENATED MODULE: ./src/core/guardrail/settings-check.ts
/**
 * The guardrail over a run's settings (docs/design.md §1 "The guardrail"): every command
 * reverify would run — the script, expect-check and on-retry — each read whole, and the
 * note a refusal leaves in the trace, which the front ends show as it is.
 */

/** The first command (of the script, expect-check or on-retry) the guardrail refuses, unless allowed. */
function guardrailHit(settings) {
    if (settings.allowDestructive)
        return undefined;
    const { check } = settings.expectations;
    // Everything reverify would run, each read whole: the script, expect-check and on-retry.
    for (const command of [settings.script, ...(check ? [check] : []), ...(settings.onRetry ? [settings.onRetry] : [])]) {
        const hit = (0,guardrail/* findDestructive */.m)(command);
        if (hit)
            return hit;
    }
    return undefined;
}
/** The trace's note for a refusal, which the front ends show as it is. */
function refusalNote(hit) {
    return `refused: \`${hit.excerpt}\` matches the destructive-command rule "${hit.rule}"; pass allow-destructive: true (--allow-destructive) if you mean it`;
}

// EXTERNAL MODULE: ./src/core/receipts/identity.ts
var receipts_identity = __webpack_require__(987);
// EXTERNAL MODULE: ./src/core/shell/script-lines.ts
var script_lines = __webpack_require__(2373);
// EXTERNAL MODULE: ./src/core/receipts/run-id.ts
var run_id = __webpack_require__(3980);
// EXTERNAL MODULE: ./src/core/session/run-record.ts
var run_record = __webpack_require__(1751);
// EXTERNAL MODULE: ./src/core/session/writer.ts
var writer = __webpack_require__(6153);
// EXTERNAL MODULE: ./src/core/recovery/close-interrupted.ts
var close_interrupted = __webpack_require__(636);
;// CONCATENATED MODULE: ./src/core/process/command-env.ts
/**
 * The environment every command reverify runs gets (docs/design.md §5 "What the command
 * sees"): the caller's, without what the runner hands only to actions, and marked with the
 * run id so a crash leaves its processes findable (§6).
 *
 * A `run:` step never sees the Actions runtime token or the service URLs; with them a test
 * could write cache entries in the run's scope (reverify's own history included) or upload
 * artifacts. Nor does a command need reverify's own inputs (`INPUT_REDACT` holds the values
 * to hide) or its saved state.
 */

/** Variables the runner gives an action's process and never a `run:` step's commands. */
const ACTION_ONLY_NAMES = new Set([
    'ACTIONS_RUNTIME_TOKEN',
    'ACTIONS_RUNTIME_URL',
    'ACTIONS_RESULTS_URL',
    'ACTIONS_CACHE_URL',
    'ACTIONS_CACHE_SERVICE_V2',
    'ACTIONS_ID_TOKEN_REQUEST_URL',
    'ACTIONS_ID_TOKEN_REQUEST_TOKEN'
]);
/** Prefixes of the same: the action's inputs and its saved state. */
const ACTION_ONLY_PREFIXES = ['INPUT_', 'STATE_'];
/** Whether the runner gives `name` to the action only. */
function isActionOnly(name) {
    const upper = name.toUpperCase();
    return ACTION_ONLY_NAMES.has(upper) || ACTION_ONLY_PREFIXES.some(prefix => upper.startsWith(prefix));
}
/** The commands' environment: `env` without what is the action's only, marked with the run id. */
function commandEnvironment(env, runId) {
    const kept = {};
    for (const [name, value] of Object.entries(env))
        if (!isActionOnly(name))
            kept[name] = value;
    kept[crashed_groups/* RUN_MARKER_VAR */.FN] = runId;
    return kept;
}

// EXTERNAL MODULE: ./src/core/recovery/settle.ts
var settle = __webpack_require__(5524);
// EXTERNAL MODULE: ./src/core/output/excerpt.ts
var excerpt = __webpack_require__(6848);
// EXTERNAL MODULE: ./src/core/export/index.ts + 2 modules
var core_export = __webpack_require__(7937);
// EXTERNAL MODULE: ./src/core/report/index.ts + 5 modules
var core_report = __webpack_require__(2500);
;// CONCATENATED MODULE: ./src/core/run/run-reports.ts
/**
 * A closed run's report.html and exports (docs/design.md §2 "Exports", §8 "What a run loads"):
 * written when the run closes, or by the front end once it has told the verdict
 * (`deferReports`), or by the next run of the command when a crash came in between.
 */





/**
 * A run killed between its verdict and its report (`deferReports`) left a closed trace and
 * no report.html: the next run of the command writes them, before anything of its own.
 */
async function writeMissingReports(request, ports, latest) {
    const dir = (0,external_node_path_.resolve)(latest.session.dir);
    if (!(await (0,layout/* isOwnSessionDir */.KM)(ports.store.stateDir, dir)))
        return;
    if (!(0,external_node_fs_.existsSync)((0,external_node_path_.join)(dir, layout/* SessionFile */.xg.trace)) || (0,external_node_fs_.existsSync)((0,external_node_path_.join)(dir, core_report/* REPORT_FILE */.Uq)))
        return;
    await writeRunReports(latest, request, ports);
}
/**
 * Writes a closed run's report.html and exports (§2 "Exports") next to its trace: when the run
 * closes, or from a front end that asked for `deferReports` once it has told the verdict.
 * Resolves to the report's path, or undefined when it could not be written (told through
 * `ports.log`, never fatal).
 */
async function writeRunReports(receipt, request, ports) {
    for (const error of await (0,core_export/* exportClosedRun */.A)(receipt, { stateDir: ports.store.stateDir, redactor: request.redactor, env: request.env }))
        ports.log({ kind: 'report-failed', runId: receipt.run_id, error });
    const written = await (0,core_report/* writeSessionReport */.aH)(ports.store, receipt);
    if ('path' in written)
        return written.path;
    ports.log({ kind: 'report-failed', runId: receipt.run_id, error: written.error });
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/run/shown-report.ts
/**
 * A run report as the front ends may show it (docs/design.md §5 "Job summary"): every text in
 * it that came from the command, its output, its test results or an input is redacted here,
 * in the core, before any front end escapes it for markdown, HTML or a workflow command.
 * Escaping first would change a secret's spelling (`_` → `\_`) so the redactor no longer
 * finds it, while the rendered page shows it as it was.
 */

/** The report with its shown texts redacted; ids, paths and hashes reverify made are kept. */
function shownReport(report, redactor) {
    if (report.kind === 'blocked')
        return report;
    if (report.kind === 'refused')
        return { ...report, guardrail: (0,redaction/* redactDeep */.K)(report.guardrail, redactor) };
    const { attempts, summary, excerpt, firstFailure, tests, interruptReason, resumed, quarantine, gate } = report;
    return {
        ...report,
        ...(0,redaction/* redactDeep */.K)({
            attempts,
            summary,
            excerpt,
            ...(firstFailure !== undefined && { firstFailure }),
            ...(tests !== undefined && { tests }),
            ...(interruptReason !== undefined && { interruptReason }),
            ...(resumed !== undefined && { resumed }),
            ...(quarantine !== undefined && { quarantine }),
            ...(gate !== undefined && { gate })
        }, redactor)
    };
}
/** Receipts hold commands and expectations as written: redact them like everything else. */
function redactedReceipt(receipt, redactor) {
    const { identity, commands, expectations, tests, quarantined } = receipt;
    const shown = {
        identity,
        commands,
        expectations,
        ...(tests !== undefined && { tests }),
        ...(quarantined !== undefined && { quarantined })
    };
    return { ...receipt, ...(0,redaction/* redactDeep */.K)(shown, redactor) };
}

// EXTERNAL MODULE: ./src/core/run/run-quarantine.ts
var run_quarantine = __webpack_require__(9153);
;// CONCATENATED MODULE: ./src/core/run/verify-run.ts
/**
 * A whole verify run, as both front ends perform it: the capture-before-retry check, the
 * receipt, the trace session, the guardrail, the verify loop, and the closing of all of it
 * (docs/design.md §1–§3, §6). It returns a report of facts; the front ends word it.
 */




























/**
 * Runs one verify from policy check to closed trace and final receipt, and reports it with its
 * texts redacted (shown-report.ts); a full disk is one line (disk-full.ts).
 */
async function verifyRun(request, ports) {
    const report = await performRun(request, ports).catch(error => {
        throw stateDirFull(error, ports.store.stateDir, 'before');
    });
    return shownReport(report, request.redactor);
}
async function performRun(request, ports) {
    const { settings } = request;
    // A bad quarantine file is a usage error before anything exists (docs/design.md §1 "Quarantine and flaky gates").
    const quarantine = await (0,run_quarantine/* loadRunQuarantine */.wm)(request, ports.clock.now(), (0,resolve/* inputLabel */.NB)('quarantine', request.front ?? 'action'));
    for (const warning of (0,run_quarantine/* expiryWarnings */.FN)(quarantine))
        ports.log(warning);
    const identity = (0,receipts_identity/* scriptIdentity */.oZ)(settings.script);
    let latest = request.resume ?? (await ports.store.latest(request.target, settings.scope, identity.hash));
    if (latest?.status === 'running' && (await (0,resume/* endedBeforeReceipt */.y4)(latest, ports.store.stateDir, here(request), request.seal))) {
        // Its trace has its end: the receipt takes the trace's verdict before anything is decided (§6).
        await endLeftovers(request, ports, latest);
        const settled = await (0,close_interrupted/* closeInterruptedRun */.c)({
            store: ports.store,
            runId: latest.run_id,
            reason: '',
            redactor: request.redactor,
            now: () => ports.clock.now()
        });
        latest = settled.receipt ?? latest;
    }
    else if (latest !== undefined && latest.status !== 'running') {
        await writeMissingReports(request, ports, latest);
    }
    // Capture-before-retry: decided before anything of the run exists (docs/design.md §3).
    const capture = { mode: request.captureMode };
    const verdict = decideCaptureBeforeRetry(request.captureMode, latest);
    if (verdict.action === 'block')
        return { kind: 'blocked', identity, failedRunId: verdict.failedRunId };
    if (verdict.action === 'warn') {
        capture.uncapturedRunId = verdict.failedRunId;
        ports.log({ kind: 'uncaptured-failure', failedRunId: verdict.failedRunId });
    }
    // An interrupted run of this command is continued rather than started over (§6).
    if (latest?.status === 'running') {
        const decision = await decideResume(request, ports, latest);
        // Only a run this machine sealed names process groups worth signalling (§6).
        if (decision.kind !== 'none' && (0,run_seal/* receiptSealed */.xB)(latest, request.seal))
            await endLeftovers(request, ports, latest);
        if (decision.kind === 'resume')
            return resumeRun(request, ports, decision.plan, identity, capture, quarantine);
        if (request.resume) {
            const why = decision.kind === 'restart' ? decision.reason : 'its process is still running';
            throw new errors/* UsageError */.eb(`resume: run ${latest.run_id} cannot be resumed: ${why}`);
        }
        if (decision.kind === 'restart') {
            const reason = `not resumed (${decision.reason}); a new run was started instead`;
            const closed = await (0,close_interrupted/* closeInterruptedRun */.c)({
                store: ports.store,
                runId: latest.run_id,
                reason,
                redactor: request.redactor,
                now: () => ports.clock.now(),
                traceDecides: (0,run_seal/* receiptSealed */.xB)(latest, request.seal)
            });
            if (closed.reportError !== undefined)
                ports.log({ kind: 'report-failed', runId: latest.run_id, error: closed.reportError });
            ports.log({ kind: 'restarting', interruptedRunId: latest.run_id, reason: decision.reason, setAside: decision.setAside });
        }
    }
    else if (request.resume) {
        throw new errors/* UsageError */.eb(`resume: run ${request.resume.run_id} is ${request.resume.status}, not an interrupted run that can be resumed`);
    }
    const { session, receipt } = await openRun(request, ports, identity, capture);
    const hit = guardrailHit(settings);
    if (hit)
        return refuse(request, ports, { session, receipt, identity, capture, hit });
    (0,run_quarantine/* noteExpiries */.ce)(session, quarantine);
    const loop = await runVerifyLoop(settings, session, loopEnvironment(request, ports, receipt.run_id, quarantine)).catch(fullDisk(ports, 'during'));
    return closeRun(request, ports, { session, receipt, loop, identity, capture, quarantine });
}
/** Ends what the crashed run left running, before anything runs again (docs/design.md §6). */
async function endLeftovers(request, ports, crashed) {
    await (0,settle/* endLeftovers */.q)(ports.store.stateDir, crashed, request.killGraceMs ?? 2000, pgid => ports.log({ kind: 'leftover-ended', runId: crashed.run_id, pgid }));
}
/** Resume or restart for a `running` receipt; the guardrail's refusal means restart. */
async function decideResume(request, ports, latest) {
    if (guardrailHit(request.settings))
        return { kind: 'restart', reason: 'the destructive-command guardrail refuses its command' };
    return (0,resume/* planResume */.$J)({
        receipt: latest,
        settings: request.settings,
        stateDir: ports.store.stateDir,
        redactor: request.redactor,
        here: here(request),
        seal: request.seal
    });
}
/** Where this run is, to judge whether a receipt's owner is gone. */
function here(request) {
    return { host: (0,external_node_os_.hostname)(), ...(request.ci && { ci: request.ci }) };
}
/**
 * Writes the `running` receipt, then opens the session it names, records the inputs and
 * writes the run's first events. The receipt comes first: a crash in between leaves a
 * receipt whose session is missing (closed as interrupted by the next run), never a
 * session nobody can find.
 */
async function openRun(request, ports, identity, capture) {
    const { settings, redactor } = request;
    const now = () => ports.clock.now();
    const startedAt = now();
    const runId = (0,run_id/* newRunId */.F$)(startedAt);
    // The name is free text: a secret in it must not become a folder name.
    const planned = (0,layout/* planSession */.wk)(ports.store.stateDir, redactor.redact(settings.name), startedAt);
    const receipt = {
        schema_version: receipts_receipt/* RECEIPT_VERSION */.y4,
        run_id: runId,
        target: request.target,
        scope: settings.scope,
        identity: shownIdentity(settings.script, redactor),
        identity_hash: identity.hash,
        status: 'running',
        flaky: false,
        started_at: (0,clock/* timestamp */.v)(startedAt),
        ended_at: null,
        attempts: 0,
        max_attempts: 1 + settings.maxRetries,
        commands: [],
        expectations: (0,expectations/* describeExpectations */.T)(settings.expectations),
        session: { id: planned.id, dir: planned.dir },
        host: (0,external_node_os_.hostname)(),
        pid: process.pid,
        ...(request.ci && { ci: request.ci })
    };
    const sealed = receiptOnDisk(receipt, request);
    await ports.store.write(sealed);
    let session;
    try {
        session = await writer/* TraceSession */.aH.open({
            stateDir: ports.store.stateDir,
            name: settings.name,
            runId,
            version: request.version,
            redactor,
            now,
            planned
        });
    }
    catch (error) {
        // No trace can be written (a link or a file where a folder should be): the run ends
        // before it starts, and its receipt says so rather than staying `running`.
        await ports.store.write({ ...sealed, status: (0,receipts_receipt/* receiptStatusFor */.Ab)('aborted', false), ended_at: (0,clock/* timestamp */.v)(now()) });
        throw new errors/* UsageError */.eb(`state-dir: cannot create the trace folder: ${(0,errors/* describeError */.Uc)(error)}`);
    }
    await (0,run_record/* writeRunRecord */.M)(session.dir, settings, redactor, request.seal);
    ports.log({ kind: 'run-created', runId, sessionDir: session.dir });
    const uncaptured = capture.uncapturedRunId;
    session.event('start', {
        version: request.version,
        run_id: runId,
        target: request.target,
        scope: settings.scope,
        ...(uncaptured !== undefined && { uncaptured_failure: uncaptured }),
        ...(request.ci && { ci: request.ci })
    });
    // The script as written, as a list of one (docs/design.md §2).
    session.event('decision', { question: 'what to run', decision: [settings.script], expected: (0,expectations/* describeExpectations */.T)(settings.expectations) });
    if (uncaptured !== undefined)
        session.event('note', (0,notes/* uncapturedNote */._Q)(uncaptured));
    return { session, receipt };
}
/** Closes a run the guardrail refused: a note naming the rule, `end` aborted, an aborted receipt. */
async function refuse(request, ports, run) {
    const { session, hit } = run;
    const endedAt = (0,clock/* timestamp */.v)(ports.clock.now());
    session.event('note', (0,notes/* refusalTraceNote */._o)(refusalNote(hit), hit.rule));
    const summary = `refused by the guardrail (${hit.rule})`;
    await session.end({ outcome: 'aborted', summary }, { ended_at: endedAt, flaky: false, summary });
    const receipt = receiptOnDisk({ ...run.receipt, status: (0,receipts_receipt/* receiptStatusFor */.Ab)('aborted', false), ended_at: endedAt }, request);
    await ports.store.write(receipt);
    const reportPath = request.deferReports ? undefined : await writeRunReports(receipt, request, ports);
    return {
        kind: 'refused',
        identity: run.identity,
        runId: receipt.run_id,
        session: { id: session.id, dir: session.dir },
        guardrail: { rule: hit.rule, excerpt: request.redactor.redact(hit.excerpt) },
        capture: run.capture,
        receipt,
        ...(reportPath !== undefined && { reportPath })
    };
}
/** The verify loop's view of the ports. */
function loopEnvironment(request, ports, runId, quarantine) {
    return {
        processes: ports.processes,
        console: ports.console,
        log: ports.log,
        clock: ports.clock,
        redactor: request.redactor,
        env: commandEnvironment(request.env ?? process.env, runId),
        signal: request.signal,
        killGraceMs: request.killGraceMs ?? 2000,
        interruptReason: request.interruptReason,
        ...(quarantine !== undefined && { quarantine: quarantine.context })
    };
}
/** Continues an interrupted run in its own receipt and session (docs/design.md §6). */
async function resumeRun(request, ports, plan, identity, capture, quarantine) {
    const now = () => ports.clock.now();
    const session = await writer/* TraceSession */.aH.reopen(plan.sessionDir, plan.meta, request.redactor, now);
    const previousOwner = `${plan.receipt.host}:${plan.receipt.pid}`;
    const owned = { ...plan.receipt, host: (0,external_node_os_.hostname)(), pid: process.pid, ...(request.ci && { ci: request.ci }) };
    // The new owner seals it again: its pid and host are part of what the seal covers.
    const receipt = receiptOnDisk(owned, request);
    await ports.store.write(receipt);
    ports.log({ kind: 'run-created', runId: receipt.run_id, sessionDir: session.dir });
    const note = `resumed run ${receipt.run_id} (its process ${previousOwner} is gone): ${plan.summary}`;
    session.event('note', (0,notes/* resumedNote */.kC)(note));
    ports.log({ kind: 'resumed', runId: receipt.run_id, note });
    for (const event of plan.pending) {
        if (event.phase === 'tool_result')
            session.event('tool_result', event.payload);
        else
            session.event('verify', event.payload);
    }
    (0,run_quarantine/* noteExpiries */.ce)(session, quarantine);
    const loop = await runVerifyLoop(request.settings, session, loopEnvironment(request, ports, receipt.run_id, quarantine), {
        previous: plan.previous,
        ...(plan.replay !== undefined && { replay: plan.replay }),
        ...(plan.retryDecided !== undefined && { retryDecided: plan.retryDecided }),
        ...(plan.rerun !== undefined && { rerun: plan.rerun })
    }).catch(fullDisk(ports, 'during'));
    const report = await closeRun(request, ports, { session, receipt, loop, identity, capture, quarantine });
    return { ...report, resumed: { replayed: plan.replayed, summary: plan.summary } };
}
/** Writes the end of the trace, meta.json and the final receipt; applies retention. */
async function closeRun(request, ports, run) {
    const { session, loop } = run;
    const interruptReason = loop.interrupted ? request.interruptReason?.() : undefined;
    if (loop.interrupted) {
        session.event('note', (0,notes/* interruptedNote */.No)(`interrupted${interruptReason ? ` by ${interruptReason}` : ''}; the run was stopped and its processes killed`));
    }
    const endedAt = (0,clock/* timestamp */.v)(ports.clock.now());
    await session
        .end({ outcome: loop.outcome, summary: loop.summary, ...(loop.flaky && { flaky: true }) }, 
    // The counts come from the trace itself (TraceSession.end).
    { ended_at: endedAt, flaky: loop.flaky, summary: loop.summary })
        .catch(fullDisk(ports, loop.outcome));
    const last = loop.attempts[loop.attempts.length - 1];
    const firstFailure = loop.flaky ? loop.attempts.find(attempt => !attempt.verified && !attempt.interrupted) : undefined;
    const tests = runTests(loop.attempts);
    const receipt = {
        ...run.receipt,
        status: (0,receipts_receipt/* receiptStatusFor */.Ab)(loop.outcome, loop.interrupted),
        flaky: loop.flaky,
        ended_at: endedAt,
        attempts: session.metadata.attempts,
        commands: (last?.commands ?? []).map(events/* commandRecord */.Rh),
        ...(tests !== undefined && { tests: receiptTests(tests) }),
        ...(0,run_quarantine/* receiptPolicy */.Rg)(loop)
    };
    const written = receiptOnDisk(receipt, request);
    await ports.pause?.('after-trace-end');
    await ports.store.write(written).catch(fullDisk(ports, loop.outcome));
    // The attempts the front ends show: those that ran, and the last (one a crash cut off spent nothing).
    const shown = loop.attempts.filter((attempt, index) => !attempt.interrupted || index === loop.attempts.length - 1);
    const quarantine = (0,run_quarantine/* quarantineFacts */.wJ)(run.quarantine, loop);
    const pruned = await ports.store.prune(request.target, request.settings.scope, run.identity.hash, request.settings.keepReceipts);
    const reportPath = request.deferReports ? undefined : await writeRunReports(written, request, ports);
    return {
        kind: 'completed',
        identity: run.identity,
        runId: receipt.run_id,
        session: { id: session.id, dir: session.dir },
        outcome: loop.outcome,
        flaky: loop.flaky,
        interrupted: loop.interrupted,
        ...(interruptReason !== undefined && { interruptReason }),
        attempts: shown,
        maxAttempts: loop.maxAttempts,
        exitCode: loop.exitCode,
        summary: loop.summary,
        excerpt: loop.outcome === 'success' || last === undefined ? '' : (0,excerpt/* attemptExcerpt */.Xq)(last),
        ...(firstFailure !== undefined && { firstFailure: { attempt: firstFailure.attempt, excerpt: (0,excerpt/* attemptExcerpt */.Xq)(firstFailure) } }),
        capture: run.capture,
        receipt: written,
        ...(tests !== undefined && { tests }),
        pruned,
        ...(reportPath !== undefined && { reportPath }),
        ...(quarantine !== undefined && { quarantine }),
        ...(loop.gate !== undefined && { gate: loop.gate })
    };
}
/** Rethrows a full disk while the command runs, or after it was judged, as one line (disk-full.ts). */
function fullDisk(ports, stage) {
    return error => {
        throw stateDirFull(error, ports.store.stateDir, stage);
    };
}
/** A receipt as it is written: redacted, then sealed over what is on disk (run-seal.ts). */
function receiptOnDisk(receipt, request) {
    return (0,run_seal/* sealReceipt */.IN)(redactedReceipt(receipt, request.redactor), request.seal);
}
/**
 * The identity as a receipt may show it. Normalization can re-quote a secret into a form
 * the redactor does not know (`'it'\''s'`), so each command is redacted before it is
 * normalized, and after. The hash stays the one of the commands as written.
 */
function shownIdentity(script, redactor) {
    return (0,script_lines/* identityLines */.W7)(script).map(line => redactor.redact((0,receipts_identity/* normalizeCommand */.rD)(redactor.redact(line))));
}

// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(1604);
;// CONCATENATED MODULE: ./src/cli/status-line.ts
/** Back to the start of the line and erase it: what is under the status line comes back clean. */
const ERASE_LINE = '\r\u001b[2K';
/** The process's clock; the interval never keeps the process alive. */
const realTimers = {
    now: () => Date.now(),
    every(ms, tick) {
        const timer = setInterval(tick, ms);
        timer.unref();
        return () => clearInterval(timer);
    }
};
/** Whether a status line belongs on this stream: a terminal that understands erasing a line. */
function wantsStatusLine(stream, env) {
    return stream.isTTY === true && env.TERM !== 'dumb';
}
/** "14 s", "2 min 5 s", "1 h 2 min": whole units, for the live line. */
function describeElapsed(ms) {
    const seconds = Math.floor(ms / 1000);
    if (seconds < 60)
        return `${seconds} s`;
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60)
        return `${minutes} min ${seconds % 60} s`;
    return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
/** "5 ms", "1.2 s", "14 s", "2 min 5 s": a finished duration, short and precise enough to compare attempts. */
function describeDuration(ms) {
    if (ms < 1000)
        return `${Math.round(ms)} ms`;
    if (ms < 10_000)
        return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
    return describeElapsed(ms);
}
/** The status line of one CLI run; inert when not enabled. */
class StatusLine {
    terminal;
    options;
    timers;
    silenceMs;
    tickMs;
    attempt;
    lastOutputAt = 0;
    /** Whether the terminal's cursor is at the start of a line: a half-written line is never drawn over. */
    atLineStart = true;
    shown;
    stopTicking;
    constructor(terminal, options) {
        this.terminal = terminal;
        this.options = options;
        this.timers = options.timers ?? realTimers;
        this.silenceMs = options.silenceMs ?? 1000;
        this.tickMs = options.tickMs ?? 250;
    }
    /** The stream as the run should write to it: every write first erases the status line. */
    wrap(stream) {
        if (!this.options.enabled)
            return stream;
        return {
            isTTY: stream.isTTY,
            write: chunk => {
                this.erase();
                if (chunk.length > 0) {
                    this.lastOutputAt = this.timers.now();
                    const last = typeof chunk === 'string' ? chunk.charCodeAt(chunk.length - 1) : chunk[chunk.length - 1];
                    this.atLineStart = last === 0x0a;
                }
                return stream.write(chunk);
            },
            once: (event, listener) => stream.once(event, listener)
        };
    }
    /** An attempt began: its clock starts now, and the line may show once it goes silent. */
    attemptStarted(number, max) {
        if (!this.options.enabled)
            return;
        const now = this.timers.now();
        this.attempt = { number, max, startedAt: now };
        this.lastOutputAt = now;
        this.stopTicking ??= this.timers.every(this.tickMs, () => this.tick());
    }
    /** The attempt is over (or interrupted): the line goes, and stays away until the next one. */
    attemptEnded() {
        this.attempt = undefined;
        this.stopTicking?.();
        this.stopTicking = undefined;
        this.erase();
    }
    /** The run is over: nothing is left on screen and no timer is left running. */
    stop() {
        this.attemptEnded();
    }
    /** Draws or refreshes the line when the attempt has been silent long enough. */
    tick() {
        const attempt = this.attempt;
        if (attempt === undefined || !this.atLineStart)
            return;
        const now = this.timers.now();
        if (now - this.lastOutputAt < this.silenceMs)
            return;
        const text = `reverify: attempt ${attempt.number}/${attempt.max} · ${describeElapsed(now - attempt.startedAt)}`;
        // Redrawn only when the seconds change: about once a second, and no flicker.
        if (text === this.shown)
            return;
        this.terminal.write(`${ERASE_LINE}${text}`);
        this.shown = text;
    }
    erase() {
        if (this.shown === undefined)
            return;
        this.shown = undefined;
        this.terminal.write(ERASE_LINE);
    }
}

;// CONCATENATED MODULE: ./src/cli/verify.ts
/**
 * The CLI's side of a verify run: it resolves the policy, hands the core its ports, words
 * what the core reports as it happens (stderr), prints the console summary (stdout,
 * docs/design.md §1) and turns the report into the exit code.
 */




/** "`npm test`" or "`npm test` and 2 more", for one-line messages. */
function describeCommands(commands) {
    const first = commands[0].split('\n')[0];
    const shown = first.length > 80 ? `${first.slice(0, 80)}…` : first;
    return commands.length > 1 ? `\`${shown}\` and ${commands.length - 1} more` : `\`${shown}\``;
}
/**
 * The capture-before-retry message with the CLI's remedy, which works as printed: it names
 * the run's state directory when that is not the repository's default (`place`).
 */
function captureMessage(action, failedRunId, place) {
    return `${captureHeadline(action, failedRunId)}\nCapture it: ${(0,remedy/* captureCommand */.g_)(failedRunId, place)}`;
}
/** What the person at the terminal reads while the run goes on (stderr); undefined for none. */
function progressLine(progress, redactor, place) {
    switch (progress.kind) {
        case 'uncaptured-failure':
            return `reverify: warning: ${redactor.redact(captureMessage('warn', progress.failedRunId, place))}`;
        case 'restarting': {
            const line = `reverify: interrupted run ${progress.interruptedRunId} cannot be resumed (${progress.reason}); starting a new run`;
            // A result on record that the new run does not use is named, with where it stays (§6).
            return progress.setAside === undefined ? line : `${line}\nreverify: ${redactor.redact((0,resume/* describeSetAside */.aW)(progress.setAside))}`;
        }
        case 'resumed':
            return `reverify: ${redactor.redact(progress.note)}`;
        case 'attempt-started':
            return `reverify: attempt ${progress.attempt}/${progress.maxAttempts}`;
        case 'attempt-failed':
            return `reverify: ${redactor.redact(progress.note)}`;
        case 'on-retry-failed':
            return `reverify: warning: ${redactor.redact(progress.note)}; retrying all the same`;
        case 'report-failed':
            return `reverify: warning: run ${progress.runId}: ${redactor.redact(progress.error)}`;
        case 'leftover-ended':
            return `reverify: stopped process group ${progress.pgid}, left running by interrupted run ${progress.runId}`;
        case 'test-results-warning':
            return `reverify: warning: test-results (attempt ${progress.attempt}): ${redactor.redact(progress.file)}: ${redactor.redact(progress.reason)}`;
        case 'log-incomplete':
            return `reverify: warning: ${progress.note}`;
        case 'quarantine-expiry':
            return `reverify: warning: ${redactor.redact(progress.note)}`;
        case 'run-created':
        case 'process-started':
            return undefined;
    }
}
/** Most attempt durations listed one by one; beyond it the middle ones are counted (the line stays short). */
const LISTED_DURATIONS = 5;
/** "(1.2 s, 1.1 s, 1.3 s)", or "(1.2 s, 1.1 s, 1.3 s, … 6 more, 1.0 s)" for a long run. */
function attemptDurations(durations) {
    const shown = durations.map(describeDuration);
    if (shown.length <= LISTED_DURATIONS)
        return `(${shown.join(', ')})`;
    const hidden = shown.length - (LISTED_DURATIONS - 1);
    return `(${[...shown.slice(0, LISTED_DURATIONS - 2), `… ${hidden} more`, shown[shown.length - 1]].join(', ')})`;
}
/** `name`'s default (the input table): a run not named otherwise is not named in the summary. */
const DEFAULT_NAME = 'verify';
/**
 * The 3–6 line console summary (docs/design.md §1); none for a blocked run. `elapsedMs`,
 * the whole run's time as the CLI measured it, ends the outcome line when given.
 */
function consoleSummary(report, commands, elapsedMs, places = {}) {
    if (report.kind === 'blocked')
        return [];
    const completed = report.kind === 'completed' ? report : undefined;
    let attempts = completed ? `${completed.attempts.length}/${completed.maxAttempts}` : '0';
    if (completed && completed.attempts.length > 0)
        attempts += ` ${attemptDurations(completed.attempts.map(a => a.durationMs))}`;
    // A flaky pass a gate refused says the gate, not "flaky": the run failed because of it.
    const note = completed?.gate !== undefined ? ` (gate: ${completed.gate.gate})` : completed?.flaky ? ' (flaky)' : '';
    const outcome = completed ? `${completed.outcome}${note}` : 'aborted';
    const took = elapsedMs === undefined ? '' : ` · ${describeDuration(elapsedMs)}`;
    const named = places.name === undefined || places.name === DEFAULT_NAME ? '' : `${places.name} — `;
    const lines = [`reverify: ${named}${describeCommands(commands)}`, `outcome: ${outcome} · attempts: ${attempts}${took}`];
    if (completed && completed.outcome !== 'success')
        lines.push(`why: ${completed.summary}`);
    if (completed?.tests !== undefined) {
        const quarantine = completed.quarantine;
        lines.push(testsLine(completed.tests, (completed.outcome === 'success' ? quarantine?.excused : quarantine?.covered) ?? []));
    }
    if (report.kind === 'refused')
        lines.push(`why: refused by the guardrail rule "${report.guardrail.rule}"`);
    lines.push(`receipt: ${report.runId}`);
    lines.push(`trace: ${report.session.dir}`);
    if (places.reportPath !== undefined)
        lines.push(`report: ${places.reportPath}`);
    return lines;
}
/** Most test names on the summary's `tests:` line per list. */
const NAMED_TESTS = 3;
function namesOf(names) {
    const shown = names.slice(0, NAMED_TESTS).join('; ');
    return names.length > NAMED_TESTS ? `${shown} and ${names.length - NAMED_TESTS} more` : shown;
}
/**
 * `tests: 12 (attempt 2) · failed: a; b · flaky: c`, from the run's JUnit results; failed
 * tests a quarantine entry covers are named apart: `quarantined: c (@team, until 2027-01-15)`.
 */
function testsLine(tests, excused) {
    const parts = [`tests: ${tests.total} (attempt ${tests.attempt})`];
    const failed = tests.failed.filter(test => !excused.some(item => item.test.name === test.name));
    if (failed.length > 0)
        parts.push(`failed: ${namesOf(failed.map(test => test.name))}`);
    if (excused.length > 0) {
        parts.push(`quarantined: ${namesOf(excused.map(({ test, entry }) => `${test.name} (${entry.owner}, until ${entry.expires})`))}`);
    }
    if (tests.flaky.length > 0)
        parts.push(`flaky: ${namesOf(tests.flaky)}`);
    return parts.join(' · ');
}
/** The CLI's exit code for a report (docs/design.md §1). */
function exitCodeOf(report) {
    if (report.kind === 'blocked')
        return errors/* ExitCode */.yU.failure;
    if (report.kind === 'refused')
        return errors/* ExitCode */.yU.guardrail;
    if (report.outcome === 'success')
        return errors/* ExitCode */.yU.success;
    if (report.outcome === 'failure')
        return errors/* ExitCode */.yU.failure;
    return report.interrupted ? errors/* ExitCode */.yU.interrupted : errors/* ExitCode */.yU.guardrail;
}
/** Runs (or, with `resume`, continues) a verify and prints the console summary. */
async function executeRun(settings, io, resume) {
    const startedAt = Date.now();
    // The target, its config and its default state directory follow the working directory (docs/design.md §3 "Identity").
    const root = (0,resolve/* findTargetRoot */.R3)(settings.workingDirectory);
    const { path: stateDir, isDefault } = (0,resolve/* resolveStateDir */.JT)(settings.stateDir, { front: 'cli', base: io.cwd }, root);
    const captureMode = (0,config_file/* resolveCaptureMode */.U1)(settings.captureBeforeRetry, await (0,config_file/* readConfig */.Xg)(root));
    await (0,state_dir/* ensureStateDir */.xH)(stateDir, { gitignore: isDefault }).catch(error => {
        throw stateDirFull(error, stateDir, 'before');
    });
    const place = { stateDir, root, here: (0,resolve/* findTargetRoot */.R3)(io.cwd) };
    const redactor = (0,redaction/* createRedactor */.l)({ values: settings.redact, env: io.env });
    // The scope is stored in receipts and compared between runs: redacted as it is read, alike every time.
    settings = { ...settings, scope: redactor.redact(settings.scope) };
    const status = new StatusLine(io.stderr, { enabled: wantsStatusLine(io.stderr, io.env) });
    // Everything written while the run goes on passes the status line, which erases itself first.
    const stdout = status.wrap(io.stdout);
    const stderr = status.wrap(io.stderr);
    const onInterrupt = () => status.attemptEnded();
    io.signal?.addEventListener('abort', onInterrupt, { once: true });
    const request = {
        settings,
        target: root,
        captureMode,
        version: version/* VERSION */.x,
        redactor,
        seal: await (0,run_seal/* loadRunSeal */.vo)((0,run_seal/* sealKeyPath */.o$)(io.env)),
        env: io.env,
        signal: io.signal,
        interruptReason: io.interruptReason,
        front: 'cli',
        quarantineRoot: root,
        deferReports: true,
        ...(resume && { resume })
    };
    const ports = {
        clock: clock/* systemClock */.m,
        pause: testPauseFrom(io.env),
        processes: process_runner/* processRunner */.qc,
        store: new receipt_store/* ReceiptStore */.A(stateDir, { warn: message => (0,cli_io/* println */.S)(stderr, `reverify: warning: ${message}`) }),
        log: progress => {
            if (progress.kind === 'attempt-failed')
                status.attemptEnded();
            const line = progressLine(progress, redactor, place);
            if (line !== undefined)
                (0,cli_io/* println */.S)(stderr, line);
            if (progress.kind === 'attempt-started')
                status.attemptStarted(progress.attempt, progress.maxAttempts);
        },
        console: { stdout, stderr }
    };
    const report = await verifyRun(request, ports).finally(() => {
        status.stop();
        io.signal?.removeEventListener('abort', onInterrupt);
    });
    if (report.kind === 'blocked')
        (0,cli_io/* println */.S)(io.stderr, `reverify: error: ${redactor.redact(captureMessage('block', report.failedRunId, place))}`);
    if (report.kind === 'refused')
        (0,cli_io/* println */.S)(io.stderr, `reverify: error: ${redactor.redact(refusalNote(report.guardrail))}`);
    // The summary names the report it is about to write: the verdict waits for nothing (design §8).
    const reportPath = report.kind === 'blocked' ? undefined : (0,external_node_path_.join)(report.session.dir, core_report/* REPORT_FILE */.Uq);
    const places = { name: settings.name, ...(reportPath !== undefined && { reportPath }) };
    // The summary quotes the command, which may hold a credential (a URL's password).
    for (const line of consoleSummary(report, (0,script_lines/* scriptLines */.PN)(settings.script), Date.now() - startedAt, places)) {
        (0,cli_io/* println */.S)(io.stdout, redactor.redact(line));
    }
    if (report.kind !== 'blocked') {
        await ports.pause?.('before-reports');
        await writeRunReports(report.receipt, request, ports);
    }
    return exitCodeOf(report);
}


/***/ }),

/***/ 443:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   m: () => (/* binding */ systemClock),
/* harmony export */   v: () => (/* binding */ timestamp)
/* harmony export */ });
/**
 * Time and chance as the core sees them: one small port, so a test can run a whole verify
 * with a fixed clock, no real waits and a known jitter.
 */
/** RFC 3339 UTC with milliseconds: the one spelling of a time in traces and receipts. */
function timestamp(date) {
    return date.toISOString();
}
/** Sleeps for ms, waking early on abort. */
function abortableSleep(ms, signal) {
    return new Promise(resolve => {
        if (ms <= 0 || signal?.aborted)
            return resolve();
        const timer = setTimeout(done, ms);
        signal?.addEventListener('abort', done, { once: true });
        function done() {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
        }
    });
}
/** The real clock. */
const systemClock = {
    now: () => new Date(),
    sleep: abortableSleep,
    random: Math.random
};


/***/ }),

/***/ 7136:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Al: () => (/* binding */ parseRunSettings),
/* harmony export */   rU: () => (/* binding */ toRawInputs)
/* harmony export */ });
/* unused harmony exports RUN_INPUT_NAMES, nothingToVerify, shellProblem */
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2074);
/* harmony import */ var _parse_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5018);
/* harmony import */ var _resolve_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7441);
/* harmony import */ var _table_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3152);
/* harmony import */ var _shell_script_lines_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2373);
/* harmony import */ var _shell_script_shell_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(464);
/* harmony import */ var _reruns_template_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8385);
/* harmony import */ var _base_printable_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3174);
/**
 * The one place where raw inputs (action inputs or CLI flags, both strings under the same
 * names) become a validated RunSettings, through the input table's parser (inputs/).
 * Everything after this sees typed values only. `RunSettings` is derived from the table:
 * each run input's row names the field it fills (`setting`), its kind gives the field's
 * type, and parsing and `toRawInputs` both walk the table, so adding an input is one row
 * plus its behaviour (docs/design.md §8 "Adding an input").
 */










/** Input names of a verify run, as in docs/design.md §1 and §3 (the `reverify run` flags). */
const RUN_INPUT_NAMES = (0,_table_js__WEBPACK_IMPORTED_MODULE_0__/* .inputsOf */ .Vc)('run');
/** The one-line error of a run given no expectation (docs/design.md §1), naming inputs or flags as the front spells them. */
function nothingToVerify(front) {
    const names = ['expect-exit', 'expect-stdout', 'expect-no-output', 'expect-file', 'expect-check'].map(name => (0,_resolve_js__WEBPACK_IMPORTED_MODULE_1__/* .inputLabel */ .NB)(name, front));
    return `nothing to verify against: give ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
const DEFAULT_LOG_CAP_BYTES = 10 * 1024 * 1024;
/**
 * Why the shell cannot be started from `cwd` with this PATH, or undefined when it can: a
 * named shell or a template's first word that is not an executable file on PATH (or, for a
 * path, where it points). A template that runs `{0}` itself is not checked.
 */
function shellProblem(shell, path, cwd) {
    const program = (0,_shell_script_shell_js__WEBPACK_IMPORTED_MODULE_2__/* .shellProgram */ .rM)(shell);
    const shown = shell.kind === 'template' ? (0,_base_printable_js__WEBPACK_IMPORTED_MODULE_3__/* .showValue */ .vp)(shell.template) : shell.kind;
    const allowed = `expected ${_shell_script_shell_js__WEBPACK_IMPORTED_MODULE_2__/* .SHELL_NAMES */ .YG.join(', ')}, or a template containing {0} whose first word is a program on PATH`;
    if (program === undefined)
        return `${shown} names no program; ${allowed}`;
    if (program.includes('{0}') || (0,_shell_script_shell_js__WEBPACK_IMPORTED_MODULE_2__/* .findProgram */ .Kp)(program, { PATH: path }, cwd) !== undefined)
        return undefined;
    const where = /[\\/]/.test(program) ? 'is not an executable file' : 'is not on PATH';
    return `${shown} cannot run: ${(0,_base_printable_js__WEBPACK_IMPORTED_MODULE_3__/* .showValue */ .vp)(program)} ${where}; ${allowed}`;
}
/** Why `rerun-failed-tests` cannot work with the other inputs, or undefined when it can. */
function rerunProblem(rerun, testResults, shell) {
    if (rerun.kind === 'off')
        return undefined;
    if (testResults.length === 0)
        return 'needs test-results: the JUnit files the runner writes, where the failed tests are read from';
    if ((0,_reruns_template_js__WEBPACK_IMPORTED_MODULE_4__/* .quotingFor */ .ZN)(shell) === undefined)
        return `needs a shell whose quoting protects test names (bash, sh or pwsh), not ${shell.kind}`;
    return undefined;
}
/** Validates every run input; throws UsageError with one line naming the first bad one. */
function parseRunSettings(raw, cwd = process.cwd(), options = {}) {
    const front = options.front ?? 'action';
    const input = (0,_parse_js__WEBPACK_IMPORTED_MODULE_5__/* .parseInputs */ .T)(raw, RUN_INPUT_NAMES, { front, base: cwd });
    if ((0,_shell_script_lines_js__WEBPACK_IMPORTED_MODULE_6__/* .identityLines */ .W7)(input.command).length === 0) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UsageError */ .eb(`${(0,_resolve_js__WEBPACK_IMPORTED_MODULE_1__/* .inputLabel */ .NB)('command', front)}: required; give a script of one or more lines (not only comments)`);
    }
    // Each input's value into the field its row names.
    const settings = { logCapBytes: DEFAULT_LOG_CAP_BYTES };
    const expectations = {};
    for (const name of RUN_INPUT_NAMES) {
        const value = input[name];
        const field = (0,_table_js__WEBPACK_IMPORTED_MODULE_0__/* .inputSpec */ .mm)(name).setting;
        if (value === undefined || field === undefined)
            continue;
        if (field.startsWith('expectations.'))
            expectations[field.slice('expectations.'.length)] = value;
        else
            settings[field] = value;
    }
    if (Object.keys(expectations).length === 0)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UsageError */ .eb(nothingToVerify(front));
    const rerunIssue = rerunProblem(input['rerun-failed-tests'], input['test-results'], input.shell);
    if (rerunIssue !== undefined)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UsageError */ .eb(`${(0,_resolve_js__WEBPACK_IMPORTED_MODULE_1__/* .inputLabel */ .NB)('rerun-failed-tests', front)}: ${rerunIssue}`);
    // A shell that cannot start is a usage error before anything exists (docs/design.md §1).
    const shellIssue = shellProblem(input.shell, options.path ?? process.env.PATH, input['working-directory']);
    if (shellIssue !== undefined)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UsageError */ .eb(`${(0,_resolve_js__WEBPACK_IMPORTED_MODULE_1__/* .inputLabel */ .NB)('shell', front)}: ${shellIssue}`);
    return { ...settings, expectations };
}
/** A parsed value as the raw input that parses to it again. */
function rawValue(kind, value) {
    switch (kind.type) {
        case 'lines':
            return value.join('\n');
        case 'regex':
            return value.source;
        case 'exit-codes':
            return value.text;
        case 'shell': {
            const shell = value;
            return shell.kind === 'template' ? shell.template : shell.kind;
        }
        case 'rerun': {
            const rerun = value;
            return rerun.kind === 'off' ? 'off' : rerun.kind === 'preset' ? rerun.preset : rerun.template;
        }
        default:
            return String(value);
    }
}
/**
 * The inputs that reproduce these settings when parsed again (for resuming a run from
 * disk). `redact` and `state-dir` are left out: the first never reaches disk, the second
 * is where the record lives.
 */
function toRawInputs(settings) {
    const raw = {};
    const fields = settings;
    const expectations = settings.expectations;
    for (const name of RUN_INPUT_NAMES) {
        const spec = (0,_table_js__WEBPACK_IMPORTED_MODULE_0__/* .inputSpec */ .mm)(name);
        if (spec.setting === undefined || spec.notRecorded)
            continue;
        const value = spec.setting.startsWith('expectations.') ? expectations[spec.setting.slice('expectations.'.length)] : fields[spec.setting];
        if (value === undefined)
            continue;
        const text = rawValue(spec.kind, value);
        // An empty list is "not given": it parses back to the same empty list.
        if (text !== '' || spec.kind.type !== 'lines')
            raw[name] = text;
    }
    return raw;
}


/***/ }),

/***/ 3856:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FN: () => (/* binding */ RUN_MARKER_VAR),
/* harmony export */   YW: () => (/* binding */ endSessionGroups),
/* harmony export */   b1: () => (/* binding */ processGroupNote),
/* harmony export */   jk: () => (/* binding */ endMarkedProcesses)
/* harmony export */ });
/* unused harmony exports recordedGroups, endRecordedGroups, markedProcesses */
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8500);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_timers_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _process_identity_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8735);
/* harmony import */ var _session_layout_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4020);
/* harmony import */ var _session_reader_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2537);
/**
 * The process groups of a crashed run (docs/design.md §6): each command's group is recorded
 * in the trace the moment it starts (a `note` with `process_group: {pgid, started}`), and
 * whoever continues or closes the run ends what is left of them before anything runs
 * again — after checking that the pid still names the same process (its start time), so a
 * recycled pid is never signalled. Each command also carries the run id in its environment,
 * which finds on Linux what started in the moment before its group reached the trace.
 */





/** The trace note that records a command's process group as it starts (`during`: "attempt 2"). */
function processGroupNote(during, group) {
    return {
        kind: 'process-group',
        message: `${during}: a command started as process group ${group.pgid}`,
        process_group: { pgid: group.pgid, started: group.started }
    };
}
function parseRecord(value) {
    if (value === null || typeof value !== 'object')
        return undefined;
    const { pgid, started } = value;
    if (typeof pgid !== 'number' || !Number.isSafeInteger(pgid) || pgid <= 1)
        return undefined;
    if (typeof started !== 'string' || started === '' || started.length > 128)
        return undefined;
    return { pgid, started };
}
/** Every process group a trace recorded, newest last, each once. */
function recordedGroups(events) {
    const groups = new Map();
    for (const event of events) {
        if (event.phase !== 'note')
            continue;
        const record = parseRecord(event.payload.process_group);
        if (record !== undefined)
            groups.set(`${record.pgid}@${record.started}`, record);
    }
    return [...groups.values()];
}
/** How often a signalled group is looked at while it is given time to exit. */
const POLL_MS = 50;
function signalGroup(pgid, signal) {
    try {
        process.kill(-pgid, signal);
    }
    catch {
        // Gone in the meantime: nothing to signal.
    }
}
function stillOurs(identity) {
    return identity.kind === 'same' || identity.kind === 'orphaned';
}
/**
 * Ends what is left of recorded groups: SIGTERM to the group, SIGKILL after `graceMs` if
 * any of it is still there. The identity is checked before each signal.
 */
async function endRecordedGroups(groups, graceMs) {
    const endings = [];
    for (const group of groups) {
        const identity = (0,_process_identity_js__WEBPACK_IMPORTED_MODULE_2__/* .identifyGroup */ .CW)(group.pgid, group.started);
        if (identity.kind === 'gone') {
            endings.push({ group, result: 'gone' });
            continue;
        }
        if (identity.kind === 'other') {
            endings.push({ group, result: 'left', why: identity.why });
            continue;
        }
        signalGroup(group.pgid, 'SIGTERM');
        const deadline = Date.now() + graceMs;
        let now = (0,_process_identity_js__WEBPACK_IMPORTED_MODULE_2__/* .identifyGroup */ .CW)(group.pgid, group.started);
        while (stillOurs(now) && Date.now() < deadline) {
            await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_0__.setTimeout)(POLL_MS);
            now = (0,_process_identity_js__WEBPACK_IMPORTED_MODULE_2__/* .identifyGroup */ .CW)(group.pgid, group.started);
        }
        if (stillOurs(now))
            signalGroup(group.pgid, 'SIGKILL');
        endings.push({ group, result: 'ended' });
    }
    return endings;
}
/**
 * Ends the process groups a session's trace recorded (see endRecordedGroups). The session
 * path is untrusted (a receipt or saved state names it): only one of this state directory
 * is read.
 */
async function endSessionGroups(stateDir, sessionDir, graceMs) {
    if (sessionDir === undefined || !(await (0,_session_layout_js__WEBPACK_IMPORTED_MODULE_3__/* .isOwnSessionDir */ .KM)(stateDir, (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(sessionDir))))
        return [];
    return endRecordedGroups(recordedGroups(await (0,_session_reader_js__WEBPACK_IMPORTED_MODULE_4__/* .readSessionTrace */ .Q)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(sessionDir))), graceMs);
}
/**
 * The variable every command of a run gets (docs/design.md §6): its run id. A process the
 * crashed attempt started in the moment before its group reached the trace is still found
 * by it, on Linux, where /proc/<pid>/environ shows the environment a process started with.
 */
const RUN_MARKER_VAR = 'REVERIFY_RUN_ID';
/** Live processes of this user whose environment carries the run's marker (Linux; none elsewhere). */
function markedProcesses(runId) {
    return (0,_process_identity_js__WEBPACK_IMPORTED_MODULE_2__/* .processesWithEnv */ .r3)(RUN_MARKER_VAR, runId);
}
/**
 * Ends the processes that carry a crashed run's marker and outlived it: SIGTERM, then
 * SIGKILL after `graceMs`, each only while its start time still matches. Returns how many.
 */
async function endMarkedProcesses(runId, graceMs) {
    const marked = markedProcesses(runId);
    const same = (process) => (0,_process_identity_js__WEBPACK_IMPORTED_MODULE_2__/* .processStartTime */ .X0)(process.pid) === process.started;
    for (const target of marked)
        if (same(target))
            signalProcess(target.pid, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (marked.some(same) && Date.now() < deadline)
        await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_0__.setTimeout)(POLL_MS);
    for (const target of marked)
        if (same(target))
            signalProcess(target.pid, 'SIGKILL');
    return marked.length;
}
function signalProcess(pid, signal) {
    try {
        process.kill(pid, signal);
    }
    catch {
        // Gone in the meantime.
    }
}


/***/ }),

/***/ 6417:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   YM: () => (/* binding */ daysBetween),
/* harmony export */   fi: () => (/* binding */ addDays),
/* harmony export */   kb: () => (/* binding */ dayOf),
/* harmony export */   tf: () => (/* binding */ isCalendarDate)
/* harmony export */ });
/**
 * Calendar days as the quarantine file writes them (`YYYY-MM-DD`), counted in UTC: an entry
 * that `expires: 2027-01-15` applies through that day, everywhere in the world the same.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
function isCalendarDate(value) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
        return false;
    const ms = Date.parse(`${value}T00:00:00Z`);
    return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}
/** Days from `from` to `to` (negative when `to` is earlier). */
function daysBetween(from, to) {
    return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
/** The day `days` after `from`. */
function addDays(from, days) {
    return new Date(Date.parse(`${from}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
/** The UTC day of a moment. */
function dayOf(moment) {
    return moment.toISOString().slice(0, 10);
}


/***/ }),

/***/ 5944:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U6: () => (/* binding */ OWNER_PLACEHOLDER),
/* harmony export */   WI: () => (/* binding */ MAX_QUARANTINE_DAYS),
/* harmony export */   oU: () => (/* binding */ MAX_QUARANTINE_BYTES),
/* harmony export */   ti: () => (/* binding */ MAX_QUARANTINE_ENTRIES)
/* harmony export */ });
/** A quarantine file's entries and limits (docs/design.md §1 "Quarantine and flaky gates"). */
/** Largest quarantine file read. */
const MAX_QUARANTINE_BYTES = 1024 * 1024;
/** Most entries in one file. */
const MAX_QUARANTINE_ENTRIES = 1000;
/** Longest a quarantine may last, counted from its `added` date. */
const MAX_QUARANTINE_DAYS = 90;
/** What `quarantine suggest` writes for the owner; the check refuses it until someone fills it in. */
const OWNER_PLACEHOLDER = '<owner>';


/***/ }),

/***/ 4560:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Jo: () => (/* binding */ loadQuarantine)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2074);
/* harmony import */ var _entry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5944);
/**
 * The quarantine file (docs/design.md §1 "Quarantine and flaky gates"): a YAML file in the repository,
 * reviewed like code, listing tests whose failure may not fail a run until a date. It comes
 * with the checkout, so it is read with a size cap, parsed by a YAML library, validated
 * entry by entry, and any problem is one line naming the file, the entry and the field —
 * before anything runs.
 */




/**
 * Reads the quarantine file at `path` (absolute); `shown` is how the user named it. An
 * absent file is an empty quarantine; anything else that is wrong is a UsageError.
 */
async function loadQuarantine(path, shown, inputName) {
    const label = `${inputName}: ${shown}`;
    let size;
    try {
        const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(path);
        if (!info.isFile())
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`${label}: is not a file`);
        size = info.size;
    }
    catch (error) {
        if (error instanceof _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb)
            throw error;
        if (error.code === 'ENOENT')
            return { source: shown, entries: [] };
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`${label}: cannot be read (${error.code ?? 'error'})`);
    }
    if (size > _entry_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_QUARANTINE_BYTES */ .oU)
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`${label}: is ${size} bytes; at most ${_entry_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_QUARANTINE_BYTES */ .oU} are read`);
    const content = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(path, 'utf8');
    // The YAML parser is loaded only when there is a file to parse (BENCHMARKS.md, start-up).
    const { parseQuarantine } = await Promise.all(/* import() */[__webpack_require__.e(815), __webpack_require__.e(123)]).then(__webpack_require__.bind(__webpack_require__, 9123));
    return { source: shown, entries: parseQuarantine(content, label) };
}


/***/ }),

/***/ 4848:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MM: () => (/* binding */ excusedFailure),
/* harmony export */   _8: () => (/* binding */ entryState),
/* harmony export */   cy: () => (/* binding */ entryFor)
/* harmony export */ });
/* unused harmony exports EXPIRY_WARNING_DAYS, applyingEntries, entryMatches, describeEntry */
/* harmony import */ var _test_results_explained_failure_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2302);
/* harmony import */ var _dates_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6417);
/**
 * What the quarantine file decides (docs/design.md §1 "Quarantine and flaky gates", the contract's §12):
 * which entries apply today, which warn that they end soon or have ended, and whether an
 * attempt's failure is excused — only when every failed test is quarantined and nothing
 * else went wrong. Quarantine never hides a build error or a test nobody quarantined.
 */


/** From this many days before its expiry, every run warns about an entry. */
const EXPIRY_WARNING_DAYS = 7;
/** An entry applies through its `expires` day; it warns for the last EXPIRY_WARNING_DAYS of them. */
function entryState(entry, today) {
    const left = (0,_dates_js__WEBPACK_IMPORTED_MODULE_0__/* .daysBetween */ .YM)(today, entry.expires);
    if (left < 0)
        return { kind: 'expired', since: -left };
    if (left <= EXPIRY_WARNING_DAYS)
        return { kind: 'expiring', daysLeft: left };
    return { kind: 'active' };
}
/** The entries that apply on `today` (active or expiring). */
function applyingEntries(entries, today) {
    return entries.filter(entry => entryState(entry, today).kind !== 'expired');
}
/** Whether an entry is about this test: the same name, and the same file and suite when the entry gives them. */
function entryMatches(entry, test) {
    if (entry.test !== test.name)
        return false;
    if (entry.file !== undefined && entry.file !== test.file)
        return false;
    if (entry.suite !== undefined && entry.suite !== test.classname)
        return false;
    return true;
}
/** The first entry about this test, if any. */
function entryFor(entries, test) {
    return entries.find(entry => entryMatches(entry, test));
}
/**
 * The attempt's failed tests with their entries when the failure is **entirely** theirs:
 * the tests explain the failure (explained-failure.ts), the results list every failed test,
 * and each one has an entry in `entries` (those that apply today). Otherwise undefined.
 */
function excusedFailure(attempt, entries) {
    if (entries.length === 0)
        return undefined;
    const explanation = (0,_test_results_explained_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .explainFailure */ .S)(attempt);
    if (!explanation.explained || explanation.failing > explanation.tests.length)
        return undefined;
    const excused = [];
    for (const test of explanation.tests) {
        const entry = entryFor(entries, test);
        if (entry === undefined)
            return undefined;
        excused.push({ test, entry });
    }
    return excused;
}
/** The entry in words for a warning: `quarantined until 2027-01-15 by @team: "reason" (issue #812)`. */
function describeEntry(entry) {
    const issue = entry.issue === undefined ? '' : ` (issue ${/^\d+$/.test(entry.issue) ? `#${entry.issue}` : entry.issue})`;
    return `quarantined until ${entry.expires} by ${entry.owner}: ${JSON.stringify(entry.reason)}${issue}`;
}


/***/ }),

/***/ 636:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ closeInterruptedRun)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(443);
/* harmony import */ var _receipts_receipt_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9169);
/* harmony import */ var _session_events_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(907);
/* harmony import */ var _session_layout_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4020);
/* harmony import */ var _session_meta_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8707);
/* harmony import */ var _session_reader_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2537);
/* harmony import */ var _session_writer_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6153);
/* harmony import */ var _session_notes_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8157);
/* harmony import */ var _report_index_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2500);
/* harmony import */ var _export_index_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7937);
/**
 * Closing a run that its own process could not close (killed outright, runner lost): from
 * what is on disk alone, finish the trace so it stays one well-formed session, and mark the
 * receipt interrupted — unless the trace already has its `end`: then the trace is the
 * source of truth and the receipt takes its verdict (a failure stays failed). A trace left
 * empty (killed at its first write) first gets the `start` its run would have written, so it
 * closes like any other. Used by the action's post step, the next run and `reverify resume`
 * (docs/design.md §2, §5, §6).
 */











/**
 * Finishes an interrupted session and receipt: completes a half-recorded attempt
 * (tool_result and verify saying it was interrupted), writes a note with the reason and
 * `end` with outcome aborted, updates meta.json, and marks a `running` receipt
 * `interrupted`. Idempotent: an ended trace and a closed receipt are left alone.
 */
async function closeInterruptedRun(options) {
    const now = options.now ?? (() => new Date());
    let receipt = options.runId ? await options.store.read(options.runId) : undefined;
    let sessionDir = options.sessionDir ?? receipt?.session.dir;
    // A session path from a receipt or saved state is untrusted: only ours is ever touched.
    if (sessionDir !== undefined && !(await (0,_session_layout_js__WEBPACK_IMPORTED_MODULE_1__/* .isOwnSessionDir */ .KM)(options.store.stateDir, sessionDir)))
        sessionDir = undefined;
    let closedTrace = false;
    let attempts = receipt?.attempts ?? 0;
    let verdict;
    if (sessionDir !== undefined) {
        const events = await (0,_session_reader_js__WEBPACK_IMPORTED_MODULE_2__/* .readSessionTrace */ .Q)(sessionDir);
        // Only a receipt trusted to give its verdict may also give an empty trace its start.
        const opening = options.traceDecides === false ? undefined : await openingOf(sessionDir, receipt);
        const closing = closingEvents(events, options.reason, () => (0,_base_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .timestamp */ .v)(now()), opening);
        const all = closing === undefined ? events : [...events, ...closing.events];
        attempts = (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .traceCounts */ .aD)(all).attempts;
        verdict =
            options.traceDecides !== false && closing === undefined && receipt?.session.id === (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .eventsOf */ .XL)(events, 'start')[0]?.session_id
                ? verdictOf(events)
                : undefined;
        if (closing !== undefined) {
            const ending = {
                outcome: 'aborted',
                ended_at: (0,_base_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .timestamp */ .v)(now()),
                flaky: false,
                summary: closing.summary,
                run_id: options.runId
            };
            await (0,_session_writer_js__WEBPACK_IMPORTED_MODULE_5__/* .closeOnDisk */ .d9)(sessionDir, events, closing.events, ending, options.redactor);
            closedTrace = true;
        }
    }
    let closedReceipt = false;
    if (receipt !== undefined && receipt.status === 'running') {
        // A trace with its end decided the run before the crash: the receipt takes that verdict.
        receipt = { ...receipt, status: 'interrupted', ended_at: (0,_base_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .timestamp */ .v)(now()), attempts, ...verdict };
        await options.store.write(receipt);
        closedReceipt = true;
    }
    // The report of a closed run belongs with its trace, as for a run that closed itself.
    if (sessionDir !== undefined && receipt !== undefined && (closedTrace || closedReceipt)) {
        const exported = await (0,_export_index_js__WEBPACK_IMPORTED_MODULE_6__/* .exportClosedRun */ .A)(receipt, { stateDir: options.store.stateDir, redactor: options.redactor, sessionDir });
        const report = await (0,_report_index_js__WEBPACK_IMPORTED_MODULE_7__/* .writeSessionReport */ .aH)(options.store, receipt, sessionDir);
        const errors = [...('error' in report ? [report.error] : []), ...exported];
        if (errors.length > 0)
            return { closedTrace, receipt, attempts, reportError: errors.join('; ') };
    }
    return { closedTrace, receipt, attempts };
}
/** The receipt's verdict as a closed trace records it (status, flaky, attempts, end time, last commands). */
function verdictOf(events) {
    const end = (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .eventsOf */ .XL)(events, 'end')[0];
    if (end === undefined)
        return undefined;
    const { outcome } = end.payload;
    const refused = (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .eventsOf */ .XL)(events, 'note').some(event => (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .noteKind */ .LA)(event.payload) === 'refusal');
    const status = (0,_receipts_receipt_js__WEBPACK_IMPORTED_MODULE_8__/* .receiptStatusFor */ .Ab)(outcome, !refused);
    const results = (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .eventsOf */ .XL)(events, 'tool_result');
    const last = results[results.length - 1]?.payload.commands;
    return {
        status,
        flaky: end.payload.flaky === true,
        ended_at: end.ts,
        attempts: (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .traceCounts */ .aD)(events).attempts,
        ...(last !== undefined && { commands: last }),
        ...policyOf(events, outcome)
    };
}
/** What decided the verdict beyond the expectations, as the trace records it: the quarantine (a pass), or a gate's note. */
function policyOf(events, outcome) {
    const gate = (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .eventsOf */ .XL)(events, 'note').find(event => (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .noteKind */ .LA)(event.payload) === 'gate')?.payload.gate;
    if (gate !== undefined && outcome === 'failure')
        return { gate };
    if (outcome !== 'success')
        return {};
    const excused = (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .eventsOf */ .XL)(events, 'verify').find(event => event.payload.ok && event.payload.quarantined !== undefined)?.payload.quarantined;
    if (excused === undefined)
        return {};
    return { quarantined: [...new Set(excused.map(name => name.slice(0, 500)))].slice(0, 100), gate: 'quarantine' };
}
/**
 * The `start` a session killed before its first event would have written, from its receipt
 * (run id, target, scope, start time) and meta.json when it got that far (name, version);
 * without meta.json the name is the folder the session was filed under (§2). Undefined
 * when the receipt is not this session's: then nothing is known for sure.
 */
async function openingOf(sessionDir, receipt) {
    if (receipt === undefined || (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(receipt.session.dir) !== (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(sessionDir) || (0,node_path__WEBPACK_IMPORTED_MODULE_0__.basename)(sessionDir) !== receipt.session.id) {
        return undefined;
    }
    const meta = await (0,_session_meta_js__WEBPACK_IMPORTED_MODULE_9__/* .readSessionMeta */ .up)(sessionDir);
    const known = meta?.session_id === receipt.session.id ? meta : undefined;
    return {
        ts: receipt.started_at,
        skill: known?.skill ?? (0,node_path__WEBPACK_IMPORTED_MODULE_0__.basename)((0,node_path__WEBPACK_IMPORTED_MODULE_0__.dirname)(sessionDir)),
        session_id: receipt.session.id,
        phase: 'start',
        payload: {
            run_id: receipt.run_id,
            target: receipt.target,
            scope: receipt.scope,
            ...(known !== undefined && { version: known.version }),
            ...(receipt.ci && { ci: receipt.ci })
        }
    };
}
/**
 * The events that close an open trace: the missing result and verification of its last
 * attempt, the reason, and `end`. A trace with no `start` (killed at its first write) is
 * given `opening` first, so it closes like any other; undefined when there is none, or
 * when the trace has its end.
 */
function closingEvents(events, reason, stamp, opening) {
    const start = (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .eventsOf */ .XL)(events, 'start')[0] ?? (events.length === 0 ? opening : undefined);
    if (start === undefined || (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .eventsOf */ .XL)(events, 'end').length > 0)
        return undefined;
    const base = { skill: start.skill, session_id: start.session_id };
    const calls = (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .eventsOf */ .XL)(events, 'tool_call');
    const closing = start === opening ? [opening] : [];
    const lastCall = calls[calls.length - 1];
    if (lastCall !== undefined) {
        const attempt = lastCall.payload.attempt;
        if (!(0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .eventsOf */ .XL)(events, 'tool_result').some(event => event.payload.attempt === attempt)) {
            closing.push({ ...base, ts: stamp(), phase: 'tool_result', payload: (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .interruptedToolResult */ .mR)(attempt, lastCall.ts) });
        }
        if (!(0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .eventsOf */ .XL)(events, 'verify').some(event => event.payload.attempt === attempt)) {
            closing.push({ ...base, ts: stamp(), phase: 'verify', payload: (0,_session_events_js__WEBPACK_IMPORTED_MODULE_4__/* .unjudgedVerify */ .k4)(attempt, 'interrupted before it could be verified') });
        }
    }
    const summary = `interrupted after ${calls.length} attempt(s): ${reason}`;
    const rebuilt = start === opening ? 'its trace was empty (killed as its session opened; the start above is rebuilt from its receipt); ' : '';
    closing.push({ ...base, ts: stamp(), phase: 'note', payload: (0,_session_notes_js__WEBPACK_IMPORTED_MODULE_10__/* .interruptedNote */ .No)(`${rebuilt}${reason}`) });
    closing.push({ ...base, ts: stamp(), phase: 'end', payload: { outcome: 'aborted', summary } });
    return { events: closing, summary };
}


/***/ }),

/***/ 5524:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U: () => (/* binding */ settleBeforeResume),
/* harmony export */   q: () => (/* binding */ endLeftovers)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _process_crashed_groups_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3856);
/* harmony import */ var _session_layout_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4020);
/* harmony import */ var _close_interrupted_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(636);
/* harmony import */ var _resume_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7442);
/* harmony import */ var _run_seal_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9038);
/**
 * What a run left behind that resuming need not, or cannot, continue (docs/design.md §6):
 * the process groups of a crashed run, ended before anything runs again; a run whose trace
 * has its `end` (the crash came after the run had ended), whose receipt is settled from the
 * trace; and a run whose session is gone, which is closed as `interrupted` — with neither its
 * trace nor its inputs left, no later command can continue it.
 */






/**
 * Ends what the crashed run `crashed` left running, before anything runs again; `onEnded`
 * hears of each process group ended.
 */
async function endLeftovers(stateDir, crashed, graceMs, onEnded) {
    for (const ending of await (0,_process_crashed_groups_js__WEBPACK_IMPORTED_MODULE_1__/* .endSessionGroups */ .YW)(stateDir, crashed.session.dir, graceMs)) {
        if (ending.result === 'ended')
            onEnded(ending.group.pgid);
    }
    // What started in the moment before its group was recorded still carries the run id.
    await (0,_process_crashed_groups_js__WEBPACK_IMPORTED_MODULE_1__/* .endMarkedProcesses */ .jk)(crashed.run_id, graceMs);
}
/**
 * Settles or closes a run that `reverify resume` was asked to continue, when the disk says
 * there is nothing to continue. Only a run this machine sealed, whose owner is gone, is
 * touched; anything else is left for the resume to refuse.
 */
async function settleBeforeResume(options) {
    const { store, receipt, here, seal, redactor, now } = options;
    if (!(0,_resume_js__WEBPACK_IMPORTED_MODULE_2__/* .ownerGone */ .RT)(receipt, here) || !(0,_run_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .receiptSealed */ .xB)(receipt, seal))
        return { kind: 'continue' };
    const ended = await (0,_resume_js__WEBPACK_IMPORTED_MODULE_2__/* .endedBeforeReceipt */ .y4)(receipt, store.stateDir, here, seal);
    const gone = !ended && !(await (0,_session_layout_js__WEBPACK_IMPORTED_MODULE_4__/* .isOwnSessionDir */ .KM)(store.stateDir, (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(receipt.session.dir)));
    if (!ended && !gone)
        return { kind: 'continue' };
    await endLeftovers(store.stateDir, receipt, options.killGraceMs ?? 2000, options.onLeftoverEnded);
    if (ended) {
        // The trace decides: the receipt takes its verdict (a failed run stays failed).
        const settled = await (0,_close_interrupted_js__WEBPACK_IMPORTED_MODULE_5__/* .closeInterruptedRun */ .c)({ store, runId: receipt.run_id, reason: '', redactor, now });
        return {
            kind: 'settled',
            receipt: settled.receipt ?? receipt,
            ...(settled.reportError !== undefined && { reportError: settled.reportError })
        };
    }
    const closed = await (0,_close_interrupted_js__WEBPACK_IMPORTED_MODULE_5__/* .closeInterruptedRun */ .c)({ store, runId: receipt.run_id, reason: _resume_js__WEBPACK_IMPORTED_MODULE_2__/* .SESSION_GONE */ .D0, redactor, now, traceDecides: false });
    return { kind: 'closed', receipt: closed.receipt ?? receipt, reason: _resume_js__WEBPACK_IMPORTED_MODULE_2__/* .SESSION_GONE */ .D0 };
}


/***/ }),

/***/ 9153:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FN: () => (/* binding */ expiryWarnings),
/* harmony export */   Q2: () => (/* binding */ quarantinePath),
/* harmony export */   Rg: () => (/* binding */ receiptPolicy),
/* harmony export */   ce: () => (/* binding */ noteExpiries),
/* harmony export */   wJ: () => (/* binding */ quarantineFacts),
/* harmony export */   wL: () => (/* binding */ quarantineOn),
/* harmony export */   wm: () => (/* binding */ loadRunQuarantine)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _quarantine_dates_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6417);
/* harmony import */ var _quarantine_file_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4560);
/* harmony import */ var _quarantine_policy_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4848);
/* harmony import */ var _session_notes_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8157);
/* harmony import */ var _test_results_attempt_tests_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9417);
/* harmony import */ var _verify_quarantine_step_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(172);
/**
 * The quarantine file in a verify run (docs/design.md §1 "Quarantine and flaky gates"): read and validated before
 * anything exists (a bad file is a usage error, exit 2), its entries that end within a week
 * or have ended told as warnings and trace notes, and what it decided carried to the
 * receipt and the report.
 */







/** Reads the run's quarantine file; undefined when it has no entries (or is absent). */
async function loadRunQuarantine(request, now, inputName) {
    const shown = request.settings.quarantine;
    if (shown === undefined || shown === '')
        return undefined;
    const root = request.quarantineRoot ?? request.settings.workingDirectory;
    const list = await (0,_quarantine_file_js__WEBPACK_IMPORTED_MODULE_1__/* .loadQuarantine */ .Jo)(quarantinePath(shown, root), shown, inputName);
    if (list.entries.length === 0)
        return undefined;
    return quarantineOn(list, (0,_quarantine_dates_js__WEBPACK_IMPORTED_MODULE_2__/* .dayOf */ .kb)(now));
}
/** Where the quarantine file named `shown` is: an absolute path as given, a relative one from the repository root. */
function quarantinePath(shown, root) {
    return (0,node_path__WEBPACK_IMPORTED_MODULE_0__.isAbsolute)(shown) ? shown : (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(root, shown);
}
/** The quarantine as it stands on `today`: which entries end within a week, which have ended. */
function quarantineOn(list, today) {
    const expiring = [];
    const expired = [];
    for (const entry of list.entries) {
        const state = (0,_quarantine_policy_js__WEBPACK_IMPORTED_MODULE_3__/* .entryState */ ._8)(entry, today);
        if (state.kind === 'expiring')
            expiring.push({ entry, daysLeft: state.daysLeft });
        if (state.kind === 'expired')
            expired.push({ entry, since: state.since });
    }
    return { list, context: { entries: list.entries, today }, expiring, expired };
}
/** The expiry warnings, one line each: to the front end now and, once the session exists, to the trace. */
function expiryWarnings(quarantine) {
    if (quarantine === undefined)
        return [];
    const { source } = quarantine.list;
    const soon = quarantine.expiring.map(({ entry, daysLeft }) => ({
        kind: 'quarantine-expiry',
        test: entry.test,
        owner: entry.owner,
        expires: entry.expires,
        expired: false,
        note: `the quarantine of ${JSON.stringify(entry.test)} in ${source} (owner ${entry.owner}) expires on ${entry.expires}, ${daysLeft === 0 ? 'today' : `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`}: fix the test, or renew the entry with a reason`
    }));
    const ended = quarantine.expired.map(({ entry }) => ({
        kind: 'quarantine-expiry',
        test: entry.test,
        owner: entry.owner,
        expires: entry.expires,
        expired: true,
        note: `the quarantine of ${JSON.stringify(entry.test)} in ${source} (owner ${entry.owner}) expired on ${entry.expires} and no longer applies: a failure of that test fails the run`
    }));
    return [...ended, ...soon];
}
/** Writes the expiry warnings to the trace. */
function noteExpiries(session, quarantine) {
    for (const warning of expiryWarnings(quarantine))
        session.event('note', (0,_session_notes_js__WEBPACK_IMPORTED_MODULE_4__/* .quarantineNote */ .eM)(warning.note));
}
/** What the receipt records of the policy: the quarantined tests of a pass they excused, and what decided. */
function receiptPolicy(loop) {
    if (loop.gate !== undefined)
        return { gate: loop.gate.gate };
    if (loop.quarantined === undefined)
        return {};
    const names = [...new Set(loop.quarantined.map(({ test }) => test.name.slice(0, 500)))].slice(0, _test_results_attempt_tests_js__WEBPACK_IMPORTED_MODULE_5__/* .MAX_TESTS_LISTED */ .N4);
    return { quarantined: names, gate: 'quarantine' };
}
/** The report's quarantine facts, when the file had entries. */
function quarantineFacts(quarantine, loop) {
    if (quarantine === undefined)
        return undefined;
    const covered = loop.outcome === 'success' ? [] : (0,_verify_quarantine_step_js__WEBPACK_IMPORTED_MODULE_6__/* .coveredFailures */ .KZ)(loop.attempts[loop.attempts.length - 1], quarantine.context);
    return {
        source: quarantine.list.source,
        excused: loop.quarantined ?? [],
        covered,
        expiring: quarantine.expiring,
        expired: quarantine.expired
    };
}


/***/ }),

/***/ 8157:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HB: () => (/* binding */ logIncompleteNote),
/* harmony export */   No: () => (/* binding */ interruptedNote),
/* harmony export */   _Q: () => (/* binding */ uncapturedNote),
/* harmony export */   _o: () => (/* binding */ refusalTraceNote),
/* harmony export */   cy: () => (/* binding */ hookNote),
/* harmony export */   eM: () => (/* binding */ quarantineNote),
/* harmony export */   kC: () => (/* binding */ resumedNote),
/* harmony export */   mD: () => (/* binding */ gateNote),
/* harmony export */   vd: () => (/* binding */ rerunNote),
/* harmony export */   xn: () => (/* binding */ retryDecisionNote)
/* harmony export */ });

/** The note after a failed attempt: the loop retries it, or says why it does not. */
function retryDecisionNote(attempt, retry, message) {
    return { kind: 'retry-decision', message, retry, attempt };
}
/** A guardrail refusal, with the rule that matched. */
function refusalTraceNote(message, rule) {
    return { kind: 'refusal', message, rule };
}
/** What the next attempt runs: the failed tests alone (and the command), or the whole command and why. */
function rerunNote(attempt, message) {
    return { kind: 'rerun', message, attempt };
}
/** A gate turned a flaky pass into a failure. */
function gateNote(message, gate, flakyTests) {
    return { kind: 'gate', message, gate, flaky_tests: [...flakyTests] };
}
/** A quarantine entry that expires soon or has expired. */
function quarantineNote(message) {
    return { kind: 'quarantine', message };
}
/** What the on-retry hook did. */
function hookNote(message) {
    return { kind: 'hook', message };
}
/** The run was interrupted, or closed by whoever found it interrupted. */
function interruptedNote(message) {
    return { kind: 'interrupted', message };
}
/** An attempt's log stopped at a full disk. */
function logIncompleteNote(message) {
    return { kind: 'log-incomplete', message };
}
/** This run continues an interrupted one. */
function resumedNote(message) {
    return { kind: 'resumed', message };
}
/** The run went ahead after the uncaptured failure `runId`. */
function uncapturedNote(runId) {
    return { kind: 'uncaptured', message: `retrying after failed run ${runId}, which nobody captured` };
}


/***/ }),

/***/ 1751:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ writeRunRecord),
/* harmony export */   h: () => (/* binding */ readRunInputs)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _base_atomic_file_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(119);
/* harmony import */ var _redaction_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6834);
/* harmony import */ var _recovery_run_seal_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9038);
/* harmony import */ var _inputs_settings_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7136);
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4020);
/**
 * run.json: the inputs that reproduce a run, so `reverify resume` can rebuild its settings
 * (docs/design.md §6). A run whose inputs hold a secret is recorded as not resumable from
 * disk: the inputs never reach disk in clear, and such a run is resumed by running the same
 * command again. The record is sealed with this machine's key (run-seal.ts): resume reads
 * inputs only from a run.json this machine's reverify wrote, never one that came with a
 * checkout.
 */







/** The schema a run.json read back must fit, built on first use (only resume reads it). */
function runRecordSchema() {
    return zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([
        zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
            schema_version: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(1),
            resumable: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(true),
            inputs: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(64), zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(1_000_000)),
            seal: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().regex(_recovery_run_seal_js__WEBPACK_IMPORTED_MODULE_2__/* .SEAL_PATTERN */ .di).optional()
        }),
        zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ schema_version: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(1), resumable: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(false), seal: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().regex(_recovery_run_seal_js__WEBPACK_IMPORTED_MODULE_2__/* .SEAL_PATTERN */ .di).optional() })
    ]);
}
/** Largest run.json read back. */
const MAX_RECORD_BYTES = 1024 * 1024;
/** Writes run.json for a session; inputs a redactor would change are left out. */
async function writeRunRecord(sessionDir, settings, redactor, seal) {
    const inputs = (0,_inputs_settings_js__WEBPACK_IMPORTED_MODULE_3__/* .toRawInputs */ .rU)(settings);
    const safe = JSON.stringify((0,_redaction_index_js__WEBPACK_IMPORTED_MODULE_4__/* .redactDeep */ .K)(inputs, redactor)) === JSON.stringify(inputs);
    const content = safe ? { schema_version: 1, resumable: true, inputs } : { schema_version: 1, resumable: false };
    const record = seal === undefined ? content : { ...content, seal: seal.sign(recordFields(sessionDir, content)) };
    await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_5__/* .writeFileAtomic */ .Zf)((0,node_path__WEBPACK_IMPORTED_MODULE_0__.join)(sessionDir, _layout_js__WEBPACK_IMPORTED_MODULE_6__/* .SessionFile */ .xg.runRecord), `${JSON.stringify(record, null, 2)}\n`, 0o600);
}
/** What a run.json's seal covers: its session folder and its content. */
function recordFields(sessionDir, record) {
    const inputs = record.resumable ? Object.entries(record.inputs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : [];
    return ['run-record', (0,node_path__WEBPACK_IMPORTED_MODULE_0__.basename)(sessionDir), String(record.schema_version), String(record.resumable), JSON.stringify(inputs)];
}
/**
 * The recorded inputs of a session, or undefined when there are none it may be resumed
 * from: none recorded, a secret among them, or no seal of this machine's that holds.
 */
async function readRunInputs(sessionDir, seal) {
    try {
        const text = await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_5__/* .readRegularFile */ .XF)((0,node_path__WEBPACK_IMPORTED_MODULE_0__.join)(sessionDir, _layout_js__WEBPACK_IMPORTED_MODULE_6__/* .SessionFile */ .xg.runRecord), MAX_RECORD_BYTES);
        const parsed = runRecordSchema().safeParse(JSON.parse(text ?? 'null'));
        if (!parsed.success || !parsed.data.resumable || seal === undefined)
            return undefined;
        return seal.holds(recordFields(sessionDir, parsed.data), parsed.data.seal) ? parsed.data.inputs : undefined;
    }
    catch {
        return undefined;
    }
}


/***/ }),

/***/ 6153:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   aH: () => (/* binding */ TraceSession),
/* harmony export */   d9: () => (/* binding */ closeOnDisk)
/* harmony export */ });
/* unused harmony export appendEvents */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(119);
/* harmony import */ var _base_clock_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(443);
/* harmony import */ var _redaction_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6834);
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4020);
/* harmony import */ var _meta_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8707);
/* harmony import */ var _reader_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2537);
/**
 * Writing a session (docs/design.md §2). Every event is one whole line, synced before the
 * call returns, so a crash leaves at most a torn last line — which the next writer ends
 * with a newline before appending, so it stays on its own line.
 */








/** Opens a session's trace for appending, first ending a last line a crash tore. */
function openTraceForAppend(sessionDir) {
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(sessionDir, _layout_js__WEBPACK_IMPORTED_MODULE_2__/* .SessionFile */ .xg.trace), 'a+', 0o600);
    const size = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd).size;
    if (size > 0) {
        const last = Buffer.alloc(1);
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readSync)(fd, last, 0, 1, size - 1);
        if (last[0] !== 0x0a) {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeSync)(fd, '\n');
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fsyncSync)(fd);
        }
    }
    return fd;
}
/** Appends whole events to a session's trace (redacted) and syncs them. */
function appendEvents(sessionDir, events, redactor) {
    const fd = openTraceForAppend(sessionDir);
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeSync)(fd, events.map(event => `${JSON.stringify((0,_redaction_index_js__WEBPACK_IMPORTED_MODULE_3__/* .redactDeep */ .K)(event, redactor))}\n`).join(''));
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fsyncSync)(fd);
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
    }
}
/** An open trace session: appends events and keeps meta.json current. */
class TraceSession {
    id;
    dir;
    redactor;
    now;
    fd;
    meta;
    constructor(id, dir, meta, redactor, now) {
        this.id = id;
        this.dir = dir;
        this.redactor = redactor;
        this.now = now;
        this.meta = meta;
        this.fd = openTraceForAppend(dir);
    }
    /** Creates the session directory and writes the initial meta.json. */
    static async open(options) {
        const { id, dir, startedAt } = options.planned ?? (0,_layout_js__WEBPACK_IMPORTED_MODULE_2__/* .planSession */ .wk)(options.stateDir, options.name, options.now());
        // Level by level, refusing links: a link planted under sessions/ must not take the
        // trace somewhere else.
        let path = options.stateDir;
        for (const step of (0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(options.stateDir, dir).split(node_path__WEBPACK_IMPORTED_MODULE_1__.sep)) {
            path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(path, step);
            await (0,_base_atomic_file_js__WEBPACK_IMPORTED_MODULE_4__/* .ensureRealDirectory */ .Sp)(path);
        }
        const meta = {
            session_id: id,
            skill: options.name,
            version: options.version,
            started_at: (0,_base_clock_js__WEBPACK_IMPORTED_MODULE_5__/* .timestamp */ .v)(startedAt),
            ended_at: null,
            outcome: 'running',
            attempts: 0,
            tool_calls: 0,
            errors: 0,
            flaky: false,
            run_id: options.runId,
            summary: ''
        };
        const session = new TraceSession(id, dir, meta, options.redactor, options.now);
        await session.writeMeta();
        return session;
    }
    /** Continues an existing session (resume). */
    static async reopen(dir, meta, redactor, now) {
        const session = new TraceSession(meta.session_id, dir, { ...meta, ended_at: null, outcome: 'running' }, redactor, now);
        await session.writeMeta();
        return session;
    }
    /** The current meta.json content. */
    get metadata() {
        return this.meta;
    }
    /** Path of an attempt's full log. */
    attemptLogPath(attempt) {
        return (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(this.dir, (0,_layout_js__WEBPACK_IMPORTED_MODULE_2__/* .attemptLogName */ .Nr)(attempt));
    }
    /** Path of an attempt's expect-check output. */
    attemptCheckLogPath(attempt) {
        return (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(this.dir, (0,_layout_js__WEBPACK_IMPORTED_MODULE_2__/* .attemptCheckLogName */ .nW)(attempt));
    }
    /** Appends one event as one whole, synced line (redacted). */
    event(phase, payload) {
        if (this.fd === undefined)
            throw new Error(`trace ${this.id} is closed`);
        const line = {
            ts: (0,_base_clock_js__WEBPACK_IMPORTED_MODULE_5__/* .timestamp */ .v)(this.now()),
            // The name is free text, redacted like the payload (meta.json's copy is too).
            skill: this.redactor.redact(this.meta.skill),
            session_id: this.id,
            phase,
            payload: (0,_redaction_index_js__WEBPACK_IMPORTED_MODULE_3__/* .redactDeep */ .K)(payload, this.redactor)
        };
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeSync)(this.fd, `${JSON.stringify(line)}\n`);
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fsyncSync)(this.fd);
    }
    /** Updates meta fields in memory (written by writeMeta). */
    update(patch) {
        this.meta = { ...this.meta, ...patch };
    }
    /** Writes meta.json atomically. */
    async writeMeta() {
        await (0,_meta_js__WEBPACK_IMPORTED_MODULE_6__/* .writeSessionMeta */ .xO)(this.dir, this.meta, this.redactor);
    }
    /**
     * Ends the session: the `end` event, the final meta.json (with the patch), the trace
     * closed. The counts are read back from the trace itself, so they agree with it also
     * after a resume (docs/design.md §2).
     */
    async end(payload, ending) {
        this.event('end', payload);
        this.meta = (0,_meta_js__WEBPACK_IMPORTED_MODULE_6__/* .endedMeta */ .AC)(await (0,_reader_js__WEBPACK_IMPORTED_MODULE_7__/* .readSessionTrace */ .Q)(this.dir), this.meta, { ...ending, outcome: payload.outcome });
        await this.writeMeta();
        this.close();
    }
    /** Closes the trace file. */
    close() {
        if (this.fd !== undefined)
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(this.fd);
        this.fd = undefined;
    }
}
/**
 * Closes on disk a session its own process could not close (docs/design.md §6): appends the
 * closing events to the trace, then writes meta.json from the whole trace (`endedMeta`).
 */
async function closeOnDisk(sessionDir, events, closing, ending, redactor) {
    appendEvents(sessionDir, closing, redactor);
    await (0,_meta_js__WEBPACK_IMPORTED_MODULE_6__/* .writeSessionMeta */ .xO)(sessionDir, (0,_meta_js__WEBPACK_IMPORTED_MODULE_6__/* .endedMeta */ .AC)([...events, ...closing], await (0,_meta_js__WEBPACK_IMPORTED_MODULE_6__/* .readSessionMeta */ .up)(sessionDir), ending), redactor);
}


/***/ }),

/***/ 172:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F_: () => (/* binding */ flakyGate),
/* harmony export */   KZ: () => (/* binding */ coveredFailures),
/* harmony export */   RW: () => (/* binding */ expiredFailures),
/* harmony export */   d8: () => (/* binding */ quarantineRecords),
/* harmony export */   nf: () => (/* binding */ excuseOf),
/* harmony export */   tT: () => (/* binding */ describeExcused),
/* harmony export */   wH: () => (/* binding */ excuseQuarantined)
/* harmony export */ });
/* harmony import */ var _quarantine_policy_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4848);

/** The entries that apply today. */
function applying(context) {
    return context.entries.filter(entry => (0,_quarantine_policy_js__WEBPACK_IMPORTED_MODULE_0__/* .entryState */ ._8)(entry, context.today).kind !== 'expired');
}
/**
 * Marks a failed attempt verified when every failure is quarantined, unless a rerun of just
 * those tests comes next (`rerunNext`): a quarantined test still gets its reruns, and only
 * its failure after the last one is excused. A whole-command retry is not made for a
 * failure that is already excused. Returns whether it excused the attempt.
 */
function excuseQuarantined(attempt, context, rerunNext) {
    if (context === undefined || attempt.verified || attempt.interrupted)
        return false;
    const excused = (0,_quarantine_policy_js__WEBPACK_IMPORTED_MODULE_0__/* .excusedFailure */ .MM)(attempt, applying(context));
    if (excused === undefined || rerunNext())
        return false;
    attempt.quarantined = excused;
    attempt.verified = true;
    return true;
}
/**
 * What excused a verified attempt: its own record, or — for an attempt a resumed run read
 * back from the trace, verified with a check that failed — the same judgement made again
 * from its recorded results and today's entries.
 */
function excuseOf(attempt, context) {
    if (attempt === undefined || !attempt.verified)
        return undefined;
    if (attempt.quarantined !== undefined)
        return attempt.quarantined;
    if (context === undefined || attempt.checks.every(check => check.ok))
        return undefined;
    return (0,_quarantine_policy_js__WEBPACK_IMPORTED_MODULE_0__/* .excusedFailure */ .MM)(attempt, applying(context));
}
/** The words of the verify event of an excused attempt. */
function describeExcused(excused) {
    const names = excused.map(({ test, entry }) => `${test.name} (${entry.owner}, until ${entry.expires})`);
    return `every failure is quarantined: ${names.join('; ')}`;
}
/** Failed tests of the attempt whose entry has expired, with that entry: they fail the run again. */
function expiredFailures(attempt, context) {
    if (attempt === undefined || context === undefined || attempt.tests === undefined)
        return [];
    const expired = context.entries.filter(entry => (0,_quarantine_policy_js__WEBPACK_IMPORTED_MODULE_0__/* .entryState */ ._8)(entry, context.today).kind === 'expired');
    return attempt.tests.failedTests.flatMap(test => {
        const entry = (0,_quarantine_policy_js__WEBPACK_IMPORTED_MODULE_0__/* .entryFor */ .cy)(expired, test);
        return entry === undefined ? [] : [{ test, entry }];
    });
}
/**
 * The gates over a flaky pass: `fail-on-flaky` fails it unless every flaky test is
 * quarantined (a flaky pass whose results name no test fails it too: nothing shows it was
 * a quarantined test), and `max-flaky-tests` fails it when more tests than allowed flaked,
 * quarantined ones not counted (a flaky pass with no names counts as one).
 */
function flakyGate(settings, flakyTests, context) {
    const entries = context === undefined ? [] : applying(context);
    // A flaky test is named without its file: an entry for that name covers it.
    const open = flakyTests.filter(name => !entries.some(entry => entry.test === name));
    const shown = flakyTests.length === 0 ? 'the command (its results name no flaky test)' : open.join('; ');
    if (settings.failOnFlaky && (flakyTests.length === 0 || open.length > 0)) {
        return {
            gate: 'fail-on-flaky',
            tests: open,
            message: `flaky pass refused by fail-on-flaky: ${shown} failed, then passed on a retry, and ${open.length === 1 || flakyTests.length === 0 ? 'is' : 'are'} not quarantined`
        };
    }
    const counted = flakyTests.length === 0 ? 1 : open.length;
    if (settings.maxFlakyTests !== undefined && counted > settings.maxFlakyTests) {
        return {
            gate: 'max-flaky-tests',
            tests: open,
            message: `flaky pass refused by max-flaky-tests: ${counted} flaky test${counted === 1 ? '' : 's'} (${shown}), more than max-flaky-tests (${settings.maxFlakyTests})`
        };
    }
    return undefined;
}
/**
 * The attempt's failed tests that an entry applying today covers, with the entry's owner,
 * reason and expiry: all of them when the quarantine excused the attempt, else those that
 * failed next to something quarantine does not excuse. Undefined when there are none.
 */
function quarantineRecords(attempt, context) {
    const found = attempt.quarantined ?? coveredFailures(attempt, context);
    if (found.length === 0)
        return undefined;
    return found.map(({ test, entry }) => ({
        test: test.name,
        owner: entry.owner,
        reason: entry.reason,
        expires: entry.expires,
        ...(entry.issue !== undefined && { issue: entry.issue })
    }));
}
/** The attempt's failed tests that an entry applying today covers, with that entry (excused or not). */
function coveredFailures(attempt, context) {
    if (attempt === undefined || context === undefined || attempt.tests === undefined)
        return [];
    const entries = applying(context);
    return attempt.tests.failedTests.flatMap(test => {
        const entry = (0,_quarantine_policy_js__WEBPACK_IMPORTED_MODULE_0__/* .entryFor */ .cy)(entries, test);
        return entry === undefined ? [] : [{ test, entry }];
    });
}


/***/ })

};
