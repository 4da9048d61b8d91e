export const id = 411;
export const ids = [411,716];
export const modules = {

/***/ 6792:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  quarantineCommandLine: () => (/* binding */ quarantineCommandLine)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/core/base/printable.ts
var printable = __webpack_require__(3174);
// EXTERNAL MODULE: ./src/core/base/errors.ts
var errors = __webpack_require__(2074);
// EXTERNAL MODULE: ./src/core/inputs/parse.ts
var parse = __webpack_require__(5018);
// EXTERNAL MODULE: ./src/core/inputs/resolve.ts
var resolve = __webpack_require__(7441);
// EXTERNAL MODULE: ./src/core/run/run-quarantine.ts
var run_quarantine = __webpack_require__(9153);
// EXTERNAL MODULE: ./src/core/quarantine/dates.ts
var dates = __webpack_require__(6417);
// EXTERNAL MODULE: ./src/core/quarantine/file.ts + 1 modules
var file = __webpack_require__(2237);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
// EXTERNAL MODULE: ./src/core/quarantine/entry.ts
var entry = __webpack_require__(5944);
// EXTERNAL MODULE: ./src/core/receipts/receipt.ts + 1 modules
var receipt = __webpack_require__(9169);
;// CONCATENATED MODULE: ./src/core/quarantine/history.ts
/**
 * A quarantined test's record in the receipts (docs/design.md §1 "Quarantine and flaky gates",
 * "The quarantine command"): the runs with test results since the entry was added, how the
 * test did in each, and whether it has passed long enough to be released. Pure: the CLI
 * reads the receipts and words these facts.
 */

/** The window of recent runs release looks at. */
const RELEASE_WINDOW_DAYS = 7;
/** Runs since `added` needed before the recent window can release an entry. */
const RELEASE_MIN_RUNS = 20;
/** Passes in a row that release an entry whatever the window holds. */
const RELEASE_STREAK_RUNS = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The runs a test history is made of, newest first: finished receipts (not `running`) that
 * recorded test results. Each is a run for every test, whichever command it ran: receipts
 * keep the names of the tests that went wrong, not of those that passed.
 */
function runsWithResults(receipts) {
    return receipts.filter(receipt => receipt.status !== 'running' && receipt.tests !== undefined).sort(receipt/* compareNewestFirst */.a0);
}
/**
 * How the test named `name` did in a run with results: quarantined (the run passed because
 * its failure was excused), failed (in the deciding attempt), flaky (failed, then passed on a
 * retry), else passed. The first that applies wins.
 */
function outcomeIn(receipt, name) {
    if (receipt.quarantined?.includes(name))
        return 'quarantined';
    if (receipt.tests?.failed.includes(name))
        return 'failed';
    if (receipt.tests?.flaky.includes(name))
        return 'flaky';
    return 'passed';
}
/**
 * The entry's test in the runs since `added` (whole UTC days; receipts name tests, not
 * files, so `file` and `suite` are not checked). Ready to release (the contract's §12) when it
 * passed in every run of the last 7 days, there is at least one such run and at least 20
 * runs since `added`; or when it passed in the newest 100 runs in a row.
 */
function entryHistory(entry, receipts, now) {
    const addedMs = Date.parse(`${entry.added}T00:00:00Z`);
    const runs = runsWithResults(receipts).filter(receipt => Date.parse(receipt.started_at) >= addedMs);
    const windowStart = now.getTime() - RELEASE_WINDOW_DAYS * DAY_MS;
    const history = {
        runs: runs.length,
        passed: 0,
        failed: 0,
        flaky: 0,
        quarantined: 0,
        recent: { runs: 0, passed: 0 },
        streak: 0
    };
    let unbroken = true;
    for (const receipt of runs) {
        const outcome = outcomeIn(receipt, entry.test);
        history[outcome]++;
        if (Date.parse(receipt.started_at) >= windowStart) {
            history.recent.runs++;
            if (outcome === 'passed')
                history.recent.passed++;
        }
        if (outcome !== 'passed')
            unbroken = false;
        if (unbroken)
            history.streak++;
    }
    const { recent } = history;
    if (history.streak >= RELEASE_STREAK_RUNS)
        history.ready = 'streak';
    else if (history.runs >= RELEASE_MIN_RUNS && recent.runs > 0 && recent.passed === recent.runs)
        history.ready = 'recent';
    return history;
}

;// CONCATENATED MODULE: ./src/core/quarantine/suggest.ts
/**
 * Quarantine suggestions from the receipts (docs/design.md §1 "Quarantine and flaky gates",
 * "The quarantine command"): tests whose flake rate over the runs with test results reaches
 * a threshold, written as entries ready to paste into the quarantine file — with the owner
 * left as the placeholder the file's check refuses until someone fills it in.
 */




/** The thresholds `quarantine suggest` and the job summary use unless told otherwise. */
const SUGGEST_DEFAULTS = { minRuns: 10, rate: 0.3 };
/** Days a suggested entry lasts: a month to fix the test, well inside the 90 allowed. */
const SUGGESTED_DAYS = 30;
/**
 * Tests whose flake rate over the finished runs with results reaches `rate`, when there are
 * at least `minRuns` such runs: highest rate first, then by name.
 */
function suggestQuarantine(receipts, options) {
    const runs = runsWithResults(receipts);
    if (runs.length === 0 || runs.length < options.minRuns)
        return [];
    const since = runs[runs.length - 1].started_at.slice(0, 10);
    const named = new Set(runs.flatMap(receipt => [...receipt.tests.failed, ...receipt.tests.flaky, ...(receipt.quarantined ?? [])]));
    const known = new Set((options.existing ?? []).map(entry => entry.test));
    const suggestions = [];
    for (const test of named) {
        if (known.has(test))
            continue;
        const counts = { flaky: 0, failed: 0, quarantined: 0 };
        for (const receipt of runs) {
            const outcome = outcomeIn(receipt, test);
            if (outcome !== 'passed')
                counts[outcome]++;
        }
        // A ratio compared with a ratio: 3 / 10 is the same double as 0.3, where 0.3 * 10 is not 3.
        const rate = (counts.flaky + counts.failed + counts.quarantined) / runs.length;
        if (rate >= options.rate)
            suggestions.push({ test, runs: runs.length, ...counts, rate, since });
    }
    return suggestions.sort((a, b) => b.rate - a.rate || (a.test < b.test ? -1 : a.test > b.test ? 1 : 0));
}
/** The suggestion's reason, with the measured rate: `flaked in 4 of 10 runs since 2026-11-20`. */
function suggestionReason(suggestion) {
    const { flaky, failed, quarantined, runs, since } = suggestion;
    const bad = flaky + failed + quarantined;
    if (bad === flaky)
        return `flaked in ${flaky} of ${runs} runs since ${since}`;
    const parts = [
        ...(flaky > 0 ? [`${flaky} flaky`] : []),
        ...(failed > 0 ? [`${failed} failed`] : []),
        ...(quarantined > 0 ? [`${quarantined} quarantined`] : [])
    ];
    return `flaked or failed in ${bad} of ${runs} runs since ${since} (${parts.join(', ')})`;
}
/** The entry a suggestion stands for, added `today` and expiring SUGGESTED_DAYS later, owner to fill in. */
function suggestedEntry(suggestion, today) {
    return {
        test: suggestion.test,
        owner: entry/* OWNER_PLACEHOLDER */.U6,
        reason: suggestionReason(suggestion),
        added: today,
        expires: (0,dates/* addDays */.fi)(today, SUGGESTED_DAYS)
    };
}
/**
 * The suggestions as YAML: a whole file (`quarantine:` and its list) when there is no
 * `existing` file or it has no `quarantine` key, else the list items alone, indented as its
 * own items so they can be pasted at the end of its list. Text is quoted by the YAML library,
 * whatever a test is called.
 */
function suggestionYaml(suggestions, today, existing) {
    const entries = suggestions.map(suggestion => suggestedEntry(suggestion, today));
    const generated = new dist/* Document */.yo({ quarantine: entries });
    // Quoted, so that the owner typed over it may start with '@' (`"@acme/qa"`), as teams do.
    (0,dist/* visit */.YR)(generated, {
        Scalar(_key, node) {
            if ((0,dist/* isScalar */.jn)(node) && node.value === entry/* OWNER_PLACEHOLDER */.U6)
                node.type = 'QUOTE_DOUBLE';
        }
    });
    const whole = generated.toString({ lineWidth: 0 });
    const document = existing === undefined ? undefined : (0,dist/* parseDocument */.Tp)(existing);
    if (document === undefined || !document.has('quarantine'))
        return { yaml: whole, items: false };
    const indent = itemIndent(existing, document.get('quarantine', true));
    // stringify indents the list's items by two spaces under its key.
    const items = whole
        .split('\n')
        .slice(1)
        .map(line => (line === '' ? line : ' '.repeat(indent) + line.slice(2)));
    return { yaml: items.join('\n'), items: true };
}
/** The column of the `-` of the first item of the file's `quarantine` list (2 when it has none in block style). */
function itemIndent(existing, list) {
    const start = list?.range?.[0];
    if (start === undefined || existing[start] !== '-')
        return 2;
    return start - (existing.lastIndexOf('\n', start - 1) + 1);
}

// EXTERNAL MODULE: ./src/core/quarantine/policy.ts
var policy = __webpack_require__(4848);
// EXTERNAL MODULE: ./src/cli/flags.ts
var cli_flags = __webpack_require__(5377);
// EXTERNAL MODULE: ./src/cli/help.ts
var cli_help = __webpack_require__(7911);
// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(1604);
// EXTERNAL MODULE: ./src/cli/receipts.ts + 1 modules
var cli_receipts = __webpack_require__(8716);
;// CONCATENATED MODULE: ./src/cli/quarantine.ts
/**
 * `reverify quarantine list | suggest [--min-runs N] [--rate R] | check` (docs/design.md §1
 * "Quarantine and flaky gates", "The quarantine command"): the quarantine file as a run reads
 * it, each entry with its test's history in the receipts and whether it can be released,
 * and entries to paste for the tests that flake most.
 */







const ACTIONS = ['list', 'suggest', 'check'];
/** Flags only `suggest` reads: given to another action, they are a mistake rather than ignored. */
const SUGGEST_ONLY = ['min-runs', 'rate'];
const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;
const entriesWord = (count) => `${count} ${count === 1 ? 'entry' : 'entries'}`;
/** The file's texts come with the checkout: control characters are escaped before they reach a terminal. */
const shown = (value) => (0,printable/* printable */.g$)(value, 2000);
/** `reverify quarantine …`. */
async function quarantineCommandLine(argv, io) {
    const { flags, positionals, help } = (0,cli_flags/* parseCommandLine */.Du)(argv, 'quarantine', 'reverify quarantine --help');
    if (help) {
        io.stdout.write((0,cli_help/* quarantineHelp */.WZ)());
        return 0;
    }
    const [action, ...rest] = positionals;
    if (!ACTIONS.includes(action) || rest.length > 0) {
        throw new errors/* UsageError */.eb('quarantine: expected `quarantine list`, `quarantine suggest` or `quarantine check`; see reverify quarantine --help');
    }
    for (const name of SUGGEST_ONLY) {
        if (action !== 'suggest' && flags[name] !== undefined)
            throw new errors/* UsageError */.eb(`--${name}: only \`quarantine suggest\` takes it; see reverify quarantine --help`);
    }
    const given = (0,parse/* parseInputs */.T)(flags, (0,cli_flags/* flagsOf */.Zo)('quarantine'), { front: 'cli', base: io.cwd });
    // Found as a run finds it: from the git top level containing the working directory.
    const root = (0,resolve/* findTargetRoot */.R3)(given['working-directory']);
    const path = (0,run_quarantine/* quarantinePath */.Q2)(given.quarantine, root);
    // Today as a run would see it: a UTC day, the same one the file is checked against.
    const today = (0,dates/* dayOf */.kb)(new Date());
    const list = await (0,file/* loadQuarantine */.Jo)({ path, root, shown: given.quarantine, inputName: '--quarantine' }, today);
    if (action === 'check')
        return check(list, (0,external_node_fs_.existsSync)(path), today, io);
    const { store } = (0,cli_receipts.openStore)(given, io);
    const receipts = await store.list({ target: root });
    if (action === 'list')
        return listEntries(list, (0,external_node_fs_.existsSync)(path), receipts, io);
    return await suggest(list, path, receipts, { minRuns: given['min-runs'], rate: given.rate }, today, io);
}
/** `suggest`: a `#` line saying what was found, then the YAML to paste (or one `#` line saying why there is none). */
async function suggest(list, path, receipts, threshold, today, io) {
    const suggestions = suggestQuarantine(receipts, { ...threshold, existing: list.entries });
    const runs = runsWithResults(receipts).length;
    const share = `${Math.round(threshold.rate * 100)}%`;
    if (suggestions.length === 0) {
        const why = runs < threshold.minRuns
            ? `${plural(runs, 'run')} with test results; a suggestion needs at least ${threshold.minRuns} (--min-runs)`
            : `no test without an entry flaked or failed in at least ${share} of the ${plural(runs, 'run')} with test results (--rate ${threshold.rate})`;
        (0,cli_io/* println */.S)(io.stdout, `# reverify: ${why}`);
        return 0;
    }
    const existing = (0,external_node_fs_.existsSync)(path) ? await (0,promises_.readFile)(path, 'utf8') : undefined;
    const { yaml, items } = suggestionYaml(suggestions, today, existing);
    (0,cli_io/* println */.S)(io.stdout, `# reverify: ${plural(suggestions.length, 'test')} flaked or failed in at least ${share} of the ${plural(runs, 'run')} with test results.`);
    (0,cli_io/* println */.S)(io.stdout, items
        ? `# Paste at the end of the \`quarantine:\` list in ${list.source}, and replace each <owner> with who will fix the test.`
        : `# Save as ${list.source}, and replace each <owner> with who will fix the test.`);
    io.stdout.write(yaml.endsWith('\n') ? yaml : `${yaml}\n`);
    return 0;
}
/** `check`: one line when the file is valid, the expiry warnings after it (a bad file has thrown already). */
function check(list, exists, today, io) {
    const count = entriesWord(list.entries.length);
    (0,cli_io/* println */.S)(io.stdout, `${list.source}: ${count}, valid${exists ? '' : ' (the file does not exist: nothing is quarantined)'}`);
    for (const warning of (0,run_quarantine/* expiryWarnings */.FN)((0,run_quarantine/* quarantineOn */.wL)(list, today)))
        (0,cli_io/* println */.S)(io.stderr, `reverify: warning: ${shown(warning.note)}`);
    return 0;
}
/** When the entry ends, in words. */
function expiryWords(entry, today) {
    const state = (0,policy/* entryState */._8)(entry, today);
    if (state.kind === 'expired')
        return `${entry.expires} (expired ${plural(state.since, 'day')} ago: no longer applies)`;
    const left = (0,dates/* daysBetween */.YM)(today, entry.expires);
    if (left === 0)
        return `${entry.expires} (today is its last day)`;
    return `${entry.expires} (${plural(left, 'day')} left${state.kind === 'expiring' ? ': fix the test, or renew the entry with a reason' : ''})`;
}
/** The history line: `12 runs since 2026-11-20: passed 8, failed 3 (2 of them quarantined), flaky 1`. */
function historyWords(entry, history) {
    if (history.runs === 0)
        return `no run with test results since ${entry.added}`;
    const failed = history.failed + history.quarantined;
    const excused = history.quarantined > 0 ? ` (${history.quarantined} of them quarantined)` : '';
    return `${plural(history.runs, 'run')} since ${entry.added}: passed ${history.passed}, failed ${failed}${excused}, flaky ${history.flaky}`;
}
/** The release line (the contract's §12). */
function releaseWords(history) {
    const { recent } = history;
    if (history.ready === 'streak')
        return `ready to release: remove the entry (passed in the last ${history.streak} runs in a row)`;
    if (history.ready === 'recent')
        return `ready to release: remove the entry (passed in all ${plural(recent.runs, 'run')} of the last ${RELEASE_WINDOW_DAYS} days, ${history.runs} since added)`;
    const week = recent.runs === 0
        ? `no run in the last ${RELEASE_WINDOW_DAYS} days`
        : `passed in ${recent.passed} of ${plural(recent.runs, 'run')} of the last ${RELEASE_WINDOW_DAYS} days`;
    return `not yet: ${week}, ${plural(history.runs, 'run')} since added; release needs every run of the last ${RELEASE_WINDOW_DAYS} days passed with at least ${RELEASE_MIN_RUNS} runs since added, or ${RELEASE_STREAK_RUNS} passes in a row (${history.streak} so far)`;
}
/** `list`: each entry, its expiry, its test's history since it was added and whether it can be released. */
function listEntries(list, exists, receipts, io) {
    if (list.entries.length === 0) {
        (0,cli_io/* println */.S)(io.stdout, `${list.source}: ${exists ? 'no entries' : 'the file does not exist'}: nothing is quarantined`);
        return 0;
    }
    const now = new Date();
    const today = (0,dates/* dayOf */.kb)(now);
    (0,cli_io/* println */.S)(io.stdout, `${list.source}: ${entriesWord(list.entries.length)}`);
    for (const entry of list.entries) {
        const history = entryHistory(entry, receipts, now);
        (0,cli_io/* println */.S)(io.stdout, '');
        (0,cli_io/* println */.S)(io.stdout, shown(entry.test));
        if (entry.file !== undefined)
            (0,cli_io/* println */.S)(io.stdout, `  file:     ${shown(entry.file)}`);
        if (entry.suite !== undefined)
            (0,cli_io/* println */.S)(io.stdout, `  suite:    ${shown(entry.suite)}`);
        (0,cli_io/* println */.S)(io.stdout, `  owner:    ${shown(entry.owner)}`);
        (0,cli_io/* println */.S)(io.stdout, `  expires:  ${expiryWords(entry, today)}`);
        (0,cli_io/* println */.S)(io.stdout, `  reason:   ${shown(entry.reason)}`);
        if (entry.issue !== undefined)
            (0,cli_io/* println */.S)(io.stdout, `  issue:    ${/^\d+$/.test(entry.issue) ? `#${entry.issue}` : shown(entry.issue)}`);
        (0,cli_io/* println */.S)(io.stdout, `  history:  ${historyWords(entry, history)}`);
        (0,cli_io/* println */.S)(io.stdout, `  release:  ${releaseWords(history)}`);
    }
    return 0;
}


/***/ }),

/***/ 8716:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  captureCommandLine: () => (/* binding */ captureCommandLine),
  configCommandLine: () => (/* binding */ configCommandLine),
  openStore: () => (/* binding */ openStore),
  receiptsCommandLine: () => (/* binding */ receiptsCommandLine)
});

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: ./src/core/inputs/resolve.ts
var resolve = __webpack_require__(7441);
// EXTERNAL MODULE: ./src/core/receipts/receipt-store.ts + 1 modules
var receipt_store = __webpack_require__(9679);
// EXTERNAL MODULE: ./src/core/inputs/parse.ts
var parse = __webpack_require__(5018);
// EXTERNAL MODULE: ./src/core/base/errors.ts
var errors = __webpack_require__(2074);
// EXTERNAL MODULE: ./src/core/capture/config-file.ts
var config_file = __webpack_require__(1685);
// EXTERNAL MODULE: ./src/core/base/printable.ts
var printable = __webpack_require__(3174);
// EXTERNAL MODULE: ./src/core/receipts/receipt.ts + 1 modules
var receipts_receipt = __webpack_require__(9169);
// EXTERNAL MODULE: ./src/core/receipts/run-id.ts
var run_id = __webpack_require__(3980);
;// CONCATENATED MODULE: ./src/core/capture/capture.ts




/** Most trailers taken from one text. */
const MAX_TRAILERS = 50;
/** Longest note taken from a trailer. */
const MAX_TRAILER_NOTE_CHARS = 1_000;
// Event payloads are untrusted and can be large: only the start of a text is searched.
const MAX_SCANNED_CHARS = (/* unused pure expression or super */ null && (1024 * 1024));
// Lines are cut at CR and LF only; a U+2028/U+2029 inside one is a blank here (`.` matches it
// under the `s` flag) and becomes a space in the note, so such a trailer applies, not vanishes
const TRAILER_LINE = /^[ \t]*reverify-capture[ \t]*:\s*(\S+)(?:\s+(.*))?$/is;
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** Every `Reverify-Capture: <run-id> [note]` line in a text (commit message, PR body); lines whose id is not a valid run id are ignored. Bounded: at most 50 per text, note capped at 1000 chars. */
function parseCaptureTrailers(text) {
    const trailers = [];
    for (const line of text.slice(0, MAX_SCANNED_CHARS).split(/\r\n|\r|\n/)) {
        const match = TRAILER_LINE.exec(line);
        if (!match || !isRunId(match[1]))
            continue;
        const note = Array.from((match[2] ?? '').replace(CONTROL_CHARS, ' ').trim())
            .slice(0, MAX_TRAILER_NOTE_CHARS)
            .join('');
        trailers.push({ runId: match[1], note });
        if (trailers.length === MAX_TRAILERS)
            break;
    }
    return trailers;
}
/**
 * Records {captured_at, note, source, by} on a receipt (atomically) and returns it.
 * `ref` is a run id, or `latest`: with `identityHash` (the action's capture mode, same command
 * and scope) the latest run of that identity, which must have failed; otherwise the newest
 * failed, not yet captured run of `target`. Capturing again replaces the earlier capture.
 * Unknown run id, another target's run, a run still running, nothing to capture → UsageError.
 */
async function captureRun(store, ref, details) {
    const note = details.note.trim();
    if (Array.from(note).length > receipts_receipt/* MAX_NOTE_CHARS */.y) {
        throw new errors/* UsageError */.eb(`capture: the note is longer than ${receipts_receipt/* MAX_NOTE_CHARS */.y} characters; keep it short and link to details`);
    }
    const receipt = ref.trim().toLowerCase() === 'latest' ? await latestToCapture(store, details) : await namedRun(store, ref.trim(), details);
    if (receipt.status === 'running') {
        throw new errors/* UsageError */.eb(`capture: run ${receipt.run_id} is still running; capture it once it has ended`);
    }
    const captured = {
        ...receipt,
        capture: {
            captured_at: (details.now ?? new Date()).toISOString(),
            note,
            source: Array.from(details.source).slice(0, receipts_receipt/* MAX_CAPTURE_LABEL_CHARS */.Py).join(''),
            by: Array.from(details.by).slice(0, receipts_receipt/* MAX_CAPTURE_LABEL_CHARS */.Py).join('')
        }
    };
    await store.write(captured);
    return captured;
}
/**
 * Applies trailers found in commit messages or a PR body when a run starts. A trailer naming
 * an unknown run, another target's run or a running one is ignored with a notice; a run that
 * is already captured is left as it is (the same commit is seen by every later run).
 */
async function applyCaptureTrailers(store, trailers, details) {
    const outcome = { applied: [], notices: [] };
    const seen = new Set();
    for (const trailer of trailers) {
        if (seen.has(trailer.runId))
            continue;
        seen.add(trailer.runId);
        const receipt = await store.read(trailer.runId);
        if (receipt === undefined) {
            outcome.notices.push(`Reverify-Capture: no receipt of run ${trailer.runId} here; ignored`);
            continue;
        }
        if (receipt.capture !== undefined)
            continue;
        try {
            await captureRun(store, trailer.runId, { ...details, note: trailer.note });
            outcome.applied.push(trailer.runId);
        }
        catch (error) {
            if (!isUserError(error))
                throw error;
            outcome.notices.push(`Reverify-Capture: ${describeError(error).replace(/^capture: /, '')}; ignored`);
        }
    }
    return outcome;
}
async function namedRun(store, ref, details) {
    const runId = (0,run_id/* requireRunId */.yU)(ref, 'capture');
    const receipt = await store.read(runId);
    if (receipt === undefined)
        throw new errors/* UsageError */.eb(`capture: no receipt of run ${runId} in ${store.stateDir}`);
    if (details.target !== undefined && receipt.target !== details.target) {
        throw new errors/* UsageError */.eb(`capture: run ${runId} belongs to ${(0,printable/* printable */.g$)(receipt.target, 200)}, not ${(0,printable/* printable */.g$)(details.target, 200)}`);
    }
    return receipt;
}
async function latestToCapture(store, details) {
    const { target } = details;
    if (target === undefined)
        throw new errors/* UsageError */.eb('capture: latest needs a target (repository) to look in');
    if (details.identityHash !== undefined) {
        const latest = await store.latest(target, details.scope ?? '', details.identityHash);
        if (latest === undefined)
            throw new errors/* UsageError */.eb('capture: this command has no run yet; nothing to capture');
        if (latest.status !== 'failed') {
            throw new errors/* UsageError */.eb(`capture: the latest run of this command (${latest.run_id}) is ${latest.status}, not failed; nothing to capture`);
        }
        return latest;
    }
    const failed = await store.latestOfTarget(target, receipt => receipt.status === 'failed' && receipt.capture === undefined);
    if (failed === undefined)
        throw new errors/* UsageError */.eb(`capture: no failed run waiting to be captured in ${(0,printable/* printable */.g$)(target, 200)}`);
    return failed;
}

// EXTERNAL MODULE: ./src/core/recovery/run-seal.ts
var run_seal = __webpack_require__(9038);
// EXTERNAL MODULE: ./src/core/recovery/resume.ts + 1 modules
var resume = __webpack_require__(7442);
// EXTERNAL MODULE: ./src/core/recovery/settle.ts
var settle = __webpack_require__(5524);
// EXTERNAL MODULE: ./src/core/capture/remedy.ts
var remedy = __webpack_require__(2760);
// EXTERNAL MODULE: ./src/core/shell/script-lines.ts
var script_lines = __webpack_require__(2373);
// EXTERNAL MODULE: ./src/core/receipts/state-dir.ts
var state_dir = __webpack_require__(3942);
// EXTERNAL MODULE: ./src/cli/flags.ts
var cli_flags = __webpack_require__(5377);
// EXTERNAL MODULE: ./src/cli/help.ts
var cli_help = __webpack_require__(7911);
// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(1604);
;// CONCATENATED MODULE: ./src/cli/receipts.ts
/** `reverify capture`, `reverify receipts list|show` and `reverify config set`. */





/**
 * The store `--state-dir` names, else the repository's: the one `run` writes to. The repository
 * is the one containing `--working-directory` (resolved), else the current directory, as for `run`.
 */
function openStore(given, io) {
    const root = (0,resolve/* findTargetRoot */.R3)(given['working-directory'] ?? io.cwd);
    const { path: stateDir } = (0,resolve/* resolveStateDir */.JT)(given['state-dir'], { front: 'cli', base: io.cwd }, root);
    const store = new receipt_store/* ReceiptStore */.A(stateDir, { warn: message => (0,cli_io/* println */.S)(io.stderr, `reverify: warning: ${message}`) });
    return { root, stateDir, store };
}
function who(io) {
    try {
        return io.env.USER ?? (0,external_node_os_.userInfo)().username;
    }
    catch {
        return 'unknown';
    }
}
/** `reverify capture <run-id|latest> [--note TEXT]`. */
async function captureCommandLine(argv, io) {
    const { flags, positionals, help } = (0,cli_flags/* parseCommandLine */.Du)(argv, 'capture', 'reverify capture --help');
    if (help) {
        io.stdout.write((0,cli_help/* captureHelp */.at)());
        return 0;
    }
    const given = (0,parse/* parseInputs */.T)(flags, (0,cli_flags/* flagsOf */.Zo)('capture'), { front: 'cli', base: io.cwd });
    const [ref, ...rest] = positionals;
    if (ref === undefined || rest.length > 0) {
        throw new errors/* UsageError */.eb('capture: give exactly one run id (or latest); see reverify capture --help');
    }
    const { root, store } = openStore(given, io);
    const mode = (0,config_file/* resolveCaptureMode */.U1)(undefined, await (0,config_file/* readConfig */.Xg)(root));
    const note = given.note ?? '';
    // In block mode a capture is what lets the next run retry: it must say what was found.
    if (note.trim() === '' && mode === 'block') {
        throw new errors/* UsageError */.eb('--note: required when capture-before-retry is block (.reverify/config.json); say what you found, e.g. --note "flaky DNS in CI"');
    }
    const receipt = await captureRun(store, ref, { note, source: 'cli', by: who(io), target: root });
    (0,cli_io/* println */.S)(io.stdout, `reverify: captured ${receipt.run_id}${note ? `: ${note}` : ''}`);
    return 0;
}
/**
 * A `running` receipt whose process is gone is shown as what it is: resumable while there is
 * something to continue, else interrupted (the next run, or `reverify resume`, closes it so,
 * docs/design.md §6) — a resume that cannot work is never suggested: one whose inputs were
 * not recorded is continued by running the same command only.
 */
async function shownStatuses(receipts, stateDir, io) {
    const shown = new Map();
    const here = { host: (0,external_node_os_.hostname)() };
    const seal = await (0,run_seal/* loadRunSeal */.vo)((0,run_seal/* sealKeyPath */.o$)(io.env), { create: false });
    for (const receipt of receipts) {
        const offer = receipt.status === 'running' && (0,resume/* ownerGone */.RT)(receipt, here) ? await (0,settle/* resumeOffer */.Id)(receipt, { stateDir, here, seal }) : undefined;
        const label = offer === undefined ? receipt.status : offer === 'close' ? 'interrupted' : 'resumable';
        shown.set(receipt, { label, byResume: offer === 'resume' });
    }
    return shown;
}
/** The columns of `receipts list`: run id, status, flaky, capture state, command. */
const LIST_HEADER = ['status'.padEnd(11), 'flaky'.padEnd(5), 'captured'.padEnd(10), 'command'];
function headerLine(width) {
    return ['run'.padEnd(width), ...LIST_HEADER].join('  ');
}
function receiptLine(receipt, status, width) {
    const captured = receipt.capture ? 'captured' : receipt.status === 'failed' ? 'uncaptured' : '-';
    const command = receipt.identity.join(' ; ');
    return [
        receipt.run_id.padEnd(width),
        status.padEnd(11),
        (receipt.flaky ? 'flaky' : '-').padEnd(5),
        captured.padEnd(10),
        command.length > 80 ? `${command.slice(0, 80)}…` : command
    ].join('  ');
}
/** Lines after the list that say what the unusual statuses mean and what to do. */
function listFooter(receipts, shown, place) {
    const lines = [];
    const resumable = receipts.filter(receipt => shown.get(receipt)?.label === 'resumable');
    const byResume = resumable.find(receipt => shown.get(receipt)?.byResume);
    if (byResume) {
        lines.push(`resumable: the run's process is gone before it finished; continue it with \`${(0,remedy/* resumeCommand */.VJ)(byResume.run_id, place)}\` or by running the same command`);
    }
    else if (resumable.length > 0) {
        lines.push("resumable: the run's process is gone before it finished; continue it by running the same command (its inputs were not recorded)");
    }
    if (receipts.some(receipt => shown.get(receipt)?.label === 'interrupted')) {
        lines.push('interrupted: stopped by a signal or a lost process, not a failure (no capture needed); run the command again to verify');
    }
    return lines;
}
/** `reverify receipts list|show`. */
async function receiptsCommandLine(argv, io) {
    const { flags, positionals, help } = (0,cli_flags/* parseCommandLine */.Du)(argv, 'receipts', 'reverify receipts --help');
    if (help) {
        io.stdout.write((0,cli_help/* receiptsHelp */.XK)());
        return 0;
    }
    const given = (0,parse/* parseInputs */.T)(flags, (0,cli_flags/* flagsOf */.Zo)('receipts'), { front: 'cli', base: io.cwd });
    const [action, ref, ...rest] = positionals;
    const json = given.json === true;
    const { root, stateDir, store } = openStore(given, io);
    if (action === 'list' && ref === undefined) {
        const receipts = await store.list({ target: root });
        if (json)
            (0,cli_io/* println */.S)(io.stdout, JSON.stringify(receipts, null, 2));
        else if (receipts.length === 0)
            (0,cli_io/* println */.S)(io.stdout, 'no receipts yet');
        else {
            const shown = await shownStatuses(receipts, stateDir, io);
            const width = Math.max(...receipts.map(receipt => receipt.run_id.length));
            (0,cli_io/* println */.S)(io.stdout, headerLine(width));
            for (const receipt of receipts)
                (0,cli_io/* println */.S)(io.stdout, receiptLine(receipt, shown.get(receipt).label, width));
            for (const line of listFooter(receipts, shown, { stateDir, root, here: (0,resolve/* findTargetRoot */.R3)(io.cwd) }))
                (0,cli_io/* println */.S)(io.stdout, line);
        }
        return 0;
    }
    if (action === 'show' && ref !== undefined && rest.length === 0) {
        const receipt = ref === 'latest' ? await store.latestOfTarget(root) : await store.read((0,run_id/* requireRunId */.yU)(ref, 'receipts show'));
        if (receipt === undefined)
            throw new errors/* UsageError */.eb(`receipts show: no receipt ${(0,printable/* showValue */.vp)(ref)} in this repository's state directory`);
        if (json) {
            (0,cli_io/* println */.S)(io.stdout, JSON.stringify(receipt, null, 2));
            return 0;
        }
        (0,cli_io/* println */.S)(io.stdout, `run:        ${receipt.run_id}`);
        (0,cli_io/* println */.S)(io.stdout, `status:     ${receipt.status}${receipt.flaky ? ' (flaky)' : ''}`);
        (0,cli_io/* println */.S)(io.stdout, `target:     ${receipt.target}${receipt.scope ? ` · scope ${receipt.scope}` : ''}`);
        (0,cli_io/* println */.S)(io.stdout, `started:    ${receipt.started_at}${receipt.ended_at ? ` · ended ${receipt.ended_at}` : ''}`);
        (0,cli_io/* println */.S)(io.stdout, `attempts:   ${receipt.attempts}/${receipt.max_attempts}`);
        const ran = receipt.tests?.attempts ?? [];
        if (ran.length > 0)
            (0,cli_io/* println */.S)(io.stdout, `tests ran:  ${ran.map(testsRanIn).join(' · ')}`);
        (0,cli_io/* println */.S)(io.stdout, `identity:   ${receipt.identity_hash}`);
        for (const command of receipt.identity)
            (0,cli_io/* println */.S)(io.stdout, `  ${command}`);
        for (const command of receipt.commands) {
            // A script shows as its first command line (the identity above lists them all).
            (0,cli_io/* println */.S)(io.stdout, `command:    ${(0,script_lines/* scriptLabel */.uc)(command.command) || command.command} → exit ${command.exit_code}${command.signal ? ` (${command.signal})` : ''}${command.timed_out ? ' (timed out)' : ''}`);
        }
        (0,cli_io/* println */.S)(io.stdout, `expect:     ${JSON.stringify(receipt.expectations)}`);
        (0,cli_io/* println */.S)(io.stdout, `trace:      ${receipt.session.dir}`);
        (0,cli_io/* println */.S)(io.stdout, `captured:   ${receipt.capture ? `${receipt.capture.captured_at} by ${receipt.capture.by} (${receipt.capture.source}): ${receipt.capture.note}` : 'no'}`);
        return 0;
    }
    throw new errors/* UsageError */.eb('receipts: expected `receipts list` or `receipts show <run-id|latest>`; see reverify receipts --help');
}
/** One attempt on the `tests ran:` line: `1: full suite, 312 tests` or `2: failed tests only, 2 tests`. */
function testsRanIn(entry) {
    return `${entry.attempt}: ${entry.rerun ? 'failed tests only' : 'full suite'}, ${entry.ran} ${entry.ran === 1 ? 'test' : 'tests'}`;
}
/** `reverify config set capture-before-retry <v>`. */
async function configCommandLine(argv, io) {
    const { positionals, help } = (0,cli_flags/* parseCommandLine */.Du)(argv, 'config', 'reverify config --help');
    if (help) {
        io.stdout.write(cli_help/* CONFIG_HELP */.hF);
        return 0;
    }
    const [action, key, value, ...rest] = positionals;
    if (action !== 'set' || key !== 'capture-before-retry' || value === undefined || rest.length > 0) {
        throw new errors/* UsageError */.eb('config: expected `config set capture-before-retry <warn|block|off>`');
    }
    const mode = (0,config_file/* parseCaptureMode */.x0)(value, 'capture-before-retry');
    const root = (0,resolve/* findTargetRoot */.R3)(io.cwd);
    await (0,state_dir/* ensureStateDir */.xH)((0,resolve/* defaultStateDir */.yD)(root), { gitignore: true });
    await (0,config_file/* setCaptureMode */.GQ)(root, mode);
    (0,cli_io/* println */.S)(io.stdout, `reverify: capture-before-retry is ${mode} (.reverify/config.json)`);
    return 0;
}


/***/ })

};
