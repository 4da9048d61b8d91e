export const id = 83;
export const ids = [83];
export const modules = {

/***/ 1083:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  quarantineCommandLine: () => (/* binding */ quarantineCommandLine)
});

// EXTERNAL MODULE: ./src/core/base/printable.ts
var printable = __webpack_require__(3174);
// EXTERNAL MODULE: ./src/core/base/errors.ts
var errors = __webpack_require__(2074);
// EXTERNAL MODULE: ./src/core/inputs/parse.ts
var parse = __webpack_require__(5018);
// EXTERNAL MODULE: ./src/core/inputs/resolve.ts
var resolve = __webpack_require__(7441);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/core/quarantine/dates.ts
var dates = __webpack_require__(6417);
// EXTERNAL MODULE: ./src/core/quarantine/file.ts + 1 modules
var file = __webpack_require__(2237);
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

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
// EXTERNAL MODULE: ./src/core/quarantine/entry.ts
var entry = __webpack_require__(5944);
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

// EXTERNAL MODULE: ./src/core/verify/quarantine-policy.ts
var quarantine_policy = __webpack_require__(6576);
// EXTERNAL MODULE: ./src/core/run/run-quarantine.ts
var run_quarantine = __webpack_require__(9153);
;// CONCATENATED MODULE: ./src/core/run/quarantine-queries.ts
/**
 * The quarantine's queries (docs/design.md §1 "The quarantine command"): the file as a run
 * reads it, where each entry stands with its test's history in the receipts, and the entries
 * the receipts suggest. `reverify quarantine` and the job summary ask these and word the
 * facts; neither composes the quarantine's parts itself.
 */








/** The release rule an entry's history is held to (the contract's §12). */
const RELEASE_RULE = { windowDays: RELEASE_WINDOW_DAYS, minRuns: RELEASE_MIN_RUNS, streakRuns: RELEASE_STREAK_RUNS };
/**
 * Reads the quarantine file at `place` as it stands on the UTC day of `now`. An absent file
 * is an empty quarantine (at a path given on purpose, a UsageError); a bad one is a UsageError of one line, as it is for a run.
 */
async function readQuarantine(place, now) {
    const path = (0,run_quarantine/* quarantinePath */.Q2)(place.shown, place.root);
    const today = (0,dates/* dayOf */.kb)(now);
    const mustExist = (0,run_quarantine/* quarantineGivenOnPurpose */.dt)(place.shown);
    const list = await (0,file/* loadQuarantine */.Jo)({ path, root: place.root, shown: place.shown, inputName: place.inputName, mustExist }, today);
    const warnings = (0,run_quarantine/* expiryWarnings */.FN)((0,run_quarantine/* quarantineOn */.wL)(list, today)).map(warning => warning.note);
    return { source: list.source, path, exists: (0,external_node_fs_.existsSync)(path), today, entries: list.entries, warnings };
}
/** Each entry of the file on the UTC day of `now`, with its test's history in `receipts`. */
function quarantineStatus(read, receipts, now) {
    const today = (0,dates/* dayOf */.kb)(now);
    const entries = read.entries.map(entry => ({
        entry,
        state: (0,quarantine_policy/* entryState */._8)(entry, today),
        daysLeft: (0,dates/* daysBetween */.YM)(today, entry.expires),
        history: entryHistory(entry, receipts, now)
    }));
    return { entries, release: RELEASE_RULE };
}
/**
 * The entries the receipts suggest for tests without one, highest rate first, with the YAML
 * to paste into the file (items for its list when it has one, else a whole file). The
 * threshold is SUGGEST_DEFAULTS unless given.
 */
async function adviseQuarantine(read, receipts, options = {}) {
    const minRuns = options.minRuns ?? SUGGEST_DEFAULTS.minRuns;
    const rate = options.rate ?? SUGGEST_DEFAULTS.rate;
    const all = suggestQuarantine(receipts, { minRuns, rate, existing: read.entries });
    const suggestions = options.most === undefined ? all : all.slice(0, options.most);
    const advice = { source: read.source, minRuns, rate, runs: runsWithResults(receipts).length, suggestions, total: all.length };
    if (suggestions.length === 0)
        return advice;
    const existing = (0,external_node_fs_.existsSync)(read.path) ? await (0,promises_.readFile)(read.path, 'utf8') : undefined;
    return { ...advice, text: suggestionYaml(suggestions, read.today, existing) };
}

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
    const given = parse/* parseInputs */.T(flags, (0,cli_flags/* flagsOf */.Zo)('quarantine'), { front: 'cli', base: io.cwd });
    // Found as a run finds it: from the git top level containing the working directory.
    const root = resolve/* findTargetRoot */.R3(given['working-directory']);
    // Read as a run would read it today: on a UTC day, the same one the file is checked against.
    const read = await readQuarantine({ shown: given.quarantine, root, inputName: '--quarantine' }, new Date());
    if (action === 'check')
        return check(read, io);
    const { store } = (0,cli_receipts.openStore)(given, io);
    const receipts = await store.list({ target: root });
    if (action === 'list')
        return listEntries(read, quarantineStatus(read, receipts, new Date()), io);
    const threshold = { minRuns: given['min-runs'], rate: given.rate };
    return suggest(await adviseQuarantine(read, receipts, threshold), threshold, io);
}
/** `suggest`: a `#` line saying what was found, then the YAML to paste (or one `#` line saying why there is none). */
function suggest(advice, threshold, io) {
    const { suggestions, runs, text, source } = advice;
    const share = `${Math.round(threshold.rate * 100)}%`;
    if (text === undefined) {
        const why = runs < threshold.minRuns
            ? `${plural(runs, 'run')} with test results; a suggestion needs at least ${threshold.minRuns} (--min-runs)`
            : `no test without an entry flaked or failed in at least ${share} of the ${plural(runs, 'run')} with test results (--rate ${threshold.rate})`;
        (0,cli_io/* println */.S)(io.stdout, `# reverify: ${why}`);
        return 0;
    }
    const { yaml, items } = text;
    (0,cli_io/* println */.S)(io.stdout, `# reverify: ${plural(suggestions.length, 'test')} flaked or failed in at least ${share} of the ${plural(runs, 'run')} with test results.`);
    (0,cli_io/* println */.S)(io.stdout, items
        ? `# Paste at the end of the \`quarantine:\` list in ${source}, and replace each <owner> with who will fix the test.`
        : `# Save as ${source}, and replace each <owner> with who will fix the test.`);
    io.stdout.write(yaml.endsWith('\n') ? yaml : `${yaml}\n`);
    return 0;
}
/** `check`: one line when the file is valid, the expiry warnings after it (a bad file has thrown already). */
function check(read, io) {
    const count = entriesWord(read.entries.length);
    (0,cli_io/* println */.S)(io.stdout, `${read.source}: ${count}, valid${read.exists ? '' : ' (the file does not exist: nothing is quarantined)'}`);
    for (const warning of read.warnings)
        (0,cli_io/* println */.S)(io.stderr, `reverify: warning: ${shown(warning)}`);
    return 0;
}
/** When the entry ends, in words. */
function expiryWords({ entry, state, daysLeft }) {
    if (state.kind === 'expired')
        return `${entry.expires} (expired ${plural(state.since, 'day')} ago: no longer applies)`;
    if (daysLeft === 0)
        return `${entry.expires} (today is its last day)`;
    return `${entry.expires} (${plural(daysLeft, 'day')} left${state.kind === 'expiring' ? ': fix the test, or renew the entry with a reason' : ''})`;
}
/** The history line: `12 runs since 2026-11-20: passed 8, failed 3 (2 of them quarantined), flaky 1`. */
function historyWords({ entry, history }) {
    if (history.runs === 0)
        return `no run with test results since ${entry.added}`;
    const failed = history.failed + history.quarantined;
    const excused = history.quarantined > 0 ? ` (${history.quarantined} of them quarantined)` : '';
    return `${plural(history.runs, 'run')} since ${entry.added}: passed ${history.passed}, failed ${failed}${excused}, flaky ${history.flaky}`;
}
/** The release line (the contract's §12). */
function releaseWords({ history }, rule) {
    const { recent } = history;
    const { windowDays, minRuns, streakRuns } = rule;
    if (history.ready === 'streak')
        return `ready to release: remove the entry (passed in the last ${history.streak} runs in a row)`;
    if (history.ready === 'recent')
        return `ready to release: remove the entry (passed in all ${plural(recent.runs, 'run')} of the last ${windowDays} days, ${history.runs} since added)`;
    const week = recent.runs === 0
        ? `no run in the last ${windowDays} days`
        : `passed in ${recent.passed} of ${plural(recent.runs, 'run')} of the last ${windowDays} days`;
    return `not yet: ${week}, ${plural(history.runs, 'run')} since added; release needs every run of the last ${windowDays} days passed with at least ${minRuns} runs since added, or ${streakRuns} passes in a row (${history.streak} so far)`;
}
/** `list`: each entry, its expiry, its test's history since it was added and whether it can be released. */
function listEntries(read, status, io) {
    const statuses = status.entries;
    if (statuses.length === 0) {
        (0,cli_io/* println */.S)(io.stdout, `${read.source}: ${read.exists ? 'no entries' : 'the file does not exist'}: nothing is quarantined`);
        return 0;
    }
    (0,cli_io/* println */.S)(io.stdout, `${read.source}: ${entriesWord(statuses.length)}`);
    for (const entryStatus of statuses) {
        const { entry } = entryStatus;
        (0,cli_io/* println */.S)(io.stdout, '');
        (0,cli_io/* println */.S)(io.stdout, shown(entry.test));
        if (entry.file !== undefined)
            (0,cli_io/* println */.S)(io.stdout, `  file:     ${shown(entry.file)}`);
        if (entry.suite !== undefined)
            (0,cli_io/* println */.S)(io.stdout, `  suite:    ${shown(entry.suite)}`);
        (0,cli_io/* println */.S)(io.stdout, `  owner:    ${shown(entry.owner)}`);
        (0,cli_io/* println */.S)(io.stdout, `  expires:  ${expiryWords(entryStatus)}`);
        (0,cli_io/* println */.S)(io.stdout, `  reason:   ${shown(entry.reason)}`);
        if (entry.issue !== undefined)
            (0,cli_io/* println */.S)(io.stdout, `  issue:    ${/^\d+$/.test(entry.issue) ? `#${entry.issue}` : shown(entry.issue)}`);
        (0,cli_io/* println */.S)(io.stdout, `  history:  ${historyWords(entryStatus)}`);
        (0,cli_io/* println */.S)(io.stdout, `  release:  ${releaseWords(entryStatus, status.release)}`);
    }
    return 0;
}


/***/ })

};
