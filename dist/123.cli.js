export const id = 123;
export const ids = [123];
export const modules = {

/***/ 9123:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseQuarantine: () => (/* binding */ parseQuarantine)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2074);
/* harmony import */ var _base_printable_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3174);
/* harmony import */ var _dates_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6417);
/* harmony import */ var _entry_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5944);
/**
 * Parsing and validating the text of a quarantine file (docs/design.md §1 "Quarantine and
 * flaky gates"): YAML 1.2's core schema, then every entry checked field by field. Loaded
 * only when a run or a command has a quarantine file to read.
 */






const text = (max) => zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().trim().min(1, 'is empty').max(max, `is longer than ${max} characters`);
const day = zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .date */ .p6U()])
    .transform(value => (value instanceof Date ? value.toISOString().slice(0, 10) : value.trim()))
    .refine(_dates_js__WEBPACK_IMPORTED_MODULE_2__/* .isCalendarDate */ .tf, 'is not a date written YYYY-MM-DD');
const EntrySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    test: text(500),
    file: text(4096).optional(),
    suite: text(500).optional(),
    owner: text(200).refine(owner => owner !== _entry_js__WEBPACK_IMPORTED_MODULE_3__/* .OWNER_PLACEHOLDER */ .U6, `is still the placeholder ${_entry_js__WEBPACK_IMPORTED_MODULE_3__/* .OWNER_PLACEHOLDER */ .U6}: name who will fix the test`),
    reason: text(2000),
    added: day,
    expires: day,
    issue: zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([text(500), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative().transform(String)]).optional()
});
/** How an entry is named in a message: its position and its test. */
function entryLabel(index, raw) {
    const test = raw !== null && typeof raw === 'object' && typeof raw.test === 'string'
        ? raw.test
        : undefined;
    return `entry ${index + 1}${test !== undefined ? ` (${(0,_base_printable_js__WEBPACK_IMPORTED_MODULE_4__/* .showValue */ .vp)(test.slice(0, 120))})` : ''}`;
}
/** The one-line message for a zod issue, naming the field. */
function fieldProblem(issue, raw) {
    const field = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys')
        return `unknown field ${issue.keys.map(key => (0,_base_printable_js__WEBPACK_IMPORTED_MODULE_4__/* .showValue */ .vp)(key)).join(', ')}; allowed: test, file, suite, owner, reason, added, expires, issue`;
    if (issue.code === 'invalid_type' && [undefined, null].includes(raw[field]))
        return `${field} is missing`;
    if (issue.code === 'invalid_type')
        return `${field} must be ${issue.expected === 'string' ? 'text' : issue.expected}`;
    return `${field} ${issue.message}`;
}
/** Entries from the parsed document, each validated against `today` (a UTC day); the first problem is thrown. */
function validEntries(document, today, fail) {
    if (document === null || document === undefined)
        return [];
    if (typeof document !== 'object' || Array.isArray(document))
        fail('must be a mapping whose key `quarantine` holds the list of entries');
    const keys = Object.keys(document);
    const unknown = keys.filter(key => key !== 'quarantine');
    if (unknown.length > 0)
        fail(`unknown top-level key ${(0,_base_printable_js__WEBPACK_IMPORTED_MODULE_4__/* .showValue */ .vp)(unknown[0])}; only \`quarantine\` is defined`);
    const list = document.quarantine;
    if (list === null || list === undefined)
        return [];
    if (!Array.isArray(list))
        fail('`quarantine` must be a list of entries');
    if (list.length > _entry_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_QUARANTINE_ENTRIES */ .ti)
        fail(`has ${list.length} entries; at most ${_entry_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_QUARANTINE_ENTRIES */ .ti} are allowed`);
    const entries = [];
    const seen = new Map();
    list.forEach((raw, index) => {
        const label = entryLabel(index, raw);
        if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
            fail(`${label}: must be a mapping with test, owner, reason, added and expires`);
        const parsed = EntrySchema.safeParse(raw);
        if (!parsed.success)
            fail(`${label}: ${fieldProblem(parsed.error.issues[0], raw)}`);
        const entry = parsed.data;
        // An entry dated ahead would stretch the 90 days from whenever it was written.
        if (entry.added > today)
            fail(`${label}: added ${entry.added} is after today (${today}, UTC); date an entry the day it is written`);
        const span = (0,_dates_js__WEBPACK_IMPORTED_MODULE_2__/* .daysBetween */ .YM)(entry.added, entry.expires);
        if (span < 0)
            fail(`${label}: expires ${entry.expires} is before added ${entry.added}`);
        if (span > _entry_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_QUARANTINE_DAYS */ .WI)
            fail(`${label}: expires ${entry.expires} is ${span} days after added ${entry.added}; at most ${_entry_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_QUARANTINE_DAYS */ .WI} days (${(0,_dates_js__WEBPACK_IMPORTED_MODULE_2__/* .addDays */ .fi)(entry.added, _entry_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_QUARANTINE_DAYS */ .WI)}) are allowed`);
        const key = JSON.stringify([entry.test, entry.file ?? null, entry.suite ?? null]);
        const first = seen.get(key);
        if (first !== undefined)
            fail(`${label}: the same test as entry ${first + 1}; keep one entry per test`);
        seen.set(key, index);
        entries.push(withoutUndefined(entry));
    });
    return entries;
}
/** The entry with its absent optional fields left out. */
function withoutUndefined(entry) {
    return {
        test: entry.test,
        ...(entry.file !== undefined && { file: entry.file }),
        ...(entry.suite !== undefined && { suite: entry.suite }),
        owner: entry.owner,
        reason: entry.reason,
        added: entry.added,
        expires: entry.expires,
        ...(entry.issue !== undefined && { issue: entry.issue })
    };
}
/** Most aliases a file may expand: enough to share an owner or a reason, too few for an alias bomb. */
const MAX_ALIASES = 100;
/** The YAML's value; a parser error or limit (an alias bomb, nesting past the stack) is `fail`ed as one line. */
function yamlValue(content, fail) {
    let document;
    let value;
    try {
        // YAML 1.2's core schema: dates stay text and are checked as such; no custom tags.
        document = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(content, { schema: 'core', uniqueKeys: true });
        if (document.errors.length === 0)
            value = document.toJS({ maxAliasCount: MAX_ALIASES });
    }
    catch (error) {
        fail(`cannot be read as YAML: ${parserLimit(error)}`);
    }
    const error = document.errors[0];
    if (error !== undefined) {
        const where = error.linePos === undefined ? '' : ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}`;
        const what = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
        fail(`not valid YAML${where}: ${parserLimit(what)}`);
    }
    return value;
}
/** A parser's limit in the file's terms; any other message as the parser gave it, first line only. */
function parserLimit(problem) {
    const text = (0,_base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .describeError */ .Uc)(problem);
    if (/alias count/i.test(text))
        return `its aliases expand to too much (at most ${MAX_ALIASES} are read)`;
    if (/call stack/i.test(text))
        return 'it is nested too deeply';
    return text;
}
/**
 * Parses the text of a quarantine file as it stands on `today` (a UTC day, `YYYY-MM-DD`);
 * `label` starts every message (`quarantine: <file>`). Throws a UsageError (exit 2) with one
 * line on the first problem, a limit of the YAML parser included.
 */
function parseQuarantine(content, label, today) {
    const fail = (problem) => {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb(`${label}: ${problem}`);
    };
    return validEntries(yamlValue(content, fail), today, fail);
}


/***/ })

};
