export const id = 879;
export const ids = [879];
export const modules = {

/***/ 2879:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  parseJsonResultsFile: () => (/* binding */ parseJsonResultsFile)
});

// EXTERNAL MODULE: ./build/bundle/src/core/test-results/results-open.js
var results_open = __webpack_require__(607);
// EXTERNAL MODULE: ./build/bundle/src/core/test-results/junit-limits.js
var junit_limits = __webpack_require__(8237);
;// CONCATENATED MODULE: ./build/bundle/src/core/test-results/json-tokens.js
class JsonSyntaxError extends Error {
  name = "JsonSyntaxError";
}
class JsonCapError extends Error {
  name = "JsonCapError";
}
var Expect = /* @__PURE__ */ ((Expect2) => {
  Expect2[Expect2["Value"] = 0] = "Value";
  Expect2[Expect2["ValueOrClose"] = 1] = "ValueOrClose";
  Expect2[Expect2["Key"] = 2] = "Key";
  Expect2[Expect2["KeyOrClose"] = 3] = "KeyOrClose";
  Expect2[Expect2["Colon"] = 4] = "Colon";
  Expect2[Expect2["CommaOrClose"] = 5] = "CommaOrClose";
  Expect2[Expect2["Done"] = 6] = "Done";
  return Expect2;
})(Expect || {});
var Lex = /* @__PURE__ */ ((Lex2) => {
  Lex2[Lex2["None"] = 0] = "None";
  Lex2[Lex2["String"] = 1] = "String";
  Lex2[Lex2["Escape"] = 2] = "Escape";
  Lex2[Lex2["Unicode"] = 3] = "Unicode";
  Lex2[Lex2["Number"] = 4] = "Number";
  Lex2[Lex2["Literal"] = 5] = "Literal";
  return Lex2;
})(Lex || {});
const CONTROL = /[\u0000-\u001f]/;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const ESCAPES = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "	" };
const LITERALS = { true: true, false: false, null: null };
class JsonTokenizer {
  constructor(events, limits) {
    this.events = events;
    this.limits = limits;
  }
  events;
  limits;
  /** Open containers, innermost last: true for an object. */
  stack = [];
  expect = 0 /* Value */;
  lex = 0 /* None */;
  /** The string being read: its kept parts, their length, and whether it is a key. */
  parts = [];
  kept = 0;
  isKey = false;
  /** The number, literal or `\u` escape being read. */
  token = "";
  /** Characters read so far, for the position in an error. */
  offset = 0;
  started = false;
  /** The index of the next backslash in the chunk being read (its length when none is left; -1 when not yet looked for). */
  backslash = -1;
  /** Reads the next piece of the document. */
  write(chunk) {
    let i = 0;
    const length = chunk.length;
    this.backslash = -1;
    while (i < length) {
      switch (this.lex) {
        case 1 /* String */:
          i = this.readString(chunk, i);
          continue;
        case 2 /* Escape */:
          i = this.readEscape(chunk, i);
          continue;
        case 3 /* Unicode */:
          i = this.readUnicode(chunk, i);
          continue;
        case 4 /* Number */:
        case 5 /* Literal */:
          i = this.readWord(chunk, i);
          continue;
        case 0 /* None */:
          break;
      }
      let code = chunk.charCodeAt(i);
      while (code === 32 || code === 10 || code === 13 || code === 9) {
        if (++i === length) break;
        code = chunk.charCodeAt(i);
      }
      if (i === length) break;
      this.structure(chunk[i], this.offset + i);
      i++;
    }
    this.offset += length;
  }
  /** Ends the document; throws when it is not whole. */
  end() {
    if (this.lex === 4 /* Number */ || this.lex === 5 /* Literal */) {
      this.endToken(this.offset);
    }
    if (!this.started) throw new JsonSyntaxError("the file holds no JSON value");
    if (this.lex !== 0 /* None */ || this.expect !== 6 /* Done */) throw new JsonSyntaxError("the file ends before the JSON does");
  }
  /** One character outside a string, number or literal. */
  structure(char, at) {
    switch (char) {
      case "{":
      case "[":
        this.beforeValue(char, at);
        if (this.stack.length >= this.limits.maxDepth) throw new JsonCapError(`nested deeper than ${this.limits.maxDepth}`);
        this.stack.push(char === "{");
        this.expect = char === "{" ? 3 /* KeyOrClose */ : 1 /* ValueOrClose */;
        if (char === "{") this.events.openObject();
        else this.events.openArray();
        return;
      case "}":
      case "]": {
        const object = char === "}";
        const top = this.stack[this.stack.length - 1];
        const may = object ? this.expect === 3 /* KeyOrClose */ || this.expect === 5 /* CommaOrClose */ : this.expect === 1 /* ValueOrClose */ || this.expect === 5 /* CommaOrClose */;
        if (top !== object || !may) this.unexpected(char, at);
        this.stack.pop();
        this.events.close();
        this.afterValue();
        return;
      }
      case ":":
        if (this.expect !== 4 /* Colon */) this.unexpected(char, at);
        this.expect = 0 /* Value */;
        return;
      case ",":
        if (this.expect !== 5 /* CommaOrClose */) this.unexpected(char, at);
        this.expect = this.stack[this.stack.length - 1] === true ? 2 /* Key */ : 0 /* Value */;
        return;
      case '"':
        if (this.expect === 2 /* Key */ || this.expect === 3 /* KeyOrClose */) this.isKey = true;
        else {
          this.beforeValue(char, at);
          this.isKey = false;
        }
        this.lex = 1 /* String */;
        this.parts = [];
        this.kept = 0;
        return;
      default:
        this.beforeValue(char, at);
        if (char === "-" || char >= "0" && char <= "9") this.lex = 4 /* Number */;
        else if (char === "t" || char === "f" || char === "n") this.lex = 5 /* Literal */;
        else this.unexpected(char, at);
        this.token = char;
    }
  }
  /** Checks that a value may start here. */
  beforeValue(char, at) {
    if (this.expect !== 0 /* Value */ && this.expect !== 1 /* ValueOrClose */) this.unexpected(char, at);
    this.started = true;
  }
  afterValue() {
    this.expect = this.stack.length === 0 ? 6 /* Done */ : 5 /* CommaOrClose */;
  }
  /** Reads number or literal characters up to a delimiter or the chunk's end. */
  readWord(chunk, i) {
    const start = i;
    const length = chunk.length;
    const number = this.lex === 4 /* Number */;
    for (; i < length; i++) {
      const code = chunk.charCodeAt(i);
      const part = number ? code >= 48 && code <= 57 || code === 46 || code === 45 || code === 43 || code === 101 || code === 69 : code >= 97 && code <= 122;
      if (!part) break;
    }
    this.token += chunk.slice(start, i);
    if (this.token.length > (number ? this.limits.maxNumber : 5)) this.tooLong(i);
    if (i < length) this.endToken(this.offset + i);
    return i;
  }
  /** A number or literal ended (at a delimiter or the end of the input). */
  endToken(at) {
    const text = this.token;
    const lex = this.lex;
    this.lex = 0 /* None */;
    this.token = "";
    if (lex === 4 /* Number */) {
      if (!NUMBER.test(text)) throw new JsonSyntaxError(`not a number at character ${at}: ${text.slice(0, 20)}`);
      this.events.scalar(Number(text));
    } else {
      if (!Object.hasOwn(LITERALS, text)) throw new JsonSyntaxError(`unexpected word at character ${at}: ${text.slice(0, 20)}`);
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
      const found = chunk.indexOf("\\", i);
      this.backslash = found === -1 ? length : found;
    }
    const end = quote === -1 ? Math.min(length, this.backslash) : Math.min(quote, this.backslash);
    if (end > start && CONTROL.test(chunk.slice(start, end))) {
      const at = chunk.slice(start, end).search(CONTROL);
      throw new JsonSyntaxError(`a control character inside a string at character ${this.offset + start + at}`);
    }
    this.keep(chunk, start, end);
    i = end;
    if (i === length) return i;
    if (i === this.backslash) {
      this.lex = 2 /* Escape */;
      return i + 1;
    }
    this.lex = 0 /* None */;
    const text = this.parts.length === 1 ? this.parts[0] : this.parts.join("");
    this.parts = [];
    if (this.isKey) {
      this.events.key(text);
      this.expect = 4 /* Colon */;
    } else {
      this.events.scalar(text);
      this.afterValue();
    }
    return i + 1;
  }
  readEscape(chunk, i) {
    const char = chunk[i];
    if (char === "u") {
      this.lex = 3 /* Unicode */;
      this.token = "";
      return i + 1;
    }
    const decoded = ESCAPES[char];
    if (decoded === void 0) throw new JsonSyntaxError(`a bad escape \\${char} at character ${this.offset + i}`);
    this.keep(decoded, 0, 1);
    this.lex = 1 /* String */;
    return i + 1;
  }
  readUnicode(chunk, i) {
    while (i < chunk.length && this.token.length < 4) {
      const char = chunk[i];
      if (!/[0-9a-fA-F]/.test(char)) throw new JsonSyntaxError(`a bad \\u escape at character ${this.offset + i}`);
      this.token += char;
      i++;
    }
    if (this.token.length === 4) {
      this.keep(String.fromCharCode(parseInt(this.token, 16)), 0, 1);
      this.token = "";
      this.lex = 1 /* String */;
    }
    return i;
  }
  /** Keeps text[from, to) of the string being read, within the cap. */
  keep(text, from, to) {
    const room = this.limits.maxString - this.kept;
    if (room <= 0 || to <= from) return;
    const end = Math.min(to, from + room);
    this.parts.push(from === 0 && end === text.length ? text : text.slice(from, end));
    this.kept += end - from;
  }
  tooLong(i) {
    if (this.lex === 4 /* Number */) throw new JsonCapError(`a number longer than ${this.limits.maxNumber} characters`);
    throw new JsonSyntaxError(`unexpected word at character ${this.offset + i}: ${this.token.slice(0, 20)}`);
  }
  unexpected(char, at) {
    const shown = /^[\x21-\x7e]$/.test(char) ? char : `U+${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
    throw new JsonSyntaxError(`unexpected ${shown} at character ${at}`);
  }
}


;// CONCATENATED MODULE: ./build/bundle/src/core/test-results/json-walk.js
const TOTAL = /* @__PURE__ */ Symbol("total");
function itemCount(value) {
  if (!Array.isArray(value)) return 0;
  return value[TOTAL] ?? value.length;
}
class JsonWalker {
  constructor(handler, maxRecordChars) {
    this.handler = handler;
    this.maxRecordChars = maxRecordChars;
  }
  handler;
  maxRecordChars;
  path = [];
  frames = [];
  /** The value being gathered, innermost container last; empty when none is. */
  building = [];
  gatherPath = 0;
  chars = 0;
  overflow = false;
  openObject() {
    this.open(true);
  }
  openArray() {
    this.open(false);
  }
  key(name) {
    const building = this.building[this.building.length - 1];
    if (building !== void 0) building.key = name;
    else this.path[this.path.length - 1] = name;
  }
  scalar(value) {
    if (this.building.length > 0) {
      const pick2 = this.childPick();
      if (pick2 === true) this.add(typeof value === "string" ? this.budget(value) : value);
      return;
    }
    this.step();
    const pick = this.handler.gather(this.path);
    if (pick === true) this.handler.gathered(this.path, typeof value === "string" ? value : value, false);
    else this.handler.scalar(this.path, value);
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
      } else if (done.value !== void 0) this.add(done.value);
      return;
    }
    this.frames.pop();
    this.path.pop();
    this.handler.closed(this.path);
  }
  open(object) {
    if (this.building.length > 0) {
      const pick2 = this.childPick();
      const kept = pick2 !== void 0 && pick2 !== true && ("keys" in pick2 ? object : !object);
      this.building.push({ value: kept ? object ? {} : [] : void 0, pick: kept ? pick2 : void 0, key: void 0 });
      return;
    }
    this.step();
    const pick = this.handler.gather(this.path);
    if (pick !== void 0) {
      const kept = pick !== true && ("keys" in pick ? object : !object);
      this.gatherPath = this.path.length;
      this.building.push({ value: kept ? object ? {} : [] : void 0, pick: kept ? pick : void 0, key: void 0 });
      return;
    }
    this.frames.push({ object, index: 0 });
    this.path.push(object ? "" : 0);
  }
  /** Sets the path's last step for a value starting in an array. */
  step() {
    const frame = this.frames[this.frames.length - 1];
    if (frame !== void 0 && !frame.object) this.path[this.path.length - 1] = frame.index++;
  }
  /** The pick for a value starting inside the innermost container being gathered. */
  childPick() {
    const parent = this.building[this.building.length - 1];
    const pick = parent.pick;
    if (pick === void 0 || pick === true || parent.value === void 0) return void 0;
    if ("keys" in pick) return parent.key !== void 0 && Object.hasOwn(pick.keys, parent.key) ? pick.keys[parent.key] : void 0;
    const array = parent.value;
    const count = (array[TOTAL] ?? 0) + 1;
    array[TOTAL] = count;
    return count <= pick.max ? pick.items : void 0;
  }
  /** Adds a finished value to the innermost container being gathered. */
  add(value) {
    const parent = this.building[this.building.length - 1];
    if (parent.value === void 0) return;
    if (Array.isArray(parent.value)) parent.value.push(value);
    else if (parent.key !== void 0) parent.value[parent.key] = value;
  }
  /** A string within what is left of the record's characters. */
  budget(text) {
    const room = this.maxRecordChars - this.chars;
    if (text.length > room) this.overflow = true;
    const kept = text.length > room ? text.slice(0, Math.max(0, room)) : text;
    this.chars += kept.length;
    return kept;
  }
}


// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./build/bundle/src/core/test-results/json-report.js

class ReportRefusal extends Error {
  name = "ReportRefusal";
}
const MAX_HELD_TESTS = 5e4;
const MAX_HELD_CHARS = 16 * 1024 * 1024;
const MAX_RECORD_CHARS = 1024 * 1024;
const MAX_GROUPS = 64;
function workspacePath(file, workingDirectory) {
  const cut = file.slice(0, 4096);
  if (!(0,external_node_path_.isAbsolute)(cut)) return cut;
  return (0,external_node_path_.relative)(workingDirectory, cut).split(external_node_path_.sep).join("/");
}
function wholeNumber(value, max = 1e9) {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max ? value : void 0;
}
function durationMs(value) {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : void 0;
}


// EXTERNAL MODULE: ./build/bundle/src/core/test-results/failure-text.js
var failure_text = __webpack_require__(9368);
// EXTERNAL MODULE: ./build/bundle/src/core/attempt/tests.js
var attempt_tests = __webpack_require__(7953);
;// CONCATENATED MODULE: ./build/bundle/src/core/test-results/jest-json.js




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
  passed: "passed",
  // jest-junit counts a focused test as passed, and every other status as skipped.
  focused: "passed",
  failed: "failed",
  pending: "skipped",
  skipped: "skipped",
  todo: "skipped",
  disabled: "skipped"
};
const isTestPath = (path) => path.length === 4 && path[0] === "testResults" && path[2] === "assertionResults" && typeof path[3] === "number";
function jestJsonReader(context, rootIsJest) {
  let file = { tests: [], chars: 0 };
  let count = 0;
  const hold = (value, overflow) => {
    if (overflow) throw new ReportRefusal(`a test's record is longer than ${MAX_RECORD_CHARS.toLocaleString("en-US")} characters`);
    const test = heldTest(value, rootIsJest(), context);
    file.chars += test.title.length + test.groups.reduce((sum, group) => sum + group.length, 0) + (test.detail?.length ?? 0) + 200;
    if (file.tests.length >= MAX_HELD_TESTS || file.chars > MAX_HELD_CHARS)
      throw new ReportRefusal(
        `one test file has more than ${MAX_HELD_TESTS.toLocaleString("en-US")} tests, or more text than reverify holds`
      );
    file.tests.push(test);
  };
  const flush = () => {
    const path = file.path === void 0 ? "" : workspacePath(file.path, context.workingDirectory);
    const vitestFile = file.tests.length > 0 ? file.tests.every((test) => test.vitest) : !rootIsJest();
    const suite = String(file.tests[0]?.groups[0]);
    for (const test of file.tests) {
      count++;
      context.onTest(test.vitest ? vitestCase(test, path) : jestCase(test, path, suite));
    }
    if (vitestFile && file.status === "failed" && file.message !== void 0 && file.message.trim() !== "") {
      const detail = (0,failure_text/* readableText */.Gh)(file.message, context.limits.maxDetail);
      count++;
      context.onTest({
        suite: path,
        classname: path,
        name: path,
        outcome: "failed",
        detail,
        ...withMessage(detail, context)
      });
    }
    file = { tests: [], chars: 0 };
  };
  return {
    gather: (path) => isTestPath(path) ? TEST_PICK : void 0,
    gathered: (path, value, overflow) => {
      if (isTestPath(path)) hold(value, overflow);
    },
    scalar: (path, value) => {
      if (path.length !== 3 || path[0] !== "testResults" || typeof value !== "string") return;
      if (path[2] === "name") file.path = value;
      else if (path[2] === "status") file.status = value;
      else if (path[2] === "message") file.message = value;
    },
    closed: (path) => {
      if (path.length === 2 && path[0] === "testResults") flush();
    },
    count: () => count
  };
}
function withMessage(detail, context) {
  const message = (0,failure_text/* messageOfDetail */.YV)(detail, context.limits.maxMessage);
  return message === void 0 ? {} : { message };
}
function heldTest(value, rootIsJest, context) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new ReportRefusal("a test is not an object");
  const status = typeof value.status === "string" ? value.status : void 0;
  const outcome = status !== void 0 && Object.hasOwn(OUTCOMES, status) ? OUTCOMES[status] : void 0;
  if (outcome === void 0)
    throw new ReportRefusal(`a test's status ${JSON.stringify(String(status).slice(0, 40))} is not one jest or vitest writes`);
  if (typeof value.title !== "string") throw new ReportRefusal("a test has no title");
  const titles = value.ancestorTitles ?? [];
  if (!Array.isArray(titles) || titles.some((title) => typeof title !== "string"))
    throw new ReportRefusal("a test's ancestorTitles is not a list of names");
  if (itemCount(titles) > MAX_GROUPS) throw new ReportRefusal(`a test is inside more than ${MAX_GROUPS} groups`);
  const jestKeys = "invocations" in value || "retryReasons" in value || "failureDetails" in value || "numPassingAsserts" in value;
  const vitest = !jestKeys && !rootIsJest && "meta" in value;
  const failures = value.failureMessages;
  const firstFailure = Array.isArray(failures) && typeof failures[0] === "string" ? failures[0] : void 0;
  const location = value.location;
  const line = location !== null && typeof location === "object" && !Array.isArray(location) ? wholeNumber(location.line) : void 0;
  const duration = durationMs(value.duration);
  const test = {
    vitest,
    groups: titles,
    title: value.title,
    outcome,
    ...duration !== void 0 && { durationMs: duration },
    ...line !== void 0 && line >= 1 && { line }
  };
  if ((outcome === "failed" || outcome === "error") && firstFailure !== void 0) {
    test.detail = (0,failure_text/* readableText */.Gh)(firstFailure, context.limits.maxDetail);
    Object.assign(test, withMessage(test.detail, context));
  }
  const runner = runnerRuns(value, vitest, outcome, context);
  if (runner !== void 0) test.runner = runner;
  return test;
}
function runnerRuns(value, vitest, outcome, context) {
  if (outcome === "skipped") return void 0;
  const first = (list) => {
    const text = Array.isArray(list) && typeof list[0] === "string" ? list[0] : void 0;
    return text === void 0 ? void 0 : (0,failure_text/* messageOfDetail */.YV)((0,failure_text/* readableText */.Gh)(text, context.limits.maxDetail), context.limits.maxMessage);
  };
  if (vitest) {
    const failed = itemCount(value.failureMessages);
    if (outcome !== "passed" || failed === 0) return void 0;
    const firstMessage2 = first(value.failureMessages);
    return { runs: failed + 1, form: "invocations", ...firstMessage2 !== void 0 && { firstMessage: firstMessage2 } };
  }
  const runs = wholeNumber(value.invocations);
  if (runs === void 0 || runs < 2) return void 0;
  const firstMessage = first(value.retryReasons);
  return { runs, form: "invocations", ...firstMessage !== void 0 && { firstMessage } };
}
const capName = (text) => text.slice(0, attempt_tests/* MAX_NAME_CHARS */.xH);
function jestCase(test, path, suite) {
  const name = capName(`${test.groups.join(" ")} ${test.title}`);
  const names = { suite: capName(suite), name, classname: name };
  if (path !== "") names.file = path;
  return caseOf(test, names);
}
function vitestCase(test, path) {
  return caseOf(test, { suite: path, name: capName([...test.groups, test.title].join(" > ")), classname: capName(path) });
}
function caseOf(test, names) {
  const parsed = names;
  if (test.line !== void 0) parsed.line = test.line;
  parsed.outcome = test.outcome;
  if (test.durationMs !== void 0) parsed.durationMs = test.durationMs;
  if (test.message !== void 0) parsed.message = test.message;
  if (test.detail !== void 0) parsed.detail = test.detail;
  if (test.runner !== void 0) parsed.runner = test.runner;
  return parsed;
}


// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
;// CONCATENATED MODULE: ./build/bundle/src/core/test-results/playwright-json.js





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
const MATCHER = /expect\(.*?\)\.(not\.)?(\w+)/;
function suiteDepth(path, end = path.length) {
  if (end === 0 || end % 2 !== 0) return -1;
  for (let i = 0; i < end; i += 2) if (path[i] !== "suites" || typeof path[i + 1] !== "number") return -1;
  return end / 2;
}
function specDepth(path) {
  const end = path.length - 2;
  if (end < 2 || path[end] !== "specs" || typeof path[end + 1] !== "number") return -1;
  return suiteDepth(path, end);
}
function playwrightJsonReader(context) {
  const titles = [];
  let count = 0;
  const spec = (depth, value, overflow) => {
    if (overflow) throw new ReportRefusal(`a spec's record is longer than ${MAX_RECORD_CHARS.toLocaleString("en-US")} characters`);
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new ReportRefusal("a spec is not an object");
    const around = titles.slice(0, depth);
    if (around.length < depth || around.some((title) => title === void 0))
      throw new ReportRefusal("a suite's title comes after its tests, or is missing");
    if (depth - 1 > MAX_GROUPS) throw new ReportRefusal(`a test is inside more than ${MAX_GROUPS} groups`);
    if (typeof value.title !== "string") throw new ReportRefusal("a spec has no title");
    const tests = value.tests;
    if (!Array.isArray(tests)) throw new ReportRefusal("a spec has no tests list");
    if (itemCount(tests) > MAX_SPEC_TESTS) throw new ReportRefusal(`a spec has more than ${MAX_SPEC_TESTS} tests`);
    const file = around[0].slice(0, attempt_tests/* MAX_NAME_CHARS */.xH);
    const name = [...around.slice(1), value.title].join(" \u203A ").slice(0, attempt_tests/* MAX_NAME_CHARS */.xH);
    const line = wholeNumber(value.line);
    for (const test of tests) {
      count++;
      context.onTest({
        suite: file,
        classname: file,
        name,
        ...line !== void 0 && line >= 1 && { line },
        ...testResult(test, context)
      });
    }
  };
  return {
    gather: (path) => {
      const depth = suiteDepth(path);
      if (depth > 0) titles.length = depth - 1;
      return specDepth(path) > 0 ? SPEC_PICK : void 0;
    },
    gathered: (path, value, overflow) => {
      const depth = specDepth(path);
      if (depth > 0) spec(depth, value, overflow);
    },
    scalar: (path, value) => {
      const depth = suiteDepth(path, path.length - 1);
      if (depth > 0 && path[path.length - 1] === "title") {
        if (typeof value !== "string") throw new ReportRefusal("a suite's title is not text");
        titles.length = depth;
        titles[depth - 1] = value;
      }
    },
    closed: (path) => {
      const depth = suiteDepth(path);
      if (depth > 0) titles.length = depth - 1;
    },
    count: () => count
  };
}
function testResult(test, context) {
  if (test === null || typeof test !== "object" || Array.isArray(test)) throw new ReportRefusal("a test is not an object");
  const results = Array.isArray(test.results) ? test.results : [];
  const runs = itemCount(test.results);
  let total = 0;
  let firstError;
  for (const result of results) {
    if (result === null || typeof result !== "object" || Array.isArray(result)) throw new ReportRefusal("a test result is not an object");
    total += durationMs(result.duration) ?? 0;
    const error = result.error;
    if (firstError === void 0 && error !== null && typeof error === "object" && !Array.isArray(error)) {
      firstError = {
        ...typeof error.message === "string" && { message: error.message },
        ...typeof error.stack === "string" && { stack: error.stack }
      };
    }
  }
  const outcome = outcomeOf(test.status, test.expectedStatus, firstError);
  const fields = { outcome, ...results.length > 0 && { durationMs: total } };
  const detail = firstError === void 0 ? void 0 : (0,failure_text/* readableText */.Gh)(firstError.stack ?? firstError.message ?? "", context.limits.maxDetail);
  const message = detail === void 0 || detail === "" ? void 0 : (0,failure_text/* messageOfDetail */.YV)(detail, context.limits.maxMessage);
  if ((outcome === "failed" || outcome === "error") && detail !== void 0 && detail !== "") {
    fields.detail = detail;
    if (message !== void 0) fields.message = message;
  }
  if (test.status === "flaky" || (outcome === "failed" || outcome === "error") && runs > 1) {
    fields.runner = { runs: Math.max(runs, 2), form: "invocations", ...message !== void 0 && { firstMessage: message } };
  }
  return fields;
}
function outcomeOf(status, expected, error) {
  switch (status) {
    case "expected":
      return expected === "skipped" ? "skipped" : "passed";
    case "flaky":
      return "passed";
    case "skipped":
      return "skipped";
    case "unexpected":
      return error?.message === void 0 || MATCHER.test((0,external_node_util_.stripVTControlCharacters)(error.message)) ? "failed" : "error";
    default:
      throw new ReportRefusal(`a test's status ${JSON.stringify(String(status).slice(0, 40))} is not one Playwright writes`);
  }
}


;// CONCATENATED MODULE: ./build/bundle/src/core/test-results/json-results.js







const MAX_NUMBER_CHARS = 64;
const JEST_ONLY_KEY = "numRuntimeErrorTestSuites";
const NOT_A_REPORT = "ignored: not a test report reverify reads (jest's --json, vitest's or Playwright's json reporter)";
function reportHandler(context) {
  let rootIsJest = false;
  const jest = jestJsonReader(context, () => rootIsJest);
  const playwright = playwrightJsonReader(context);
  const seen = /* @__PURE__ */ new Set();
  const readerOf = (path) => {
    if (path.length === 0) return void 0;
    if (typeof path[0] === "number") throw new ReportRefusal(NOT_A_REPORT.replace(/^ignored: /, ""));
    const reader = path[0] === "testResults" ? jest : path[0] === "suites" ? playwright : void 0;
    if (reader !== void 0) seen.add(reader);
    return reader;
  };
  const handler = {
    gather: (path) => readerOf(path)?.gather(path),
    gathered: (path, value, overflow) => readerOf(path)?.gathered(path, value, overflow),
    scalar: (path, value) => {
      if (path.length === 0) throw new ReportRefusal(NOT_A_REPORT.replace(/^ignored: /, ""));
      if (path.length === 1 && path[0] === JEST_ONLY_KEY) rootIsJest = true;
      readerOf(path)?.scalar(path, value);
    },
    closed: (path) => readerOf(path)?.closed(path)
  };
  return { handler, isReport: () => seen.size > 0, count: () => jest.count() + playwright.count() };
}
async function parseJsonResultsFile(path, onTest, options) {
  const limits = options.limits ?? junit_limits/* DEFAULT_LIMITS */.d;
  const opened = await (0,results_open/* openResultsFile */.xD)(path);
  if (!opened.ok) return opened;
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
      if (options.signal?.aborted) return results_open/* INTERRUPTED */.t;
      if (empty) return { ok: false, reason: "ignored: the file is empty" };
      tokenizer.end();
    } catch (error) {
      if (error instanceof JsonSyntaxError) return { ok: false, reason: `ignored: not well-formed JSON (${error.message})` };
      if (error instanceof JsonCapError || error instanceof ReportRefusal) return { ok: false, reason: `ignored: ${error.message}` };
      return { ok: false, reason: `ignored: cannot be read (${error instanceof Error ? error.message.slice(0, 200) : "error"})` };
    }
    if (!report.isReport()) return { ok: false, reason: NOT_A_REPORT };
    return { ok: true, tests: report.count() };
  } finally {
    await handle.close();
  }
}



/***/ }),

/***/ 607:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   t: () => (/* binding */ INTERRUPTED),
/* harmony export */   w7: () => (/* binding */ textChunks),
/* harmony export */   xD: () => (/* binding */ openResultsFile)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_string_decoder__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6193);



async function openResultsFile(path) {
  let handle;
  try {
    handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(path, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, reason: `ignored: cannot be opened (${error.code ?? "error"})` };
  }
  if (!(await handle.stat().catch(() => void 0))?.isFile()) {
    await handle.close();
    return { ok: false, reason: "ignored: not a regular file" };
  }
  return { ok: true, handle };
}
const INTERRUPTED = { ok: false, reason: "ignored: reading was interrupted" };
const CHUNK_BYTES = 64 * 1024;
async function* textChunks(handle, signal) {
  const decoder = new node_string_decoder__WEBPACK_IMPORTED_MODULE_2__.StringDecoder("utf8");
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let first = true;
  const clean = (text) => {
    if (first && text !== "") {
      first = false;
      if (text.charCodeAt(0) === 65279) return text.slice(1);
    }
    return text;
  };
  for (; ; ) {
    if (signal?.aborted) return;
    const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
    if (bytesRead === 0) break;
    const text = clean(decoder.write(buffer.subarray(0, bytesRead)));
    if (text !== "") yield text;
  }
  const rest = clean(decoder.end());
  if (rest !== "") yield rest;
}



/***/ })

};
