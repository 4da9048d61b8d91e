export const id = 12;
export const ids = [12];
export const modules = {

/***/ 9012:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseQuarantine: () => (/* binding */ parseQuarantine)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1483);
/* harmony import */ var _base_printable_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8485);
/* harmony import */ var _dates_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1166);
/* harmony import */ var _entry_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9075);






const text = (max) => zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().trim().min(1, "is empty").max(max, `is longer than ${max} characters`);
const day = zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .date */ .p6U()]).transform((value) => value instanceof Date ? value.toISOString().slice(0, 10) : value.trim()).refine(_dates_js__WEBPACK_IMPORTED_MODULE_2__/* .isCalendarDate */ .tf, "is not a date written YYYY-MM-DD");
const EntrySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
  test: text(500),
  file: text(4096).optional(),
  suite: text(500).optional(),
  owner: text(200).refine(
    (owner) => owner !== _entry_js__WEBPACK_IMPORTED_MODULE_3__/* .OWNER_PLACEHOLDER */ .U6,
    `is still the placeholder ${_entry_js__WEBPACK_IMPORTED_MODULE_3__/* .OWNER_PLACEHOLDER */ .U6}: name who will fix the test`
  ),
  reason: text(2e3),
  added: day,
  expires: day,
  issue: zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([text(500), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative().transform(String)]).optional()
});
function entryLabel(index, raw) {
  const test = raw !== null && typeof raw === "object" && typeof raw.test === "string" ? raw.test : void 0;
  return `entry ${index + 1}${test !== void 0 ? ` (${(0,_base_printable_js__WEBPACK_IMPORTED_MODULE_4__/* .showValue */ .vp)(test.slice(0, 120))})` : ""}`;
}
function fieldProblem(issue, raw) {
  const field = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys")
    return `unknown field ${issue.keys.map((key) => (0,_base_printable_js__WEBPACK_IMPORTED_MODULE_4__/* .showValue */ .vp)(key)).join(", ")}; allowed: test, file, suite, owner, reason, added, expires, issue`;
  if (issue.code === "invalid_type" && [void 0, null].includes(raw[field]))
    return `${field} is missing`;
  if (issue.code === "invalid_type") return `${field} must be ${issue.expected === "string" ? "text" : issue.expected}`;
  return `${field} ${issue.message}`;
}
function validEntries(document, today, fail) {
  if (document === null || document === void 0) return [];
  if (typeof document !== "object" || Array.isArray(document)) fail("must be a mapping whose key `quarantine` holds the list of entries");
  const keys = Object.keys(document);
  const unknown = keys.filter((key) => key !== "quarantine");
  if (unknown.length > 0) fail(`unknown top-level key ${(0,_base_printable_js__WEBPACK_IMPORTED_MODULE_4__/* .showValue */ .vp)(unknown[0])}; only \`quarantine\` is defined`);
  const list = document.quarantine;
  if (list === null || list === void 0) return [];
  if (!Array.isArray(list)) fail("`quarantine` must be a list of entries");
  if (list.length > _entry_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_QUARANTINE_ENTRIES */ .ti) fail(`has ${list.length} entries; at most ${_entry_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_QUARANTINE_ENTRIES */ .ti} are allowed`);
  const entries = [];
  const seen = /* @__PURE__ */ new Map();
  list.forEach((raw, index) => {
    const label = entryLabel(index, raw);
    if (raw === null || typeof raw !== "object" || Array.isArray(raw))
      fail(`${label}: must be a mapping with test, owner, reason, added and expires`);
    const parsed = EntrySchema.safeParse(raw);
    if (!parsed.success) fail(`${label}: ${fieldProblem(parsed.error.issues[0], raw)}`);
    const entry = parsed.data;
    if (entry.added > today) fail(`${label}: added ${entry.added} is after today (${today}, UTC); date an entry the day it is written`);
    const span = (0,_dates_js__WEBPACK_IMPORTED_MODULE_2__/* .daysBetween */ .YM)(entry.added, entry.expires);
    if (span < 0) fail(`${label}: expires ${entry.expires} is before added ${entry.added}`);
    if (span > _entry_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_QUARANTINE_DAYS */ .WI)
      fail(
        `${label}: expires ${entry.expires} is ${span} days after added ${entry.added}; at most ${_entry_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_QUARANTINE_DAYS */ .WI} days (${(0,_dates_js__WEBPACK_IMPORTED_MODULE_2__/* .addDays */ .fi)(entry.added, _entry_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_QUARANTINE_DAYS */ .WI)}) are allowed`
      );
    const key = JSON.stringify([entry.test, entry.file ?? null, entry.suite ?? null]);
    const first = seen.get(key);
    if (first !== void 0) fail(`${label}: the same test as entry ${first + 1}; keep one entry per test`);
    seen.set(key, index);
    entries.push(withoutUndefined(entry));
  });
  return entries;
}
function withoutUndefined(entry) {
  return {
    test: entry.test,
    ...entry.file !== void 0 && { file: entry.file },
    ...entry.suite !== void 0 && { suite: entry.suite },
    owner: entry.owner,
    reason: entry.reason,
    added: entry.added,
    expires: entry.expires,
    ...entry.issue !== void 0 && { issue: entry.issue }
  };
}
const MAX_ALIASES = 100;
function yamlValue(content, fail) {
  let document;
  let value;
  try {
    document = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(content, { schema: "core", uniqueKeys: true });
    if (document.errors.length === 0) value = document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error2) {
    fail(`cannot be read as YAML: ${parserLimit(error2)}`);
  }
  const error = document.errors[0];
  if (error !== void 0) {
    const where = error.linePos === void 0 ? "" : ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}`;
    const what = error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    fail(`not valid YAML${where}: ${parserLimit(what)}`);
  }
  return value;
}
function parserLimit(problem) {
  const text2 = (0,_base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .describeError */ .Uc)(problem);
  if (/alias count/i.test(text2)) return `its aliases expand to too much (at most ${MAX_ALIASES} are read)`;
  if (/call stack/i.test(text2)) return "it is nested too deeply";
  return text2;
}
function parseQuarantine(content, label, today) {
  const fail = (problem) => {
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb(`${label}: ${problem}`);
  };
  return validEntries(yamlValue(content, fail), today, fail);
}



/***/ })

};
