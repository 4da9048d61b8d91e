export const id = 196;
export const ids = [196];
export const modules = {

/***/ 6196:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  parseJUnitFile: () => (/* binding */ parseJUnitFile)
});

// EXTERNAL MODULE: ./build/bundle/src/core/test-results/results-open.js
var results_open = __webpack_require__(607);
// EXTERNAL MODULE: ./node_modules/saxes/saxes.js
var saxes = __webpack_require__(9800);
// EXTERNAL MODULE: ./build/bundle/src/core/test-results/junit-limits.js
var junit_limits = __webpack_require__(8237);
// EXTERNAL MODULE: ./build/bundle/src/core/attempt/tests.js
var tests = __webpack_require__(7953);
// EXTERNAL MODULE: ./build/bundle/src/core/test-results/junit-message.js
var junit_message = __webpack_require__(9406);
// EXTERNAL MODULE: ./build/bundle/src/core/test-results/junit-retries.js
var junit_retries = __webpack_require__(4103);
;// CONCATENATED MODULE: ./build/bundle/src/core/test-results/xml-caps.js
const CDATA_OPEN = "<![CDATA[";
const COMMENT_OPEN = "<!--";
const MAX_ENTITY = 32;
const ENTITY_CHAR = /[#A-Za-z0-9_.:-]/;
const LT = 60;
const GT = 62;
const AMP = 38;
const QUOTE = 34;
const APOSTROPHE = 39;
const BRACKET = 93;
function runEnd(chunk, from, state) {
  let i = from;
  const length = chunk.length;
  switch (state) {
    case "text":
      for (; i < length; i++) {
        const code = chunk.charCodeAt(i);
        if (code === LT || code === AMP) break;
      }
      return i;
    case "value":
      for (; i < length; i++) {
        const code = chunk.charCodeAt(i);
        if (code === QUOTE || code === APOSTROPHE || code === AMP) break;
      }
      return i;
    case "tag":
      for (; i < length; i++) {
        const code = chunk.charCodeAt(i);
        if (code === GT || code === QUOTE || code === APOSTROPHE) break;
      }
      return i;
    case "cdata":
      for (; i < length; i++) if (chunk.charCodeAt(i) === BRACKET) break;
      return i;
  }
}
const UNCAPPED = { attributes: Infinity, tagChars: Infinity, fileChars: Infinity };
class XmlCapError extends Error {
  name = "XmlCapError";
}
const count = (value) => value.toLocaleString("en-US");
class XmlRunCapper {
  constructor(maxRun, caps = UNCAPPED) {
    this.maxRun = maxRun;
    this.caps = caps;
  }
  maxRun;
  caps;
  state = "text";
  /** Characters passed in the current run (text, value, CDATA, tag, declaration). */
  run = 0;
  /** The start of markup seen so far while it is not yet known what it opens. */
  opening = "";
  quote = "";
  /** An entity reference being read; passed on only when complete and within the cap. */
  entity = "";
  /** `]` (CDATA), `-` (comment) or `?` (processing instruction) characters seen in a row. */
  closers = 0;
  depth = 0;
  /** Whether the tag being read is a start tag (not `</…>`), and what it has held so far. */
  startTag = false;
  tagAttributes = 0;
  tagChars = 0;
  fileTagChars = 0;
  /** Characters cut so far. */
  dropped = 0;
  /** Filters the next piece of the document. */
  push(chunk) {
    const out = [];
    const clean = this.opening === "" && this.entity === "" && this.closers === 0;
    const dropped = this.dropped;
    let i = 0;
    while (i < chunk.length) {
      switch (this.state) {
        case "text":
        case "value": {
          if (this.entity !== "") {
            i = this.readEntity(chunk, i, out);
            break;
          }
          const end = runEnd(chunk, i, this.state);
          this.copy(chunk, i, end, out);
          i = end;
          if (i === chunk.length) break;
          const char = chunk[i];
          i++;
          if (char === "&") this.entity = "&";
          else if (char === "<") {
            this.state = "open";
            this.opening = "<";
          } else if (char === this.quote) {
            out.push(char);
            this.state = "tag";
            this.run = 0;
          } else this.copy(char, 0, 1, out);
          break;
        }
        case "open":
          i = this.readOpening(chunk, i, out);
          break;
        case "tag": {
          const end = runEnd(chunk, i, "tag");
          this.copy(chunk, i, end, out);
          i = end;
          if (i === chunk.length) break;
          const char = chunk[i++];
          out.push(char);
          if (char === ">") this.enter("text");
          else {
            if (this.startTag && ++this.tagAttributes > this.caps.attributes)
              throw new XmlCapError(`a tag has more than ${count(this.caps.attributes)} attributes`);
            this.quote = char;
            this.enter("value");
          }
          break;
        }
        case "cdata":
          i = this.readCdata(chunk, i, out);
          break;
        case "comment":
        case "pi": {
          const char = chunk[i++];
          const closer = this.state === "comment" ? "-" : "?";
          if (char === ">" && this.closers >= (this.state === "comment" ? 2 : 1)) {
            if (this.state === "pi") this.copy("?".repeat(this.closers - 1), 0, this.closers - 1, out);
            out.push(this.state === "comment" ? "-->" : "?>");
            this.enter("text");
          } else if (char === closer) this.closers++;
          else if (this.state === "comment") {
            this.dropped += this.closers + 1;
            this.closers = 0;
          } else {
            this.copy("?".repeat(this.closers) + char, 0, this.closers + 1, out);
            this.closers = 0;
          }
          break;
        }
        case "decl": {
          const char = chunk[i++];
          if (char === "[") this.depth++;
          else if (char === "]") this.depth = Math.max(0, this.depth - 1);
          if (char === ">" && this.depth === 0) {
            out.push(char);
            this.enter("text");
          } else this.copy(char, 0, 1, out);
          break;
        }
      }
    }
    const unchanged = clean && this.dropped === dropped && this.opening === "" && this.entity === "" && this.closers === 0;
    return unchanged ? chunk : out.join("");
  }
  /** What is left at the end of the input (an unfinished opening or entity, cut or not). */
  end() {
    const rest = this.opening + this.entity;
    this.opening = "";
    this.entity = "";
    return rest;
  }
  enter(state) {
    this.state = state;
    this.run = 0;
    this.closers = 0;
  }
  /** Copies chunk[from, to) within the run's cap, counting what is cut. */
  copy(chunk, from, to, out) {
    if (to <= from) return;
    const room = Math.max(0, this.maxRun - this.run);
    let take = Math.min(room, to - from);
    if (take > 0 && take < to - from && isHighSurrogate(chunk.charCodeAt(from + take - 1))) take--;
    if (take > 0) {
      out.push(chunk.slice(from, from + take));
      if (this.startTag && (this.state === "tag" || this.state === "value")) this.countTag(take);
    }
    this.run += take;
    this.dropped += to - from - take;
    if (take < to - from) this.run = this.maxRun;
  }
  /** Counts characters of a start tag handed to the parser, against the tag's and the file's caps. */
  countTag(chars) {
    this.tagChars += chars;
    this.fileTagChars += chars;
    if (this.tagChars > this.caps.tagChars)
      throw new XmlCapError(`a tag's attributes are longer than ${count(this.caps.tagChars)} characters`);
    if (this.fileTagChars > this.caps.fileChars)
      throw new XmlCapError(`the file's attributes are longer than ${count(this.caps.fileChars)} characters in all`);
  }
  readEntity(chunk, i, out) {
    while (i < chunk.length) {
      const char = chunk[i];
      if (char === ";") {
        this.entity += char;
        const whole = this.entity;
        this.entity = "";
        if (this.run + whole.length <= this.maxRun) {
          out.push(whole);
          if (this.startTag && this.state === "value") this.countTag(whole.length);
          this.run += whole.length;
        } else {
          this.dropped += whole.length;
          this.run = this.maxRun;
        }
        return i + 1;
      }
      if (!ENTITY_CHAR.test(char) || this.entity.length >= MAX_ENTITY) {
        out.push(this.entity);
        this.run += this.entity.length;
        this.entity = "";
        return i;
      }
      this.entity += char;
      i++;
    }
    return i;
  }
  readOpening(chunk, i, out) {
    while (i < chunk.length) {
      this.opening += chunk[i++];
      const seen = this.opening;
      if (seen === COMMENT_OPEN) this.opened(seen, "comment", out);
      else if (seen === CDATA_OPEN) this.opened(seen, "cdata", out);
      else if (COMMENT_OPEN.startsWith(seen) || CDATA_OPEN.startsWith(seen)) continue;
      else if (seen.startsWith("<?")) this.opened(seen, "pi", out);
      else if (seen.startsWith("<!")) this.opened(seen, "decl", out);
      else {
        this.opened(seen.slice(0, -1), "tag", out);
        this.startTag = !seen.endsWith("/");
        this.tagAttributes = 0;
        this.tagChars = 0;
        i--;
      }
      return i;
    }
    return i;
  }
  opened(seen, state, out) {
    out.push(seen);
    this.opening = "";
    this.depth = 0;
    this.enter(state);
  }
  readCdata(chunk, i, out) {
    while (i < chunk.length) {
      if (this.closers === 0) {
        const end = runEnd(chunk, i, "cdata");
        this.copy(chunk, i, end, out);
        i = end;
        if (i === chunk.length) return i;
      }
      const char = chunk[i++];
      if (char === "]") {
        this.closers++;
        continue;
      }
      if (char === ">" && this.closers >= 2) {
        this.copy("]".repeat(this.closers - 2), 0, this.closers - 2, out);
        out.push("]]>");
        this.enter("text");
        return i;
      }
      this.copy("]".repeat(this.closers), 0, this.closers, out);
      this.closers = 0;
      this.copy(char, 0, 1, out);
    }
    return i;
  }
}
function isHighSurrogate(code) {
  return code >= 55296 && code <= 56319;
}


;// CONCATENATED MODULE: ./build/bundle/src/core/test-results/junit-parser.js







class Refusal extends Error {
  name = "Refusal";
}
const ROOTS = /* @__PURE__ */ new Set(["testsuites", "testsuite"]);
function durationOf(time) {
  if (time === void 0 || time.trim() === "") return void 0;
  const seconds = Number(time.replace(/,/g, ""));
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1e3) : void 0;
}
function lineOf(text) {
  if (text === void 0 || !/^\s*\d{1,9}\s*$/.test(text)) return void 0;
  return Number(text);
}
function junitHandlers(limits, onTest) {
  const suites = [];
  let depth = 0;
  let root = true;
  let open;
  let count = 0;
  const retries = new junit_retries/* RetryReader */.u(limits);
  const opentag = (tag) => {
    depth++;
    if (depth > limits.maxDepth) throw new Refusal(`ignored: elements nested deeper than ${limits.maxDepth}`);
    const attrs = tag.attributes;
    if (root) {
      root = false;
      if (!ROOTS.has(tag.name))
        throw new Refusal(`ignored: not JUnit XML (the root element is <${tag.name.slice(0, 40)}>, not <testsuites> or <testsuite>)`);
    }
    if (open !== void 0) retries.open(tag.name, attrs, depth);
    switch (tag.name) {
      case "testsuite":
        suites.push(attrs.name ?? "");
        return;
      case "testcase": {
        const file = attrs.file ?? attrs.filepath;
        const line = lineOf(attrs.line);
        const durationMs = durationOf(attrs.time);
        open = {
          test: {
            suite: suites[suites.length - 1] ?? "",
            name: (attrs.name ?? "").slice(0, tests/* MAX_NAME_CHARS */.xH),
            classname: (attrs.classname ?? attrs.class ?? "").slice(0, tests/* MAX_NAME_CHARS */.xH),
            ...file !== void 0 && file !== "" && { file: file.slice(0, 4096) },
            ...line !== void 0 && { line },
            outcome: "passed",
            ...durationMs !== void 0 && { durationMs }
          },
          detail: "",
          inResult: false
        };
        retries.start(depth);
        return;
      }
      case "failure":
      case "error": {
        if (open === void 0) return;
        if (open.test.outcome === "failed" || open.test.outcome === "error") return;
        open.test.outcome = tag.name === "failure" ? "failed" : "error";
        const message = (0,junit_message/* attributeMessage */.AW)(attrs.message, limits.maxMessage);
        if (message !== void 0) open.test.message = message;
        open.inResult = true;
        return;
      }
      case "skipped":
        if (open !== void 0 && open.test.outcome === "passed") open.test.outcome = "skipped";
        return;
    }
  };
  const closetag = (tag) => {
    depth--;
    if (open !== void 0) retries.close(tag.name, depth + 1);
    if (tag.name === "testsuite") suites.pop();
    else if ((tag.name === "failure" || tag.name === "error") && open !== void 0) open.inResult = false;
    else if (tag.name === "testcase" && open !== void 0) {
      const { test, detail } = open;
      if (detail.trim() !== "") {
        test.detail = (0,junit_message/* keptDetail */.kD)(detail, limits.maxDetail);
        const message = (0,junit_message/* failureMessage */.oh)(test.message, test.detail, limits.maxMessage);
        if (message !== void 0) test.message = message;
      }
      const runner = retries.finish(test.outcome);
      if (runner !== void 0) test.runner = runner;
      open = void 0;
      count++;
      onTest(test);
    }
  };
  const text = (value) => {
    if (open === void 0) return;
    retries.text(value, depth);
    if (!open.inResult || open.detail.length >= limits.maxDetail) return;
    open.detail += value.slice(0, limits.maxDetail - open.detail.length + 1);
  };
  return { opentag, closetag, text, count: () => count };
}
async function parseJUnitFile(path, onTest, limits = junit_limits/* DEFAULT_LIMITS */.d, signal) {
  const opened = await (0,results_open/* openResultsFile */.xD)(path);
  if (!opened.ok) return opened;
  const { handle } = opened;
  try {
    const parser = new saxes/* SaxesParser */.wT({ xmlns: false, position: true });
    const capper = new XmlRunCapper(limits.maxRun, {
      attributes: limits.maxAttributes,
      tagChars: limits.maxTagChars,
      fileChars: limits.maxAttributeChars
    });
    const handlers = junitHandlers(limits, onTest);
    let failure;
    parser.on("error", (error) => {
      failure ??= `ignored: not well-formed XML (${error.message.replace(/\s+/g, " ").slice(0, 200)})`;
    });
    parser.on("doctype", () => {
      throw new Refusal("ignored: it has a DOCTYPE, and reverify reads no DTD and expands no entity");
    });
    parser.on("opentag", handlers.opentag);
    parser.on("closetag", handlers.closetag);
    parser.on("text", handlers.text);
    parser.on("cdata", handlers.text);
    let empty = true;
    try {
      for await (const text of (0,results_open/* textChunks */.w7)(handle, signal)) {
        empty = false;
        const filtered = capper.push(text);
        if (filtered !== "") parser.write(filtered);
        if (failure !== void 0) return { ok: false, reason: failure };
      }
      if (signal?.aborted) return results_open/* INTERRUPTED */.t;
      const rest = capper.end();
      if (rest !== "") parser.write(rest);
      parser.close();
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, reason: error.message };
      if (error instanceof XmlCapError) return { ok: false, reason: `ignored: ${error.message}` };
      failure ??= `ignored: cannot be read (${error instanceof Error ? error.message.slice(0, 200) : "error"})`;
    }
    if (failure !== void 0) return { ok: false, reason: failure };
    if (empty) return { ok: false, reason: "ignored: the file is empty" };
    return { ok: true, tests: handlers.count() };
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
