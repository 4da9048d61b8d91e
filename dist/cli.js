#!/usr/bin/env -S node --max-semi-space-size=1
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 800:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

var __webpack_unused_export__;

__webpack_unused_export__ = ({ value: true });
exports.wT = __webpack_unused_export__ = void 0;
const ed5 = __nccwpck_require__(950);
const ed2 = __nccwpck_require__(488);
const NSed3 = __nccwpck_require__(699);
var isS = ed5.isS;
var isChar10 = ed5.isChar;
var isNameStartChar = ed5.isNameStartChar;
var isNameChar = ed5.isNameChar;
var S_LIST = ed5.S_LIST;
var NAME_RE = ed5.NAME_RE;
var isChar11 = ed2.isChar;
var isNCNameStartChar = NSed3.isNCNameStartChar;
var isNCNameChar = NSed3.isNCNameChar;
var NC_NAME_RE = NSed3.NC_NAME_RE;
const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/";
const rootNS = {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment
    __proto__: null,
    xml: XML_NAMESPACE,
    xmlns: XMLNS_NAMESPACE,
};
const XML_ENTITIES = {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment
    __proto__: null,
    amp: "&",
    gt: ">",
    lt: "<",
    quot: "\"",
    apos: "'",
};
// EOC: end-of-chunk
const EOC = -1;
const NL_LIKE = -2;
const S_BEGIN = 0; // Initial state.
const S_BEGIN_WHITESPACE = 1; // leading whitespace
const S_DOCTYPE = 2; // <!DOCTYPE
const S_DOCTYPE_QUOTE = 3; // <!DOCTYPE "//blah
const S_DTD = 4; // <!DOCTYPE "//blah" [ ...
const S_DTD_QUOTED = 5; // <!DOCTYPE "//blah" [ "foo
const S_DTD_OPEN_WAKA = 6;
const S_DTD_OPEN_WAKA_BANG = 7;
const S_DTD_COMMENT = 8; // <!--
const S_DTD_COMMENT_ENDING = 9; // <!-- blah -
const S_DTD_COMMENT_ENDED = 10; // <!-- blah --
const S_DTD_PI = 11; // <?
const S_DTD_PI_ENDING = 12; // <?hi "there" ?
const S_TEXT = 13; // general stuff
const S_ENTITY = 14; // &amp and such
const S_OPEN_WAKA = 15; // <
const S_OPEN_WAKA_BANG = 16; // <!...
const S_COMMENT = 17; // <!--
const S_COMMENT_ENDING = 18; // <!-- blah -
const S_COMMENT_ENDED = 19; // <!-- blah --
const S_CDATA = 20; // <![CDATA[ something
const S_CDATA_ENDING = 21; // ]
const S_CDATA_ENDING_2 = 22; // ]]
const S_PI_FIRST_CHAR = 23; // <?hi, first char
const S_PI_REST = 24; // <?hi, rest of the name
const S_PI_BODY = 25; // <?hi there
const S_PI_ENDING = 26; // <?hi "there" ?
const S_XML_DECL_NAME_START = 27; // <?xml
const S_XML_DECL_NAME = 28; // <?xml foo
const S_XML_DECL_EQ = 29; // <?xml foo=
const S_XML_DECL_VALUE_START = 30; // <?xml foo=
const S_XML_DECL_VALUE = 31; // <?xml foo="bar"
const S_XML_DECL_SEPARATOR = 32; // <?xml foo="bar"
const S_XML_DECL_ENDING = 33; // <?xml ... ?
const S_OPEN_TAG = 34; // <strong
const S_OPEN_TAG_SLASH = 35; // <strong /
const S_ATTRIB = 36; // <a
const S_ATTRIB_NAME = 37; // <a foo
const S_ATTRIB_NAME_SAW_WHITE = 38; // <a foo _
const S_ATTRIB_VALUE = 39; // <a foo=
const S_ATTRIB_VALUE_QUOTED = 40; // <a foo="bar
const S_ATTRIB_VALUE_CLOSED = 41; // <a foo="bar"
const S_ATTRIB_VALUE_UNQUOTED = 42; // <a foo=bar
const S_CLOSE_TAG = 43; // </a
const S_CLOSE_TAG_SAW_WHITE = 44; // </a   >
const TAB = 9;
const NL = 0xA;
const CR = 0xD;
const SPACE = 0x20;
const BANG = 0x21;
const DQUOTE = 0x22;
const AMP = 0x26;
const SQUOTE = 0x27;
const MINUS = 0x2D;
const FORWARD_SLASH = 0x2F;
const SEMICOLON = 0x3B;
const LESS = 0x3C;
const EQUAL = 0x3D;
const GREATER = 0x3E;
const QUESTION = 0x3F;
const OPEN_BRACKET = 0x5B;
const CLOSE_BRACKET = 0x5D;
const NEL = 0x85;
const LS = 0x2028; // Line Separator
const isQuote = (c) => c === DQUOTE || c === SQUOTE;
const QUOTES = [DQUOTE, SQUOTE];
const DOCTYPE_TERMINATOR = [...QUOTES, OPEN_BRACKET, GREATER];
const DTD_TERMINATOR = [...QUOTES, LESS, CLOSE_BRACKET];
const XML_DECL_NAME_TERMINATOR = [EQUAL, QUESTION, ...S_LIST];
const ATTRIB_VALUE_UNQUOTED_TERMINATOR = [...S_LIST, GREATER, AMP, LESS];
function nsPairCheck(parser, prefix, uri) {
    switch (prefix) {
        case "xml":
            if (uri !== XML_NAMESPACE) {
                parser.fail(`xml prefix must be bound to ${XML_NAMESPACE}.`);
            }
            break;
        case "xmlns":
            if (uri !== XMLNS_NAMESPACE) {
                parser.fail(`xmlns prefix must be bound to ${XMLNS_NAMESPACE}.`);
            }
            break;
        default:
    }
    switch (uri) {
        case XMLNS_NAMESPACE:
            parser.fail(prefix === "" ?
                `the default namespace may not be set to ${uri}.` :
                `may not assign a prefix (even "xmlns") to the URI \
${XMLNS_NAMESPACE}.`);
            break;
        case XML_NAMESPACE:
            switch (prefix) {
                case "xml":
                    // Assinging the XML namespace to "xml" is fine.
                    break;
                case "":
                    parser.fail(`the default namespace may not be set to ${uri}.`);
                    break;
                default:
                    parser.fail("may not assign the xml namespace to another prefix.");
            }
            break;
        default:
    }
}
function nsMappingCheck(parser, mapping) {
    for (const local of Object.keys(mapping)) {
        nsPairCheck(parser, local, mapping[local]);
    }
}
const isNCName = (name) => NC_NAME_RE.test(name);
const isName = (name) => NAME_RE.test(name);
const FORBIDDEN_START = 0;
const FORBIDDEN_BRACKET = 1;
const FORBIDDEN_BRACKET_BRACKET = 2;
/**
 * The list of supported events.
 */
__webpack_unused_export__ = [
    "xmldecl",
    "text",
    "processinginstruction",
    "doctype",
    "comment",
    "opentagstart",
    "attribute",
    "opentag",
    "closetag",
    "cdata",
    "error",
    "end",
    "ready",
];
const EVENT_NAME_TO_HANDLER_NAME = {
    xmldecl: "xmldeclHandler",
    text: "textHandler",
    processinginstruction: "piHandler",
    doctype: "doctypeHandler",
    comment: "commentHandler",
    opentagstart: "openTagStartHandler",
    attribute: "attributeHandler",
    opentag: "openTagHandler",
    closetag: "closeTagHandler",
    cdata: "cdataHandler",
    error: "errorHandler",
    end: "endHandler",
    ready: "readyHandler",
};
// eslint-disable-next-line @typescript-eslint/ban-types
class SaxesParser {
    /**
     * @param opt The parser options.
     */
    constructor(opt) {
        this.opt = opt !== null && opt !== void 0 ? opt : {};
        this.fragmentOpt = !!this.opt.fragment;
        const xmlnsOpt = this.xmlnsOpt = !!this.opt.xmlns;
        this.trackPosition = this.opt.position !== false;
        this.fileName = this.opt.fileName;
        if (xmlnsOpt) {
            // This is the function we use to perform name checks on PIs and entities.
            // When namespaces are used, colons are not allowed in PI target names or
            // entity names. So the check depends on whether namespaces are used. See:
            //
            // https://www.w3.org/XML/xml-names-19990114-errata.html
            // NE08
            //
            this.nameStartCheck = isNCNameStartChar;
            this.nameCheck = isNCNameChar;
            this.isName = isNCName;
            // eslint-disable-next-line @typescript-eslint/unbound-method
            this.processAttribs = this.processAttribsNS;
            // eslint-disable-next-line @typescript-eslint/unbound-method
            this.pushAttrib = this.pushAttribNS;
            // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment
            this.ns = Object.assign({ __proto__: null }, rootNS);
            const additional = this.opt.additionalNamespaces;
            if (additional != null) {
                nsMappingCheck(this, additional);
                Object.assign(this.ns, additional);
            }
        }
        else {
            this.nameStartCheck = isNameStartChar;
            this.nameCheck = isNameChar;
            this.isName = isName;
            // eslint-disable-next-line @typescript-eslint/unbound-method
            this.processAttribs = this.processAttribsPlain;
            // eslint-disable-next-line @typescript-eslint/unbound-method
            this.pushAttrib = this.pushAttribPlain;
        }
        //
        // The order of the members in this table needs to correspond to the state
        // numbers given to the states that correspond to the methods being recorded
        // here.
        //
        this.stateTable = [
            /* eslint-disable @typescript-eslint/unbound-method */
            this.sBegin,
            this.sBeginWhitespace,
            this.sDoctype,
            this.sDoctypeQuote,
            this.sDTD,
            this.sDTDQuoted,
            this.sDTDOpenWaka,
            this.sDTDOpenWakaBang,
            this.sDTDComment,
            this.sDTDCommentEnding,
            this.sDTDCommentEnded,
            this.sDTDPI,
            this.sDTDPIEnding,
            this.sText,
            this.sEntity,
            this.sOpenWaka,
            this.sOpenWakaBang,
            this.sComment,
            this.sCommentEnding,
            this.sCommentEnded,
            this.sCData,
            this.sCDataEnding,
            this.sCDataEnding2,
            this.sPIFirstChar,
            this.sPIRest,
            this.sPIBody,
            this.sPIEnding,
            this.sXMLDeclNameStart,
            this.sXMLDeclName,
            this.sXMLDeclEq,
            this.sXMLDeclValueStart,
            this.sXMLDeclValue,
            this.sXMLDeclSeparator,
            this.sXMLDeclEnding,
            this.sOpenTag,
            this.sOpenTagSlash,
            this.sAttrib,
            this.sAttribName,
            this.sAttribNameSawWhite,
            this.sAttribValue,
            this.sAttribValueQuoted,
            this.sAttribValueClosed,
            this.sAttribValueUnquoted,
            this.sCloseTag,
            this.sCloseTagSawWhite,
            /* eslint-enable @typescript-eslint/unbound-method */
        ];
        this._init();
    }
    /**
     * Indicates whether or not the parser is closed. If ``true``, wait for
     * the ``ready`` event to write again.
     */
    get closed() {
        return this._closed;
    }
    _init() {
        var _a;
        this.openWakaBang = "";
        this.text = "";
        this.name = "";
        this.piTarget = "";
        this.entity = "";
        this.q = null;
        this.tags = [];
        this.tag = null;
        this.topNS = null;
        this.chunk = "";
        this.chunkPosition = 0;
        this.i = 0;
        this.prevI = 0;
        this.carriedFromPrevious = undefined;
        this.forbiddenState = FORBIDDEN_START;
        this.attribList = [];
        // The logic is organized so as to minimize the need to check
        // this.opt.fragment while parsing.
        const { fragmentOpt } = this;
        this.state = fragmentOpt ? S_TEXT : S_BEGIN;
        // We want these to be all true if we are dealing with a fragment.
        this.reportedTextBeforeRoot = this.reportedTextAfterRoot = this.closedRoot =
            this.sawRoot = fragmentOpt;
        // An XML declaration is intially possible only when parsing whole
        // documents.
        this.xmlDeclPossible = !fragmentOpt;
        this.xmlDeclExpects = ["version"];
        this.entityReturnState = undefined;
        let { defaultXMLVersion } = this.opt;
        if (defaultXMLVersion === undefined) {
            if (this.opt.forceXMLVersion === true) {
                throw new Error("forceXMLVersion set but defaultXMLVersion is not set");
            }
            defaultXMLVersion = "1.0";
        }
        this.setXMLVersion(defaultXMLVersion);
        this.positionAtNewLine = 0;
        this.doctype = false;
        this._closed = false;
        this.xmlDecl = {
            version: undefined,
            encoding: undefined,
            standalone: undefined,
        };
        this.line = 1;
        this.column = 0;
        this.ENTITIES = Object.create(XML_ENTITIES);
        (_a = this.readyHandler) === null || _a === void 0 ? void 0 : _a.call(this);
    }
    /**
     * The stream position the parser is currently looking at. This field is
     * zero-based.
     *
     * This field is not based on counting Unicode characters but is to be
     * interpreted as a plain index into a JavaScript string.
     */
    get position() {
        return this.chunkPosition + this.i;
    }
    /**
     * The column number of the next character to be read by the parser.  *
     * This field is zero-based. (The first column in a line is 0.)
     *
     * This field reports the index at which the next character would be in the
     * line if the line were represented as a JavaScript string.  Note that this
     * *can* be different to a count based on the number of *Unicode characters*
     * due to how JavaScript handles astral plane characters.
     *
     * See [[column]] for a number that corresponds to a count of Unicode
     * characters.
     */
    get columnIndex() {
        return this.position - this.positionAtNewLine;
    }
    /**
     * Set an event listener on an event. The parser supports one handler per
     * event type. If you try to set an event handler over an existing handler,
     * the old handler is silently overwritten.
     *
     * @param name The event to listen to.
     *
     * @param handler The handler to set.
     */
    on(name, handler) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access
        this[EVENT_NAME_TO_HANDLER_NAME[name]] = handler;
    }
    /**
     * Unset an event handler.
     *
     * @parma name The event to stop listening to.
     */
    off(name) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access
        this[EVENT_NAME_TO_HANDLER_NAME[name]] = undefined;
    }
    /**
     * Make an error object. The error object will have a message that contains
     * the ``fileName`` option passed at the creation of the parser. If position
     * tracking was turned on, it will also have line and column number
     * information.
     *
     * @param message The message describing the error to report.
     *
     * @returns An error object with a properly formatted message.
     */
    makeError(message) {
        var _a;
        let msg = (_a = this.fileName) !== null && _a !== void 0 ? _a : "";
        if (this.trackPosition) {
            if (msg.length > 0) {
                msg += ":";
            }
            msg += `${this.line}:${this.column}`;
        }
        if (msg.length > 0) {
            msg += ": ";
        }
        return new Error(msg + message);
    }
    /**
     * Report a parsing error. This method is made public so that client code may
     * check for issues that are outside the scope of this project and can report
     * errors.
     *
     * @param message The error to report.
     *
     * @returns this
     */
    fail(message) {
        const err = this.makeError(message);
        const handler = this.errorHandler;
        if (handler === undefined) {
            throw err;
        }
        else {
            handler(err);
        }
        return this;
    }
    /**
     * Write a XML data to the parser.
     *
     * @param chunk The XML data to write.
     *
     * @returns this
     */
    // We do need object for the type here. Yes, it often causes problems
    // but not in this case.
    write(chunk) {
        if (this.closed) {
            return this.fail("cannot write after close; assign an onready handler.");
        }
        let end = false;
        if (chunk === null) {
            // We cannot return immediately because carriedFromPrevious may need
            // processing.
            end = true;
            chunk = "";
        }
        else if (typeof chunk === "object") {
            chunk = chunk.toString();
        }
        // We checked if performing a pre-decomposition of the string into an array
        // of single complete characters (``Array.from(chunk)``) would be faster
        // than the current repeated calls to ``charCodeAt``. As of August 2018, it
        // isn't. (There may be Node-specific code that would perform faster than
        // ``Array.from`` but don't want to be dependent on Node.)
        if (this.carriedFromPrevious !== undefined) {
            // The previous chunk had char we must carry over.
            chunk = `${this.carriedFromPrevious}${chunk}`;
            this.carriedFromPrevious = undefined;
        }
        let limit = chunk.length;
        const lastCode = chunk.charCodeAt(limit - 1);
        if (!end &&
            // A trailing CR or surrogate must be carried over to the next
            // chunk.
            (lastCode === CR || (lastCode >= 0xD800 && lastCode <= 0xDBFF))) {
            // The chunk ends with a character that must be carried over. We cannot
            // know how to handle it until we get the next chunk or the end of the
            // stream. So save it for later.
            this.carriedFromPrevious = chunk[limit - 1];
            limit--;
            chunk = chunk.slice(0, limit);
        }
        const { stateTable } = this;
        this.chunk = chunk;
        this.i = 0;
        while (this.i < limit) {
            // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument
            stateTable[this.state].call(this);
        }
        this.chunkPosition += limit;
        return end ? this.end() : this;
    }
    /**
     * Close the current stream. Perform final well-formedness checks and reset
     * the parser tstate.
     *
     * @returns this
     */
    close() {
        return this.write(null);
    }
    /**
     * Get a single code point out of the current chunk. This updates the current
     * position if we do position tracking.
     *
     * This is the algorithm to use for XML 1.0.
     *
     * @returns The character read.
     */
    getCode10() {
        const { chunk, i } = this;
        this.prevI = i;
        // Yes, we do this instead of doing this.i++. Doing it this way, we do not
        // read this.i again, which is a bit faster.
        this.i = i + 1;
        if (i >= chunk.length) {
            return EOC;
        }
        // Using charCodeAt and handling the surrogates ourselves is faster
        // than using codePointAt.
        const code = chunk.charCodeAt(i);
        this.column++;
        if (code < 0xD800) {
            if (code >= SPACE || code === TAB) {
                return code;
            }
            switch (code) {
                case NL:
                    this.line++;
                    this.column = 0;
                    this.positionAtNewLine = this.position;
                    return NL;
                case CR:
                    // We may get NaN if we read past the end of the chunk, which is fine.
                    if (chunk.charCodeAt(i + 1) === NL) {
                        // A \r\n sequence is converted to \n so we have to skip over the
                        // next character. We already know it has a size of 1 so ++ is fine
                        // here.
                        this.i = i + 2;
                    }
                    // Otherwise, a \r is just converted to \n, so we don't have to skip
                    // ahead.
                    // In either case, \r becomes \n.
                    this.line++;
                    this.column = 0;
                    this.positionAtNewLine = this.position;
                    return NL_LIKE;
                default:
                    // If we get here, then code < SPACE and it is not NL CR or TAB.
                    this.fail("disallowed character.");
                    return code;
            }
        }
        if (code > 0xDBFF) {
            // This is a specialized version of isChar10 that takes into account
            // that in this context code > 0xDBFF and code <= 0xFFFF. So it does not
            // test cases that don't need testing.
            if (!(code >= 0xE000 && code <= 0xFFFD)) {
                this.fail("disallowed character.");
            }
            return code;
        }
        const final = 0x10000 + ((code - 0xD800) * 0x400) +
            (chunk.charCodeAt(i + 1) - 0xDC00);
        this.i = i + 2;
        // This is a specialized version of isChar10 that takes into account that in
        // this context necessarily final >= 0x10000.
        if (final > 0x10FFFF) {
            this.fail("disallowed character.");
        }
        return final;
    }
    /**
     * Get a single code point out of the current chunk. This updates the current
     * position if we do position tracking.
     *
     * This is the algorithm to use for XML 1.1.
     *
     * @returns {number} The character read.
     */
    getCode11() {
        const { chunk, i } = this;
        this.prevI = i;
        // Yes, we do this instead of doing this.i++. Doing it this way, we do not
        // read this.i again, which is a bit faster.
        this.i = i + 1;
        if (i >= chunk.length) {
            return EOC;
        }
        // Using charCodeAt and handling the surrogates ourselves is faster
        // than using codePointAt.
        const code = chunk.charCodeAt(i);
        this.column++;
        if (code < 0xD800) {
            if ((code > 0x1F && code < 0x7F) || (code > 0x9F && code !== LS) ||
                code === TAB) {
                return code;
            }
            switch (code) {
                case NL: // 0xA
                    this.line++;
                    this.column = 0;
                    this.positionAtNewLine = this.position;
                    return NL;
                case CR: { // 0xD
                    // We may get NaN if we read past the end of the chunk, which is
                    // fine.
                    const next = chunk.charCodeAt(i + 1);
                    if (next === NL || next === NEL) {
                        // A CR NL or CR NEL sequence is converted to NL so we have to skip
                        // over the next character. We already know it has a size of 1.
                        this.i = i + 2;
                    }
                    // Otherwise, a CR is just converted to NL, no skip.
                }
                /* yes, fall through */
                case NEL: // 0x85
                case LS: // Ox2028
                    this.line++;
                    this.column = 0;
                    this.positionAtNewLine = this.position;
                    return NL_LIKE;
                default:
                    this.fail("disallowed character.");
                    return code;
            }
        }
        if (code > 0xDBFF) {
            // This is a specialized version of isCharAndNotRestricted that takes into
            // account that in this context code > 0xDBFF and code <= 0xFFFF. So it
            // does not test cases that don't need testing.
            if (!(code >= 0xE000 && code <= 0xFFFD)) {
                this.fail("disallowed character.");
            }
            return code;
        }
        const final = 0x10000 + ((code - 0xD800) * 0x400) +
            (chunk.charCodeAt(i + 1) - 0xDC00);
        this.i = i + 2;
        // This is a specialized version of isCharAndNotRestricted that takes into
        // account that in this context necessarily final >= 0x10000.
        if (final > 0x10FFFF) {
            this.fail("disallowed character.");
        }
        return final;
    }
    /**
     * Like ``getCode`` but with the return value normalized so that ``NL`` is
     * returned for ``NL_LIKE``.
     */
    getCodeNorm() {
        const c = this.getCode();
        return c === NL_LIKE ? NL : c;
    }
    unget() {
        this.i = this.prevI;
        this.column--;
    }
    /**
     * Capture characters into a buffer until encountering one of a set of
     * characters.
     *
     * @param chars An array of codepoints. Encountering a character in the array
     * ends the capture. (``chars`` may safely contain ``NL``.)
     *
     * @return The character code that made the capture end, or ``EOC`` if we hit
     * the end of the chunk. The return value cannot be NL_LIKE: NL is returned
     * instead.
     */
    captureTo(chars) {
        let { i: start } = this;
        const { chunk } = this;
        // eslint-disable-next-line no-constant-condition
        while (true) {
            const c = this.getCode();
            const isNLLike = c === NL_LIKE;
            const final = isNLLike ? NL : c;
            if (final === EOC || chars.includes(final)) {
                this.text += chunk.slice(start, this.prevI);
                return final;
            }
            if (isNLLike) {
                this.text += `${chunk.slice(start, this.prevI)}\n`;
                start = this.i;
            }
        }
    }
    /**
     * Capture characters into a buffer until encountering a character.
     *
     * @param char The codepoint that ends the capture. **NOTE ``char`` MAY NOT
     * CONTAIN ``NL``.** Passing ``NL`` will result in buggy behavior.
     *
     * @return ``true`` if we ran into the character. Otherwise, we ran into the
     * end of the current chunk.
     */
    captureToChar(char) {
        let { i: start } = this;
        const { chunk } = this;
        // eslint-disable-next-line no-constant-condition
        while (true) {
            let c = this.getCode();
            switch (c) {
                case NL_LIKE:
                    this.text += `${chunk.slice(start, this.prevI)}\n`;
                    start = this.i;
                    c = NL;
                    break;
                case EOC:
                    this.text += chunk.slice(start);
                    return false;
                default:
            }
            if (c === char) {
                this.text += chunk.slice(start, this.prevI);
                return true;
            }
        }
    }
    /**
     * Capture characters that satisfy ``isNameChar`` into the ``name`` field of
     * this parser.
     *
     * @return The character code that made the test fail, or ``EOC`` if we hit
     * the end of the chunk. The return value cannot be NL_LIKE: NL is returned
     * instead.
     */
    captureNameChars() {
        const { chunk, i: start } = this;
        // eslint-disable-next-line no-constant-condition
        while (true) {
            const c = this.getCode();
            if (c === EOC) {
                this.name += chunk.slice(start);
                return EOC;
            }
            // NL is not a name char so we don't have to test specifically for it.
            if (!isNameChar(c)) {
                this.name += chunk.slice(start, this.prevI);
                return c === NL_LIKE ? NL : c;
            }
        }
    }
    /**
     * Skip white spaces.
     *
     * @return The character that ended the skip, or ``EOC`` if we hit
     * the end of the chunk. The return value cannot be NL_LIKE: NL is returned
     * instead.
     */
    skipSpaces() {
        // eslint-disable-next-line no-constant-condition
        while (true) {
            const c = this.getCodeNorm();
            if (c === EOC || !isS(c)) {
                return c;
            }
        }
    }
    setXMLVersion(version) {
        this.currentXMLVersion = version;
        /*  eslint-disable @typescript-eslint/unbound-method */
        if (version === "1.0") {
            this.isChar = isChar10;
            this.getCode = this.getCode10;
        }
        else {
            this.isChar = isChar11;
            this.getCode = this.getCode11;
        }
        /* eslint-enable @typescript-eslint/unbound-method */
    }
    // STATE ENGINE METHODS
    // This needs to be a state separate from S_BEGIN_WHITESPACE because we want
    // to be sure never to come back to this state later.
    sBegin() {
        // We are essentially peeking at the first character of the chunk. Since
        // S_BEGIN can be in effect only when we start working on the first chunk,
        // the index at which we must look is necessarily 0. Note also that the
        // following test does not depend on decoding surrogates.
        // If the initial character is 0xFEFF, ignore it.
        if (this.chunk.charCodeAt(0) === 0xFEFF) {
            this.i++;
            this.column++;
        }
        this.state = S_BEGIN_WHITESPACE;
    }
    sBeginWhitespace() {
        // We need to know whether we've encountered spaces or not because as soon
        // as we run into a space, an XML declaration is no longer possible. Rather
        // than slow down skipSpaces even in places where we don't care whether it
        // skipped anything or not, we check whether prevI is equal to the value of
        // i from before we skip spaces.
        const iBefore = this.i;
        const c = this.skipSpaces();
        if (this.prevI !== iBefore) {
            this.xmlDeclPossible = false;
        }
        switch (c) {
            case LESS:
                this.state = S_OPEN_WAKA;
                // We could naively call closeText but in this state, it is not normal
                // to have text be filled with any data.
                if (this.text.length !== 0) {
                    throw new Error("no-empty text at start");
                }
                break;
            case EOC:
                break;
            default:
                this.unget();
                this.state = S_TEXT;
                this.xmlDeclPossible = false;
        }
    }
    sDoctype() {
        var _a;
        const c = this.captureTo(DOCTYPE_TERMINATOR);
        switch (c) {
            case GREATER: {
                (_a = this.doctypeHandler) === null || _a === void 0 ? void 0 : _a.call(this, this.text);
                this.text = "";
                this.state = S_TEXT;
                this.doctype = true; // just remember that we saw it.
                break;
            }
            case EOC:
                break;
            default:
                this.text += String.fromCodePoint(c);
                if (c === OPEN_BRACKET) {
                    this.state = S_DTD;
                }
                else if (isQuote(c)) {
                    this.state = S_DOCTYPE_QUOTE;
                    this.q = c;
                }
        }
    }
    sDoctypeQuote() {
        const q = this.q;
        if (this.captureToChar(q)) {
            this.text += String.fromCodePoint(q);
            this.q = null;
            this.state = S_DOCTYPE;
        }
    }
    sDTD() {
        const c = this.captureTo(DTD_TERMINATOR);
        if (c === EOC) {
            return;
        }
        this.text += String.fromCodePoint(c);
        if (c === CLOSE_BRACKET) {
            this.state = S_DOCTYPE;
        }
        else if (c === LESS) {
            this.state = S_DTD_OPEN_WAKA;
        }
        else if (isQuote(c)) {
            this.state = S_DTD_QUOTED;
            this.q = c;
        }
    }
    sDTDQuoted() {
        const q = this.q;
        if (this.captureToChar(q)) {
            this.text += String.fromCodePoint(q);
            this.state = S_DTD;
            this.q = null;
        }
    }
    sDTDOpenWaka() {
        const c = this.getCodeNorm();
        this.text += String.fromCodePoint(c);
        switch (c) {
            case BANG:
                this.state = S_DTD_OPEN_WAKA_BANG;
                this.openWakaBang = "";
                break;
            case QUESTION:
                this.state = S_DTD_PI;
                break;
            default:
                this.state = S_DTD;
        }
    }
    sDTDOpenWakaBang() {
        const char = String.fromCodePoint(this.getCodeNorm());
        const owb = this.openWakaBang += char;
        this.text += char;
        if (owb !== "-") {
            this.state = owb === "--" ? S_DTD_COMMENT : S_DTD;
            this.openWakaBang = "";
        }
    }
    sDTDComment() {
        if (this.captureToChar(MINUS)) {
            this.text += "-";
            this.state = S_DTD_COMMENT_ENDING;
        }
    }
    sDTDCommentEnding() {
        const c = this.getCodeNorm();
        this.text += String.fromCodePoint(c);
        this.state = c === MINUS ? S_DTD_COMMENT_ENDED : S_DTD_COMMENT;
    }
    sDTDCommentEnded() {
        const c = this.getCodeNorm();
        this.text += String.fromCodePoint(c);
        if (c === GREATER) {
            this.state = S_DTD;
        }
        else {
            this.fail("malformed comment.");
            // <!-- blah -- bloo --> will be recorded as
            // a comment of " blah -- bloo "
            this.state = S_DTD_COMMENT;
        }
    }
    sDTDPI() {
        if (this.captureToChar(QUESTION)) {
            this.text += "?";
            this.state = S_DTD_PI_ENDING;
        }
    }
    sDTDPIEnding() {
        const c = this.getCodeNorm();
        this.text += String.fromCodePoint(c);
        if (c === GREATER) {
            this.state = S_DTD;
        }
    }
    sText() {
        //
        // We did try a version of saxes where the S_TEXT state was split in two
        // states: one for text inside the root element, and one for text
        // outside. This was avoiding having to test this.tags.length to decide
        // what implementation to actually use.
        //
        // Peformance testing on gigabyte-size files did not show any advantage to
        // using the two states solution instead of the current one. Conversely, it
        // made the code a bit more complicated elsewhere. For instance, a comment
        // can appear before the root element so when a comment ended it was
        // necessary to determine whether to return to the S_TEXT state or to the
        // new text-outside-root state.
        //
        if (this.tags.length !== 0) {
            this.handleTextInRoot();
        }
        else {
            this.handleTextOutsideRoot();
        }
    }
    sEntity() {
        // This is essentially a specialized version of captureToChar(SEMICOLON...)
        let { i: start } = this;
        const { chunk } = this;
        // eslint-disable-next-line no-labels, no-restricted-syntax
        loop: 
        // eslint-disable-next-line no-constant-condition
        while (true) {
            switch (this.getCode()) {
                case NL_LIKE:
                    this.entity += `${chunk.slice(start, this.prevI)}\n`;
                    start = this.i;
                    break;
                case SEMICOLON: {
                    const { entityReturnState } = this;
                    const entity = this.entity + chunk.slice(start, this.prevI);
                    this.state = entityReturnState;
                    let parsed;
                    if (entity === "") {
                        this.fail("empty entity name.");
                        parsed = "&;";
                    }
                    else {
                        parsed = this.parseEntity(entity);
                        this.entity = "";
                    }
                    if (entityReturnState !== S_TEXT || this.textHandler !== undefined) {
                        this.text += parsed;
                    }
                    // eslint-disable-next-line no-labels
                    break loop;
                }
                case EOC:
                    this.entity += chunk.slice(start);
                    // eslint-disable-next-line no-labels
                    break loop;
                default:
            }
        }
    }
    sOpenWaka() {
        // Reminder: a state handler is called with at least one character
        // available in the current chunk. So the first call to get code inside of
        // a state handler cannot return ``EOC``. That's why we don't test
        // for it.
        const c = this.getCode();
        // either a /, ?, !, or text is coming next.
        if (isNameStartChar(c)) {
            this.state = S_OPEN_TAG;
            this.unget();
            this.xmlDeclPossible = false;
        }
        else {
            switch (c) {
                case FORWARD_SLASH:
                    this.state = S_CLOSE_TAG;
                    this.xmlDeclPossible = false;
                    break;
                case BANG:
                    this.state = S_OPEN_WAKA_BANG;
                    this.openWakaBang = "";
                    this.xmlDeclPossible = false;
                    break;
                case QUESTION:
                    this.state = S_PI_FIRST_CHAR;
                    break;
                default:
                    this.fail("disallowed character in tag name");
                    this.state = S_TEXT;
                    this.xmlDeclPossible = false;
            }
        }
    }
    sOpenWakaBang() {
        this.openWakaBang += String.fromCodePoint(this.getCodeNorm());
        switch (this.openWakaBang) {
            case "[CDATA[":
                if (!this.sawRoot && !this.reportedTextBeforeRoot) {
                    this.fail("text data outside of root node.");
                    this.reportedTextBeforeRoot = true;
                }
                if (this.closedRoot && !this.reportedTextAfterRoot) {
                    this.fail("text data outside of root node.");
                    this.reportedTextAfterRoot = true;
                }
                this.state = S_CDATA;
                this.openWakaBang = "";
                break;
            case "--":
                this.state = S_COMMENT;
                this.openWakaBang = "";
                break;
            case "DOCTYPE":
                this.state = S_DOCTYPE;
                if (this.doctype || this.sawRoot) {
                    this.fail("inappropriately located doctype declaration.");
                }
                this.openWakaBang = "";
                break;
            default:
                // 7 happens to be the maximum length of the string that can possibly
                // match one of the cases above.
                if (this.openWakaBang.length >= 7) {
                    this.fail("incorrect syntax.");
                }
        }
    }
    sComment() {
        if (this.captureToChar(MINUS)) {
            this.state = S_COMMENT_ENDING;
        }
    }
    sCommentEnding() {
        var _a;
        const c = this.getCodeNorm();
        if (c === MINUS) {
            this.state = S_COMMENT_ENDED;
            (_a = this.commentHandler) === null || _a === void 0 ? void 0 : _a.call(this, this.text);
            this.text = "";
        }
        else {
            this.text += `-${String.fromCodePoint(c)}`;
            this.state = S_COMMENT;
        }
    }
    sCommentEnded() {
        const c = this.getCodeNorm();
        if (c !== GREATER) {
            this.fail("malformed comment.");
            // <!-- blah -- bloo --> will be recorded as
            // a comment of " blah -- bloo "
            this.text += `--${String.fromCodePoint(c)}`;
            this.state = S_COMMENT;
        }
        else {
            this.state = S_TEXT;
        }
    }
    sCData() {
        if (this.captureToChar(CLOSE_BRACKET)) {
            this.state = S_CDATA_ENDING;
        }
    }
    sCDataEnding() {
        const c = this.getCodeNorm();
        if (c === CLOSE_BRACKET) {
            this.state = S_CDATA_ENDING_2;
        }
        else {
            this.text += `]${String.fromCodePoint(c)}`;
            this.state = S_CDATA;
        }
    }
    sCDataEnding2() {
        var _a;
        const c = this.getCodeNorm();
        switch (c) {
            case GREATER: {
                (_a = this.cdataHandler) === null || _a === void 0 ? void 0 : _a.call(this, this.text);
                this.text = "";
                this.state = S_TEXT;
                break;
            }
            case CLOSE_BRACKET:
                this.text += "]";
                break;
            default:
                this.text += `]]${String.fromCodePoint(c)}`;
                this.state = S_CDATA;
        }
    }
    // We need this separate state to check the first character fo the pi target
    // with this.nameStartCheck which allows less characters than this.nameCheck.
    sPIFirstChar() {
        const c = this.getCodeNorm();
        // This is first because in the case where the file is well-formed this is
        // the branch taken. We optimize for well-formedness.
        if (this.nameStartCheck(c)) {
            this.piTarget += String.fromCodePoint(c);
            this.state = S_PI_REST;
        }
        else if (c === QUESTION || isS(c)) {
            this.fail("processing instruction without a target.");
            this.state = c === QUESTION ? S_PI_ENDING : S_PI_BODY;
        }
        else {
            this.fail("disallowed character in processing instruction name.");
            this.piTarget += String.fromCodePoint(c);
            this.state = S_PI_REST;
        }
    }
    sPIRest() {
        // Capture characters into a piTarget while ``this.nameCheck`` run on the
        // character read returns true.
        const { chunk, i: start } = this;
        // eslint-disable-next-line no-constant-condition
        while (true) {
            const c = this.getCodeNorm();
            if (c === EOC) {
                this.piTarget += chunk.slice(start);
                return;
            }
            // NL cannot satisfy this.nameCheck so we don't have to test specifically
            // for it.
            if (!this.nameCheck(c)) {
                this.piTarget += chunk.slice(start, this.prevI);
                const isQuestion = c === QUESTION;
                if (isQuestion || isS(c)) {
                    if (this.piTarget === "xml") {
                        if (!this.xmlDeclPossible) {
                            this.fail("an XML declaration must be at the start of the document.");
                        }
                        this.state = isQuestion ? S_XML_DECL_ENDING : S_XML_DECL_NAME_START;
                    }
                    else {
                        this.state = isQuestion ? S_PI_ENDING : S_PI_BODY;
                    }
                }
                else {
                    this.fail("disallowed character in processing instruction name.");
                    this.piTarget += String.fromCodePoint(c);
                }
                break;
            }
        }
    }
    sPIBody() {
        if (this.text.length === 0) {
            const c = this.getCodeNorm();
            if (c === QUESTION) {
                this.state = S_PI_ENDING;
            }
            else if (!isS(c)) {
                this.text = String.fromCodePoint(c);
            }
        }
        // The question mark character is not valid inside any of the XML
        // declaration name/value pairs.
        else if (this.captureToChar(QUESTION)) {
            this.state = S_PI_ENDING;
        }
    }
    sPIEnding() {
        var _a;
        const c = this.getCodeNorm();
        if (c === GREATER) {
            const { piTarget } = this;
            if (piTarget.toLowerCase() === "xml") {
                this.fail("the XML declaration must appear at the start of the document.");
            }
            (_a = this.piHandler) === null || _a === void 0 ? void 0 : _a.call(this, {
                target: piTarget,
                body: this.text,
            });
            this.piTarget = this.text = "";
            this.state = S_TEXT;
        }
        else if (c === QUESTION) {
            // We ran into ?? as part of a processing instruction. We initially took
            // the first ? as a sign that the PI was ending, but it is not. So we have
            // to add it to the body but we take the new ? as a sign that the PI is
            // ending.
            this.text += "?";
        }
        else {
            this.text += `?${String.fromCodePoint(c)}`;
            this.state = S_PI_BODY;
        }
        this.xmlDeclPossible = false;
    }
    sXMLDeclNameStart() {
        const c = this.skipSpaces();
        // The question mark character is not valid inside any of the XML
        // declaration name/value pairs.
        if (c === QUESTION) {
            // It is valid to go to S_XML_DECL_ENDING from this state.
            this.state = S_XML_DECL_ENDING;
            return;
        }
        if (c !== EOC) {
            this.state = S_XML_DECL_NAME;
            this.name = String.fromCodePoint(c);
        }
    }
    sXMLDeclName() {
        const c = this.captureTo(XML_DECL_NAME_TERMINATOR);
        // The question mark character is not valid inside any of the XML
        // declaration name/value pairs.
        if (c === QUESTION) {
            this.state = S_XML_DECL_ENDING;
            this.name += this.text;
            this.text = "";
            this.fail("XML declaration is incomplete.");
            return;
        }
        if (!(isS(c) || c === EQUAL)) {
            return;
        }
        this.name += this.text;
        this.text = "";
        if (!this.xmlDeclExpects.includes(this.name)) {
            switch (this.name.length) {
                case 0:
                    this.fail("did not expect any more name/value pairs.");
                    break;
                case 1:
                    this.fail(`expected the name ${this.xmlDeclExpects[0]}.`);
                    break;
                default:
                    this.fail(`expected one of ${this.xmlDeclExpects.join(", ")}`);
            }
        }
        this.state = c === EQUAL ? S_XML_DECL_VALUE_START : S_XML_DECL_EQ;
    }
    sXMLDeclEq() {
        const c = this.getCodeNorm();
        // The question mark character is not valid inside any of the XML
        // declaration name/value pairs.
        if (c === QUESTION) {
            this.state = S_XML_DECL_ENDING;
            this.fail("XML declaration is incomplete.");
            return;
        }
        if (isS(c)) {
            return;
        }
        if (c !== EQUAL) {
            this.fail("value required.");
        }
        this.state = S_XML_DECL_VALUE_START;
    }
    sXMLDeclValueStart() {
        const c = this.getCodeNorm();
        // The question mark character is not valid inside any of the XML
        // declaration name/value pairs.
        if (c === QUESTION) {
            this.state = S_XML_DECL_ENDING;
            this.fail("XML declaration is incomplete.");
            return;
        }
        if (isS(c)) {
            return;
        }
        if (!isQuote(c)) {
            this.fail("value must be quoted.");
            this.q = SPACE;
        }
        else {
            this.q = c;
        }
        this.state = S_XML_DECL_VALUE;
    }
    sXMLDeclValue() {
        const c = this.captureTo([this.q, QUESTION]);
        // The question mark character is not valid inside any of the XML
        // declaration name/value pairs.
        if (c === QUESTION) {
            this.state = S_XML_DECL_ENDING;
            this.text = "";
            this.fail("XML declaration is incomplete.");
            return;
        }
        if (c === EOC) {
            return;
        }
        const value = this.text;
        this.text = "";
        switch (this.name) {
            case "version": {
                this.xmlDeclExpects = ["encoding", "standalone"];
                const version = value;
                this.xmlDecl.version = version;
                // This is the test specified by XML 1.0 but it is fine for XML 1.1.
                if (!/^1\.[0-9]+$/.test(version)) {
                    this.fail("version number must match /^1\\.[0-9]+$/.");
                }
                // When forceXMLVersion is set, the XML declaration is ignored.
                else if (!this.opt.forceXMLVersion) {
                    this.setXMLVersion(version);
                }
                break;
            }
            case "encoding":
                if (!/^[A-Za-z][A-Za-z0-9._-]*$/.test(value)) {
                    this.fail("encoding value must match \
/^[A-Za-z0-9][A-Za-z0-9._-]*$/.");
                }
                this.xmlDeclExpects = ["standalone"];
                this.xmlDecl.encoding = value;
                break;
            case "standalone":
                if (value !== "yes" && value !== "no") {
                    this.fail("standalone value must match \"yes\" or \"no\".");
                }
                this.xmlDeclExpects = [];
                this.xmlDecl.standalone = value;
                break;
            default:
            // We don't need to raise an error here since we've already raised one
            // when checking what name was expected.
        }
        this.name = "";
        this.state = S_XML_DECL_SEPARATOR;
    }
    sXMLDeclSeparator() {
        const c = this.getCodeNorm();
        // The question mark character is not valid inside any of the XML
        // declaration name/value pairs.
        if (c === QUESTION) {
            // It is valid to go to S_XML_DECL_ENDING from this state.
            this.state = S_XML_DECL_ENDING;
            return;
        }
        if (!isS(c)) {
            this.fail("whitespace required.");
            this.unget();
        }
        this.state = S_XML_DECL_NAME_START;
    }
    sXMLDeclEnding() {
        var _a;
        const c = this.getCodeNorm();
        if (c === GREATER) {
            if (this.piTarget !== "xml") {
                this.fail("processing instructions are not allowed before root.");
            }
            else if (this.name !== "version" &&
                this.xmlDeclExpects.includes("version")) {
                this.fail("XML declaration must contain a version.");
            }
            (_a = this.xmldeclHandler) === null || _a === void 0 ? void 0 : _a.call(this, this.xmlDecl);
            this.name = "";
            this.piTarget = this.text = "";
            this.state = S_TEXT;
        }
        else {
            // We got here because the previous character was a ?, but the question
            // mark character is not valid inside any of the XML declaration
            // name/value pairs.
            this.fail("The character ? is disallowed anywhere in XML declarations.");
        }
        this.xmlDeclPossible = false;
    }
    sOpenTag() {
        var _a;
        const c = this.captureNameChars();
        if (c === EOC) {
            return;
        }
        const tag = this.tag = {
            name: this.name,
            attributes: Object.create(null),
        };
        this.name = "";
        if (this.xmlnsOpt) {
            this.topNS = tag.ns = Object.create(null);
        }
        (_a = this.openTagStartHandler) === null || _a === void 0 ? void 0 : _a.call(this, tag);
        this.sawRoot = true;
        if (!this.fragmentOpt && this.closedRoot) {
            this.fail("documents may contain only one root.");
        }
        switch (c) {
            case GREATER:
                this.openTag();
                break;
            case FORWARD_SLASH:
                this.state = S_OPEN_TAG_SLASH;
                break;
            default:
                if (!isS(c)) {
                    this.fail("disallowed character in tag name.");
                }
                this.state = S_ATTRIB;
        }
    }
    sOpenTagSlash() {
        if (this.getCode() === GREATER) {
            this.openSelfClosingTag();
        }
        else {
            this.fail("forward-slash in opening tag not followed by >.");
            this.state = S_ATTRIB;
        }
    }
    sAttrib() {
        const c = this.skipSpaces();
        if (c === EOC) {
            return;
        }
        if (isNameStartChar(c)) {
            this.unget();
            this.state = S_ATTRIB_NAME;
        }
        else if (c === GREATER) {
            this.openTag();
        }
        else if (c === FORWARD_SLASH) {
            this.state = S_OPEN_TAG_SLASH;
        }
        else {
            this.fail("disallowed character in attribute name.");
        }
    }
    sAttribName() {
        const c = this.captureNameChars();
        if (c === EQUAL) {
            this.state = S_ATTRIB_VALUE;
        }
        else if (isS(c)) {
            this.state = S_ATTRIB_NAME_SAW_WHITE;
        }
        else if (c === GREATER) {
            this.fail("attribute without value.");
            this.pushAttrib(this.name, this.name);
            this.name = this.text = "";
            this.openTag();
        }
        else if (c !== EOC) {
            this.fail("disallowed character in attribute name.");
        }
    }
    sAttribNameSawWhite() {
        const c = this.skipSpaces();
        switch (c) {
            case EOC:
                return;
            case EQUAL:
                this.state = S_ATTRIB_VALUE;
                break;
            default:
                this.fail("attribute without value.");
                // Should we do this???
                // this.tag.attributes[this.name] = "";
                this.text = "";
                this.name = "";
                if (c === GREATER) {
                    this.openTag();
                }
                else if (isNameStartChar(c)) {
                    this.unget();
                    this.state = S_ATTRIB_NAME;
                }
                else {
                    this.fail("disallowed character in attribute name.");
                    this.state = S_ATTRIB;
                }
        }
    }
    sAttribValue() {
        const c = this.getCodeNorm();
        if (isQuote(c)) {
            this.q = c;
            this.state = S_ATTRIB_VALUE_QUOTED;
        }
        else if (!isS(c)) {
            this.fail("unquoted attribute value.");
            this.state = S_ATTRIB_VALUE_UNQUOTED;
            this.unget();
        }
    }
    sAttribValueQuoted() {
        // We deliberately do not use captureTo here. The specialized code we use
        // here is faster than using captureTo.
        const { q, chunk } = this;
        let { i: start } = this;
        // eslint-disable-next-line no-constant-condition
        while (true) {
            switch (this.getCode()) {
                case q:
                    this.pushAttrib(this.name, this.text + chunk.slice(start, this.prevI));
                    this.name = this.text = "";
                    this.q = null;
                    this.state = S_ATTRIB_VALUE_CLOSED;
                    return;
                case AMP:
                    this.text += chunk.slice(start, this.prevI);
                    this.state = S_ENTITY;
                    this.entityReturnState = S_ATTRIB_VALUE_QUOTED;
                    return;
                case NL:
                case NL_LIKE:
                case TAB:
                    this.text += `${chunk.slice(start, this.prevI)} `;
                    start = this.i;
                    break;
                case LESS:
                    this.text += chunk.slice(start, this.prevI);
                    this.fail("disallowed character.");
                    return;
                case EOC:
                    this.text += chunk.slice(start);
                    return;
                default:
            }
        }
    }
    sAttribValueClosed() {
        const c = this.getCodeNorm();
        if (isS(c)) {
            this.state = S_ATTRIB;
        }
        else if (c === GREATER) {
            this.openTag();
        }
        else if (c === FORWARD_SLASH) {
            this.state = S_OPEN_TAG_SLASH;
        }
        else if (isNameStartChar(c)) {
            this.fail("no whitespace between attributes.");
            this.unget();
            this.state = S_ATTRIB_NAME;
        }
        else {
            this.fail("disallowed character in attribute name.");
        }
    }
    sAttribValueUnquoted() {
        // We don't do anything regarding EOL or space handling for unquoted
        // attributes. We already have failed by the time we get here, and the
        // contract that saxes upholds states that upon failure, it is not safe to
        // rely on the data passed to event handlers (other than
        // ``onerror``). Passing "bad" data is not a problem.
        const c = this.captureTo(ATTRIB_VALUE_UNQUOTED_TERMINATOR);
        switch (c) {
            case AMP:
                this.state = S_ENTITY;
                this.entityReturnState = S_ATTRIB_VALUE_UNQUOTED;
                break;
            case LESS:
                this.fail("disallowed character.");
                break;
            case EOC:
                break;
            default:
                if (this.text.includes("]]>")) {
                    this.fail("the string \"]]>\" is disallowed in char data.");
                }
                this.pushAttrib(this.name, this.text);
                this.name = this.text = "";
                if (c === GREATER) {
                    this.openTag();
                }
                else {
                    this.state = S_ATTRIB;
                }
        }
    }
    sCloseTag() {
        const c = this.captureNameChars();
        if (c === GREATER) {
            this.closeTag();
        }
        else if (isS(c)) {
            this.state = S_CLOSE_TAG_SAW_WHITE;
        }
        else if (c !== EOC) {
            this.fail("disallowed character in closing tag.");
        }
    }
    sCloseTagSawWhite() {
        switch (this.skipSpaces()) {
            case GREATER:
                this.closeTag();
                break;
            case EOC:
                break;
            default:
                this.fail("disallowed character in closing tag.");
        }
    }
    // END OF STATE ENGINE METHODS
    handleTextInRoot() {
        // This is essentially a specialized version of captureTo which is optimized
        // for performing the ]]> check. A previous version of this code, checked
        // ``this.text`` for the presence of ]]>. It simplified the code but was
        // very costly when character data contained a lot of entities to be parsed.
        //
        // Since we are using a specialized loop, we also keep track of the presence
        // of ]]> in text data. The sequence ]]> is forbidden to appear as-is.
        //
        let { i: start, forbiddenState } = this;
        const { chunk, textHandler: handler } = this;
        // eslint-disable-next-line no-labels, no-restricted-syntax
        scanLoop: 
        // eslint-disable-next-line no-constant-condition
        while (true) {
            switch (this.getCode()) {
                case LESS: {
                    this.state = S_OPEN_WAKA;
                    if (handler !== undefined) {
                        const { text } = this;
                        const slice = chunk.slice(start, this.prevI);
                        if (text.length !== 0) {
                            handler(text + slice);
                            this.text = "";
                        }
                        else if (slice.length !== 0) {
                            handler(slice);
                        }
                    }
                    forbiddenState = FORBIDDEN_START;
                    // eslint-disable-next-line no-labels
                    break scanLoop;
                }
                case AMP:
                    this.state = S_ENTITY;
                    this.entityReturnState = S_TEXT;
                    if (handler !== undefined) {
                        this.text += chunk.slice(start, this.prevI);
                    }
                    forbiddenState = FORBIDDEN_START;
                    // eslint-disable-next-line no-labels
                    break scanLoop;
                case CLOSE_BRACKET:
                    switch (forbiddenState) {
                        case FORBIDDEN_START:
                            forbiddenState = FORBIDDEN_BRACKET;
                            break;
                        case FORBIDDEN_BRACKET:
                            forbiddenState = FORBIDDEN_BRACKET_BRACKET;
                            break;
                        case FORBIDDEN_BRACKET_BRACKET:
                            break;
                        default:
                            throw new Error("impossible state");
                    }
                    break;
                case GREATER:
                    if (forbiddenState === FORBIDDEN_BRACKET_BRACKET) {
                        this.fail("the string \"]]>\" is disallowed in char data.");
                    }
                    forbiddenState = FORBIDDEN_START;
                    break;
                case NL_LIKE:
                    if (handler !== undefined) {
                        this.text += `${chunk.slice(start, this.prevI)}\n`;
                    }
                    start = this.i;
                    forbiddenState = FORBIDDEN_START;
                    break;
                case EOC:
                    if (handler !== undefined) {
                        this.text += chunk.slice(start);
                    }
                    // eslint-disable-next-line no-labels
                    break scanLoop;
                default:
                    forbiddenState = FORBIDDEN_START;
            }
        }
        this.forbiddenState = forbiddenState;
    }
    handleTextOutsideRoot() {
        // This is essentially a specialized version of captureTo which is optimized
        // for a specialized task. We keep track of the presence of non-space
        // characters in the text since these are errors when appearing outside the
        // document root element.
        let { i: start } = this;
        const { chunk, textHandler: handler } = this;
        let nonSpace = false;
        // eslint-disable-next-line no-labels, no-restricted-syntax
        outRootLoop: 
        // eslint-disable-next-line no-constant-condition
        while (true) {
            const code = this.getCode();
            switch (code) {
                case LESS: {
                    this.state = S_OPEN_WAKA;
                    if (handler !== undefined) {
                        const { text } = this;
                        const slice = chunk.slice(start, this.prevI);
                        if (text.length !== 0) {
                            handler(text + slice);
                            this.text = "";
                        }
                        else if (slice.length !== 0) {
                            handler(slice);
                        }
                    }
                    // eslint-disable-next-line no-labels
                    break outRootLoop;
                }
                case AMP:
                    this.state = S_ENTITY;
                    this.entityReturnState = S_TEXT;
                    if (handler !== undefined) {
                        this.text += chunk.slice(start, this.prevI);
                    }
                    nonSpace = true;
                    // eslint-disable-next-line no-labels
                    break outRootLoop;
                case NL_LIKE:
                    if (handler !== undefined) {
                        this.text += `${chunk.slice(start, this.prevI)}\n`;
                    }
                    start = this.i;
                    break;
                case EOC:
                    if (handler !== undefined) {
                        this.text += chunk.slice(start);
                    }
                    // eslint-disable-next-line no-labels
                    break outRootLoop;
                default:
                    if (!isS(code)) {
                        nonSpace = true;
                    }
            }
        }
        if (!nonSpace) {
            return;
        }
        // We use the reportedTextBeforeRoot and reportedTextAfterRoot flags
        // to avoid reporting errors for every single character that is out of
        // place.
        if (!this.sawRoot && !this.reportedTextBeforeRoot) {
            this.fail("text data outside of root node.");
            this.reportedTextBeforeRoot = true;
        }
        if (this.closedRoot && !this.reportedTextAfterRoot) {
            this.fail("text data outside of root node.");
            this.reportedTextAfterRoot = true;
        }
    }
    pushAttribNS(name, value) {
        var _a;
        const { prefix, local } = this.qname(name);
        const attr = { name, prefix, local, value };
        this.attribList.push(attr);
        (_a = this.attributeHandler) === null || _a === void 0 ? void 0 : _a.call(this, attr);
        if (prefix === "xmlns") {
            const trimmed = value.trim();
            if (this.currentXMLVersion === "1.0" && trimmed === "") {
                this.fail("invalid attempt to undefine prefix in XML 1.0");
            }
            this.topNS[local] = trimmed;
            nsPairCheck(this, local, trimmed);
        }
        else if (name === "xmlns") {
            const trimmed = value.trim();
            this.topNS[""] = trimmed;
            nsPairCheck(this, "", trimmed);
        }
    }
    pushAttribPlain(name, value) {
        var _a;
        const attr = { name, value };
        this.attribList.push(attr);
        (_a = this.attributeHandler) === null || _a === void 0 ? void 0 : _a.call(this, attr);
    }
    /**
     * End parsing. This performs final well-formedness checks and resets the
     * parser to a clean state.
     *
     * @returns this
     */
    end() {
        var _a, _b;
        if (!this.sawRoot) {
            this.fail("document must contain a root element.");
        }
        const { tags } = this;
        while (tags.length > 0) {
            const tag = tags.pop();
            this.fail(`unclosed tag: ${tag.name}`);
        }
        if ((this.state !== S_BEGIN) && (this.state !== S_TEXT)) {
            this.fail("unexpected end.");
        }
        const { text } = this;
        if (text.length !== 0) {
            (_a = this.textHandler) === null || _a === void 0 ? void 0 : _a.call(this, text);
            this.text = "";
        }
        this._closed = true;
        (_b = this.endHandler) === null || _b === void 0 ? void 0 : _b.call(this);
        this._init();
        return this;
    }
    /**
     * Resolve a namespace prefix.
     *
     * @param prefix The prefix to resolve.
     *
     * @returns The namespace URI or ``undefined`` if the prefix is not defined.
     */
    resolve(prefix) {
        var _a, _b;
        let uri = this.topNS[prefix];
        if (uri !== undefined) {
            return uri;
        }
        const { tags } = this;
        for (let index = tags.length - 1; index >= 0; index--) {
            uri = tags[index].ns[prefix];
            if (uri !== undefined) {
                return uri;
            }
        }
        uri = this.ns[prefix];
        if (uri !== undefined) {
            return uri;
        }
        return (_b = (_a = this.opt).resolvePrefix) === null || _b === void 0 ? void 0 : _b.call(_a, prefix);
    }
    /**
     * Parse a qname into its prefix and local name parts.
     *
     * @param name The name to parse
     *
     * @returns
     */
    qname(name) {
        // This is faster than using name.split(":").
        const colon = name.indexOf(":");
        if (colon === -1) {
            return { prefix: "", local: name };
        }
        const local = name.slice(colon + 1);
        const prefix = name.slice(0, colon);
        if (prefix === "" || local === "" || local.includes(":")) {
            this.fail(`malformed name: ${name}.`);
        }
        return { prefix, local };
    }
    processAttribsNS() {
        var _a;
        const { attribList } = this;
        const tag = this.tag;
        {
            // add namespace info to tag
            const { prefix, local } = this.qname(tag.name);
            tag.prefix = prefix;
            tag.local = local;
            const uri = tag.uri = (_a = this.resolve(prefix)) !== null && _a !== void 0 ? _a : "";
            if (prefix !== "") {
                if (prefix === "xmlns") {
                    this.fail("tags may not have \"xmlns\" as prefix.");
                }
                if (uri === "") {
                    this.fail(`unbound namespace prefix: ${JSON.stringify(prefix)}.`);
                    tag.uri = prefix;
                }
            }
        }
        if (attribList.length === 0) {
            return;
        }
        const { attributes } = tag;
        const seen = new Set();
        // Note: do not apply default ns to attributes:
        //   http://www.w3.org/TR/REC-xml-names/#defaulting
        for (const attr of attribList) {
            const { name, prefix, local } = attr;
            let uri;
            let eqname;
            if (prefix === "") {
                uri = name === "xmlns" ? XMLNS_NAMESPACE : "";
                eqname = name;
            }
            else {
                uri = this.resolve(prefix);
                // if there's any attributes with an undefined namespace,
                // then fail on them now.
                if (uri === undefined) {
                    this.fail(`unbound namespace prefix: ${JSON.stringify(prefix)}.`);
                    uri = prefix;
                }
                eqname = `{${uri}}${local}`;
            }
            if (seen.has(eqname)) {
                this.fail(`duplicate attribute: ${eqname}.`);
            }
            seen.add(eqname);
            attr.uri = uri;
            attributes[name] = attr;
        }
        this.attribList = [];
    }
    processAttribsPlain() {
        const { attribList } = this;
        // eslint-disable-next-line prefer-destructuring
        const attributes = this.tag.attributes;
        for (const { name, value } of attribList) {
            if (attributes[name] !== undefined) {
                this.fail(`duplicate attribute: ${name}.`);
            }
            attributes[name] = value;
        }
        this.attribList = [];
    }
    /**
     * Handle a complete open tag. This parser code calls this once it has seen
     * the whole tag. This method checks for well-formeness and then emits
     * ``onopentag``.
     */
    openTag() {
        var _a;
        this.processAttribs();
        const { tags } = this;
        const tag = this.tag;
        tag.isSelfClosing = false;
        // There cannot be any pending text here due to the onopentagstart that was
        // necessarily emitted before we get here. So we do not check text.
        (_a = this.openTagHandler) === null || _a === void 0 ? void 0 : _a.call(this, tag);
        tags.push(tag);
        this.state = S_TEXT;
        this.name = "";
    }
    /**
     * Handle a complete self-closing tag. This parser code calls this once it has
     * seen the whole tag. This method checks for well-formeness and then emits
     * ``onopentag`` and ``onclosetag``.
     */
    openSelfClosingTag() {
        var _a, _b, _c;
        this.processAttribs();
        const { tags } = this;
        const tag = this.tag;
        tag.isSelfClosing = true;
        // There cannot be any pending text here due to the onopentagstart that was
        // necessarily emitted before we get here. So we do not check text.
        (_a = this.openTagHandler) === null || _a === void 0 ? void 0 : _a.call(this, tag);
        (_b = this.closeTagHandler) === null || _b === void 0 ? void 0 : _b.call(this, tag);
        const top = this.tag = (_c = tags[tags.length - 1]) !== null && _c !== void 0 ? _c : null;
        if (top === null) {
            this.closedRoot = true;
        }
        this.state = S_TEXT;
        this.name = "";
    }
    /**
     * Handle a complete close tag. This parser code calls this once it has seen
     * the whole tag. This method checks for well-formeness and then emits
     * ``onclosetag``.
     */
    closeTag() {
        const { tags, name } = this;
        // Our state after this will be S_TEXT, no matter what, and we can clear
        // tagName now.
        this.state = S_TEXT;
        this.name = "";
        if (name === "") {
            this.fail("weird empty close tag.");
            this.text += "</>";
            return;
        }
        const handler = this.closeTagHandler;
        let l = tags.length;
        while (l-- > 0) {
            const tag = this.tag = tags.pop();
            this.topNS = tag.ns;
            handler === null || handler === void 0 ? void 0 : handler(tag);
            if (tag.name === name) {
                break;
            }
            this.fail("unexpected close tag.");
        }
        if (l === 0) {
            this.closedRoot = true;
        }
        else if (l < 0) {
            this.fail(`unmatched closing tag: ${name}.`);
            this.text += `</${name}>`;
        }
    }
    /**
     * Resolves an entity. Makes any necessary well-formedness checks.
     *
     * @param entity The entity to resolve.
     *
     * @returns The parsed entity.
     */
    parseEntity(entity) {
        // startsWith would be significantly slower for this test.
        if (entity[0] !== "#") {
            const defined = this.ENTITIES[entity];
            if (defined !== undefined) {
                return defined;
            }
            this.fail(this.isName(entity) ? "undefined entity." :
                "disallowed character in entity name.");
            return `&${entity};`;
        }
        let num = NaN;
        if (entity[1] === "x" && /^#x[0-9a-f]+$/i.test(entity)) {
            num = parseInt(entity.slice(2), 16);
        }
        else if (/^#[0-9]+$/.test(entity)) {
            num = parseInt(entity.slice(1), 10);
        }
        // The character reference is required to match the CHAR production.
        if (!this.isChar(num)) {
            this.fail("malformed character entity.");
            return `&${entity};`;
        }
        return String.fromCodePoint(num);
    }
}
exports.wT = SaxesParser;
//# sourceMappingURL=saxes.js.map

/***/ }),

/***/ 591:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



/* unused reexport */ __nccwpck_require__(335);
exports.parse = __nccwpck_require__(696);


/***/ }),

/***/ 696:
/***/ ((module) => {



/**
 * @import {
 * 	ControlOperator,
 * 	Env,
 * 	GlobPattern,
 * 	ParseEntry,
 * } from './parse' */

// '<(' and '>(' are process substitution operators and
// can be parsed the same as control operator
var CONTROL = /** @type {const} */ ('(?:') + /** @type {const} */ ([
	'\\|\\|',
	'\\&(?:\\&|>>?)', // `&&`, `&>`, and `&>>`
	';;\\&?', // `;;` and `;;&`
	'[;|]\\&', // `;&` and `|&`
	'\\<\\(',
	'\\<\\<\\<',
	'\\<\\<-',
	'\\<\\<(?!\\()', // `<<(` stays `<` and `<(`, as zsh reads it; other shells reject it
	'>>',
	'>[&|(]', // `>&`, `>|`, and `>(`
	'<[&>]', // `<&` and `<>`
	'[&;()|<>]'
]).join(/** @type {const} */ ('|')) + /** @type {const} */ (')');
var controlRE = new RegExp('^' + CONTROL + '$');
var META = /** @type {const} */ ('|&;()<> \\t');
var SINGLE_QUOTE = /** @type {const} */ ('\'([^\']*?)\'');
// bash ANSI-C quoting, `$'...'`: a backslash escapes the next character, including `'`
var ANSI_C_BODY = '(?:\\\\[\\s\\S]|[^\\\\\'])*?';
var ANSI_C_QUOTE = '\\$\'' + ANSI_C_BODY + '\'';
var ansiCAt = new RegExp('\\$\'' + ANSI_C_BODY + '(?:(\')|\\\\?$)', 'g');
var ANSI_C_LETTERS = 'abeEfnrtv';
var ANSI_C_CHARS = '\x07\b\x1B\x1B\f\n\r\t\v';
var hash = /^#$/;

var SQ = /** @type {const} */ ("'");
var DQ = /** @type {const} */ ('"');
var DS = /** @type {const} */ ('$');

var TOKEN = '';
var mult = /** @type {const} */ (0x100000000); // Math.pow(16, 8);
for (var i = 0; i < 4; i++) {
	TOKEN += (mult * Math.random()).toString(16);
}
var startsWithToken = new RegExp('^' + TOKEN);

/**
 * @param {string} s
 * @param {RegExp} r
 */
function matchAll(s, r) {
	var origIndex = r.lastIndex;

	var matches = [];
	var matchObj;

	while ((matchObj = r.exec(s))) {
		matches[matches.length] = matchObj;
		if (r.lastIndex === matchObj.index) {
			r.lastIndex += 1;
		}
	}

	r.lastIndex = origIndex;

	return matches;
}

/**
 * @param {Env} env
 * @param {string} pre
 * @param {string} key
 */
function getVar(env, pre, key) {
	var r = typeof env === 'function' ? env(key) : env[key];
	if (typeof r === 'undefined' && key != '') {
		r = '';
	} else if (typeof r === 'undefined') {
		r = '$';
	}

	if (typeof r === 'object') {
		return pre + TOKEN + JSON.stringify(r) + TOKEN;
	}
	return pre + r;
}

var ansiCEscape = /\\([0-7]{1,3}|x[\dA-Fa-f]{1,2}|u[\dA-Fa-f]{1,4}|U[\dA-Fa-f]{1,8}|c(?:\\\\|[\s\S])|[abeEfnrtv\\'"?])/g;

/**
 * @param {string} m
 * @param {string} escape
 */
function expandAnsiCEscape(m, escape) {
	var kind = escape.charAt(0);
	if (kind === 'c') {
		var ctrl = escape.charAt(1);
		return ctrl === '?' ? '\x7F' : String.fromCharCode(ctrl.charCodeAt(0) & 0x1F);
	}
	if (kind === 'x' || kind === 'u' || kind === 'U') {
		var cp = parseInt(escape.slice(1), 16);
		if (cp > 0x10FFFF) {
			return m;
		}
		return String.fromCharCode.apply(null, cp > 0xFFFF ? [0xD7C0 + (cp >> 10), 0xDC00 + (cp & 0x3FF)] : [cp]);
	}
	if (kind >= '0' && kind <= '7') {
		return String.fromCharCode(parseInt(escape, 8) & 0xFF);
	}
	var letter = ANSI_C_LETTERS.indexOf(escape);
	return letter < 0 ? escape : ANSI_C_CHARS.charAt(letter);
}

/** @param {string} body */
function expandAnsiC(body) {
	return body.replace(ansiCEscape, expandAnsiCEscape).split('\0')[0]; // like bash, a NUL ends the string
}

/**
 * @param {string} s
 * @param {number} i
 */
function closesAnsiC(s, i) {
	ansiCAt.lastIndex = i;
	return !!(/** @type {RegExpExecArray} */ (ansiCAt.exec(s)))[1];
}

/**
 * @param {string} string
 * @param {Env} [env]
 * @param {{ escape?: string, splitUnquoted?: boolean | string }} [opts]
 * @returns {ParseEntry[]}
 */
function parseInternal(string, env, opts) {
	if (!opts) {
		opts = {};
	}
	var BS = opts.escape || '\\';
	var ifs = opts.splitUnquoted === true ? ' \t\n' : (typeof opts.splitUnquoted === 'string' ? opts.splitUnquoted : '');
	var BAREWORD = '(\\' + BS + '[\'"$\\' + BS + META + ']|\\$\\$|\\$(?!' + ANSI_C_QUOTE.slice(2) + ')|[^\\s\'"$' + META + '])+';
	var DOUBLE_QUOTE = '"(?:\\' + BS + '[\\s\\S]|[^"\\' + BS + '])*"';

	var chunker = new RegExp([
		'(' + CONTROL + ')', // control chars
		'(' + ANSI_C_QUOTE + '|' + BAREWORD + '|' + DOUBLE_QUOTE + '|' + SINGLE_QUOTE + ')+'
	].join('|'), 'g');

	var matches = matchAll(string, chunker);

	if (matches.length === 0) {
		return [];
	}
	if (!env) {
		env = {};
	}

	var commented = false;

	return matches.map(function (match) {
		var s = match[0];
		if (!s || commented) {
			return void undefined;
		}
		if (controlRE.test(s)) {
			return /** @type {ControlOperator} */ ({ op: s });
		}

		// Hand-written scanner/parser for Bash quoting rules:
		//
		// 1. inside single quotes, all characters are printed literally.
		// 2. inside double quotes, all characters are printed literally
		//    except variables prefixed by '$' and backslashes followed by
		//    either a double quote or another backslash.
		// 3. outside of any quotes, backslashes are treated as escape
		//    characters and not printed (unless they are themselves escaped)
		// 4. quote context can switch mid-token if there is no whitespace
		//     between the two quote contexts (e.g. all'one'"token" parses as
		//     "allonetoken")
		/** @type {string | boolean} */
		var quote = false;
		var esc = false;
		var out = '';
		/** @type {string[]} */
		var words = [];
		var sawQuote = false;
		/** @type {number | null} */
		var pendingNw = null;
		var isGlob = false;
		/** @type {number} */
		var i;

		function parseEnvVar() {
			i += 1;
			/** @type {number | RegExpMatchArray | null} */
			var varend;
			/** @type {string} */
			var varname;
			var char = s.charAt(i);

			if (char === '{') {
				i += 1;
				if (s.charAt(i) === '}') {
					throw new Error('Bad substitution: ' + s.slice(i - 2, i + 1));
				}
				// match braces by depth so a nested `${` keeps its inner `}` from ending the outer substitution
				var depth = 1;
				varend = i;
				while (depth > 0 && varend < s.length) {
					if (s.charAt(varend) === '{' && s.charAt(varend - 1) === '$') {
						depth += 1;
					} else if (s.charAt(varend) === '}') {
						depth -= 1;
					}
					varend += 1;
				}
				if (depth !== 0) {
					throw new Error('Bad substitution: ' + s.slice(i));
				}
				varend -= 1;
				varname = s.slice(i, varend);
				i = varend;
			} else if ((/[*@#?$!-]/).test(char)) {
				varname = char;
			} else {
				var slicedFromI = s.slice(i);
				varend = slicedFromI.match(/[^\w\d_]/);
				if (!varend) {
					varname = slicedFromI;
					i = s.length;
				} else {
					varname = slicedFromI.slice(0, varend.index);
					i += /** @type {number} */ (varend.index) - 1;
				}
			}
			return getVar(/** @type {NonNullable<typeof env>} */ (env), '', varname);
		}

		function flushRun() {
			if (pendingNw === null) {
				return;
			}
			if (pendingNw === 0) {
				if (out !== '') {
					words[words.length] = out;
					out = '';
				}
			} else {
				words[words.length] = out;
				out = '';
				for (var fe = 1; fe < pendingNw; fe += 1) {
					words[words.length] = '';
				}
			}
			pendingNw = null;
		}

		for (i = 0; i < s.length; i++) {
			var c = s.charAt(i);
			if (ifs && c !== DS) {
				flushRun();
			}
			isGlob = isGlob || (!quote && (c === '*' || c === '?'));
			if (esc) {
				out += c;
				esc = false;
			} else if (quote) {
				if (c === quote) {
					quote = false;
				} else if (quote == SQ) {
					out += c;
				} else { // Double quote
					if (c === BS) {
						i += 1;
						c = s.charAt(i);
						if (c === DQ || c === BS || c === DS) {
							out += c;
						} else {
							out += BS + c;
						}
					} else if (c === DS) {
						out += parseEnvVar();
					} else {
						out += c;
					}
				}
			} else if (c === DQ || c === SQ) {
				quote = c;
				sawQuote = true;
			} else if (controlRE.test(c)) {
				return /** @type {ControlOperator} */ ({ op: s });
			} else if (hash.test(c)) {
				commented = true;
				var commentObj = { comment: string.slice(match.index + i + 1) };
				if (out.length) {
					return /** @type {const} */ ([out, commentObj]);
				}
				return /** @type {const} */ ([commentObj]);
			} else if (c === BS) {
				esc = true;
			} else if (c === DS && s.charAt(i + 1) === SQ && closesAnsiC(s, i)) {
				flushRun();
				sawQuote = true;
				out += expandAnsiC(s.slice(i + 2, ansiCAt.lastIndex - 1));
				i = ansiCAt.lastIndex - 1;
			} else if (c === DS) {
				var value = parseEnvVar();
				if (!ifs) {
					out += value;
				} else {
					for (var vi = 0; vi < value.length; vi += 1) {
						var vc = value.charAt(vi);
						if (ifs.indexOf(vc) < 0) {
							flushRun();
							out += vc;
						} else if (pendingNw === null) {
							pendingNw = vc === ' ' || vc === '\t' || vc === '\n' ? 0 : 1;
						} else if (vc !== ' ' && vc !== '\t' && vc !== '\n') {
							pendingNw += 1;
						}
					}
				}
			} else {
				out += c;
			}
		}

		if (isGlob) {
			return /** @type {GlobPattern} */ ({ op: 'glob', pattern: out });
		}

		if (ifs) {
			if (pendingNw !== null && pendingNw > 0) {
				words[words.length] = out;
				out = '';
				for (var te = 1; te < pendingNw; te += 1) {
					words[words.length] = '';
				}
			}
			if (out !== '' || (sawQuote && words.length === 0)) {
				words[words.length] = out;
			}
			return words;
		}

		return out;
	}).reduce(function (prev, arg) { // finalize parsed arguments
		if (typeof arg === 'undefined') {
			return prev;
		}
		/** @type {ParseEntry[]} */ ([]).concat(arg).forEach(function (entry) {
			prev[prev.length] = entry;
		});
		return prev;
	}, /** @type {ParseEntry[]} */ ([]));
}

/** @type {typeof import('./parse')} */
module.exports = function parse(s, env, opts) {
	var mapped = parseInternal(s, env, opts);
	if (typeof env !== 'function') {
		return mapped;
	}
	return mapped.reduce(function (acc, s) {
		if (typeof s === 'object') {
			acc[acc.length] = s;
			return acc;
		}
		var xs = s.split(RegExp('(' + TOKEN + '.*?' + TOKEN + ')', 'g'));
		if (xs.length === 1) {
			acc[acc.length] = xs[0];
			return acc;
		}
		xs.filter(Boolean).forEach(function (x) {
			acc[acc.length] = startsWithToken.test(x)
				? JSON.parse(x.split(TOKEN)[1])
				: x;
		});
		return acc;
	}, /** @type {ParseEntry[]} */ ([]));
};


/***/ }),

/***/ 335:
/***/ ((module) => {



/** @import { ControlOperator } from './parse' */

/** @type {ControlOperator['op'][]} */
var OPS = /** @type {const} */ ([
	'||',
	'&&',
	';;&',
	';;',
	';&',
	'|&',
	'<(',
	'>(',
	'<<<',
	'<<-',
	'<<',
	'>>',
	'>&',
	'>|',
	'&>>',
	'&>',
	'<&',
	'<>',
	'&',
	';',
	'(',
	')',
	'|',
	'<',
	'>'
]);
var LINE_TERMINATORS = /[\n\r\u2028\u2029]/;
var GLOB_SHELL_SPECIAL = /[\s#!"$&'():;<=>@\\^`|~]/g;

/** @type {typeof import('./quote')} */
module.exports = function quote(xs) {
	var sawComment = false;
	return xs.map(function (s) {
		if (sawComment && typeof s === 'string' && LINE_TERMINATORS.test(s)) {
			throw new TypeError('a token after a `comment` must not contain line terminators');
		}
		if (s === '') {
			return /** @type {const} */ ('\'\'');
		}
		if (s && typeof s === 'object') {
			if ('op' in s && s.op === 'glob') {
				if (typeof s.pattern !== 'string') {
					throw new TypeError('glob token requires a string `pattern`');
				}
				if (LINE_TERMINATORS.test(s.pattern)) {
					throw new TypeError('glob `pattern` must not contain line terminators');
				}
				if (s.pattern === '') {
					return /** @type {const} */ ('\'\'');
				}
				return s.pattern.replace(GLOB_SHELL_SPECIAL, '\\$&');
			}
			if ('op' in s && typeof s.op === 'string') {
				if (OPS.indexOf(s.op) < 0) {
					throw new TypeError('invalid `op` value: ' + JSON.stringify(s.op));
				}
				return s.op.replace(/[\s\S]/g, '\\$&');
			}
			if ('comment' in s && typeof s.comment === 'string') {
				if (LINE_TERMINATORS.test(s.comment)) {
					throw new TypeError('`comment` must not contain line terminators');
				}
				sawComment = true;
				return '#' + s.comment;
			}
			throw new TypeError('unrecognized object token shape');
		}
		if ((/'/).test(s) && (/!/).test(s)) {
			return "'" + s.replace(/'/g, "'\"'\"'") + "'";
		}
		if ((/["\s\\]/).test(s) && !(/'/).test(s)) {
			return "'" + s + "'";
		}
		if ((/["'\s]/).test(s)) {
			return '"' + s.replace(/(["\\$`])/g, '\\$1') + '"';
		}
		return String(s).replace(/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}~])/g, '$1\\$2');
	}).join(' ');
};


/***/ }),

/***/ 950:
/***/ ((__unused_webpack_module, exports) => {


/**
 * Character classes and associated utilities for the 5th edition of XML 1.0.
 *
 * @author Louis-Dominique Dubeau
 * @license MIT
 * @copyright Louis-Dominique Dubeau
 */
Object.defineProperty(exports, "__esModule", ({ value: true }));
//
// Fragments.
//
exports.CHAR = "\t\n\r -\uD7FF\uE000-\uFFFD\uD800\uDC00-\uDBFF\uDFFF";
exports.S = " \t\r\n";
// tslint:disable-next-line:max-line-length
exports.NAME_START_CHAR = ":A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800\uDC00-\uDB7F\uDFFF";
exports.NAME_CHAR = "-" + exports.NAME_START_CHAR + ".0-9\u00B7\u0300-\u036F\u203F-\u2040";
//
// Regular expressions.
//
exports.CHAR_RE = new RegExp("^[" + exports.CHAR + "]$", "u");
exports.S_RE = new RegExp("^[" + exports.S + "]+$", "u");
exports.NAME_START_CHAR_RE = new RegExp("^[" + exports.NAME_START_CHAR + "]$", "u");
exports.NAME_CHAR_RE = new RegExp("^[" + exports.NAME_CHAR + "]$", "u");
exports.NAME_RE = new RegExp("^[" + exports.NAME_START_CHAR + "][" + exports.NAME_CHAR + "]*$", "u");
exports.NMTOKEN_RE = new RegExp("^[" + exports.NAME_CHAR + "]+$", "u");
var TAB = 9;
var NL = 0xA;
var CR = 0xD;
var SPACE = 0x20;
//
// Lists.
//
/** All characters in the ``S`` production. */
exports.S_LIST = [SPACE, NL, CR, TAB];
/**
 * Determines whether a codepoint matches the ``CHAR`` production.
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches ``CHAR``.
 */
function isChar(c) {
    return (c >= SPACE && c <= 0xD7FF) ||
        c === NL || c === CR || c === TAB ||
        (c >= 0xE000 && c <= 0xFFFD) ||
        (c >= 0x10000 && c <= 0x10FFFF);
}
exports.isChar = isChar;
/**
 * Determines whether a codepoint matches the ``S`` (space) production.
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches ``S``.
 */
function isS(c) {
    return c === SPACE || c === NL || c === CR || c === TAB;
}
exports.isS = isS;
/**
 * Determines whether a codepoint matches the ``NAME_START_CHAR`` production.
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches ``NAME_START_CHAR``.
 */
function isNameStartChar(c) {
    return ((c >= 0x41 && c <= 0x5A) ||
        (c >= 0x61 && c <= 0x7A) ||
        c === 0x3A ||
        c === 0x5F ||
        c === 0x200C ||
        c === 0x200D ||
        (c >= 0xC0 && c <= 0xD6) ||
        (c >= 0xD8 && c <= 0xF6) ||
        (c >= 0x00F8 && c <= 0x02FF) ||
        (c >= 0x0370 && c <= 0x037D) ||
        (c >= 0x037F && c <= 0x1FFF) ||
        (c >= 0x2070 && c <= 0x218F) ||
        (c >= 0x2C00 && c <= 0x2FEF) ||
        (c >= 0x3001 && c <= 0xD7FF) ||
        (c >= 0xF900 && c <= 0xFDCF) ||
        (c >= 0xFDF0 && c <= 0xFFFD) ||
        (c >= 0x10000 && c <= 0xEFFFF));
}
exports.isNameStartChar = isNameStartChar;
/**
 * Determines whether a codepoint matches the ``NAME_CHAR`` production.
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches ``NAME_CHAR``.
 */
function isNameChar(c) {
    return isNameStartChar(c) ||
        (c >= 0x30 && c <= 0x39) ||
        c === 0x2D ||
        c === 0x2E ||
        c === 0xB7 ||
        (c >= 0x0300 && c <= 0x036F) ||
        (c >= 0x203F && c <= 0x2040);
}
exports.isNameChar = isNameChar;
//# sourceMappingURL=ed5.js.map

/***/ }),

/***/ 488:
/***/ ((__unused_webpack_module, exports) => {


/**
 * Character classes and associated utilities for the 2nd edition of XML 1.1.
 *
 * @author Louis-Dominique Dubeau
 * @license MIT
 * @copyright Louis-Dominique Dubeau
 */
Object.defineProperty(exports, "__esModule", ({ value: true }));
//
// Fragments.
//
exports.CHAR = "\u0001-\uD7FF\uE000-\uFFFD\uD800\uDC00-\uDBFF\uDFFF";
exports.RESTRICTED_CHAR = "\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F";
exports.S = " \t\r\n";
// tslint:disable-next-line:max-line-length
exports.NAME_START_CHAR = ":A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800\uDC00-\uDB7F\uDFFF";
exports.NAME_CHAR = "-" + exports.NAME_START_CHAR + ".0-9\u00B7\u0300-\u036F\u203F-\u2040";
//
// Regular expressions.
//
exports.CHAR_RE = new RegExp("^[" + exports.CHAR + "]$", "u");
exports.RESTRICTED_CHAR_RE = new RegExp("^[" + exports.RESTRICTED_CHAR + "]$", "u");
exports.S_RE = new RegExp("^[" + exports.S + "]+$", "u");
exports.NAME_START_CHAR_RE = new RegExp("^[" + exports.NAME_START_CHAR + "]$", "u");
exports.NAME_CHAR_RE = new RegExp("^[" + exports.NAME_CHAR + "]$", "u");
exports.NAME_RE = new RegExp("^[" + exports.NAME_START_CHAR + "][" + exports.NAME_CHAR + "]*$", "u");
exports.NMTOKEN_RE = new RegExp("^[" + exports.NAME_CHAR + "]+$", "u");
var TAB = 9;
var NL = 0xA;
var CR = 0xD;
var SPACE = 0x20;
//
// Lists.
//
/** All characters in the ``S`` production. */
exports.S_LIST = [SPACE, NL, CR, TAB];
/**
 * Determines whether a codepoint matches the ``CHAR`` production.
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches ``CHAR``.
 */
function isChar(c) {
    return (c >= 0x0001 && c <= 0xD7FF) ||
        (c >= 0xE000 && c <= 0xFFFD) ||
        (c >= 0x10000 && c <= 0x10FFFF);
}
exports.isChar = isChar;
/**
 * Determines whether a codepoint matches the ``RESTRICTED_CHAR`` production.
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches ``RESTRICTED_CHAR``.
 */
function isRestrictedChar(c) {
    return (c >= 0x1 && c <= 0x8) ||
        c === 0xB ||
        c === 0xC ||
        (c >= 0xE && c <= 0x1F) ||
        (c >= 0x7F && c <= 0x84) ||
        (c >= 0x86 && c <= 0x9F);
}
exports.isRestrictedChar = isRestrictedChar;
/**
 * Determines whether a codepoint matches the ``CHAR`` production and does not
 * match the ``RESTRICTED_CHAR`` production. ``isCharAndNotRestricted(x)`` is
 * equivalent to ``isChar(x) && !isRestrictedChar(x)``. This function is faster
 * than running the two-call equivalent.
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches ``CHAR`` and does not match
 * ``RESTRICTED_CHAR``.
 */
function isCharAndNotRestricted(c) {
    return (c === 0x9) ||
        (c === 0xA) ||
        (c === 0xD) ||
        (c > 0x1F && c < 0x7F) ||
        (c === 0x85) ||
        (c > 0x9F && c <= 0xD7FF) ||
        (c >= 0xE000 && c <= 0xFFFD) ||
        (c >= 0x10000 && c <= 0x10FFFF);
}
exports.isCharAndNotRestricted = isCharAndNotRestricted;
/**
 * Determines whether a codepoint matches the ``S`` (space) production.
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches ``S``.
 */
function isS(c) {
    return c === SPACE || c === NL || c === CR || c === TAB;
}
exports.isS = isS;
/**
 * Determines whether a codepoint matches the ``NAME_START_CHAR`` production.
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches ``NAME_START_CHAR``.
 */
// tslint:disable-next-line:cyclomatic-complexity
function isNameStartChar(c) {
    return ((c >= 0x41 && c <= 0x5A) ||
        (c >= 0x61 && c <= 0x7A) ||
        c === 0x3A ||
        c === 0x5F ||
        c === 0x200C ||
        c === 0x200D ||
        (c >= 0xC0 && c <= 0xD6) ||
        (c >= 0xD8 && c <= 0xF6) ||
        (c >= 0x00F8 && c <= 0x02FF) ||
        (c >= 0x0370 && c <= 0x037D) ||
        (c >= 0x037F && c <= 0x1FFF) ||
        (c >= 0x2070 && c <= 0x218F) ||
        (c >= 0x2C00 && c <= 0x2FEF) ||
        (c >= 0x3001 && c <= 0xD7FF) ||
        (c >= 0xF900 && c <= 0xFDCF) ||
        (c >= 0xFDF0 && c <= 0xFFFD) ||
        (c >= 0x10000 && c <= 0xEFFFF));
}
exports.isNameStartChar = isNameStartChar;
/**
 * Determines whether a codepoint matches the ``NAME_CHAR`` production.
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches ``NAME_CHAR``.
 */
function isNameChar(c) {
    return isNameStartChar(c) ||
        (c >= 0x30 && c <= 0x39) ||
        c === 0x2D ||
        c === 0x2E ||
        c === 0xB7 ||
        (c >= 0x0300 && c <= 0x036F) ||
        (c >= 0x203F && c <= 0x2040);
}
exports.isNameChar = isNameChar;
//# sourceMappingURL=ed2.js.map

/***/ }),

/***/ 699:
/***/ ((__unused_webpack_module, exports) => {


/**
 * Character class utilities for XML NS 1.0 edition 3.
 *
 * @author Louis-Dominique Dubeau
 * @license MIT
 * @copyright Louis-Dominique Dubeau
 */
Object.defineProperty(exports, "__esModule", ({ value: true }));
//
// Fragments.
//
// tslint:disable-next-line:max-line-length
exports.NC_NAME_START_CHAR = "A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800\uDC00-\uDB7F\uDFFF";
exports.NC_NAME_CHAR = "-" + exports.NC_NAME_START_CHAR + ".0-9\u00B7\u0300-\u036F\u203F-\u2040";
//
// Regular expressions.
//
exports.NC_NAME_START_CHAR_RE = new RegExp("^[" + exports.NC_NAME_START_CHAR + "]$", "u");
exports.NC_NAME_CHAR_RE = new RegExp("^[" + exports.NC_NAME_CHAR + "]$", "u");
exports.NC_NAME_RE = new RegExp("^[" + exports.NC_NAME_START_CHAR + "][" + exports.NC_NAME_CHAR + "]*$", "u");
/**
 * Determines whether a codepoint matches [[NC_NAME_START_CHAR]].
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches.
 */
// tslint:disable-next-line:cyclomatic-complexity
function isNCNameStartChar(c) {
    return ((c >= 0x41 && c <= 0x5A) ||
        c === 0x5F ||
        (c >= 0x61 && c <= 0x7A) ||
        (c >= 0xC0 && c <= 0xD6) ||
        (c >= 0xD8 && c <= 0xF6) ||
        (c >= 0x00F8 && c <= 0x02FF) ||
        (c >= 0x0370 && c <= 0x037D) ||
        (c >= 0x037F && c <= 0x1FFF) ||
        (c >= 0x200C && c <= 0x200D) ||
        (c >= 0x2070 && c <= 0x218F) ||
        (c >= 0x2C00 && c <= 0x2FEF) ||
        (c >= 0x3001 && c <= 0xD7FF) ||
        (c >= 0xF900 && c <= 0xFDCF) ||
        (c >= 0xFDF0 && c <= 0xFFFD) ||
        (c >= 0x10000 && c <= 0xEFFFF));
}
exports.isNCNameStartChar = isNCNameStartChar;
/**
 * Determines whether a codepoint matches [[NC_NAME_CHAR]].
 *
 * @param c The code point.
 *
 * @returns ``true`` if the codepoint matches.
 */
function isNCNameChar(c) {
    return isNCNameStartChar(c) ||
        (c === 0x2D ||
            c === 0x2E ||
            (c >= 0x30 && c <= 0x39) ||
            c === 0x00B7 ||
            (c >= 0x0300 && c <= 0x036F) ||
            (c >= 0x203F && c <= 0x2040));
}
exports.isNCNameChar = isNCNameChar;
//# sourceMappingURL=ed3.js.map

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/util.js

// functions
function assertEqual(val) {
    return val;
}
function assertNotEqual(val) {
    return val;
}
function toZod() {
    return (schema) => schema;
}
function assertIs(_arg) { }
function assertNever(_x) {
    throw new Error("Unexpected value in exhaustive check");
}
function assert(_) { }
function getEnumValues(entries) {
    const numericValues = Object.values(entries).filter((v) => typeof v === "number");
    const values = Object.entries(entries)
        .filter(([k, _]) => numericValues.indexOf(+k) === -1)
        .map(([_, v]) => v);
    return values;
}
function joinValues(array, separator = "|") {
    return array.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
    if (typeof value === "bigint")
        return value.toString();
    return value;
}
// the accessor lives on a shared prototype: an own accessor makes every box a dictionary-mode object (~360 B and a slow load per read against ~100 B and an inlined getter here)
class Cached {
    constructor(getter) {
        this._getter = getter;
        this._value = undefined;
    }
    get value() {
        const getter = this._getter;
        if (getter !== undefined) {
            this._value = getter();
            this._getter = undefined;
        }
        return this._value;
    }
}
function cached(getter) {
    return new Cached(getter);
}
function nullish(input) {
    return input === null || input === undefined;
}
function cleanRegex(source) {
    const start = source.startsWith("^") ? 1 : 0;
    const end = source.endsWith("$") ? source.length - 1 : source.length;
    return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
    const ratio = val / step;
    const roundedRatio = Math.round(ratio);
    // `val` and `step` each round to a double before the division rounds again, so a true decimal multiple's quotient can sit up to 1.5 of these scaled epsilons from the integer. A 1x tolerance therefore rejected 2.03 as a multiple of 0.07; 4x covers the worst case with margin.
    const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
    if (Math.abs(ratio - roundedRatio) < tolerance)
        return 0;
    return ratio - roundedRatio;
}
const EVALUATING = /* @__PURE__*/ (/* unused pure expression or super */ null && (Symbol("evaluating")));
function defineLazy(object, key, getter) {
    let value = undefined;
    Object.defineProperty(object, key, {
        get() {
            if (value === EVALUATING) {
                // Circular reference detected, return undefined to break the cycle
                return undefined;
            }
            if (value === undefined) {
                value = EVALUATING;
                value = getter();
            }
            return value;
        },
        set(v) {
            Object.defineProperty(object, key, {
                value: v,
                // configurable: true,
            });
            // object[key] = v;
        },
        configurable: true,
    });
}
function objectClone(obj) {
    return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function util_assignProp(target, prop, value) {
    Object.defineProperty(target, prop, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
    });
}
/**
 * Whichever object a def's `shape` currently answers from: the one the caller passed until the first read, the frozen copy after it.
 *
 * Its keys and descriptors read without invoking anything, which is what lets a discriminated union check its discriminator, and the cycle walk read a shape, without resolving a getter that references the schema being constructed. A def that answers `shape` from an accessor of its own has none.
 */
function rawShape(def) {
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    return desc?.get ? desc.get.raw : desc?.value;
}
// where a builder reads its source's keys and descriptors, resolving only a shape a def answers for itself. A shape resolves by object spread, so only its enumerable keys are ever part of it.
function sourceShape(schema) {
    return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
// a key whose value is not settled yet, self-caching so every read after the first gets the same one
function deferProp(target, key, getter) {
    Object.defineProperty(target, key, {
        get() {
            const value = getter();
            util_assignProp(this, key, value);
            return value;
        },
        enumerable: true,
        configurable: true,
    });
}
// Writes a settled key. A plain assignment is much cheaper than `defineProperty` and produces the same descriptor, but it runs whatever setter already answers to the key — an accessor this shape deferred, or an inherited one, which `__proto__` has on every object and prototype pollution can add for any name.
function putProp(target, key, value) {
    if (key in target)
        util_assignProp(target, key, value);
    else
        target[key] = value;
}
/**
 * Copies `keys` of `source`'s shape onto `target`, each value passed through `wrap`.
 *
 * A key the source has resolved is copied through now, so the derived shape states it outright and nothing has to resolve it to learn what it holds. A key the source still defers stays deferred, and reads back through the source's own `shape`, so it resolves once and both shapes get that one schema.
 */
function mirrorShape(target, source, keys, wrap) {
    const raw = sourceShape(source);
    for (const key of keys) {
        const desc = Object.getOwnPropertyDescriptor(raw, key);
        if (!desc.enumerable)
            continue;
        if (desc.get) {
            deferProp(target, key, () => {
                const value = source._zod.def.shape[key];
                return wrap ? wrap(value, key) : value;
            });
        }
        else
            putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
    }
}
// same, for a plain shape a caller passed rather than a schema's
function mirrorProps(target, source) {
    for (const key of Reflect.ownKeys(source)) {
        const desc = Object.getOwnPropertyDescriptor(source, key);
        if (!desc.enumerable)
            continue;
        if (desc.get)
            deferProp(target, key, () => source[key]);
        else
            putProp(target, key, desc.value);
    }
}
function mergeDefs(...defs) {
    const mergedDescriptors = {};
    for (const def of defs) {
        const descriptors = Object.getOwnPropertyDescriptors(def);
        Object.assign(mergedDescriptors, descriptors);
    }
    return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
    return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
    if (!path)
        return obj;
    return path.reduce((acc, key) => acc?.[key], obj);
}
function promiseAllObject(promisesObj) {
    const keys = Object.keys(promisesObj);
    const promises = keys.map((key) => promisesObj[key]);
    return Promise.all(promises).then((results) => {
        const resolvedObj = {};
        for (let i = 0; i < keys.length; i++) {
            resolvedObj[keys[i]] = results[i];
        }
        return resolvedObj;
    });
}
function randomString(length = 10) {
    const chars = "abcdefghijklmnopqrstuvwxyz";
    let str = "";
    for (let i = 0; i < length; i++) {
        str += chars[Math.floor(Math.random() * chars.length)];
    }
    return str;
}
function esc(str) {
    return JSON.stringify(str);
}
function slugify(input) {
    return input
        .toLowerCase()
        .trim()
        .replace(/[^\w\s-]/g, "")
        .replace(/[\s_-]+/g, "-")
        .replace(/^-+|-+$/g, "");
}
const captureStackTrace = ("captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => { });
function util_isObject(data) {
    return typeof data === "object" && data !== null && !Array.isArray(data);
}
const util_allowsEval = /* @__PURE__*/ cached(() => {
    // Skip the probe under `jitless`: strict CSPs report the caught `new Function` as a `securitypolicyviolation` even though the throw is swallowed.
    if (globalConfig.jitless) {
        return false;
    }
    // @ts-ignore
    if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
        return false;
    }
    try {
        const F = Function;
        new F("");
        return true;
    }
    catch (_) {
        return false;
    }
});
function isPlainObject(o) {
    if (util_isObject(o) === false)
        return false;
    // modified constructor
    const ctor = o.constructor;
    if (ctor === undefined)
        return true;
    if (typeof ctor !== "function")
        return true;
    // modified prototype
    const prot = ctor.prototype;
    if (util_isObject(prot) === false)
        return false;
    // ctor doesn't have static `isPrototypeOf`
    if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
        return false;
    }
    return true;
}
function shallowClone(o) {
    if (isPlainObject(o))
        return { ...o };
    if (Array.isArray(o))
        return [...o];
    if (o instanceof Map)
        return new Map(o);
    if (o instanceof Set)
        return new Set(o);
    return o;
}
function numKeys(data) {
    let keyCount = 0;
    for (const key in data) {
        if (Object.prototype.hasOwnProperty.call(data, key)) {
            keyCount++;
        }
    }
    return keyCount;
}
const getParsedType = (data) => {
    const t = typeof data;
    switch (t) {
        case "undefined":
            return "undefined";
        case "string":
            return "string";
        case "number":
            return Number.isNaN(data) ? "nan" : "number";
        case "boolean":
            return "boolean";
        case "function":
            return "function";
        case "bigint":
            return "bigint";
        case "symbol":
            return "symbol";
        case "object":
            if (Array.isArray(data)) {
                return "array";
            }
            if (data === null) {
                return "null";
            }
            if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
                return "promise";
            }
            if (typeof Map !== "undefined" && data instanceof Map) {
                return "map";
            }
            if (typeof Set !== "undefined" && data instanceof Set) {
                return "set";
            }
            if (typeof Date !== "undefined" && data instanceof Date) {
                return "date";
            }
            // @ts-ignore
            if (typeof File !== "undefined" && data instanceof File) {
                return "file";
            }
            return "object";
        default:
            throw new Error(`Unknown data type: ${t}`);
    }
};
const propertyKeyTypes = /* @__PURE__*/ new Set(["string", "number", "symbol"]);
const primitiveTypes = /* @__PURE__*/ new Set([
    "string",
    "number",
    "bigint",
    "boolean",
    "symbol",
    "undefined",
]);
function escapeRegex(str) {
    return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
// zod-specific utils
function clone(inst, def, params) {
    const cl = new inst._zod.constr(def ?? inst._zod.def);
    if (!def || params?.parent)
        cl._zod.parent = inst;
    return cl;
}
function normalizeParams(_params) {
    const params = _params;
    if (!params)
        return {};
    if (typeof params === "string")
        return { error: () => params };
    if (params?.message !== undefined) {
        if (params?.error !== undefined)
            throw new Error("Cannot specify both `message` and `error` params");
        params.error = params.message;
    }
    delete params.message;
    if (typeof params.error === "string")
        return { ...params, error: () => params.error };
    return params;
}
function createTransparentProxy(getter) {
    let target;
    return new Proxy({}, {
        get(_, prop, receiver) {
            target ?? (target = getter());
            return Reflect.get(target, prop, receiver);
        },
        set(_, prop, value, receiver) {
            target ?? (target = getter());
            return Reflect.set(target, prop, value, receiver);
        },
        has(_, prop) {
            target ?? (target = getter());
            return Reflect.has(target, prop);
        },
        deleteProperty(_, prop) {
            target ?? (target = getter());
            return Reflect.deleteProperty(target, prop);
        },
        ownKeys(_) {
            target ?? (target = getter());
            return Reflect.ownKeys(target);
        },
        getOwnPropertyDescriptor(_, prop) {
            target ?? (target = getter());
            return Reflect.getOwnPropertyDescriptor(target, prop);
        },
        defineProperty(_, prop, descriptor) {
            target ?? (target = getter());
            return Reflect.defineProperty(target, prop, descriptor);
        },
    });
}
function stringifyPrimitive(value) {
    if (typeof value === "bigint")
        return value.toString() + "n";
    if (typeof value === "string")
        return `"${value}"`;
    return `${value}`;
}
function optionalKeys(shape) {
    return Object.keys(shape).filter((k) => {
        return shape[k]._zod.optin !== undefined && shape[k]._zod.optout === "optional";
    });
}
// Wrapped in a `@__PURE__` IIFE: esbuild never tree-shakes a top-level initializer that contains a member access on `Number`, so the bare object literal survived into every bundle.
const NUMBER_FORMAT_RANGES = /*@__PURE__*/ (() => ({
    safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    int32: [-2147483648, 2147483647],
    uint32: [0, 4294967295],
    float32: [-3.4028234663852886e38, 3.4028234663852886e38],
    float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
}))();
const BIGINT_FORMAT_RANGES = {
    int64: [/* @__PURE__*/ BigInt("-9223372036854775808"), /* @__PURE__*/ BigInt("9223372036854775807")],
    uint64: [/* @__PURE__*/ BigInt(0), /* @__PURE__*/ BigInt("18446744073709551615")],
};
function pick(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".pick() cannot be used on object schemas containing refinements");
    }
    const newShape = {};
    mirrorShape(newShape, schema, maskedKeys(schema, mask));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
// the mask keys that select something, checked against the source's shape without resolving it
function maskedKeys(schema, mask) {
    const raw = sourceShape(schema);
    const keys = [];
    // `for...in` skips symbols, so a symbol in the mask would select nothing
    for (const key of Reflect.ownKeys(mask)) {
        if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
            throw new Error(`Unrecognized key: "${String(key)}"`);
        }
        if (mask[key])
            keys.push(key);
    }
    return keys;
}
function omit(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".omit() cannot be used on object schemas containing refinements");
    }
    const omitted = new Set(maskedKeys(schema, mask));
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to extend: expected a plain object");
    }
    const checks = schema._zod.def.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        // Only throw if new shape overlaps with existing shape. Use getOwnPropertyDescriptor to check key existence without accessing values
        const existingShape = sourceShape(schema);
        for (const key of Reflect.ownKeys(shape)) {
            if (Object.getOwnPropertyDescriptor(existingShape, key) !== undefined) {
                throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
            }
        }
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
// the source's keys, then the caller's overlaid on top
function extended(schema, shape) {
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
    mirrorProps(newShape, shape);
    return newShape;
}
function safeExtend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to safeExtend: expected a plain object");
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
    if (!b?._zod?.def) {
        throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
    }
    if (a._zod.def.checks?.length) {
        throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
    }
    const newShape = {};
    mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
    mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
    const def = mergeDefs(a._zod.def, {
        shape: newShape,
        get catchall() {
            return b._zod.def.catchall;
        },
        checks: b._zod.def.checks ?? [],
    });
    return clone(a, def);
}
function partial(Class, schema, mask, name = "partial") {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
    }
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class &&
        ((value, key) => (selected && !selected.has(key) ? value : new Class({ type: "optional", innerType: value }))));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class, schema, mask) {
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => 
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class({ type: "nonoptional", innerType: value }));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
// invalid_type | too_big | too_small | invalid_format | not_multiple_of | unrecognized_keys | invalid_union | invalid_key | invalid_element | invalid_value | custom
function aborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue !== true) {
            return true;
        }
    }
    return false;
}
// Checks for explicit abort (continue === false), as opposed to implicit abort (continue === undefined). Used to respect `abort: true` in .refine() even for checks that have a `when` function.
function explicitlyAborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue === false) {
            return true;
        }
    }
    return false;
}
function prefixIssues(path, issues) {
    return issues.map((iss) => {
        var _a;
        (_a = iss).path ?? (_a.path = []);
        iss.path.unshift(path);
        return iss;
    });
}
function unwrapMessage(message) {
    return typeof message === "string" ? message : message?.message;
}
/* A check holds no link back to the schema it is attached to — the same check instance is shared by every clone of that schema — so the owner is stamped onto the issues a check just raised, at the only point where both are in scope. Runs on the failure path only; `start` is the issue count from before the check ran. */
/** The leading size checks of `defChecks` that set an upper bound, each paired with it. */
function sizeCaps(defChecks) {
    const caps = [];
    for (const ch of defChecks ?? []) {
        const d = ch._zod.def;
        // a later check may rewrite the value
        if (!/_(length|size)$|_equals$/.test(d.check))
            break;
        const max = d.maximum ?? d.length ?? d.size;
        if (max >= 0)
            caps.push([max, ch]);
    }
    return caps;
}
function attachSchema(issues, start, inst) {
    var _a;
    for (let i = start; i < issues.length; i++) {
        (_a = issues[i]).schema ?? (_a.schema = inst);
    }
}
function finalizeIssue(iss, ctx, config) {
    var _a;
    // A schema that raised an issue itself owns it outright, and outranks any stamp an enclosing check left in `attachSchema`. String formats and z.custom() are schema and check at once, so when they act as a check they defer to that stamp instead.
    const traits = iss.inst?._zod?.traits;
    if (traits?.has("$ZodType")) {
        if (traits.has("$ZodCheck"))
            (_a = iss).schema ?? (_a.schema = iss.inst);
        else
            iss.schema = iss.inst;
    }
    // Decreasing specificity, first map to return a message wins. `inst` is whatever raised the issue, so a check's own map outranks the owning schema's.
    const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : undefined;
    const message = iss.message
        ? iss.message
        : (unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ??
            unwrapMessage(schemaError?.(iss)) ??
            unwrapMessage(ctx?.error?.(iss)) ??
            unwrapMessage(config.customError?.(iss)) ??
            unwrapMessage(config.localeError?.(iss)) ??
            "Invalid input");
    // an explicit own-key copy beats object rest with excluded keys, which v8 routes through a generic runtime call; Object.keys rather than for-in so an issue pushed with a prototype does not leak inherited keys, and an own __proto__ key is dropped rather than assigned through the setter
    const full = {};
    for (const k of Object.keys(iss)) {
        if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
            continue;
        full[k] = iss[k];
    }
    full.path ?? (full.path = []);
    full.message = message;
    if (ctx?.reportInput) {
        full.input = iss.input;
    }
    return full;
}
function getSizableOrigin(input) {
    if (input instanceof Set)
        return "set";
    if (input instanceof Map)
        return "map";
    // @ts-ignore
    if (input instanceof File)
        return "file";
    return "unknown";
}
const highSurrogate = /[\uD800-\uDBFF]/;
// Code points in `str`: a surrogate pair counts once, a lone surrogate as itself. Hand-rolled because the string iterator allocates and runs ~250x slower on this path; the regex probe exits ~50x quicker for a string with no astral characters.
function codePointLength(str) {
    const units = str.length;
    if (!highSurrogate.test(str))
        return units;
    let count = units;
    for (let i = 0; i < units - 1; i++) {
        if ((str.charCodeAt(i) & 0xfc00) === 0xd800 && (str.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            count--;
            i++;
        }
    }
    return count;
}
function getLengthableOrigin(input) {
    if (Array.isArray(input))
        return "array";
    if (typeof input === "string")
        return "string";
    return "unknown";
}
function parsedType(data) {
    const t = typeof data;
    switch (t) {
        case "number": {
            return Number.isNaN(data) ? "nan" : "number";
        }
        case "object": {
            if (data === null) {
                return "null";
            }
            if (Array.isArray(data)) {
                return "array";
            }
            const obj = data;
            if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
                return obj.constructor.name;
            }
        }
    }
    return t;
}
function util_issue(...args) {
    const [iss, input, inst] = args;
    if (typeof iss === "string") {
        return {
            message: iss,
            code: "custom",
            input,
            inst,
        };
    }
    return { ...iss };
}
function cleanEnum(obj) {
    return Object.entries(obj)
        .filter(([k, _]) => {
        // return true if NaN, meaning it's not a number, thus a string key
        return Number.isNaN(Number.parseInt(k, 10));
    })
        .map((el) => el[1]);
}
// Codec utility functions
function base64ToUint8Array(base64) {
    const binaryString = atob(base64);
    const bytes = new Uint8Array(binaryString.length);
    for (let i = 0; i < binaryString.length; i++) {
        bytes[i] = binaryString.charCodeAt(i);
    }
    return bytes;
}
function uint8ArrayToBase64(bytes) {
    let binaryString = "";
    for (let i = 0; i < bytes.length; i++) {
        binaryString += String.fromCharCode(bytes[i]);
    }
    return btoa(binaryString);
}
function base64urlToUint8Array(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const padding = "=".repeat((4 - (base64.length % 4)) % 4);
    return base64ToUint8Array(base64 + padding);
}
function uint8ArrayToBase64url(bytes) {
    return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
    const cleanHex = hex.replace(/^0x/, "");
    if (cleanHex.length % 2 !== 0) {
        throw new Error("Invalid hex string length");
    }
    const bytes = new Uint8Array(cleanHex.length / 2);
    for (let i = 0; i < cleanHex.length; i += 2) {
        bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
    }
    return bytes;
}
function uint8ArrayToHex(bytes) {
    return Array.from(bytes)
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
}
// instanceof
class Class {
    constructor(..._args) { }
}
//////////    PROTOTYPE INSTALLERS     //////////
//
// Members live on the prototype and materialize per instance on first read, which keeps own-property count under the step where V8 stops using inline slots. Changing anything here means re-measuring runtime, memory and bundle size together — see "The three axes" in AGENTS.md.
/**
 * Installs a trait's members on its prototype. Each value builds that member for the instance on first read; the built value shadows the accessor as an own property, so a detached `const { parse } = schema` keeps working.
 *
 * Call this from a `proto` initializer, which runs once per prototype — never per instance.
 */
function members(proto, table) {
    for (const key in table) {
        const desc = Object.getOwnPropertyDescriptor(table, key);
        // a getter installs as written, so it stays live: `description` reads through to the registry on every access. not enumerable: an object literal's is, and a prototype member never was
        if (desc.get)
            Object.defineProperty(proto, key, { ...desc, enumerable: false });
        // a method materializes bound on first read, which is what keeps a detached member working: `const opt = schema.optional; opt()`
        else
            defineBound(proto, key, desc.value);
    }
}
/** Shadows a prototype member with an own value, so a getter that builds from the instance runs once. */
function own(inst, key, value, enumerable = true) {
    Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
    return value;
}
/** Like {@link own}, for a member that was never an own data property and has to stay out of `Object.keys`. */
function hide(inst, key, value) {
    return own(inst, key, value, false);
}
/** Adds members a table derives from the instance: each builds on first read and shadows as own data, and assignment shadows the same way, as when these were own properties. */
function derived(computes, table) {
    for (const key in computes) {
        const compute = computes[key];
        // an object literal's accessor is configurable and enumerable, and `members` copies the descriptor as written
        Object.defineProperty(table, key, {
            configurable: true,
            enumerable: true,
            get() {
                return own(this, key, compute(this));
            },
            set(value) {
                own(this, key, value);
            },
        });
    }
    return table;
}
function defineBound(proto, key, fn) {
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // vitest's spyOn calls a prototype getter bare to find the function it wraps, so a nullish receiver answers the raw method
            return this == null ? fn : own(this, key, fn.bind(this));
        },
        set(value) {
            own(this, key, value);
        },
    });
}
/** Returns the prototype to install on, or `undefined` if this group is already installed on it. */
function claim(inst, sentinel) {
    const proto = Object.getPrototypeOf(inst);
    // Runs on every construction, so `in` rather than the costlier `hasOwnProperty.call`. Sentinels are keys the group itself defines.
    return sentinel in proto ? undefined : proto;
}
// The internals whose init chain is installing. A second call for the same one is a derived constructor overriding its base, so it must not construct another schema in between or the override is dropped.
let installing;
// Set while a getter is running, so a value that resolved through a recursion break is not memoized. One shared descriptor shadows the key for the duration, which costs no per-key allocation.
let broke = false;
const breaker = {
    configurable: true,
    get() {
        broke = true;
        return undefined;
    },
};
/**
 * Installs a lazily-derived internal on the `_zod` prototype of `inst`'s
 * constructor, computed from the internals object itself and cached there on
 * first read. One accessor per constructor rather than one per instance.
 */
function defineLazyInternal(inst, key, compute) {
    const proto = Object.getPrototypeOf(inst._zod);
    if (key in proto && installing !== inst._zod) {
        // A repeat construction: everything is installed already. Cleared here so the reference is not held past the first construction of every type.
        installing = undefined;
        return;
    }
    installing = inst._zod;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing so a re-entrant read from a recursive schema resolves to undefined instead of running the getter again.
            Object.defineProperty(this, key, breaker);
            const outer = broke;
            broke = false;
            try {
                const value = compute(this);
                // A result that resolved through a recursion break is recomputed once the graph is complete; everything else memoizes, undefined included.
                if (broke)
                    delete this[key];
                else
                    Object.defineProperty(this, key, { configurable: true, writable: true, value });
                broke = broke || outer;
                return value;
            }
            catch (err) {
                // A compute that threw memoizes nothing, so a later read runs it again and fails the same way. The shadow goes with it, since leaving it installed would answer undefined for every later read.
                delete this[key];
                broke = broke || outer;
                throw err;
            }
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, value });
        },
    });
}
/**
 * Installs `key` on `inst`'s prototype, computed by `make` on first read and cached there as an own
 * data property. One accessor per constructor rather than one per instance, because an own accessor
 * puts every instance after the first into v8 dictionary mode. The key doubles as the sentinel.
 */
function installLazyProp(inst, key, make, enumerable) {
    const proto = claim(inst, key);
    if (!proto)
        return;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing, so a re-entrant read from a self-referential shape resolves to undefined instead of running the getter again. A data property rather than an accessor: an own accessor is the dictionary-mode transition this exists to avoid.
            const desc = { configurable: true, writable: true, enumerable, value: undefined };
            Object.defineProperty(this, key, desc);
            // a compute that throws leaves the shadow behind, so later reads answer undefined instead of re-throwing; `defineLazy` did the same, and `defineLazyInternal`'s delete-on-catch would cost bytes in every bundle for a case only a throwing user getter reaches
            desc.value = make(this);
            Object.defineProperty(this, key, desc);
            return desc.value;
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
        },
    });
}
/** Marks the thunk `_catch` synthesises for a constant catch value. `Function.length` cannot tell that thunk from a user callback — rest and defaulted parameters both report arity 0 — and a user callback reads `ctx.error`, whose issues only finalize correctly against the caller's per-parse error map. Provenance can say what arity cannot. A plain string key rather than `Symbol.for`, whose call at module scope no bundler can prove pure — the same shape that anchored `urlCanParse` into every build. */
const CONSTANT_CATCH = "~constantCatch";
/** Wraps a constant catch value in a thunk tagged with {@link CONSTANT_CATCH}. */
function constantCatch(value) {
    const fn = () => value;
    fn[CONSTANT_CATCH] = true;
    return fn;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/core.js
var _a;

/** A special constant with type `never` */
const NEVER = /*@__PURE__*/ Object.freeze({
    status: "aborted",
});
/* Shared descriptor for installing `_zod`; defineProperty reads it
 * synchronously, so reusing one object avoids a per-instance allocation. */
const _zodDesc = { value: undefined, enumerable: false };
// null where suppressing the capture would be unrecoverable: `parse()` puts the frames back with `captureStackTrace`, so without it the throw would lose its stack. also latched to null once `stackTraceLimit` proves unassignable, which a realm can do at any point by hardening Error
let _E = "captureStackTrace" in Error ? Error : null;
// v8 captures a stack trace inside the Error constructor, which dominates a failed parse; costs only the frames, and parse() restores those. the constructor must RUN: Object.create is cheaper and passes instanceof, but Error.isError and util.types.isNativeError check an internal slot
function newError(Definition) {
    const E = _E;
    if (E) {
        const saved = E.stackTraceLimit;
        if (typeof saved === "number") {
            try {
                E.stackTraceLimit = 0;
            }
            catch {
                _E = null;
                return new Definition();
            }
            try {
                return new Definition();
            }
            finally {
                E.stackTraceLimit = saved;
            }
        }
    }
    return new Definition();
}
function $constructor(name, initializer, 
/** This trait's members, installed once on every prototype that composes it. They cannot be declared in the initializer above: that runs per instance, and the prototype is shared. */
proto, params) {
    // Prototype for this constructor's `_zod` internals. Lazily-derived fields (`values`, `pattern`, `optin`, …) install here once rather than as an accessor on every instance.
    const zodProto = {};
    // Assigning the fields in the constructor body is what gives instances in-object slots; building the object literally and reparenting it costs a second allocation and a generic property copy.
    function Internals(def) {
        this.def = def;
        this.constr = _;
        this.traits = new Set();
    }
    Internals.prototype = zodProto;
    const protoMembers = proto;
    // One trait's members land on every prototype whose chain composes it, so the answer is per prototype rather than per trait.
    const initialized = protoMembers && new WeakSet();
    function init(inst, def) {
        if (!inst._zod) {
            _zodDesc.value = new Internals(def);
            try {
                Object.defineProperty(inst, "_zod", _zodDesc);
            }
            finally {
                // Cleared even on throw, so the shared descriptor never leaks one instance's internals into the next.
                _zodDesc.value = undefined;
            }
        }
        else if (inst._zod.traits.has(name)) {
            return;
        }
        inst._zod.traits.add(name);
        initializer(inst, def);
        if (initialized) {
            // `super(def)` from a user subclass gives `this` a prototype the subclass owns, and installing there would overwrite whatever the subclass declared. `constr` built the instance, so its prototype is the one below the subclass's that should carry the members. A receiver whose chain never reaches that prototype installs on its own, which for a plain object handed straight to `init` means `Object.prototype` — unchanged from before.
            const own = Object.getPrototypeOf(inst);
            const ctorProto = inst._zod.constr.prototype;
            let up = own;
            while (up && up !== ctorProto)
                up = Object.getPrototypeOf(up);
            const target = up ?? own;
            if (!initialized.has(target)) {
                initialized.add(target);
                members(target, protoMembers);
            }
        }
        // support prototype modifications; for-in avoids the array allocation of Object.keys on the (usually empty) prototype
        const proto = _.prototype;
        for (const k in proto) {
            if (!Object.prototype.hasOwnProperty.call(proto, k))
                continue;
            if (!(k in inst)) {
                inst[k] = proto[k].bind(inst);
            }
        }
    }
    // doesn't work if Parent has a constructor with arguments
    const Parent = params?.Parent ?? Object;
    class Definition extends Parent {
    }
    Object.defineProperty(Definition, "name", { value: name });
    function _(def) {
        const inst = params?.Parent ? newError(Definition) : this;
        init(inst, def);
        const deferred = inst._zod.deferred;
        if (deferred) {
            for (const fn of deferred) {
                fn();
            }
            // Released: initializers run once, and the list would otherwise be retained for the schema's lifetime.
            inst._zod.deferred = undefined;
        }
        // Global post-processor hook. Internal: installed by `import "zod/compile"` to enable AOT compilation for every constructed schema. Runs last, once the instance is fully built, because it hands the instance to compile(). The post-processor is expected to be reentrancy-guarded by its own implementation.
        const pp = globalThis.__zod_globalConfig?.postProcessor;
        if (pp)
            pp(inst);
        return inst;
    }
    Object.defineProperty(_, "init", { value: init });
    Object.defineProperty(_, Symbol.hasInstance, {
        value: (inst) => {
            if (params?.Parent && inst instanceof params.Parent)
                return true;
            return inst?._zod?.traits?.has(name);
        },
    });
    Object.defineProperty(_, "name", { value: name });
    return _;
}
//////////////////////////////   UTILITIES   ///////////////////////////////////////
const $brand = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("zod_brand")));
class $ZodAsyncError extends Error {
    constructor() {
        super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
    }
}
class $ZodEncodeError extends Error {
    constructor(name) {
        super(`Encountered unidirectional transform during encode: ${name}`);
        this.name = "ZodEncodeError";
    }
}
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
const globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
    if (newConfig)
        Object.assign(globalConfig, newConfig);
    return globalConfig;
}

;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
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

;// CONCATENATED MODULE: ./src/core/base/clock.ts
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

;// CONCATENATED MODULE: external "node:string_decoder"
const external_node_string_decoder_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:string_decoder");
;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:fs/promises"
const promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: ./src/core/base/atomic-file.ts




/**
 * Files that must never be seen half-written (receipts, meta.json, config) and files read
 * from a directory someone else may have filled (a restored cache).
 */
// Not every platform has these flags; 0 leaves the open as it would be without them.
const NO_FOLLOW = external_node_fs_namespaceObject.constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = external_node_fs_namespaceObject.constants.O_NONBLOCK ?? 0;
/**
 * Writes a file atomically: temp file in the same dir, fsync, rename, fsync the directory.
 * The steps are synchronous system calls: these files are small, and each asynchronous step
 * would cost a round trip through the thread pool, which dominated a short run's time.
 */
async function writeFileAtomic(path, data, mode = 0o644) {
    const directory = (0,external_node_path_namespaceObject.dirname)(path);
    // A dot name ending in .tmp, so a leftover from a crash is recognisable and ignorable.
    const temp = (0,external_node_path_namespaceObject.join)(directory, `.${(0,external_node_path_namespaceObject.basename)(path)}.${process.pid}.${(0,external_node_crypto_namespaceObject.randomBytes)(4).toString('hex')}.tmp`);
    const fd = (0,external_node_fs_namespaceObject.openSync)(temp, external_node_fs_namespaceObject.constants.O_WRONLY | external_node_fs_namespaceObject.constants.O_CREAT | external_node_fs_namespaceObject.constants.O_EXCL | NO_FOLLOW, mode);
    try {
        try {
            (0,external_node_fs_namespaceObject.writeFileSync)(fd, data);
            (0,external_node_fs_namespaceObject.fsyncSync)(fd);
        }
        finally {
            (0,external_node_fs_namespaceObject.closeSync)(fd);
        }
        (0,external_node_fs_namespaceObject.renameSync)(temp, path);
    }
    catch (error) {
        try {
            (0,external_node_fs_namespaceObject.unlinkSync)(temp);
        }
        catch {
            // already gone
        }
        throw error;
    }
    await fsyncDirectory(directory);
}
/** Flushes a directory's entries (a rename or a new file) to disk; a no-op where directories cannot be synced. */
async function fsyncDirectory(directory) {
    let fd;
    try {
        fd = (0,external_node_fs_namespaceObject.openSync)(directory, external_node_fs_namespaceObject.constants.O_RDONLY);
        (0,external_node_fs_namespaceObject.fsyncSync)(fd);
    }
    catch (error) {
        // Windows cannot open or sync a directory; the rename itself is still atomic there.
        if (!isErrorCode(error, 'EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'))
            throw error;
    }
    finally {
        if (fd !== undefined)
            (0,external_node_fs_namespaceObject.closeSync)(fd);
    }
}
/** Reads a regular file, refusing symlinks (lstat) and files over maxBytes; undefined when absent. */
async function readRegularFile(path, maxBytes) {
    let before;
    try {
        before = await (0,promises_namespaceObject.lstat)(path);
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
    const handle = await (0,promises_namespaceObject.open)(path, external_node_fs_namespaceObject.constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING);
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
        (0,external_node_fs_namespaceObject.mkdirSync)(path, { mode: 0o755 });
    }
    catch (error) {
        if (!isErrorCode(error, 'EEXIST'))
            throw error;
    }
    await requireRealDirectory(path);
}
/** Throws unless `path` is a directory reached without following a symlink at its last step. */
async function requireRealDirectory(path) {
    const stats = (0,external_node_fs_namespaceObject.lstatSync)(path);
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

;// CONCATENATED MODULE: ./src/core/output/capped-log.ts



const DEFAULT_CAP_BYTES = 10 * 1024 * 1024;
// Not defined on Windows, where there is nothing to add.
const capped_log_NO_FOLLOW = external_node_fs_namespaceObject.constants.O_NOFOLLOW ?? 0;
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
        const flags = external_node_fs_namespaceObject.constants.O_WRONLY | external_node_fs_namespaceObject.constants.O_CREAT | external_node_fs_namespaceObject.constants.O_TRUNC | capped_log_NO_FOLLOW;
        const file = await (0,promises_namespaceObject.open)(path, flags, 0o600);
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
            if (isErrorCode(error, 'ENOSPC', 'EDQUOT'))
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

;// CONCATENATED MODULE: ./src/core/output/output-summary.ts
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

;// CONCATENATED MODULE: ./src/core/shell/script-lines.ts
/**
 * The `command` input is one script (docs/design.md §1): it runs as written, in one shell
 * process. This module reads its lines for everything that is not running it: command
 * identity (docs/design.md §3), the input limits and the short label messages show.
 */
/** Whether a line ends in an odd run of backslashes: a `\`-continuation onto the next line. */
function continues(line) {
    return /(^|[^\\])(\\\\)*\\$/.test(line);
}
/** Whether a trimmed line holds nothing a shell would run: blank, or a comment only. */
function isEmptyLine(trimmed) {
    return trimmed === '' || trimmed.startsWith('#');
}
/**
 * The script's command lines as written: `\`-continued lines kept together (backslash and
 * line break included), each trimmed; blank and comment-only lines dropped. The first is
 * what one-line messages show.
 */
function scriptLines(script) {
    const lines = [];
    let pending;
    for (const rawLine of script.replace(/\r\n?/g, '\n').split('\n')) {
        const line = pending === undefined ? rawLine : `${pending}\n${rawLine}`;
        if (continues(rawLine)) {
            pending = line;
            continue;
        }
        pending = undefined;
        if (!isEmptyLine(line.trim()))
            lines.push(line.trim());
    }
    // A backslash on the last line has nothing to continue onto.
    if (pending !== undefined && !isEmptyLine(pending.trim()))
        lines.push(pending.replace(/\\$/, '').trim());
    return lines;
}
/**
 * The lines command identity is made of: each command line with its continuations joined
 * the way the shell joins them (the backslash and the line break removed, nothing else), so
 * `echo two \⏎  three` reads `echo two   three`, which normalizes like `echo two three`.
 */
function identityLines(script) {
    return scriptLines(script)
        .map(line => line.replace(/\\\n/g, '').trim())
        .filter(line => !isEmptyLine(line));
}
/** Longest script label: enough to recognize a command in a title or a one-line message. */
const LABEL_CHARS = 80;
/** The script in a few words: its first command line (first physical line, ≤ 80 chars), ` …` when more follows. */
function scriptLabel(script) {
    const lines = scriptLines(script);
    const first = (lines[0] ?? '').split('\n')[0].trim();
    const shown = first.length > LABEL_CHARS ? `${first.slice(0, LABEL_CHARS)}…` : first;
    return lines.length > 1 || (lines[0] ?? '').includes('\n') ? `${shown} …` : shown;
}

;// CONCATENATED MODULE: external "node:child_process"
const external_node_child_process_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");
;// CONCATENATED MODULE: ./src/core/process/process-identity.ts
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
        text = (0,external_node_fs_namespaceObject.readFileSync)(`/proc/${pid}/stat`, 'utf8');
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
    const ps = (0,external_node_child_process_namespaceObject.spawnSync)('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 5000 });
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
        return (0,external_node_fs_namespaceObject.readdirSync)('/proc')
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
            if (!`\0${(0,external_node_fs_namespaceObject.readFileSync)(`/proc/${pid}/environ`, 'latin1')}`.includes(needle))
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
        if (!ours && needle !== undefined) {
            try {
                ours = `\0${(0,external_node_fs_namespaceObject.readFileSync)(`/proc/${pid}/environ`, 'latin1')}`.includes(needle);
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

;// CONCATENATED MODULE: ./src/core/verify/side-command.ts

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
        onStart: pgid => env.log({ kind: 'process-started', pgid, started: processStartTime(pgid) })
    });
    if (group?.isAlive())
        await group.terminate(env.killGraceMs);
    return result;
}

;// CONCATENATED MODULE: ./src/core/verify/judge.ts
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
        return 'timed out';
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
        const ok = record.exitCode === exit;
        checks.push({
            expectation: 'expect-exit',
            ok,
            detail: ok
                ? `exit ${record.exitCode}`
                : `expect-exit ${exit} but got ${record.exitCode}${failed ? ` (\`${scriptLabel(failed.command)}\` ${describeCommandEnd(failed)})` : ''}`
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
    const decoder = new external_node_string_decoder_namespaceObject.StringDecoder('utf8');
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
        const present = (0,external_node_fs_namespaceObject.existsSync)((0,external_node_path_namespaceObject.resolve)(settings.workingDirectory, file));
        checks.push({ expectation: 'expect-file', ok: present, detail: present ? `${file} exists` : `${file} does not exist` });
    }
    if (check === undefined)
        return { checks };
    const log = await CappedLogWriter.open(checkLogPath, settings.logCapBytes);
    const summary = new OutputSummarizer();
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
    const result = await runSideCommand(check, settings, env, (chunk, stream) => streams[stream].take(chunk));
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
    decoder = new external_node_string_decoder_namespaceObject.StringDecoder('utf8');
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
    const log = await CappedLogWriter.open(logPath, settings.logCapBytes);
    const summary = new OutputSummarizer();
    const stdoutWatch = settings.expectations.stdout !== undefined ? new SubstringWatch(settings.expectations.stdout) : undefined;
    // One matcher per stream: a half line of one stream never joins a line of the other.
    const outputMatch = settings.retryOnOutput !== undefined ? [new LineMatcher(settings.retryOnOutput), new LineMatcher(settings.retryOnOutput)] : [];
    const forbidden = settings.expectations.noOutput !== undefined ? new FirstMatchingLine(settings.expectations.noOutput) : undefined;
    // The log and the summary read one stream, whole lines in order of arrival (docs/design.md §1).
    const ordered = new OrderedOutput(env.redactor, text => {
        log.write(text);
        summary.push(text);
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
            onStart: pgid => env.log({ kind: 'process-started', pgid, started: processStartTime(pgid) })
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
        startedAt: timestamp(new Date(started)),
        endedAt: timestamp(new Date(endedAt)),
        summary: summary.finish(),
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
        const state = await checkState(settings, hooks.checkLogPath, env);
        checks = [...(judgeRecord(settings, script, env.redactor) ?? []), ...state.checks];
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

;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
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
        const line = (0,external_node_util_namespaceObject.stripVTControlCharacters)(this.text)
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
    const result = await runSideCommand(command, settings, env, (chunk, stream) => {
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

;// CONCATENATED MODULE: external "node:events"
const external_node_events_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");
// EXTERNAL MODULE: ./node_modules/shell-quote/index.js
var shell_quote = __nccwpck_require__(591);
;// CONCATENATED MODULE: ./src/core/shell/script-shell.ts
/**
 * How a script reaches its shell (docs/design.md §1 `shell`), the way GitHub's `run:` does
 * it: the script is written to a file in a private temporary folder, and the shell is
 * started on that file: `bash --noprofile --norc -eo pipefail {0}`, `sh -e {0}`,
 * `python {0}`, `pwsh`/`powershell -command ". '{0}'"`, `cmd /D /E:ON /V:OFF /S /C "CALL
 * "{0}""`, or a template of the user's with `{0}` for the file's path.
 */





/** The shells known by name, as `run:` knows them. */
const SHELL_NAMES = ['bash', 'sh', 'python', 'pwsh', 'powershell', 'cmd'];
// PowerShell reads '…' literally but for '' (one quote).
const powershellArgs = (path) => ['-command', `. '${path.replace(/'/g, "''")}'`];
// What GitHub's runner puts around a PowerShell script: stop at the first error, exit with the last program's code.
const powershellWrap = (script) => `$ErrorActionPreference = 'stop'\n${script}\nif ((Test-Path -LiteralPath variable:\\LASTEXITCODE)) { exit $LASTEXITCODE }\n`;
const NAMED = {
    bash: { program: 'bash', extension: '.sh', args: path => ['--noprofile', '--norc', '-eo', 'pipefail', path] },
    sh: { program: 'sh', extension: '.sh', args: path => ['-e', path] },
    python: { program: 'python', extension: '.py', args: path => [path] },
    pwsh: { program: 'pwsh', extension: '.ps1', args: powershellArgs, wrap: powershellWrap },
    powershell: { program: 'powershell', extension: '.ps1', args: powershellArgs, wrap: powershellWrap },
    cmd: {
        program: 'cmd',
        extension: '.cmd',
        args: path => ['/D', '/E:ON', '/V:OFF', '/S', '/C', `"CALL "${path}""`],
        wrap: script => `@echo off\n${script}`,
        verbatim: true
    }
};
/** Whether a trimmed `shell` value names a known shell. */
function isShellName(text) {
    return SHELL_NAMES.includes(text);
}
/** A template's words, `{0}` not yet replaced; operators (which no shell will read) dropped. */
function templateWords(template) {
    // The template is split like a command line but never given to a shell.
    return (0,shell_quote.parse)(template, name => `$${name}`).flatMap(token => (typeof token === 'string' && token !== '' ? [token] : []));
}
/** The program a shell starts: the named shell's, or the template's first word (undefined when it has none). */
function shellProgram(shell) {
    return shell.kind === 'template' ? templateWords(shell.template)[0] : NAMED[shell.kind].program;
}
/** The file extension a script gets: the named shell's, or the one GitHub gives the template's program. */
function extensionOf(shell) {
    if (shell.kind !== 'template')
        return NAMED[shell.kind].extension;
    const program = shellProgram(shell) ?? '';
    const name = (0,external_node_path_namespaceObject.basename)(program, (0,external_node_path_namespaceObject.extname)(program)).toLowerCase();
    return isShellName(name) ? NAMED[name].extension : '';
}
/** How to start a shell on the script file at `path`: argv, and whether it goes to the program unquoted. */
function shellInvocation(shell, path) {
    if (shell.kind === 'template')
        return { argv: templateWords(shell.template).map(word => word.split('{0}').join(path)), verbatim: false };
    const named = NAMED[shell.kind];
    return { argv: [named.program, ...named.args(path)], verbatim: named.verbatim === true };
}
/**
 * Writes the script to a new private folder (mode 0700) as `script<ext>` (mode 0700, so a
 * `{0}` template may execute it), as written plus a final line break when it has none;
 * PowerShell and cmd get GitHub's additions. Returns the file and the folder to remove.
 */
async function writeScriptFile(script, shell) {
    const dir = await (0,promises_namespaceObject.mkdtemp)((0,external_node_path_namespaceObject.join)((0,external_node_os_namespaceObject.tmpdir)(), 'reverify-script-'));
    const path = (0,external_node_path_namespaceObject.join)(dir, `script${extensionOf(shell)}`);
    const wrap = shell.kind === 'template' ? undefined : NAMED[shell.kind].wrap;
    const text = wrap ? wrap(script) : script;
    await (0,promises_namespaceObject.writeFile)(path, text.endsWith('\n') ? text : `${text}\n`, { mode: 0o700 });
    return { path, dir };
}
/** True for a file this process may execute; anything unreadable counts as not. */
function isExecutableFile(path) {
    try {
        if (!(0,external_node_fs_namespaceObject.statSync)(path).isFile())
            return false;
        (0,external_node_fs_namespaceObject.accessSync)(path, external_node_fs_namespaceObject.constants.X_OK);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * Where `program` would be found when started from `cwd` with this PATH, or undefined: a
 * name with a separator is taken from `cwd`, any other is looked up in PATH (with PATHEXT
 * on Windows). Only an executable file counts.
 */
function findProgram(program, env, cwd) {
    const windows = process.platform === 'win32';
    const hasSeparator = program.includes('/') || (windows && program.includes('\\'));
    const candidates = hasSeparator ? [(0,external_node_path_namespaceObject.resolve)(cwd, program)] : (env.PATH ?? '').split(external_node_path_namespaceObject.delimiter).map(dir => (0,external_node_path_namespaceObject.resolve)(cwd, dir, program));
    const extensions = windows ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(ext => ext !== '')] : [''];
    for (const candidate of candidates) {
        for (const extension of extensions) {
            if (isExecutableFile(candidate + extension))
                return candidate + extension;
        }
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/process/process-runner.ts
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
        this.closed = child ? (0,external_node_events_namespaceObject.once)(child, 'close').then(() => undefined) : new Promise(() => undefined);
        this.tree = { pgid, session: pgid, ...(marker && { marker }) };
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
        const members = commandProcesses(this.tree);
        if (members !== undefined && members.length === 0)
            this.killed = true;
        if (members !== undefined)
            return members.length > 0;
        return exists(-this.pgid);
    }
    /** SIGTERM to every process of the command, then SIGKILL after the grace period to what is left. */
    async terminate(graceMs) {
        if (this.killed)
            return;
        const grouped = this.signal('SIGTERM');
        const members = this.signalMembers('SIGTERM');
        if (!grouped && members === 0)
            return;
        const deadline = Date.now() + graceMs;
        // The pipes close when every holder has exited; a member that redirected its output
        // elsewhere is only visible through kill(0), so check that too until the deadline.
        while (Date.now() < deadline && this.isAlive()) {
            await waitAtMost(this.closed, Math.min(50, deadline - Date.now()));
            if (!this.isAlive())
                return;
        }
        this.signal('SIGKILL');
        // Looked up again: what was started during the grace is ended too.
        this.signalMembers('SIGKILL');
        this.killed = true;
    }
    /** Signals each process of the command found now, if its pid still names it; returns how many. */
    signalMembers(name) {
        const members = commandProcesses(this.tree) ?? [];
        for (const member of members) {
            if (processStartTime(member.pid) !== member.started)
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
    const file = await writeScriptFile(command, shell);
    return { ...shellInvocation(shell, file.path), cleanup: file.dir };
}
/** Starts the child; resolves once it runs, or with the error that kept it from starting. */
function start(argv, verbatim, spec, marker) {
    let child;
    try {
        child = (0,external_node_child_process_namespaceObject.spawn)(argv[0], argv.slice(1), {
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
    const number = external_node_os_namespaceObject.constants.signals[signal];
    return 128 + (number ?? 0);
}
/**
 * Runs one command to completion (or timeout, or interrupt). Resolves with the result and
 * the process group, which may still hold background processes the command started.
 */
async function runCommand(spec) {
    const started = Date.now();
    const { argv, verbatim, cleanup } = await shellArgv(spec.command, spec.shell);
    const base = { command: spec.command, signal: null, timedOut: false, interrupted: false };
    if (spec.signal?.aborted) {
        await (0,promises_namespaceObject.rm)(cleanup, { recursive: true, force: true });
        return { result: { ...base, exitCode: INTERRUPTED_EXIT, interrupted: true, durationMs: 0 } };
    }
    const marker = (0,external_node_crypto_namespaceObject.randomUUID)();
    const launched = await start(argv, verbatim, spec, marker);
    const child = 'child' in launched ? launched.child : undefined;
    if (child?.pid === undefined) {
        // A program that cannot start (missing, not executable, a missing #! interpreter) is
        // the shell's "command not found": a failed attempt with exit 127, never a crash.
        const why = 'error' in launched ? launched.error.message : 'no process id';
        await (0,promises_namespaceObject.rm)(cleanup, { recursive: true, force: true });
        spec.onOutput(Buffer.from(`reverify: could not start ${argv[0]}: ${why}\n`), 'stderr');
        return { result: { ...base, exitCode: 127, durationMs: Date.now() - started } };
    }
    const exited = new Promise(resolve => child.once('exit', (code, signal) => resolve([code, signal])));
    const group = new ProcessGroup(child.pid, child, { name: COMMAND_MARKER_VAR, value: marker });
    const closed = (0,external_node_events_namespaceObject.once)(child, 'close');
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
    if (stopping)
        await stopping;
    // Let the pipes deliver what the command wrote before judging its output. A background
    // process still holding them must not stall the run: its output keeps flowing until the
    // attempt ends and its group is stopped.
    await waitAtMost(closed, PIPE_SETTLE_MS);
    await (0,promises_namespaceObject.rm)(cleanup, { recursive: true, force: true });
    const durationMs = Date.now() - started;
    let exitCode = code ?? (signal ? signalExitCode(signal) : 1);
    if (timedOut)
        exitCode = TIMEOUT_EXIT;
    else if (interrupted)
        exitCode = INTERRUPTED_EXIT;
    return {
        result: { command: spec.command, exitCode, signal: signal ?? null, timedOut, interrupted, durationMs },
        group
    };
}
/** The real process runner. */
const processRunner = { run: runCommand };

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/memoizer.js

class $ZodCyclicError extends Error {
    constructor() {
        super(`Cannot parse a reference cycle that closes through a transform`);
        this.name = "ZodCyclicError";
    }
}
/** Keyed off the context object every schema in one parse call already shares. */
const STATE = "~memo";
const NO_ISSUES = [];
// a value a cycle can close through
function isRef(value) {
    return value !== null && typeof value === "object";
}
// Receivers prefix paths in place, so the cache and every hand-out need their own copies.
function cloneIssues(issues) {
    return issues.map((iss) => (iss.path ? { ...iss, path: iss.path.slice() } : { ...iss }));
}
const recursive = /*@__PURE__*/ new WeakMap();
/** What the walk established, in order of certainty: ordered so the strongest answer among children wins. */
const NONE = 0;
const ASSUMED = 1;
const PROVEN = 2;
/** Whether this schema's subtree contains a cycle, so one parse can re-enter it. */
function isRecursive(inst, stack, resolve) {
    const cached = recursive.get(inst);
    if (cached !== undefined)
        return cached ? PROVEN : NONE;
    // Relative to the walk in progress, so not cached.
    if (stack.has(inst))
        return PROVEN;
    stack.add(inst);
    let result = NONE;
    const check = (child) => {
        if (result !== PROVEN && child?._zod) {
            const answer = isRecursive(child, stack, resolve);
            if (answer > result)
                result = answer;
        }
    };
    // `Reflect.ownKeys` rather than `Object.keys`, so a cycle through a declared symbol key is still seen
    const shape = (sh, spread) => {
        let answer = NONE;
        for (const key of Reflect.ownKeys(sh)) {
            const desc = Object.getOwnPropertyDescriptor(sh, key);
            // an object resolves its shape by spread, so a key it does not enumerate is never parsed; `z.properties` reads every own key and so keeps them all
            if (spread && !desc.enumerable)
                continue;
            // resolving runs user code, and a factory mints a fresh subtree per read, so an edge the walk can't follow counts as a cycle
            const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
            if (child > answer)
                answer = child;
        }
        return answer;
    };
    const merge = (answer) => {
        if (answer > result)
            result = answer;
    };
    const def = inst._zod.def;
    const kind = def.type;
    switch (kind) {
        case "object": {
            const raw = rawShape(def);
            // a def with no raw shape answers `shape` from an accessor of its own, and running that can mint a whole fresh subtree
            merge(raw ? shape(raw, true) : ASSUMED);
            check(def.catchall);
            break;
        }
        case "array":
            check(def.element);
            break;
        case "tuple":
            for (const el of def.items)
                check(el);
            check(def.rest);
            break;
        case "record":
        case "map":
            check(def.keyType);
            check(def.valueType);
            break;
        case "set":
            check(def.valueType);
            break;
        case "union":
            for (const el of def.options)
                check(el);
            break;
        case "intersection":
            check(def.left);
            check(def.right);
            break;
        case "optional":
        case "nullable":
        case "default":
        case "prefault":
        case "catch":
        case "readonly":
        case "nonoptional":
        case "promise":
        case "success":
            check(def.innerType);
            break;
        case "pipe":
            check(def.in);
            check(def.out);
            break;
        case "function":
            check(def.input);
            check(def.output);
            break;
        // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
        case "lazy": {
            const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : undefined);
            // walked with resolution off: one hop sees past the deferral, and a lazy that yields only another unresolved lazy is generative, so it stops there
            merge(inner ? isRecursive(inner, stack, false) : ASSUMED);
            break;
        }
        // a leaf by choice: `parts` are regex fragments, not data positions
        case "template_literal":
        // leaves
        case "string":
        case "number":
        case "int":
        case "boolean":
        case "bigint":
        case "symbol":
        case "undefined":
        case "null":
        case "void":
        case "never":
        case "any":
        case "unknown":
        case "date":
        case "nan":
        case "enum":
        case "literal":
        case "file":
        case "transform":
        case "custom":
            break;
        default: {
            // a new built-in kind becomes a compile error here
            kind;
            // a user-defined kind can still hold children, and only its author knows where, so fall back to scanning the def — skipping accessors, since reading one can run user code
            for (const key in def) {
                const desc = Object.getOwnPropertyDescriptor(def, key);
                if (!desc || desc.get)
                    continue;
                const value = desc.value;
                if (!value || typeof value !== "object")
                    continue;
                if (value._zod)
                    check(value);
                else if (Array.isArray(value))
                    for (const el of value)
                        check(el);
            }
        }
    }
    stack.delete(inst);
    return settle(inst, result);
}
/** An assumed answer must not outlive the resolution that settles it, so only a certain one is cached. */
function settle(inst, answer) {
    if (answer !== ASSUMED)
        recursive.set(inst, answer === PROVEN);
    return answer;
}
/**
 * Whether one parse can re-enter this schema, i.e. its subtree contains a cycle.
 * Exported for `z.compile`, which refuses to compile such a schema: cycle
 * breaking is driven from here off state keyed on the parse context, and a
 * generated fast path has no context to key on.
 */
function isRecursiveSchema(inst) {
    // z.compile never parses, so nothing would ever resolve a lazy for it; it runs once and already treats a throw here as recursive
    return isRecursive(inst, new Set(), true) !== NONE;
}
function bucketFor(state, inst) {
    let bucket = state.buckets.get(inst);
    if (!bucket) {
        bucket = new WeakMap();
        state.buckets.set(inst, bucket);
    }
    return bucket;
}
// Set immediately before delegating to core and cleared immediately after, so `alloc` registers only for a visit this module is driving.
let handoff;
// Allocated but unfinished entries. `alloc` and the matching pop both happen in the synchronous part of a parse, so they nest even when children are async, and one stack serves every schema.
const memoizer_open = [];
const memo = {
    alloc(_inst, payload, empty) {
        const bucket = handoff;
        if (!bucket)
            return empty;
        handoff = undefined;
        const entry = { value: empty, issues: null };
        bucket.set(payload.value, entry);
        memoizer_open.push(entry);
        return empty;
    },
    guard(inst) {
        var _a;
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                // The value is a placeholder a back-edge is still waiting on, so the cycle closes through this transform. Its output can't exist in time to bind.
                if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
                    throw new $ZodCyclicError();
                return base(payload, ctx);
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
    attach(inst) {
        var _a;
        let isRecursiveInst;
        let rechecked = false;
        // a recursive schema is re-entered many times per parse and its bucket never changes
        let lastCtx;
        let lastBucket;
        // Wraps `parse` in a deferred so it sees the container's final parse. Core's own deferred copies `parse` into `run` when there are no checks, and it ran first, so `run` is patched to match; with checks, `run` reads `parse` dynamically.
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                if (isRecursiveInst === undefined) {
                    const walked = isRecursive(inst, new Set(), false);
                    if (walked === NONE) {
                        // Nothing here can ever fire, so take it back out.
                        inst._zod.parse = base;
                        if (inst._zod.run === wrapped)
                            inst._zod.run = base;
                        return base(payload, ctx);
                    }
                    // this parse resolves the deferred edges on its own path, so ask once more before latching
                    if (walked === PROVEN || rechecked)
                        isRecursiveInst = true;
                    else
                        rechecked = true;
                }
                const input = payload.value;
                if (!isRef(input))
                    return base(payload, ctx);
                let state = ctx[STATE];
                if (!state) {
                    state = { buckets: new WeakMap(), backEdges: undefined };
                    ctx[STATE] = state;
                }
                let bucket;
                if (lastCtx === ctx) {
                    bucket = lastBucket;
                }
                else {
                    bucket = bucketFor(state, inst);
                    lastCtx = ctx;
                    lastBucket = bucket;
                }
                const hit = bucket.get(input);
                if (hit) {
                    payload.value = hit.value;
                    if (hit.issues) {
                        if (hit.issues.length)
                            payload.issues.push(...cloneIssues(hit.issues));
                    }
                    else {
                        // Still being parsed: its own checks cover it, so skip them here.
                        payload.memo = true;
                        state.backEdges ?? (state.backEdges = new WeakSet());
                        state.backEdges.add(hit.value);
                    }
                    return payload;
                }
                handoff = bucket;
                const depth = memoizer_open.length;
                const result = base(payload, ctx);
                handoff = undefined;
                // A container that rejected its input outright allocated nothing.
                const entry = memoizer_open.length > depth ? memoizer_open.pop() : undefined;
                // Both paths written out so the sync one allocates no closure. It runs once per node, and capturing here cost more than everything else combined.
                if (result instanceof Promise) {
                    return result.then((r) => {
                        if (entry)
                            entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
                        return r;
                    });
                }
                if (entry)
                    entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
                return result;
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
};
/** The memoizer that gives containers cycle support. `zod` installs it by default; `zod/mini` opts in with `config({ memoizer: memoizer() })`. */
function memoizer() {
    return memo;
}
/** Whether this value is a node a back-edge resolved to before it finished. */
function isBackEdge(ctx, value) {
    const backEdges = ctx[STATE]?.backEdges;
    return backEdges !== undefined && isRef(value) && backEdges.has(value);
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/regexes.js

/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const cuid = /^[cC][0-9a-z]{6,}$/;
const cuid2 = /^[0-9a-z]+$/;
const ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
const xid = /^[0-9a-vA-V]{20}$/;
const ksuid = /^[A-Za-z0-9]{27}$/;
const nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
    return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
/** ISO 8601-1 duration regex. Does not support the 8601-2 extensions like negative durations or fractional/negative components. */
const duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
/** Implements ISO 8601-2 extensions like explicit +- prefixes, mixing weeks with other units, and fractional/negative components. */
const extendedDuration = /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/;
/** A regex for any UUID-like identifier: 8-4-4-4-12 hex pattern */
const guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
/** Returns a regex for validating an RFC 9562/4122 UUID.
 *
 * @param version Optionally specify a version 1-8. If no version is specified, all versions are supported. */
const uuid = (version) => {
    if (!version)
        return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
    return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
const uuid4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(4)));
const uuid6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(6)));
const uuid7 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(7)));
/** Practical email validation */
const email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/** Equivalent to the HTML5 input[type=email] validation implemented by browsers. Source: https://developer.mozilla.org/en-US/docs/Web/HTML/Element/input/email */
const html5Email = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** The classic emailregex.com regex for RFC 5322-compliant emails */
const rfc5322Email = /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
/** A loose regex that allows Unicode characters, enforces length limits, and that's about it. */
const unicodeEmail = /^[^\s@"]{1,64}@[^\s@]{1,255}$/u;
const idnEmail = (/* unused pure expression or super */ null && (unicodeEmail));
const browserEmail = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// from https://thekevinscott.com/emojis-in-javascript/#writing-a-regular-expression
// Single character class, not an alternation: the two properties overlap (U+1F9B0-U+1F9B3), so `(A|B)+` backtracks exponentially on a failed match. The leading lookahead then demands one anchor — a pictograph, a regional indicator, or the enclosing keycap — because `\p{Emoji_Component}` on its own covers ASCII digits, `#`, `*`, ZWJ, variation selectors and skin tone modifiers, none of which is an emoji without a base.
const _emoji = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
    return new RegExp(_emoji, "u");
}
const ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
const mac = (delimiter) => {
    const escapedDelim = util.escapeRegex(delimiter ?? ":");
    return new RegExp(`^(?:[0-9A-F]{2}${escapedDelim}){5}[0-9A-F]{2}$|^(?:[0-9a-f]{2}${escapedDelim}){5}[0-9a-f]{2}$`);
};
const cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
const cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
// https://stackoverflow.com/questions/7860392/determine-if-string-is-in-base64-using-javascript
const base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
const base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
// based on https://stackoverflow.com/questions/106179/regular-expression-to-match-dns-hostname-or-ip-address
// export const hostname: RegExp = /^([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+$/;
const hostname = /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/;
const domain = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
const httpProtocol = /^https?$/;
// https://blog.stevenlevithan.com/archives/validate-phone-number#r4-3 (regex sans spaces) E.164: leading digit must be 1-9; total digits (excluding '+') between 7-15
const e164 = /^\+[1-9]\d{6,14}$/;
// Credit card shape: 12–19 digits, optionally separated by single spaces or single hyphens. ISO/IEC 7812 caps the PAN at 19 digits; 12 is the shortest issued length (Maestro).
const creditCard = /^\d(?:[ -]?\d){11,18}$/;
// ISO 4217 alpha codes from the SIX list, regenerated by scripts/update-iso-4217.ts
const currencyCode = /^(?:AED|AFN|ALL|AMD|AOA|ARS|AUD|AWG|AZN|BAM|BBD|BDT|BHD|BIF|BMD|BND|BOB|BOV|BRL|BSD|BTN|BWP|BYN|BZD|CAD|CDF|CHE|CHF|CHW|CLF|CLP|CNY|COP|COU|CRC|CUP|CVE|CZK|DJF|DKK|DOP|DZD|EGP|ERN|ETB|EUR|FJD|FKP|GBP|GEL|GHS|GIP|GMD|GNF|GTQ|GYD|HKD|HNL|HTG|HUF|IDR|ILS|INR|IQD|IRR|ISK|JMD|JOD|JPY|KES|KGS|KHR|KMF|KPW|KRW|KWD|KYD|KZT|LAK|LBP|LKR|LRD|LSL|LYD|MAD|MDL|MGA|MKD|MMK|MNT|MOP|MRU|MUR|MVR|MWK|MXN|MXV|MYR|MZN|NAD|NGN|NIO|NOK|NPR|NZD|OMR|PAB|PEN|PGK|PHP|PKR|PLN|PYG|QAR|RON|RSD|RUB|RWF|SAR|SBD|SCR|SDG|SEK|SGD|SHP|SLE|SOS|SRD|SSP|STN|SVC|SYP|SZL|THB|TJS|TMT|TND|TOP|TRY|TTD|TWD|TZS|UAH|UGX|USD|USN|UYI|UYU|UYW|UZS|VED|VES|VND|VUV|WST|XAD|XAF|XAG|XAU|XBA|XBB|XBC|XBD|XCD|XCG|XDR|XOF|XPD|XPF|XPT|XSU|XTS|XUA|XXX|YER|ZAR|ZMW|ZWG)$/;
// iban electronic format: 2-letter country, check digits 02-98 (the only values `98 - remainder` can produce), 11-30 bban characters
const iban = /^[A-Z]{2}(?!00|01|99)\d{2}[A-Z0-9]{11,30}$/;
const dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
/** Anchors a pattern source. The interpolation lives here rather than at the call site because
 * esbuild will not drop a `@__PURE__` call whose own argument interpolates a variable, but it
 * will drop `anchor(dateSource)`. Keeping it inline pinned `date` into every bundle. */
function regexes_anchor(source) {
    return new RegExp(`^${source}$`);
}
const date = /*@__PURE__*/ regexes_anchor(dateSource);
function timeSource(args) {
    const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
    const regex = typeof args.precision === "number"
        ? args.precision === -1
            ? `${hhmm}`
            : args.precision === 0
                ? `${hhmm}:[0-5]\\d`
                : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}`
        : args.seconds
            ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?`
            : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
    return regex;
}
function time(args) {
    return new RegExp(`^${timeSource(args)}$`);
}
// Adapted from https://stackoverflow.com/a/3143231
function datetime(args) {
    const opts = ["Z"];
    // if (args.offset) opts.push(`([+-]\\d{2}:\\d{2})`);
    if (args.offset)
        opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
    // RFC 3339 mandates seconds wherever the time carries a `Z` or an offset, so only the unqualified form `local` adds may omit them
    const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
    const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
    return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
// the unbounded form of `string()` as a literal, so every plain string shares one instance instead of building its own
const anyString = /^[\s\S]{0,}$/;
const string = (params) => {
    const regex = params ? `[\\s\\S]{${params?.minimum ?? 0},${params?.maximum ?? ""}}` : `[\\s\\S]*`;
    return new RegExp(`^${regex}$`);
};
const bigint = /^-?\d+n?$/;
const integer = /^-?\d+$/;
const number = /^-?\d+(?:\.\d+)?$/;
const regexes_boolean = /^(?:true|false)$/i;
const _null = /^null$/i;

const _undefined = /^undefined$/i;

// regex for string with no uppercase letters
const lowercase = /^[^A-Z]*$/;
// regex for string with no lowercase letters
const uppercase = /^[^a-z]*$/;
// regex for hexadecimal strings (any length)
const hex = /^[0-9a-fA-F]*$/;
// Hash regexes for different algorithms and encodings
// Helper function to create base64 regex with exact length and padding
function fixedBase64(bodyLength, padding) {
    return new RegExp(`^[A-Za-z0-9+/]{${bodyLength}}${padding}$`);
}
// Helper function to create base64url regex with exact length (no padding)
function fixedBase64url(length) {
    return new RegExp(`^[A-Za-z0-9_-]{${length}}$`);
}
// MD5 (16 bytes): base64 = 24 chars total (22 + "==")
const md5_hex = /^[0-9a-fA-F]{32}$/;
const md5_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(22, "==")));
const md5_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(22)));
// SHA1 (20 bytes): base64 = 28 chars total (27 + "=")
const sha1_hex = /^[0-9a-fA-F]{40}$/;
const sha1_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(27, "=")));
const sha1_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(27)));
// SHA256 (32 bytes): base64 = 44 chars total (43 + "=")
const sha256_hex = /^[0-9a-fA-F]{64}$/;
const sha256_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(43, "=")));
const sha256_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(43)));
// SHA384 (48 bytes): base64 = 64 chars total (no padding)
const sha384_hex = /^[0-9a-fA-F]{96}$/;
const sha384_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(64, "")));
const sha384_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(64)));
// SHA512 (64 bytes): base64 = 88 chars total (86 + "==")
const sha512_hex = /^[0-9a-fA-F]{128}$/;
const sha512_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(86, "==")));
const sha512_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(86)));

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/checks.js
// import { $ZodType } from "./schemas.js";



const $ZodCheck = /*@__PURE__*/ $constructor("$ZodCheck", (inst, def) => {
    var _a;
    inst._zod ?? (inst._zod = {});
    inst._zod.def = def;
    (_a = inst._zod).onattach ?? (_a.onattach = []);
});
/** Default `when` for size-based checks: run only on non-nullish values with a `size`. */
const _whenHasSize = (payload) => {
    const val = payload.value;
    return !util.nullish(val) && val.size !== undefined;
};
/** Default `when` for length-based checks: run only on non-nullish values with a `length`. */
const _whenHasLength = (payload) => {
    const val = payload.value;
    return !nullish(val) && val.length !== undefined;
};
const numericOriginMap = {
    number: "number",
    bigint: "bigint",
    object: "date",
};
const $ZodCheckLessThan = /*@__PURE__*/ $constructor("$ZodCheckLessThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_big",
            maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckGreaterThan = /*@__PURE__*/ $constructor("$ZodCheckGreaterThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_small",
            minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMultipleOf = 
/*@__PURE__*/ $constructor("$ZodCheckMultipleOf", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        if (typeof payload.value !== typeof def.value)
            throw new Error("Cannot mix number and bigint in multiple_of check.");
        const isMultiple = typeof payload.value === "bigint"
            ? // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
                def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
            : floatSafeRemainder(payload.value, def.value) === 0;
        if (isMultiple)
            return;
        payload.issues.push({
            origin: typeof payload.value,
            code: "not_multiple_of",
            divisor: def.value,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckNumberFormat = /*@__PURE__*/ $constructor("$ZodCheckNumberFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    def.format = def.format || "float64";
    const isInt = def.format?.includes("int");
    const origin = isInt ? "int" : "number";
    const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (isInt) {
            if (!Number.isInteger(input)) {
                // invalid_format issue
                // payload.issues.push({
                //   expected: def.format,
                //   format: def.format,
                //   code: "invalid_format",
                //   input,
                //   inst,
                // });
                // invalid_type issue
                payload.issues.push({
                    expected: origin,
                    format: def.format,
                    code: "invalid_type",
                    continue: false,
                    input,
                    inst,
                });
                return;
                // not_multiple_of issue
                // payload.issues.push({
                //   code: "not_multiple_of",
                //   origin: "number",
                //   input,
                //   inst,
                //   divisor: 1,
                // });
            }
            if (!Number.isSafeInteger(input)) {
                if (input > 0) {
                    // too_big
                    payload.issues.push({
                        input,
                        code: "too_big",
                        maximum: Number.MAX_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                else {
                    // too_small
                    payload.issues.push({
                        input,
                        code: "too_small",
                        minimum: Number.MIN_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                return;
            }
        }
        if (input < minimum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_small",
                minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodCheckBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckBigIntFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    const [minimum, maximum] = util.BIGINT_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (input < minimum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_small",
                minimum: minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
const $ZodCheckMaxSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMaxSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size <= def.maximum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMinSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMinSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size >= def.minimum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckSizeEquals = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckSizeEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size === def.size)
            return;
        const tooBig = size > def.size;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            ...(tooBig ? { code: "too_big", maximum: def.size } : { code: "too_small", minimum: def.size }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMaxLength = /*@__PURE__*/ $constructor("$ZodCheckMaxLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // Strings are measured in Unicode code points, not UTF-16 units. A code point is at most two units, so a string that already fits in units fits in code points; only an overflow has to be counted.
        const length = typeof input === "string" && units > def.maximum ? codePointLength(input) : units;
        if (length <= def.maximum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMinLength = /*@__PURE__*/ $constructor("$ZodCheckMinLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so fewer units than the floor can never reach it and twice the floor always clears it. Only in between is the exact count in doubt.
        const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2
            ? codePointLength(input)
            : units;
        if (length >= def.minimum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLengthEquals = /*@__PURE__*/ $constructor("$ZodCheckLengthEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so outside `[length, length * 2]` units the target is missed either way — and missed in the same direction in both measures.
        const length = typeof input === "string" && units >= def.length && units <= def.length * 2
            ? codePointLength(input)
            : units;
        if (length === def.length)
            return;
        const origin = getLengthableOrigin(input);
        const tooBig = length > def.length;
        payload.issues.push({
            origin,
            ...(tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStringFormat = /*@__PURE__*/ $constructor("$ZodCheckStringFormat", (inst, def) => {
    var _a, _b;
    $ZodCheck.init(inst, def);
    if (def.pattern)
        (_a = inst._zod).check ?? (_a.check = (payload) => {
            def.pattern.lastIndex = 0;
            if (def.pattern.test(payload.value))
                return;
            payload.issues.push({
                origin: "string",
                code: "invalid_format",
                format: def.format,
                input: payload.value,
                ...(def.pattern ? { pattern: def.pattern.toString() } : {}),
                inst,
                continue: !def.abort,
            });
        });
    else
        (_b = inst._zod).check ?? (_b.check = () => { });
});
const $ZodCheckRegex = /*@__PURE__*/ $constructor("$ZodCheckRegex", (inst, def) => {
    $ZodCheckStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        def.pattern.lastIndex = 0;
        if (def.pattern.test(payload.value))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "regex",
            input: payload.value,
            pattern: def.pattern.toString(),
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLowerCase = /*@__PURE__*/ $constructor("$ZodCheckLowerCase", (inst, def) => {
    def.pattern ?? (def.pattern = lowercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckUpperCase = /*@__PURE__*/ $constructor("$ZodCheckUpperCase", (inst, def) => {
    def.pattern ?? (def.pattern = uppercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckIncludes = /*@__PURE__*/ $constructor("$ZodCheckIncludes", (inst, def) => {
    $ZodCheck.init(inst, def);
    const escapedRegex = escapeRegex(def.includes);
    // `String.prototype.includes(sub, position)` matches `sub` at `position`
    // OR LATER, so the pattern must allow at least `position` leading chars
    // (`{N,}`), not exactly `position` chars (`{N}`).
    const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
    def.pattern = pattern;
    inst._zod.check = (payload) => {
        if (payload.value.includes(def.includes, def.position))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "includes",
            includes: def.includes,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStartsWith = /*@__PURE__*/ $constructor("$ZodCheckStartsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.startsWith(def.prefix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "starts_with",
            prefix: def.prefix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckEndsWith = /*@__PURE__*/ $constructor("$ZodCheckEndsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.endsWith(def.suffix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "ends_with",
            suffix: def.suffix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
///////////////////////////////////
/////    $ZodCheckProperty    /////
///////////////////////////////////
function handleCheckPropertyResult(result, payload, property) {
    if (result.issues.length) {
        payload.issues.push(...prefixIssues(property, result.issues));
    }
}
const $ZodCheckProperty = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckProperty", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        const result = def.schema._zod.run({
            value: payload.value[def.property],
            issues: [],
        }, {});
        if (result instanceof Promise) {
            return result.then((result) => handleCheckPropertyResult(result, payload, def.property));
        }
        handleCheckPropertyResult(result, payload, def.property);
        return;
    };
})));
const $ZodCheckProperties = /*@__PURE__*/ $constructor("$ZodCheckProperties", (inst, def) => {
    $ZodCheck.init(inst, def);
    hide(inst, Symbol.iterator, function* () {
        yield inst;
    });
    // key and schema snapshotted together: reading one live and the other cached lets a later mutation of the caller's shape object pair a stale key with a missing schema
    let entries;
    inst._zod.check = (payload) => {
        // the base schema already typed the value, so only a nullish one is rejected here: the properties read on a primitive too, matching z.property() on a string's length
        if (payload.value == null) {
            payload.issues.push({ expected: "object", code: "invalid_type", input: payload.value, inst });
            return undefined;
        }
        entries ?? (entries = Reflect.ownKeys(def.shape).map((key) => [key, def.shape[key]]));
        const input = payload.value;
        let proms;
        for (const [key, schema] of entries) {
            const result = schema._zod.run({ value: input[key], issues: [] }, {});
            if (result instanceof Promise) {
                proms ?? (proms = []);
                proms.push(result.then((result) => handleCheckPropertyResult(result, payload, key)));
            }
            else {
                handleCheckPropertyResult(result, payload, key);
            }
        }
        if (proms)
            return Promise.all(proms).then(() => undefined);
        return undefined;
    };
});
const $ZodCheckMimeType = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMimeType", (inst, def) => {
    $ZodCheck.init(inst, def);
    const mimeSet = new Set(def.mime);
    inst._zod.check = (payload) => {
        if (mimeSet.has(payload.value.type))
            return;
        payload.issues.push({
            code: "invalid_value",
            values: def.mime,
            input: payload.value.type,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckOverwrite = /*@__PURE__*/ $constructor("$ZodCheckOverwrite", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        payload.value = def.tx(payload.value);
    };
});

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/doc.js
class Doc {
    constructor(args = [], closed = {}) {
        this.content = [];
        this.indent = 0;
        this.args = args;
        this.closed = closed;
    }
    // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
    indented(fn) {
        this.indent += 1;
        try {
            fn(this);
        }
        finally {
            this.indent -= 1;
        }
    }
    write(arg) {
        if (typeof arg === "function") {
            arg(this, { execution: "sync" });
            arg(this, { execution: "async" });
            return;
        }
        const content = arg;
        const lines = content.split("\n").filter((x) => x);
        const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
        const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
        for (const line of dedented) {
            this.content.push(line);
        }
    }
    compile() {
        const F = Function;
        const content = this?.content ?? [``];
        const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {\n${content.join("\n")}\n};`);
        return factory(...Object.values(this.closed));
    }
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/versions.js
const version = {
    major: 4,
    minor: 6,
    patch: 7,
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/schemas.js







const $ZodType = /*@__PURE__*/ $constructor("$ZodType", (inst, def) => {
    var _a;
    inst ?? (inst = {});
    inst._zod.def = def; // set _def property
    inst._zod.bag = inst._zod.bag || {}; // initialize _bag object
    inst._zod.version = version;
    const defChecks = inst._zod.def.checks;
    // if inst is itself a checks.$ZodCheck, run it as a check
    const checks = inst._zod.traits.has("$ZodCheck")
        ? [inst, ...(defChecks ?? [])]
        : defChecks?.length
            ? [...defChecks]
            : [];
    for (const ch of checks) {
        for (const fn of ch._zod.onattach) {
            fn(inst);
        }
    }
    if (checks.length === 0) {
        // deferred initializer inst._zod.parse is not yet defined
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred?.push(() => {
            inst._zod.run = inst._zod.parse;
        });
    }
    else {
        const runChecks = (payload, checks, ctx) => {
            if (payload.memo)
                return payload;
            let isAborted = aborted(payload);
            let asyncResult;
            for (const ch of checks) {
                if (ch._zod.def.when) {
                    if (explicitlyAborted(payload))
                        continue;
                    const shouldRun = ch._zod.def.when(payload);
                    if (!shouldRun)
                        continue;
                }
                else if (isAborted) {
                    continue;
                }
                const currLen = payload.issues.length;
                const _ = ch._zod.check(payload);
                if (_ instanceof Promise && ctx?.async === false) {
                    throw new $ZodAsyncError();
                }
                if (asyncResult || _ instanceof Promise) {
                    asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                        await _;
                        const nextLen = payload.issues.length;
                        if (nextLen === currLen)
                            return;
                        attachSchema(payload.issues, currLen, inst);
                        if (!isAborted)
                            isAborted = aborted(payload, currLen);
                    });
                }
                else {
                    const nextLen = payload.issues.length;
                    if (nextLen === currLen)
                        continue;
                    attachSchema(payload.issues, currLen, inst);
                    if (!isAborted)
                        isAborted = aborted(payload, currLen);
                }
            }
            if (asyncResult) {
                return asyncResult.then(() => {
                    return payload;
                });
            }
            return payload;
        };
        const handleCanaryResult = (canary, payload, ctx) => {
            // abort if the canary is aborted
            if (aborted(canary)) {
                canary.aborted = true;
                return canary;
            }
            // run checks first, then
            const checkResult = runChecks(payload, checks, ctx);
            if (checkResult instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return checkResult.then((checkResult) => inst._zod.parse(checkResult, ctx));
            }
            return inst._zod.parse(checkResult, ctx);
        };
        inst._zod.run = (payload, ctx) => {
            if (ctx.skipChecks) {
                return inst._zod.parse(payload, ctx);
            }
            if (ctx.direction === "backward") {
                // run canary initial pass (no checks)
                const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
                if (canary instanceof Promise) {
                    return canary.then((canary) => {
                        return handleCanaryResult(canary, payload, ctx);
                    });
                }
                return handleCanaryResult(canary, payload, ctx);
            }
            // forward
            const result = inst._zod.parse(payload, ctx);
            if (result instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return result.then((result) => runChecks(result, checks, ctx));
            }
            return runChecks(result, checks, ctx);
        };
    }
}, {
    // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
    get "~standard"() {
        return hide(this, "~standard", standardProps(this));
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
});
/** The Standard Schema surface for `inst`. Shared so wrappers can extend it without forcing it. */
// a Standard Schema result only reports issues, so a failure finalizes them straight off the raw payload: no ZodError, and no lazy result to read through
const toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync(inst, value) {
    const ctx = { async: true };
    return toStandardResult((await inst._zod.run({ value, issues: [] }, ctx)), ctx);
}
function standardProps(inst) {
    return {
        validate: (value) => {
            const ctx = { async: false };
            try {
                const r = inst._zod.run({ value, issues: [] }, ctx);
                if (!(r instanceof Promise))
                    return toStandardResult(r, ctx);
            }
            catch (_) { }
            // async function so a synchronously throwing check rejects instead of escaping validate
            return validateAsync(inst, value);
        },
        vendor: "zod",
        version: 1,
    };
}

const $ZodString = /*@__PURE__*/ $constructor("$ZodString", (inst, def) => {
    $ZodType.init(inst, def);
    // a format's own pattern, else unbounded; a template literal derives the check-aware form itself
    inst._zod.pattern = def.pattern ?? anyString;
    inst._zod.parse = (payload, _) => {
        if (def.coerce)
            try {
                payload.value = String(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "string")
            return payload;
        payload.issues.push({
            expected: "string",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodStringFormat = /*@__PURE__*/ $constructor("$ZodStringFormat", (inst, def) => {
    // check initialization must come first
    $ZodCheckStringFormat.init(inst, def);
    $ZodString.init(inst, def);
});
const $ZodGUID = /*@__PURE__*/ $constructor("$ZodGUID", (inst, def) => {
    def.pattern ?? (def.pattern = guid);
    $ZodStringFormat.init(inst, def);
});
const $ZodUUID = /*@__PURE__*/ $constructor("$ZodUUID", (inst, def) => {
    if (def.version) {
        const versionMap = {
            v1: 1,
            v2: 2,
            v3: 3,
            v4: 4,
            v5: 5,
            v6: 6,
            v7: 7,
            v8: 8,
        };
        const v = versionMap[def.version];
        if (v === undefined)
            throw new Error(`Invalid UUID version: "${def.version}"`);
        def.pattern ?? (def.pattern = uuid(v));
    }
    else
        def.pattern ?? (def.pattern = uuid());
    $ZodStringFormat.init(inst, def);
});
const $ZodEmail = /*@__PURE__*/ $constructor("$ZodEmail", (inst, def) => {
    def.pattern ?? (def.pattern = email);
    $ZodStringFormat.init(inst, def);
});
/** The `://` guard rejected the input before the URL constructor saw it. */
const URL_BAD_FORMAT = 1;
/** The URL parser rejected the input. */
const URL_UNPARSEABLE = 2;
function canParseURL(input) {
    try {
        if (typeof URL !== "undefined" && typeof URL.canParse === "function")
            return URL.canParse(input);
        new URL(input);
        return true;
    }
    catch {
        return false;
    }
}
function validateURL(trimmed, def) {
    if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
        return canParseURL(trimmed) || URL_UNPARSEABLE;
    }
    return parseURLObject(trimmed, def);
}
/** Parses a URL while preserving the non-normalizing HTTP guard. */
function parseURLObject(trimmed, def) {
    // When normalize is off, require :// for http/https URLs. This prevents strings like "http:example.com" or "https:/path" from being silently accepted
    if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
        return URL_BAD_FORMAT;
    }
    try {
        if (typeof URL !== "undefined") {
            const URLStatic = URL;
            if (typeof URLStatic.parse === "function")
                return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
        }
        // @ts-ignore
        return new URL(trimmed);
    }
    catch {
        return URL_UNPARSEABLE;
    }
}
const asciiTabOrNewline = /[\t\n\r]/g;
/** The URL parser deletes every ASCII tab, LF and CR from its input before it parses, so `new URL("https://exa\nmple.com")` reports on `example.com`. Applying the same deletion to the returned value closes the half of that divergence which can move the host; the parser's other rewrite, stripping C0 controls at the edges, cannot. */
function stripTabAndNewline(value) {
    return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
    hostname.lastIndex = 0;
    return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
    protocol.lastIndex = 0;
    return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
const $ZodURL = /*@__PURE__*/ $constructor("$ZodURL", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        try {
            // Trim whitespace from input
            const trimmed = payload.value.trim();
            const url = validateURL(trimmed, def);
            if (url === URL_BAD_FORMAT) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid URL format",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === URL_UNPARSEABLE) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === true) {
                payload.value = stripTabAndNewline(trimmed);
                return;
            }
            if (def.hostname && !urlHostnameOk(url, def.hostname)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid hostname",
                    pattern: def.hostname.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            if (def.protocol && !urlProtocolOk(url, def.protocol)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid protocol",
                    pattern: def.protocol.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            // Set the output value based on normalize flag
            payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
            return;
        }
        catch (_) {
            payload.issues.push({
                code: "invalid_format",
                format: "url",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodEmoji = /*@__PURE__*/ $constructor("$ZodEmoji", (inst, def) => {
    def.pattern ?? (def.pattern = emoji());
    $ZodStringFormat.init(inst, def);
});
const $ZodNanoID = /*@__PURE__*/ $constructor("$ZodNanoID", (inst, def) => {
    if (def.length !== undefined && (!Number.isInteger(def.length) || def.length < 1))
        throw new Error(`Invalid nanoid length: ${def.length}`);
    def.pattern ?? (def.pattern = def.length === undefined ? nanoid : nanoidOfLength(def.length));
    $ZodStringFormat.init(inst, def);
});
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link $ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const $ZodCUID = /*@__PURE__*/ $constructor("$ZodCUID", (inst, def) => {
    def.pattern ?? (def.pattern = cuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodCUID2 = /*@__PURE__*/ $constructor("$ZodCUID2", (inst, def) => {
    def.pattern ?? (def.pattern = cuid2);
    $ZodStringFormat.init(inst, def);
});
const $ZodULID = /*@__PURE__*/ $constructor("$ZodULID", (inst, def) => {
    def.pattern ?? (def.pattern = ulid);
    $ZodStringFormat.init(inst, def);
});
const $ZodXID = /*@__PURE__*/ $constructor("$ZodXID", (inst, def) => {
    def.pattern ?? (def.pattern = xid);
    $ZodStringFormat.init(inst, def);
});
const $ZodKSUID = /*@__PURE__*/ $constructor("$ZodKSUID", (inst, def) => {
    def.pattern ?? (def.pattern = ksuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodISODateTime = /*@__PURE__*/ $constructor("$ZodISODateTime", (inst, def) => {
    def.pattern ?? (def.pattern = datetime(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODate = /*@__PURE__*/ $constructor("$ZodISODate", (inst, def) => {
    def.pattern ?? (def.pattern = date);
    $ZodStringFormat.init(inst, def);
});
const $ZodISOTime = /*@__PURE__*/ $constructor("$ZodISOTime", (inst, def) => {
    def.pattern ?? (def.pattern = time(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODuration = /*@__PURE__*/ $constructor("$ZodISODuration", (inst, def) => {
    def.pattern ?? (def.pattern = duration);
    $ZodStringFormat.init(inst, def);
});
const $ZodIPv4 = /*@__PURE__*/ $constructor("$ZodIPv4", (inst, def) => {
    def.pattern ?? (def.pattern = ipv4);
    $ZodStringFormat.init(inst, def);
});
/** An IPv6 address is written with hex digits, colons and dots, and nothing else. The guard is what makes the check below an IPv6 check: `new URL("http://[...]")` parses an authority, not an address, so `@` and `\` re-delimit it and `"::@1\\"` validates against the host `0.0.0.1`. The URL parser also deletes ASCII tab, LF and CR rather than failing, which is how `"::1\n"` validated as `::1`. */
const ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
    if (!ipv6Alphabet.test(value))
        return false;
    return canParseURL(`http://[${value}]`);
}
const $ZodIPv6 = /*@__PURE__*/ $constructor("$ZodIPv6", (inst, def) => {
    def.pattern ?? (def.pattern = ipv6);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidIPv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "ipv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMAC", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.mac(def.delimiter));
    $ZodStringFormat.init(inst, def);
})));
const $ZodCIDRv4 = /*@__PURE__*/ $constructor("$ZodCIDRv4", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv4);
    $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
    const parts = value.split("/");
    if (parts.length !== 2)
        return false;
    const [address, prefix] = parts;
    if (!prefix)
        return false;
    const prefixNum = Number(prefix);
    if (`${prefixNum}` !== prefix)
        return false;
    if (prefixNum < 0 || prefixNum > 128)
        return false;
    return isValidIPv6(address);
}
const $ZodCIDRv6 = /*@__PURE__*/ $constructor("$ZodCIDRv6", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv6); // not used for validation
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidCIDRv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "cidrv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
//////////////////////////////   ZodBase64   //////////////////////////////
function isValidBase64(data) {
    if (data === "")
        return true;
    // atob ignores whitespace, so reject it up front.
    if (/\s/.test(data))
        return false;
    if (data.length % 4 !== 0)
        return false;
    try {
        // @ts-ignore
        atob(data);
        return true;
    }
    catch {
        return false;
    }
}
// lax on purpose: the quantified regexes.base64 overflows the regex stack on multi-MB input and its leading ^$| alternation leaks through template-literal composition; isValidBase64 enforces length and padding
const base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
const $ZodBase64 = /*@__PURE__*/ $constructor("$ZodBase64", (inst, def) => {
    def.pattern ?? (def.pattern = base64Charset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
//////////////////////////////   ZodBase64URL   //////////////////////////////
// lax on purpose: the quantified regexes.base64url overflows the regex stack on multi-MB input; isValidBase64 enforces length on the padded string
const base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
    if (!base64urlCharset.test(data))
        return false;
    const base64 = data.replace(/[-_]/g, (c) => (c === "-" ? "+" : "/"));
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
    return isValidBase64(padded);
}
const $ZodBase64URL = /*@__PURE__*/ $constructor("$ZodBase64URL", (inst, def) => {
    def.pattern ?? (def.pattern = base64urlCharset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64URL(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64url",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodE164 = /*@__PURE__*/ $constructor("$ZodE164", (inst, def) => {
    def.pattern ?? (def.pattern = e164);
    $ZodStringFormat.init(inst, def);
});
//////////////////////////////   ZodCreditCard   //////////////////////////////
const CC_SANITIZE = /[- ]/g;
/** Luhn checksum on a digit-only string. Adapted from valibot (MIT). */
function isLuhnAlgo(digits) {
    let length = digits.length;
    let bit = 1;
    let sum = 0;
    while (length) {
        const value = digits.charCodeAt(--length) - 48;
        bit ^= 1;
        sum += bit ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][value] : value;
    }
    return sum % 10 === 0;
}
function isValidCreditCard(input) {
    if (!regexes.creditCard.test(input))
        return false;
    return isLuhnAlgo(input.replace(CC_SANITIZE, ""));
}
const $ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCreditCard", (inst, def) => {
    // Shape only — the Luhn check below is not expressible as a pattern, so consumers of `pattern` (JSON Schema, template literals) get the length and separator rules alone.
    def.pattern ?? (def.pattern = regexes.creditCard);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidCreditCard(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "credit_card",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodIBAN   //////////////////////////////
// iso 7064 mod 97-10 checksum without BigInt
function isIso7064Mod97(iban) {
    let remainder = 0;
    const len = iban.length;
    for (let i = 4; i < len; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    for (let i = 0; i < 4; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    return remainder === 1;
}
function isValidIBAN(input) {
    if (!regexes.iban.test(input))
        return false;
    return isIso7064Mod97(input);
}
const $ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIBAN", (inst, def) => {
    // shape only — checksum is not expressible as a pattern
    def.pattern ?? (def.pattern = regexes.iban);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidIBAN(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "iban",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodJWT   //////////////////////////////
function isValidJWT(token, algorithm = null) {
    try {
        const tokensParts = token.split(".");
        if (tokensParts.length !== 3)
            return false;
        const [header] = tokensParts;
        if (!header)
            return false;
        // @ts-ignore
        const parsedHeader = JSON.parse(atob(header));
        if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
            return false;
        if (!parsedHeader.alg)
            return false;
        if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
            return false;
        return true;
    }
    catch {
        return false;
    }
}
const $ZodJWT = /*@__PURE__*/ $constructor("$ZodJWT", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidJWT(payload.value, def.alg))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "jwt",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCustomStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (def.fn(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: def.format,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodNumber = /*@__PURE__*/ $constructor("$ZodNumber", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = number;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Number(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
            return payload;
        }
        const received = typeof input === "number"
            ? Number.isNaN(input)
                ? "NaN"
                : !Number.isFinite(input)
                    ? String(input)
                    : undefined
            : undefined;
        payload.issues.push({
            expected: "number",
            code: "invalid_type",
            input,
            inst,
            ...(received ? { received } : {}),
        });
        return payload;
    };
});
const $ZodNumberFormat = /*@__PURE__*/ $constructor("$ZodNumberFormat", (inst, def) => {
    $ZodCheckNumberFormat.init(inst, def);
    $ZodNumber.init(inst, def); // no format checks
});
const $ZodBoolean = /*@__PURE__*/ $constructor("$ZodBoolean", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes_boolean;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Boolean(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "boolean")
            return payload;
        payload.issues.push({
            expected: "boolean",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
});
const $ZodBigInt = /*@__PURE__*/ $constructor("$ZodBigInt", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = bigint;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = BigInt(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "bigint")
            return payload;
        payload.issues.push({
            expected: "bigint",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBigIntFormat", (inst, def) => {
    checks.$ZodCheckBigIntFormat.init(inst, def);
    $ZodBigInt.init(inst, def); // no format checks
})));
const $ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSymbol", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "symbol")
            return payload;
        payload.issues.push({
            expected: "symbol",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodUndefined", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.undefined;
    inst._zod.values = new Set([undefined]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "undefined",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNull", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.null;
    inst._zod.values = new Set([null]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (input === null)
            return payload;
        payload.issues.push({
            expected: "null",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodAny", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
})));
const $ZodUnknown = /*@__PURE__*/ $constructor("$ZodUnknown", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
});
const $ZodNever = /*@__PURE__*/ $constructor("$ZodNever", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        payload.issues.push({
            expected: "never",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodVoid", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "void",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodDate = /*@__PURE__*/ $constructor("$ZodDate", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce) {
            try {
                payload.value = new Date(payload.value);
            }
            catch (_err) { }
        }
        const input = payload.value;
        const isDate = input instanceof Date;
        const isValidDate = isDate && !Number.isNaN(input.getTime());
        if (isValidDate)
            return payload;
        payload.issues.push({
            expected: "date",
            code: "invalid_type",
            input,
            ...(isDate ? { received: "Invalid Date" } : {}),
            inst,
        });
        return payload;
    };
});
// an oversized container fails its leading size checks before any element is parsed
function capSize(inst, size) {
    const caps = sizeCaps(inst._zod.def.checks);
    if (!caps.length)
        return;
    const cap = Math.min(...caps.map((c) => c[0]));
    const parse = inst._zod.parse;
    inst._zod.parse = (payload, ctx) => {
        const n = size(payload.value);
        if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
            for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
                if (n > max && ch._zod.def.when(payload)) {
                    const start = payload.issues.length;
                    ch._zod.check(payload);
                    // the value is still the raw input, so no later check may read it
                    payload.issues[start].continue = false;
                    attachSchema(payload.issues, start, inst);
                    return payload;
                }
            }
        }
        return parse(payload, ctx);
    };
}
const arraySize = (input) => (Array.isArray(input) ? input.length : -1);
const mapSize = (input) => (input instanceof Map ? input.size : -1);
const setSize = (input) => (input instanceof Set ? input.size : -1);
function handleArrayResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
const $ZodArray = /*@__PURE__*/ $constructor("$ZodArray", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                expected: "array",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
        const proms = [];
        const abortEarly = ctx?.abortEarly;
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            const result = def.element._zod.run({
                value: item,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleArrayResult(result, payload, i)));
            }
            else {
                handleArrayResult(result, payload, i);
                // the element's payload is authoritative here, since handleArrayResult forwards every issue; an object's is not, because it drops a failed absent optional
                if (abortEarly && result.issues.length !== 0 && aborted(result))
                    break;
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload; //handleArrayResultsAsync(parseResults, final);
    };
    capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
    const isPresent = key in input;
    const isOptionalOut = optout === "optional";
    // The middle rung means "absence permitted, nothing supplied in its place", so an absent key contributes nothing — whatever the schema made of `undefined` is invented, not substituted. Only `optional` reaches this with a value: `defaulted` substitutes, and a schema that isn't optional-out has to keep the key.
    if (!isPresent && isOptionalOut && optin === "optional") {
        return;
    }
    if (result.issues.length) {
        // For optional-in/out schemas, ignore errors on absent keys.
        if (optin !== undefined && isOptionalOut && !isPresent) {
            return;
        }
        final.issues.push(...prefixIssues(key, result.issues));
    }
    if (!isPresent && optin === undefined) {
        if (!result.issues.length) {
            final.issues.push({
                code: "invalid_type",
                expected: "nonoptional",
                input: undefined,
                path: [key],
            });
        }
        return;
    }
    if (result.value === undefined) {
        if (isPresent || (optin === "defaulted" && !isOptionalOut)) {
            final.value[key] = undefined;
        }
    }
    else {
        final.value[key] = result.value;
    }
}
// one shared instance; a fresh [] per schema cost 56 bytes retained
const NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
    const keys = Object.keys(def.shape);
    const ownSymbols = Object.getOwnPropertySymbols(def.shape);
    const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
    // aliases `keys` when there are no symbols, so a string-only shape keeps one array
    const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
    for (const k of allKeys) {
        if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
            throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
        }
    }
    const okeys = optionalKeys(def.shape);
    return {
        ...def,
        allKeys,
        symbolKeys,
        // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
        keySet: new Set(keys),
        numKeys: keys.length,
        optionalKeys: new Set(okeys),
    };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
    const unrecognized = [];
    const keySet = def.keySet;
    const _catchall = def.catchall._zod;
    const t = _catchall.def.type;
    const optin = _catchall.optin;
    const optout = _catchall.optout;
    // starts at 0, not the current length: the shape phase already ran and may have aborted
    let seen = 0;
    for (const key in input) {
        if (abortEarly && payload.issues.length !== seen) {
            if (aborted(payload, seen))
                break;
            seen = payload.issues.length;
        }
        // Must precede the __proto__ branch: a declared key is not unrecognized, even though the shape loop deliberately strips __proto__ from the parsed output.
        if (keySet.has(key))
            continue;
        // Don't copy an undeclared __proto__ into the result; assignment to a plain {} would replace the result prototype. But in strict mode it is still an unknown key, so report it before skipping.
        if (key === "__proto__") {
            if (t === "never")
                unrecognized.push(key);
            continue;
        }
        if (t === "never") {
            unrecognized.push(key);
            continue;
        }
        const r = _catchall.run({ value: input[key], issues: [] }, ctx);
        if (r instanceof Promise) {
            proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
        }
        else {
            handlePropertyResult(r, payload, key, input, optin, optout);
        }
    }
    if (unrecognized.length) {
        payload.issues.push({
            code: "unrecognized_keys",
            keys: unrecognized,
            input,
            inst,
            // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
            continue: true,
        });
    }
    if (!proms.length)
        return payload;
    return Promise.all(proms).then(() => {
        return payload;
    });
}
const $ZodObject = /*@__PURE__*/ $constructor("$ZodObject", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodType.init(inst, def);
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    // a cloned def carries its source's accessor, which knows the shape it answers from; adopting that keeps the clone's keys readable without running it
    const sh = desc?.get ? desc.get.raw : (def.shape ?? {});
    if (sh) {
        // Freezes the shape on first read, so its getters resolve once and every later read sees the same schemas.
        const get = () => {
            const newSh = { ...sh };
            Object.defineProperty(def, "shape", { value: newSh });
            get.raw = newSh;
            return newSh;
        };
        get.raw = sh;
        Object.defineProperty(def, "shape", { get });
    }
    const _normalized = cached(() => normalizeDef(def));
    defineLazyInternal(inst, "propValues", (zod) => {
        const shape = zod.def.shape;
        const propValues = {};
        for (const key in shape) {
            const field = shape[key]._zod;
            if (field.values) {
                if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
                    util_assignProp(propValues, key, new Set());
                }
                for (const v of field.values)
                    propValues[key].add(v);
                // An omittable slot reads back as undefined at a discriminator lookup, so it has to claim undefined: two options that can both omit the key are not discriminable on it.
                if (field.optin !== undefined)
                    propValues[key].add(undefined);
            }
        }
        return propValues;
    });
    const isObject = util_isObject;
    const catchall = def.catchall;
    let value;
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
        const proms = [];
        const shape = value.shape;
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const key of value.allKeys) {
            if (abortEarly && payload.issues.length !== seen) {
                if (aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            if (key === "__proto__")
                continue;
            const el = shape[key];
            const optin = el._zod.optin;
            const optout = el._zod.optout;
            const r = el._zod.run({ value: input[key], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
            }
            else {
                handlePropertyResult(r, payload, key, input, optin, optout);
            }
        }
        if (!catchall) {
            return proms.length ? Promise.all(proms).then(() => payload) : payload;
        }
        return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
    };
});
const $ZodObjectJIT = /*@__PURE__*/ $constructor("$ZodObjectJIT", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodObject.init(inst, def);
    const superParse = inst._zod.parse;
    const _normalized = cached(() => normalizeDef(def));
    const memo = globalConfig.memoizer;
    const generateFastpass = (shape) => {
        const normalized = _normalized.value;
        const syms = normalized.symbolKeys;
        // a symbol has no source literal, so it is read as `syms[i]` off the closed-over scope
        const doc = new Doc(["payload", "ctx"], { shape, inst, memo, syms });
        const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
        // prefixes in place, like util.prefixIssues. newResult must land before the early return: a catchall runs after this and would otherwise write onto the caller's input
        const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
        doc.write(`const input = payload.value;`);
        const ids = Object.create(null);
        let counter = 0;
        for (const key of normalized.allKeys) {
            ids[key] = `key_${counter++}`;
        }
        // A: preserve key order {
        doc.write(memo ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
        for (const key of normalized.allKeys) {
            if (key === "__proto__")
                continue;
            const id = ids[key];
            const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key);
            const isPresent = `${k} in input`;
            const schema = shape[key];
            const optin = schema?._zod?.optin;
            const isOptionalIn = optin !== undefined;
            const isOptionalOut = schema?._zod?.optout === "optional";
            doc.write(`const ${id} = ${parseStr(k)};`);
            if (isOptionalIn && isOptionalOut) {
                // For optional-in/out schemas, ignore errors on absent keys — and, like the interpreted path, drop the value produced alongside them. The middle rung goes further: it permits absence without supplying anything in its place, so an absent key contributes nothing at all.
                const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
                doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
            }
            else if (!isOptionalIn) {
                doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
            }
            else {
                doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
                if (optin === "defaulted") {
                    doc.write(`newResult[${k}] = ${id}.value;`);
                }
                else {
                    doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
                }
            }
        }
        doc.write(`payload.value = newResult;`);
        doc.write(`return payload;`);
        // closing `shape` in is what pays: turbofan specializes the parser against that one shape object, so every `shape[k]._zod.run` folds to a known callee. as a parameter it stays a generic load and measures 13% slower even with the forwarding frame gone
        return doc.compile();
    };
    let fastpass;
    const isObject = util_isObject;
    const jit = !globalConfig.jitless;
    const allowsEval = util_allowsEval;
    const fastEnabled = jit && allowsEval.value; // && !def.catchall;
    const catchall = def.catchall;
    let value;
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
            // always synchronous
            if (!fastpass)
                fastpass = generateFastpass(def.shape);
            payload = fastpass(payload, ctx);
            if (!catchall)
                return payload;
            return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
        }
        return superParse(payload, ctx);
    };
});
function handleUnionResults(results, final, inst, ctx) {
    for (const result of results) {
        if (result.issues.length === 0) {
            final.value = result.value;
            return final;
        }
    }
    const nonaborted = results.filter((r) => !aborted(r));
    if (nonaborted.length === 1) {
        final.value = nonaborted[0].value;
        return nonaborted[0];
    }
    final.issues.push({
        code: "invalid_union",
        input: final.value,
        inst,
        errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config()))),
    });
    return final;
}
const $ZodUnion = /*@__PURE__*/ $constructor("$ZodUnion", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted")
        ? "defaulted"
        : zod.def.options.some((o) => o._zod.optin !== undefined)
            ? "optional"
            : undefined);
    defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : undefined);
    defineLazyInternal(inst, "values", (zod) => {
        if (zod.def.options.every((o) => o._zod.values)) {
            return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
        }
        return undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        if (zod.def.options.every((o) => o._zod.pattern)) {
            const patterns = zod.def.options.map((o) => o._zod.pattern);
            return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
        }
        return undefined;
    });
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                if (result.issues.length === 0)
                    return result;
                results.push(result);
            }
        }
        if (!async)
            return handleUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleUnionResults(results, payload, inst, ctx);
        });
    };
});
function handleExclusiveUnionResults(results, final, inst, ctx) {
    const matches = [];
    for (let i = 0; i < results.length; i++) {
        if (results[i].issues.length === 0)
            matches.push(i);
    }
    if (matches.length === 1) {
        final.value = results[matches[0]].value;
        return final;
    }
    if (matches.length === 0) {
        // No matches - same as regular union
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: results.map((result) => result.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config()))),
        });
    }
    else {
        // Multiple matches - exclusive union failure
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: [],
            inclusive: false,
            matches,
        });
    }
    return final;
}
const $ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodXor", (inst, def) => {
    $ZodUnion.init(inst, def);
    def.inclusive = false;
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                results.push(result);
            }
        }
        if (!async)
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        });
    };
})));
/** Returns the option whose discriminator claims `value`, or throws if ambiguous. */
function getDiscriminatedOption(union, value) {
    const internals = union._zod;
    let map = internals.bag.optionsMap;
    if (!map) {
        map = discriminatorMap(internals.def);
        internals.bag.optionsMap = map;
    }
    const option = map.get(value);
    if (option === null)
        throw new Error(`Ambiguous discriminator value "${String(value)}"`);
    return option;
}
function discriminatorMap(def) {
    const map = new Map();
    for (const option of def.options) {
        const values = option._zod.propValues?.[def.discriminator];
        if (!values || values.size === 0)
            throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
        for (const value of values) {
            if (map.has(value)) {
                if (value !== undefined)
                    throw new Error(`Duplicate discriminator value "${String(value)}"`);
                // keep the collision marked so a later member cannot reclaim it
                map.set(value, null);
            }
            else {
                map.set(value, option);
            }
        }
    }
    return map;
}
const $ZodDiscriminatedUnion = 
/*@__PURE__*/
(/* unused pure expression or super */ null && (core.$constructor("$ZodDiscriminatedUnion", (inst, def) => {
    def.inclusive = false;
    $ZodUnion.init(inst, def);
    const _super = inst._zod.parse;
    util.defineLazyInternal(inst, "propValues", (zod) => {
        const propValues = {};
        let undefinedCount = 0;
        for (const option of zod.def.options) {
            const pv = option._zod.propValues;
            if (!pv || Object.keys(pv).length === 0)
                throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
            if (pv[zod.def.discriminator]?.has(undefined))
                undefinedCount++;
            for (const [k, v] of Object.entries(pv)) {
                if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
                    util.assignProp(propValues, k, new Set());
                }
                for (const val of v) {
                    propValues[k].add(val);
                }
            }
        }
        if (!zod.def.unionFallback && undefinedCount > 1)
            propValues[zod.def.discriminator]?.delete(undefined);
        return propValues;
    });
    // Checked now rather than in the lookup map below, so an option that lacks the discriminator fails at the `discriminatedUnion` call instead of on the first object parsed. Options whose shape cannot be enumerated without resolving it — pipes and lazies — are left to the map.
    def.options.forEach((option, i) => {
        const propShape = util.rawShape(option._zod.def);
        if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
            throw new Error(`Invalid discriminated union option at index "${i}"`);
        }
    });
    const disc = util.cached(() => discriminatorMap(def));
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!util.isObject(input)) {
            payload.issues.push({
                code: "invalid_type",
                expected: "object",
                input,
                inst,
            });
            return payload;
        }
        const value = input?.[def.discriminator];
        const opt = disc.value.get(value);
        // forward metadata cannot choose an encoder for an absent tag
        if (opt && (value !== undefined || ctx.direction !== "backward")) {
            return opt._zod.run(payload, ctx);
        }
        // Fall back to union matching when the fast discriminator path fails:
        // - explicitly enabled via unionFallback, or
        // - during backward direction (encode), since codec-based discriminators have different values in forward vs backward directions
        if (def.unionFallback || ctx.direction === "backward") {
            return _super(payload, ctx);
        }
        // no matching discriminator
        payload.issues.push({
            code: "invalid_union",
            errors: [],
            note: "No matching discriminator",
            discriminator: def.discriminator,
            options: Array.from(disc.value.keys()).filter((value) => disc.value.get(value) !== null),
            input,
            path: [def.discriminator],
            inst,
        });
        return payload;
    };
})));
const $ZodIntersection = /*@__PURE__*/ $constructor("$ZodIntersection", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        const left = def.left._zod.run({ value: input, issues: [] }, ctx);
        const right = def.right._zod.run({ value: input, issues: [] }, ctx);
        const async = left instanceof Promise || right instanceof Promise;
        if (async) {
            return Promise.all([left, right]).then(([left, right]) => {
                return handleIntersectionResults(payload, left, right);
            });
        }
        return handleIntersectionResults(payload, left, right);
    };
});
function mergeValues(a, b) {
    // const aType = parse.t(a);
    // const bType = parse.t(b);
    if (a === b) {
        return { valid: true, data: a };
    }
    if (a instanceof Date && b instanceof Date && +a === +b) {
        return { valid: true, data: a };
    }
    if (isPlainObject(a) && isPlainObject(b)) {
        const bKeys = Object.keys(b);
        const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
        const newObj = { ...a, ...b };
        if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
            delete newObj.__proto__;
        for (const key of sharedKeys) {
            if (key === "__proto__")
                continue;
            const sharedValue = mergeValues(a[key], b[key]);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [key, ...sharedValue.mergeErrorPath],
                };
            }
            newObj[key] = sharedValue.data;
        }
        return { valid: true, data: newObj };
    }
    if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) {
            return { valid: false, mergeErrorPath: [] };
        }
        const newArray = [];
        for (let index = 0; index < a.length; index++) {
            const itemA = a[index];
            const itemB = b[index];
            const sharedValue = mergeValues(itemA, itemB);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [index, ...sharedValue.mergeErrorPath],
                };
            }
            newArray.push(sharedValue.data);
        }
        return { valid: true, data: newArray };
    }
    return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
    // Track which side(s) reject each key. A key rejection is reported only when BOTH sides reject it, so a key owned by one branch survives the other's key schema. strictObject reports these as unrecognized_keys; a record with an open key schema reports one invalid_key per key.
    const unrecKeys = new Map();
    let unrecIssue;
    const keyIssues = new Map();
    const collect = (iss, side) => {
        let keys;
        if (iss.code === "unrecognized_keys" && !iss.path?.length) {
            unrecIssue ?? (unrecIssue = iss);
            keys = iss.keys;
        }
        else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
            const k = String(iss.path[0]);
            if (!keyIssues.has(k))
                keyIssues.set(k, iss);
            keys = [k];
        }
        else {
            return false;
        }
        for (const k of keys) {
            if (!unrecKeys.has(k))
                unrecKeys.set(k, {});
            unrecKeys.get(k)[side] = true;
        }
        return true;
    };
    for (const iss of left.issues) {
        if (!collect(iss, "l"))
            result.issues.push(iss);
    }
    for (const iss of right.issues) {
        if (!collect(iss, "r"))
            result.issues.push(iss);
    }
    // Report only keys rejected by BOTH sides
    const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
    if (bothKeys.length) {
        const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
        if (aggregated.length)
            result.issues.push({ ...unrecIssue, keys: aggregated });
        for (const k of bothKeys) {
            if (!aggregated.includes(k) && keyIssues.has(k))
                result.issues.push(keyIssues.get(k));
        }
    }
    const merged = mergeValues(left.value, right.value);
    if (!merged.valid) {
        if (aborted(result))
            return result;
        throw new Error(`Unmergable intersection. Error path: ` + `${JSON.stringify(merged.mergeErrorPath)}`);
    }
    result.value = merged.data;
    return result;
}
const $ZodTuple = /*@__PURE__*/ $constructor("$ZodTuple", (inst, def) => {
    $ZodType.init(inst, def);
    const items = def.items;
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                input,
                inst,
                expected: "tuple",
                code: "invalid_type",
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, [], ctx) : [];
        const proms = [];
        const optinStart = getTupleOptStart(items, "optin");
        const optoutStart = getTupleOptStart(items, "optout");
        if (!def.rest) {
            if (input.length < optinStart) {
                payload.issues.push({
                    code: "too_small",
                    minimum: optinStart,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
                return payload;
            }
            if (input.length > items.length) {
                payload.issues.push({
                    code: "too_big",
                    maximum: items.length,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
            }
        }
        // Run every item in parallel, collecting results into an indexed array. The post-processing in `handleTupleResults` walks them in order so it can decide whether an absent optional-output error can truncate the tail or must be reported to preserve required output.
        const itemResults = new Array(items.length);
        // only tracked when there is a rest loop to skip
        const abortEarly = def.rest ? ctx?.abortEarly : undefined;
        let itemAborted = false;
        for (let i = 0; i < items.length; i++) {
            const r = items[i]._zod.run({ value: input[i], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((rr) => {
                    itemResults[i] = rr;
                }));
            }
            else {
                itemResults[i] = r;
                if (abortEarly && !itemAborted && r.issues.length)
                    itemAborted = aborted(r);
            }
        }
        // sound because rest is non-empty exactly when every fixed index is present, the one case handleTupleResults cannot discard an item's issues
        if (def.rest && !itemAborted) {
            let i = items.length - 1;
            const rest = input.slice(items.length);
            let seen = payload.issues.length;
            for (const el of rest) {
                if (abortEarly && payload.issues.length !== seen) {
                    if (aborted(payload, seen))
                        break;
                    seen = payload.issues.length;
                }
                i++;
                const result = def.rest._zod.run({ value: el, issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((r) => handleTupleResult(r, payload, i)));
                }
                else {
                    handleTupleResult(result, payload, i);
                }
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input, optoutStart));
        }
        return handleTupleResults(itemResults, payload, items, input, optoutStart);
    };
});
function getTupleOptStart(items, key) {
    for (let i = items.length - 1; i >= 0; i--) {
        // optin is a three-rung ladder so any rung above `undefined` permits an absent slot; optout stays two-valued.
        const omittable = key === "optin" ? items[i]._zod.optin !== undefined : items[i]._zod.optout === "optional";
        if (!omittable)
            return i + 1;
    }
    return 0;
}
function handleTupleResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
function handleTupleResults(itemResults, final, items, input, optoutStart) {
    // Walk results in order. Mirror $ZodObject's swallow-on-absent-optional rule, but only after `optoutStart`: the first index where the output tuple tail can be absent.
    for (let i = 0; i < items.length; i++) {
        const r = itemResults[i];
        const isPresent = i < input.length;
        // The array analog of `handlePropertyResult`'s absent-key early return: the middle rung permits absence without supplying anything in its place, so the tail truncates here instead of materializing whatever the item made of `undefined`.
        if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
            final.value.length = i;
            break;
        }
        if (r.issues.length) {
            if (!isPresent && i >= optoutStart) {
                final.value.length = i;
                break;
            }
            final.issues.push(...prefixIssues(i, r.issues));
        }
        final.value[i] = r.value;
    }
    // Drop trailing slots that produced `undefined` for absent input
    // (the array analog of an absent optional key on an object). The
    // `i >= input.length` floor is critical: an explicit `undefined`
    // *inside* the input must be preserved even when the schema is
    // optional-out (e.g. `z.string().or(z.undefined())` accepting an
    // explicit undefined value).
    for (let i = final.value.length - 1; i >= input.length; i--) {
        if (items[i]._zod.optout === "optional" && final.value[i] === undefined) {
            final.value.length = i;
        }
        else {
            break;
        }
    }
    return final;
}
const $ZodRecord = /*@__PURE__*/ $constructor("$ZodRecord", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!isPlainObject(input)) {
            payload.issues.push({
                expected: "record",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        // no guard in either loop below: a record's invalid_key aborts but an enclosing intersection can reconcile it, so a stopped loop hides keys the sibling does not own and the intersection then rejects nothing
        const proms = [];
        const values = def.keyType._zod.values;
        if (values && !def.partial) {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            const recordKeys = new Set();
            for (const key of values) {
                if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
                    recordKeys.add(typeof key === "number" ? key.toString() : key);
                    // A declared __proto__ is stripped but is not an unrecognized key.
                    if (key === "__proto__")
                        continue;
                    const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                    if (keyResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (keyResult.issues.length) {
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                        continue;
                    }
                    const outKey = keyResult.value;
                    if (outKey === "__proto__")
                        continue;
                    const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                    if (result instanceof Promise) {
                        proms.push(result.then((result) => {
                            if (result.issues.length) {
                                payload.issues.push(...prefixIssues(key, result.issues));
                            }
                            payload.value[outKey] = result.value;
                        }));
                    }
                    else {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }
                }
            }
            let unrecognized;
            for (const key in input) {
                if (!recordKeys.has(key)) {
                    if (def.mode === "loose") {
                        // skip __proto__ so it can't replace the result prototype via the assignment setter on the plain {} we build into
                        if (key === "__proto__")
                            continue;
                        payload.value[key] = input[key];
                    }
                    else {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        else {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            // An enumerable key schema declares which keys the record owns, so a key outside the set is unrecognized. A non-enumerable one (regex, refine) is a constraint every key must satisfy, so a failing key is invalid. Only the former is reconcilable against the other side of an intersection.
            let unrecognized;
            // Reflect.ownKeys for Symbol-key support; filter non-enumerable to match z.object()
            for (const key of Reflect.ownKeys(input)) {
                if (key === "__proto__")
                    continue;
                if (!Object.prototype.propertyIsEnumerable.call(input, key))
                    continue;
                let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                if (keyResult instanceof Promise) {
                    throw new Error("Async schemas not supported in object keys currently");
                }
                // Numeric string fallback: if key is a numeric string and failed, retry with Number(key). This handles z.number(), z.literal([1, 2, 3]), and unions containing numeric literals
                const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
                if (checkNumericKey) {
                    const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
                    if (retryResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (retryResult.issues.length === 0) {
                        keyResult = retryResult;
                    }
                }
                if (keyResult.issues.length) {
                    if (def.mode === "loose") {
                        // Pass through unchanged
                        payload.value[key] = input[key];
                    }
                    else if (values) {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                    else {
                        // Default "strict" behavior: error on invalid key
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                    }
                    continue;
                }
                // the guard above tests the raw input key, but the key schema can normalize an ordinary key into __proto__; re-check the key we actually write under
                const outKey = keyResult.value;
                if (outKey === "__proto__")
                    continue;
                const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((result) => {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }));
                }
                else {
                    if (result.issues.length) {
                        payload.issues.push(...prefixIssues(key, result.issues));
                    }
                    payload.value[outKey] = result.value;
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload;
    };
});
const $ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMap", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Map)) {
            payload.issues.push({
                expected: "map",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Map(), ctx) : new Map();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const [key, value] of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
            const valueResult = def.valueType._zod.run({ value: value, issues: [] }, ctx);
            if (keyResult instanceof Promise || valueResult instanceof Promise) {
                proms.push(Promise.all([keyResult, valueResult]).then(([keyResult, valueResult]) => {
                    handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
                }));
            }
            else {
                handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
            }
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, mapSize);
})));
function handleMapResult(keyResult, valueResult, final, key, input, inst, ctx) {
    if (keyResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, keyResult.issues));
        }
        else {
            final.issues.push({
                code: "invalid_key",
                origin: "map",
                input,
                inst,
                issues: keyResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    if (valueResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, valueResult.issues));
        }
        else {
            final.issues.push({
                origin: "map",
                code: "invalid_element",
                input,
                inst,
                key: key,
                issues: valueResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    final.value.set(keyResult.value, valueResult.value);
}
const $ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSet", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Set)) {
            payload.issues.push({
                input,
                inst,
                expected: "set",
                code: "invalid_type",
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Set(), ctx) : new Set();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const item of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const result = def.valueType._zod.run({ value: item, issues: [] }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleSetResult(result, payload)));
            }
            else
                handleSetResult(result, payload);
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, setSize);
})));
function handleSetResult(result, final) {
    if (result.issues.length) {
        final.issues.push(...result.issues);
    }
    final.value.add(result.value);
}
const $ZodEnum = /*@__PURE__*/ $constructor("$ZodEnum", (inst, def) => {
    $ZodType.init(inst, def);
    const values = getEnumValues(def.entries);
    const valuesSet = new Set(values);
    inst._zod.values = valuesSet;
    defineLazyInternal(inst, "pattern", (zod) => {
        const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (valuesSet.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodLiteral = /*@__PURE__*/ $constructor("$ZodLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const values = new Set(def.values);
    inst._zod.values = values;
    defineLazyInternal(inst, "pattern", (zod) => {
        const vals = zod.def.values;
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(vals.length
            ? `^(${vals
                .map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o))
                .join("|")})$`
            : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (values.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values: def.values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFile", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        // @ts-ignore
        if (input instanceof File)
            return payload;
        payload.issues.push({
            expected: "file",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodTransform = /*@__PURE__*/ $constructor("$ZodTransform", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "optional";
    globalConfig.memoizer?.guard(inst);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        const _out = def.transform(payload.value, payload);
        if (ctx.async) {
            const output = _out instanceof Promise ? _out : Promise.resolve(_out);
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        if (_out instanceof Promise) {
            throw new $ZodAsyncError();
        }
        payload.value = _out;
        return payload;
    };
});
function handleOptionalResult(payload, result) {
    // A substituting schema that still failed has no usable answer; yield undefined. Its issues are simply dropped: it ran on a payload of its own, so there is no shared array to truncate and nothing of the caller's to lose with it.
    payload.value = result.issues.length ? undefined : result.value;
    return payload;
}
const $ZodOptional = /*@__PURE__*/ $constructor("$ZodOptional", (inst, def) => {
    $ZodType.init(inst, def);
    // .optional() propagates absence rather than substituting for it, so a defaulted inner keeps its rung.
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    inst._zod.optout = "optional";
    defineLazyInternal(inst, "values", (zod) => {
        const values = zod.def.innerType._zod.values;
        return values ? new Set([...values, undefined]) : undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        if (payload.value === undefined) {
            // Only the top rung substitutes a value for absence; everything else leaves it intact, which is what .optional() means.
            if (def.innerType._zod.optin !== "defaulted")
                return payload;
            // Its own payload, for the same reason $ZodCatch gets one: a pipe forwards an unrecognized key through the caller's issues array, and this must not read that as the substituting schema failing and drop it.
            const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
            if (result instanceof Promise)
                return result.then((result) => handleOptionalResult(payload, result));
            return handleOptionalResult(payload, result);
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodExactOptional = /*@__PURE__*/ $constructor("$ZodExactOptional", (inst, def) => {
    // Call parent init - inherits optin/optout = "optional"
    $ZodOptional.init(inst, def);
    // Override values/pattern to NOT add undefined
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
    // Override parse to just delegate (no undefined handling)
    inst._zod.parse = (payload, ctx) => {
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNullable = /*@__PURE__*/ $constructor("$ZodNullable", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : undefined;
    });
    defineLazyInternal(inst, "values", (zod) => {
        return zod.def.innerType._zod.values ? new Set([...zod.def.innerType._zod.values, null]) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        // Forward direction (decode): allow null to pass through
        if (payload.value === null)
            return payload;
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodDefault = /*@__PURE__*/ $constructor("$ZodDefault", (inst, def) => {
    $ZodType.init(inst, def);
    // inst._zod.qin = "true";
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply defaults for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
            /**
             * $ZodDefault returns the default value immediately in forward direction.
             * It doesn't pass the default value into the validator ("prefault"). There's no reason to pass the default value through validation. The validity of the default is enforced by TypeScript statically. Otherwise, it's the responsibility of the user to ensure the default is valid. In the case of pipes with divergent in/out types, you can specify the default on the `in` schema of your ZodPipe to set a "prefault" for the pipe.   */
            return payload;
        }
        // Forward direction: continue with default handling
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleDefaultResult(result, def));
        }
        return handleDefaultResult(result, def);
    };
});
function handleDefaultResult(payload, def) {
    if (payload.value === undefined) {
        payload.value = def.defaultValue;
    }
    return payload;
}
const $ZodPrefault = /*@__PURE__*/ $constructor("$ZodPrefault", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply prefault for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNonOptional = /*@__PURE__*/ $constructor("$ZodNonOptional", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => {
        const v = zod.def.innerType._zod.values;
        return v ? new Set([...v].filter((x) => x !== undefined)) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleNonOptionalResult(result, inst));
        }
        return handleNonOptionalResult(result, inst);
    };
});
function handleNonOptionalResult(payload, inst) {
    if (!payload.issues.length && payload.value === undefined) {
        payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: payload.value,
            inst,
        });
    }
    return payload;
}
const $ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSuccess", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new core.$ZodEncodeError("ZodSuccess");
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => {
                payload.value = result.issues.length === 0;
                return payload;
            });
        }
        payload.value = result.issues.length === 0;
        return payload;
    };
})));
function handleCatchResult(payload, result, def, ctx) {
    if (!result.issues.length) {
        payload.value = result.value;
        // The value carries up, so the flag describing it has to carry with it: a back-edge into a node still being parsed must not be frozen by an enclosing readonly, and its checks belong to the node itself. Guarded so the ordinary case adds no own property.
        if (result.memo)
            payload.memo = true;
        return payload;
    }
    // Spread the inner's own payload, not ours: `value` has to stay the input the catch was handed, and the inner ran on a payload of its own so its issues are already private to this call.
    payload.value = def.catchValue({
        ...result,
        value: payload.value,
        error: {
            issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config())),
        },
        input: payload.value,
    });
    return payload;
}
const $ZodCatch = /*@__PURE__*/ $constructor("$ZodCatch", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply catch logic
        const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleCatchResult(payload, result, def, ctx));
        }
        return handleCatchResult(payload, result, def, ctx);
    };
});
const $ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNaN", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "number" || !Number.isNaN(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "nan",
                code: "invalid_type",
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodPipe = /*@__PURE__*/ $constructor("$ZodPipe", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handlePipeResult(right, def.in, ctx));
            }
            return handlePipeResult(right, def.in, ctx);
        }
        const left = def.in._zod.run(payload, ctx);
        if (left instanceof Promise) {
            return left.then((left) => handlePipeResult(left, def.out, ctx));
        }
        return handlePipeResult(left, def.out, ctx);
    };
});
function handlePipeResult(left, next, ctx) {
    // Any issue stops the pipe, so a failing refinement never feeds its transform. An unrecognized key is the exception: it describes the input's extra properties, not the value being piped, and an enclosing intersection may yet reconcile it.
    if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
        // prevent further checks
        left.aborted = true;
        return left;
    }
    return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
const $ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCodec", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        const direction = ctx.direction || "forward";
        if (direction === "forward") {
            const left = def.in._zod.run(payload, ctx);
            if (left instanceof Promise) {
                return left.then((left) => handleCodecAResult(left, def, ctx));
            }
            return handleCodecAResult(left, def, ctx);
        }
        else {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handleCodecAResult(right, def, ctx));
            }
            return handleCodecAResult(right, def, ctx);
        }
    };
})));
function handleCodecAResult(result, def, ctx) {
    if (result.issues.length) {
        // prevent further checks
        result.aborted = true;
        return result;
    }
    const direction = ctx.direction || "forward";
    if (direction === "forward") {
        const transformed = def.transform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.out, ctx));
        }
        return handleCodecTxResult(result, transformed, def.out, ctx);
    }
    else {
        const transformed = def.reverseTransform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.in, ctx));
        }
        return handleCodecTxResult(result, transformed, def.in, ctx);
    }
}
function handleCodecTxResult(left, value, nextSchema, ctx) {
    // Check if transform added any issues
    if (left.issues.length) {
        left.aborted = true;
        return left;
    }
    return nextSchema._zod.run({ value, issues: left.issues }, ctx);
}
const $ZodPreprocess = /*@__PURE__*/ $constructor("$ZodPreprocess", (inst, def) => {
    $ZodPipe.init(inst, def);
});
const $ZodReadonly = /*@__PURE__*/ $constructor("$ZodReadonly", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then(handleReadonlyResult);
        }
        return handleReadonlyResult(result);
    };
});
function handleReadonlyResult(payload) {
    // A repeat visit hands back a node that is still being built; freezing it here would make the rest of its keys fail to assign.
    if (!payload.memo)
        payload.value = Object.freeze(payload.value);
    return payload;
}
// a leaf's pattern source with its own checks folded in: the last pattern-carrying check wins, else length bounds narrow the catch-all, else an integer format narrows the number form. the fold lives here instead of on `_zod.pattern` so a bundle without template literals never pays for it
function leafPattern(schema) {
    const def = schema._zod.def;
    let pattern = def.pattern;
    let isInt = !!def.format?.includes("int");
    let minimum;
    let maximum;
    for (const ch of def.checks ?? []) {
        const d = ch._zod.def;
        if (d.pattern)
            pattern = d.pattern;
        isInt || (isInt = !!d.format?.includes("int"));
        const lo = d.minimum ?? d.length;
        const hi = d.maximum ?? d.length;
        if (lo !== undefined && (minimum === undefined || lo > minimum))
            minimum = lo;
        if (hi !== undefined && (maximum === undefined || hi < maximum))
            maximum = hi;
    }
    if (pattern)
        return pattern.source;
    // an empty range matches nothing at runtime, and `{8,5}` is not a legal quantifier
    if (minimum !== undefined && maximum !== undefined && minimum > maximum)
        return "(?!)";
    if (minimum !== undefined || maximum !== undefined)
        return regexes.string({ minimum, maximum }).source;
    const own = schema._zod.pattern;
    return (isInt && own === regexes.number ? regexes.integer : own)?.source;
}
// a part's pattern source. a wrapper's pattern embeds its inner pattern's source verbatim, so the folded form is substituted in place without knowing the wrapper's own composition; a union's options are joined the way the union builds its own pattern
function partPattern(schema) {
    const def = schema._zod.def;
    const own = schema._zod.pattern?.source;
    // lazy resolves its inner on the internals, not the def
    const inner = def.innerType ?? schema._zod.innerType;
    if (inner) {
        const before = inner._zod.pattern?.source;
        const after = partPattern(inner);
        if (own && before && after && after !== before) {
            return own.replace(util.cleanRegex(before), () => util.cleanRegex(after));
        }
        return own;
    }
    if (def.options) {
        const sources = def.options.map(partPattern);
        if (sources.every(Boolean))
            return `^(${sources.map((s) => util.cleanRegex(s)).join("|")})$`;
    }
    return leafPattern(schema);
}
const $ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodTemplateLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const regexParts = [];
    for (const part of def.parts) {
        if (typeof part === "object" && part !== null) {
            // is Zod schema
            const source = partPattern(part);
            if (!source) {
                throw new Error(`Invalid template literal part, no pattern found: ${[...part._zod.traits].shift()}`);
            }
            regexParts.push(util.cleanRegex(source));
        }
        else if (part === null || util.primitiveTypes.has(typeof part)) {
            regexParts.push(util.escapeRegex(`${part}`));
        }
        else {
            throw new Error(`Invalid template literal part: ${part}`);
        }
    }
    inst._zod.pattern = new RegExp(`^${regexParts.join("")}$`);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "string") {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "string",
                code: "invalid_type",
            });
            return payload;
        }
        inst._zod.pattern.lastIndex = 0;
        if (!inst._zod.pattern.test(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                code: "invalid_format",
                format: def.format ?? "template_literal",
                pattern: inst._zod.pattern.source,
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFunction", (inst, def) => {
    $ZodType.init(inst, def);
    // Defined, not assigned: the classic prototype exposes `_def` as a getter with no setter.
    Object.defineProperty(inst, "_def", { value: def });
    inst._zod.def = def;
    inst.implement = (func) => {
        if (typeof func !== "function") {
            throw new Error("implement() must be called with a function");
        }
        // Defined inline so the closure stays anonymous: binding it to a `const` first names it, which costs 256 bytes per implemented function.
        return Object.defineProperty(function (...args) {
            const parsedArgs = inst._def.input ? parse(inst._def.input, args) : args;
            const result = Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return parse(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst.implementAsync = (func) => {
        if (typeof func !== "function") {
            throw new Error("implementAsync() must be called with a function");
        }
        return Object.defineProperty(async function (...args) {
            const parsedArgs = inst._def.input ? await parseAsync(inst._def.input, args) : args;
            const result = await Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return await parseAsync(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "function") {
            payload.issues.push({
                code: "invalid_type",
                expected: "function",
                input: payload.value,
                inst,
            });
            return payload;
        }
        // Check if output is a promise type to determine if we should use async implementation
        const hasPromiseOutput = inst._def.output && inst._def.output._zod.def.type === "promise";
        if (hasPromiseOutput) {
            payload.value = inst.implementAsync(payload.value);
        }
        else {
            payload.value = inst.implement(payload.value);
        }
        return payload;
    };
    inst.input = (...args) => {
        const F = inst.constructor;
        if (Array.isArray(args[0])) {
            return new F({
                type: "function",
                input: new $ZodTuple({
                    type: "tuple",
                    items: args[0],
                    rest: args[1],
                }),
                output: inst._def.output,
            });
        }
        return new F({
            type: "function",
            input: args[0],
            output: inst._def.output,
        });
    };
    inst.output = (output) => {
        const F = inst.constructor;
        return new F({
            type: "function",
            input: inst._def.input,
            output,
        });
    };
    return inst;
})));
const $ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPromise", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        return Promise.resolve(payload.value).then((inner) => def.innerType._zod.run({ value: inner, issues: [] }, ctx));
    };
})));
const $ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodLazy", (inst, def) => {
    $ZodType.init(inst, def);
    // Cache the resolved inner type on the shared `def` so all clones of this lazy (e.g. via `.describe()`/`.meta()`) share the same inner instance, preserving identity for cycle detection on recursive schemas.
    util.defineLazy(inst._zod, "innerType", () => {
        const d = def;
        if (!d._cachedInner)
            d._cachedInner = def.getter();
        return d._cachedInner;
    });
    util.defineLazyInternal(inst, "pattern", (zod) => zod.innerType?._zod?.pattern);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.innerType?._zod?.propValues);
    util.defineLazyInternal(inst, "optin", (zod) => zod.innerType?._zod?.optin ?? undefined);
    util.defineLazyInternal(inst, "optout", (zod) => zod.innerType?._zod?.optout ?? undefined);
    inst._zod.parse = (payload, ctx) => {
        const inner = inst._zod.innerType;
        return inner._zod.run(payload, ctx);
    };
})));
const $ZodCustom = /*@__PURE__*/ $constructor("$ZodCustom", (inst, def) => {
    $ZodCheck.init(inst, def);
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _) => {
        return payload;
    };
    inst._zod.check = (payload) => {
        const input = payload.value;
        const r = def.fn(input);
        if (r instanceof Promise) {
            return r.then((r) => handleRefineResult(r, payload, input, inst));
        }
        handleRefineResult(r, payload, input, inst);
        return;
    };
});
function handleRefineResult(result, payload, input, inst) {
    if (!result) {
        const _iss = {
            code: "custom",
            input,
            inst, // incorporates params.error into issue reporting
            path: [...(inst._zod.def.path ?? [])], // incorporates params.error into issue reporting
            continue: !inst._zod.def.abort,
            // params: inst._zod.def.params,
        };
        if (inst._zod.def.params)
            _iss.params = inst._zod.def.params;
        payload.issues.push(util_issue(_iss));
    }
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/registries.js
var registries_a;
const $output = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodOutput")));
const $input = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodInput")));
class $ZodRegistry {
    constructor() {
        this._map = new WeakMap();
        this._idmap = new Map();
    }
    add(schema, ..._meta) {
        const meta = _meta[0];
        this._map.set(schema, meta);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.set(meta.id, schema);
        }
        return this;
    }
    clear() {
        this._map = new WeakMap();
        this._idmap = new Map();
        return this;
    }
    remove(schema) {
        const meta = this._map.get(schema);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.delete(meta.id);
        }
        this._map.delete(schema);
        return this;
    }
    get(schema) {
        // return this._map.get(schema) as any;
        // inherit metadata
        const p = schema._zod.parent;
        if (p) {
            const pm = { ...(this.get(p) ?? {}) };
            delete pm.id; // do not inherit id
            const f = { ...pm, ...this._map.get(schema) };
            return Object.keys(f).length ? f : undefined;
        }
        return this._map.get(schema);
    }
    has(schema) {
        return this._map.has(schema);
    }
}
// registries
function registry() {
    return new $ZodRegistry();
}
(registries_a = globalThis).__zod_globalRegistry ?? (registries_a.__zod_globalRegistry = registry());
const globalRegistry = globalThis.__zod_globalRegistry;

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/api.js




function snapshotChecks(def) {
    if (def.checks)
        def.checks = [...def.checks];
    return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class, params) {
    return new Class(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedString(Class, params) {
    return new Class(snapshotChecks({ type: "string", coerce: true, ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class, params) {
    return new Class({
        type: "string",
        format: "email",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class, params) {
    return new Class({
        type: "string",
        format: "guid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v4",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v6",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v7",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _url(Class, params) {
    return new Class({
        type: "string",
        format: "url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_emoji(Class, params) {
    return new Class({
        type: "string",
        format: "emoji",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class, params) {
    return new Class({
        type: "string",
        format: "nanoid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link _cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
// @__NO_SIDE_EFFECTS__
function _cuid(Class, params) {
    return new Class({
        type: "string",
        format: "cuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class, params) {
    return new Class({
        type: "string",
        format: "cuid2",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class, params) {
    return new Class({
        type: "string",
        format: "ulid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class, params) {
    return new Class({
        type: "string",
        format: "xid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class, params) {
    return new Class({
        type: "string",
        format: "ksuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class, params) {
    return new Class({
        type: "string",
        format: "ipv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class, params) {
    return new Class({
        type: "string",
        format: "ipv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mac(Class, params) {
    return new Class({
        type: "string",
        format: "mac",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class, params) {
    return new Class({
        type: "string",
        format: "base64",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class, params) {
    return new Class({
        type: "string",
        format: "base64url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class, params) {
    return new Class({
        type: "string",
        format: "e164",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _creditCard(Class, params) {
    return new Class({
        type: "string",
        format: "credit_card",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _iban(Class, params) {
    return new Class({
        type: "string",
        format: "iban",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class, params) {
    return new Class({
        type: "string",
        format: "jwt",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
const TimePrecision = {
    Any: null,
    Minute: -1,
    Second: 0,
    Millisecond: 3,
    Microsecond: 6,
};
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class, params) {
    return new Class({
        type: "string",
        format: "datetime",
        check: "string_format",
        offset: false,
        local: false,
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class, params) {
    return new Class({
        type: "string",
        format: "date",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class, params) {
    return new Class({
        type: "string",
        format: "time",
        check: "string_format",
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class, params) {
    return new Class({
        type: "string",
        format: "duration",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _number(Class, params) {
    return new Class(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedNumber(Class, params) {
    return new Class(snapshotChecks({ type: "number", coerce: true, checks: [], ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "safeint",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float64(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "int32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "uint32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class, params) {
    return new Class({
        type: "boolean",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBoolean(Class, params) {
    return new Class({
        type: "boolean",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _bigint(Class, params) {
    return new Class({
        type: "bigint",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBigint(Class, params) {
    return new Class({
        type: "bigint",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "int64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "uint64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _symbol(Class, params) {
    return new Class({
        type: "symbol",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_undefined(Class, params) {
    return new Class({
        type: "undefined",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_null(Class, params) {
    return new Class({
        type: "null",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _any(Class) {
    return new Class({
        type: "any",
    });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class) {
    return new Class({
        type: "unknown",
    });
}
// @__NO_SIDE_EFFECTS__
function _never(Class, params) {
    return new Class({
        type: "never",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _void(Class, params) {
    return new Class({
        type: "void",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _date(Class, params) {
    return new Class({
        type: "date",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedDate(Class, params) {
    return new Class({
        type: "date",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nan(Class, params) {
    return new Class({
        type: "nan",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _positive(params) {
    return _gt(0, params);
}
// negative
// @__NO_SIDE_EFFECTS__
function _negative(params) {
    return _lt(0, params);
}
// nonpositive
// @__NO_SIDE_EFFECTS__
function _nonpositive(params) {
    return _lte(0, params);
}
// nonnegative
// @__NO_SIDE_EFFECTS__
function _nonnegative(params) {
    return _gte(0, params);
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
    return new $ZodCheckMultipleOf({
        check: "multiple_of",
        ...normalizeParams(params),
        value,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxSize(maximum, params) {
    return new checks.$ZodCheckMaxSize({
        check: "max_size",
        ...util.normalizeParams(params),
        maximum,
    });
}
// @__NO_SIDE_EFFECTS__
function _minSize(minimum, params) {
    return new checks.$ZodCheckMinSize({
        check: "min_size",
        ...util.normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _size(size, params) {
    return new checks.$ZodCheckSizeEquals({
        check: "size_equals",
        ...util.normalizeParams(params),
        size,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
    const ch = new $ZodCheckMaxLength({
        check: "max_length",
        ...normalizeParams(params),
        maximum,
    });
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
    return new $ZodCheckMinLength({
        check: "min_length",
        ...normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
    return new $ZodCheckLengthEquals({
        check: "length_equals",
        ...normalizeParams(params),
        length,
    });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
    return new $ZodCheckRegex({
        check: "string_format",
        format: "regex",
        ...normalizeParams(params),
        pattern,
    });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
    return new $ZodCheckLowerCase({
        check: "string_format",
        format: "lowercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
    return new $ZodCheckUpperCase({
        check: "string_format",
        format: "uppercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
    return new $ZodCheckIncludes({
        check: "string_format",
        format: "includes",
        ...normalizeParams(params),
        includes,
    });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
    return new $ZodCheckStartsWith({
        check: "string_format",
        format: "starts_with",
        ...normalizeParams(params),
        prefix,
    });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
    return new $ZodCheckEndsWith({
        check: "string_format",
        format: "ends_with",
        ...normalizeParams(params),
        suffix,
    });
}
// @__NO_SIDE_EFFECTS__
function _property(property, schema, params) {
    return new checks.$ZodCheckProperty({
        check: "property",
        property,
        schema,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _properties(shape, params) {
    return new $ZodCheckProperties({
        check: "properties",
        shape,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mime(types, params) {
    return new checks.$ZodCheckMimeType({
        check: "mime_type",
        mime: types,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
    return new $ZodCheckOverwrite({
        check: "overwrite",
        tx,
    });
}
// normalize
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
    return _overwrite((input) => input.normalize(form));
}
// trim
// @__NO_SIDE_EFFECTS__
function _trim() {
    return _overwrite((input) => input.trim());
}
// toLowerCase
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
    return _overwrite((input) => input.toLowerCase());
}
// toUpperCase
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
    return _overwrite((input) => input.toUpperCase());
}
// slugify
// @__NO_SIDE_EFFECTS__
function _slugify() {
    return _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class, element, params) {
    return new Class({
        type: "array",
        element,
        // get element() {
        //   return element;
        // },
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _union(Class, options, params) {
    return new Class({
        type: "union",
        options,
        ...util.normalizeParams(params),
    });
}
function _xor(Class, options, params) {
    return new Class({
        type: "union",
        options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _discriminatedUnion(Class, discriminator, options, params) {
    return new Class({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _intersection(Class, left, right) {
    return new Class({
        type: "intersection",
        left,
        right,
    });
}
// export function _tuple(
//   Class: util.SchemaClass<schemas.$ZodTuple>,
//   items: [],
//   params?: string | $ZodTupleParams
// ): schemas.$ZodTuple<[], null>;
// @__NO_SIDE_EFFECTS__
function _tuple(Class, items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof schemas.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new Class({
        type: "tuple",
        items,
        rest,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _record(Class, keyType, valueType, params) {
    return new Class({
        type: "record",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _map(Class, keyType, valueType, params) {
    return new Class({
        type: "map",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _set(Class, valueType, params) {
    return new Class({
        type: "set",
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _enum(Class, values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    // if (Array.isArray(values)) {
    //   for (const value of values) {
    //     entries[value] = value;
    //   }
    // } else {
    //   Object.assign(entries, values);
    // }
    // const entries: util.EnumLike = {};
    // for (const val of values) {
    //   entries[val] = val;
    // }
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function _nativeEnum(Class, entries, params) {
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _literal(Class, value, params) {
    return new Class({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _file(Class, params) {
    return new Class({
        type: "file",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _transform(Class, fn) {
    return new Class({
        type: "transform",
        transform: fn,
    });
}
// @__NO_SIDE_EFFECTS__
function _optional(Class, innerType) {
    return new Class({
        type: "optional",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _nullable(Class, innerType) {
    return new Class({
        type: "nullable",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _default(Class, innerType, defaultValue) {
    return new Class({
        type: "default",
        innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        },
    });
}
// @__NO_SIDE_EFFECTS__
function _nonoptional(Class, innerType, params) {
    return new Class({
        type: "nonoptional",
        innerType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _success(Class, innerType) {
    return new Class({
        type: "success",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _catch(Class, innerType, catchValue) {
    return new Class({
        type: "catch",
        innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : util.constantCatch(catchValue)),
    });
}
// @__NO_SIDE_EFFECTS__
function _pipe(Class, in_, out) {
    return new Class({
        type: "pipe",
        in: in_,
        out,
    });
}
// @__NO_SIDE_EFFECTS__
function _readonly(Class, innerType) {
    return new Class({
        type: "readonly",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _templateLiteral(Class, parts, params) {
    return new Class({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lazy(Class, getter) {
    return new Class({
        type: "lazy",
        getter,
    });
}
// @__NO_SIDE_EFFECTS__
function _promise(Class, innerType) {
    return new Class({
        type: "promise",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _custom(Class, fn, _params) {
    const norm = util.normalizeParams(_params);
    norm.abort ?? (norm.abort = true); // default to abort:false
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...norm,
    });
    return schema;
}
// same as _custom but defaults to abort:false
// @__NO_SIDE_EFFECTS__
function _refine(Class, fn, _params) {
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...normalizeParams(_params),
    });
    return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
    const ch = _check((payload) => {
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(util_issue(issue, payload.value, ch._zod.def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = ch);
                _issue.continue ?? (_issue.continue = !ch._zod.def.abort); // abort is always undefined, so this is always true...
                payload.issues.push(util_issue(_issue));
            }
        };
        return fn(payload.value, payload);
    }, params);
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
    const ch = new $ZodCheck({
        check: "custom",
        ...normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
// @__NO_SIDE_EFFECTS__
function describe(description) {
    const ch = new $ZodCheck({ check: "describe" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, description });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function meta(metadata) {
    const ch = new $ZodCheck({ check: "meta" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, ...metadata });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _stringbool(Classes, _params) {
    const params = util.normalizeParams(_params);
    let truthyArray = params.truthy ?? ["true", "1", "yes", "on", "y", "enabled"];
    let falsyArray = params.falsy ?? ["false", "0", "no", "off", "n", "disabled"];
    if (params.case !== "sensitive") {
        truthyArray = truthyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
        falsyArray = falsyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
    }
    const truthySet = new Set(truthyArray);
    const falsySet = new Set(falsyArray);
    const _Codec = Classes.Codec ?? schemas.$ZodCodec;
    const _Boolean = Classes.Boolean ?? schemas.$ZodBoolean;
    const _String = Classes.String ?? schemas.$ZodString;
    const stringSchema = new _String({ type: "string", error: params.error });
    const booleanSchema = new _Boolean({ type: "boolean", error: params.error });
    const codec = new _Codec({
        type: "pipe",
        in: stringSchema,
        out: booleanSchema,
        transform: ((input, payload) => {
            let data = input;
            if (params.case !== "sensitive")
                data = data.toLowerCase();
            if (truthySet.has(data)) {
                return true;
            }
            else if (falsySet.has(data)) {
                return false;
            }
            else {
                payload.issues.push({
                    code: "invalid_value",
                    expected: "stringbool",
                    values: [...truthySet, ...falsySet],
                    input: payload.value,
                    inst: codec,
                    continue: false,
                });
                return {};
            }
        }),
        reverseTransform: ((input, _payload) => {
            if (input === true) {
                return truthyArray[0] || "true";
            }
            else {
                return falsyArray[0] || "false";
            }
        }),
        error: params.error,
    });
    codec._zod.bag.truthy = truthyArray;
    codec._zod.bag.falsy = falsyArray;
    codec._zod.bag.case = params.case ?? "insensitive";
    return codec;
}
// @__NO_SIDE_EFFECTS__
function _stringFormat(Class, format, fnOrRegex, _params = {}) {
    const params = util.normalizeParams(_params);
    const def = {
        check: "string_format",
        type: "string",
        format,
        fn: typeof fnOrRegex === "function" ? fnOrRegex : (val) => fnOrRegex.test(val),
        ...params,
    };
    if (fnOrRegex instanceof RegExp) {
        def.pattern = fnOrRegex;
    }
    const inst = new Class(def);
    return inst;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/to-json-schema.js


function assignProps(target, ...sources) {
    for (const source of sources) {
        for (const key of Reflect.ownKeys(source)) {
            if (Object.prototype.propertyIsEnumerable.call(source, key)) {
                util_assignProp(target, key, source[key]);
            }
        }
    }
    return target;
}
// function initializeContext<T extends schemas.$ZodType>(inputs: JSONSchemaGeneratorParams<T>): ToJSONSchemaContext<T> {
//   return {
//     processor: inputs.processor,
//     metadataRegistry: inputs.metadata ?? globalRegistry,
//     target: inputs.target ?? "draft-2020-12",
//     unrepresentable: inputs.unrepresentable ?? "throw",
//   };
// }
function to_json_schema_initializeContext(params) {
    // Normalize target: convert old non-hyphenated versions to hyphenated versions
    let target = params?.target ?? "draft-2020-12";
    if (target === "draft-4")
        target = "draft-04";
    if (target === "draft-7")
        target = "draft-07";
    return {
        processors: params.processors ?? {},
        metadataRegistry: params?.metadata ?? globalRegistry,
        target,
        unrepresentable: params?.unrepresentable ?? "throw",
        override: params?.override ?? (() => { }),
        io: params?.io ?? "output",
        counter: 0,
        seen: new Map(),
        sharedDefsExtractedFor: undefined,
        sharedEmitDoneFor: undefined,
        cycles: params?.cycles ?? "ref",
        reused: params?.reused ?? "inline",
        intersections: [],
        deferred: [],
        external: params?.external ?? undefined,
    };
}
/**
 * Applies the `unrepresentable` setting at a site that has no JSON Schema equivalent. Throws
 * `message` unless the setting (or the handler's return value) says otherwise. Returns `true` if a
 * custom JSON Schema was written into `json`, in which case the caller must not write its own.
 */
function handleUnrepresentable(schema, ctx, json, params, message) {
    const result = typeof ctx.unrepresentable === "function"
        ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message })
        : ctx.unrepresentable;
    if (result === "any")
        return false;
    if (result === undefined || result === "throw")
        throw new Error(message);
    Object.assign(json, result);
    return true;
}
// never rename this back to `process`: bundler polyfills inject a top-level `const process` that a lexical declaration of the same name collides with (#6397)
function to_json_schema_processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
    var _a;
    const def = schema._zod.def;
    // check for schema in seens
    const seen = ctx.seen.get(schema);
    if (seen) {
        seen.count++;
        // check if cycle
        const isCycle = _params.schemaPath.includes(schema);
        if (isCycle) {
            seen.cycle = _params.path;
        }
        return seen.schema;
    }
    // initialize
    const result = { schema: {}, count: 1, cycle: undefined, path: _params.path };
    ctx.seen.set(schema, result);
    ctx.sharedDefsExtractedFor = undefined;
    ctx.sharedEmitDoneFor = undefined;
    // custom method overrides default behavior
    const overrideSchema = schema._zod.toJSONSchema?.();
    if (overrideSchema) {
        result.schema = overrideSchema;
    }
    else {
        const params = {
            ..._params,
            schemaPath: [..._params.schemaPath, schema],
            path: _params.path,
        };
        if (schema._zod.processJSONSchema) {
            schema._zod.processJSONSchema(ctx, result.schema, params);
        }
        else {
            const _json = result.schema;
            const processor = ctx.processors[def.type];
            if (!processor) {
                throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
            }
            processor(schema, ctx, _json, params);
        }
        const parent = schema._zod.parent;
        if (parent) {
            // Also set ref if processor didn't (for inheritance)
            if (!result.ref)
                result.ref = parent;
            to_json_schema_processSchema(parent, ctx, params);
            ctx.seen.get(parent).isParent = true;
        }
    }
    // metadata
    const meta = ctx.metadataRegistry.get(schema);
    if (meta)
        assignProps(result.schema, meta);
    if (ctx.io === "input" && isTransforming(schema)) {
        // examples/defaults only apply to output type of pipe
        delete result.schema.examples;
        delete result.schema.default;
    }
    // set prefault as default
    if (ctx.io === "input" && "_prefault" in result.schema)
        (_a = result.schema).default ?? (_a.default = result.schema._prefault);
    delete result.schema._prefault;
    // pulling fresh from ctx.seen in case it was overwritten
    const _result = ctx.seen.get(schema);
    return _result.schema;
}
/** @deprecated Renamed to `processSchema`. An export alias declares no binding, so it is safe to keep. */

// Escape a reference token for use in a JSON Pointer fragment (RFC 6901): `~` becomes `~0` and `/` becomes `~1`. The `~` replacement must run first.
function encodeJSONPointerSegment(segment) {
    return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function to_json_schema_extractDefs(ctx, schema
// params: EmitParams
) {
    // iterate over seen map;
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // With `external` set, every registered schema resolves through the external branch of `makeURI`, so the root branch below produces the same ref the external branch would — this pass is identical whichever schema it is called with, and only needs to run once.
    if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
        return;
    // Track ids to detect duplicates across different schemas
    const idToSchema = new Map();
    for (const entry of ctx.seen.entries()) {
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            const existing = idToSchema.get(id);
            if (existing && existing !== entry[0]) {
                throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
            }
            idToSchema.set(id, entry[0]);
        }
    }
    // returns a ref to the schema defId will be empty if the ref points to an external schema (or #)
    const makeURI = (entry) => {
        // comparing the seen objects because sometimes multiple schemas map to the same seen object. e.g. lazy
        // external is configured
        const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
        if (ctx.external) {
            const externalId = ctx.external.registry.get(entry[0])?.id; // ?? "__shared";// `__schema${ctx.counter++}`;
            // check if schema is in the external registry
            const uriGenerator = ctx.external.uri ?? ((id) => id);
            if (externalId) {
                return { ref: uriGenerator(externalId) };
            }
            // otherwise, add to __shared
            const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
            entry[1].defId = id; // set defId so it will be reused if needed
            return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
        }
        const uriPrefix = `#`;
        const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
        // an id-less root has nowhere to be extracted to, so it stays inline and self-references as `#`
        if (entry[1] === root && !entry[1].schema.id) {
            return { ref: uriPrefix };
        }
        // self-contained schema
        const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
        return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
    };
    // stored cached version in `def` property remove all properties, set $ref
    const extractToDef = (entry) => {
        // if the schema is already a reference, do not extract it
        if (entry[1].schema.$ref) {
            return;
        }
        const seen = entry[1];
        const { ref, defId } = makeURI(entry);
        seen.def = { ...seen.schema };
        // defId won't be set if the schema is a reference to an external schema or if the schema is the root schema
        if (defId)
            seen.defId = defId;
        // wipe away all properties except $ref
        const schema = seen.schema;
        for (const key in schema) {
            delete schema[key];
        }
        schema.$ref = ref;
    };
    // throw on cycles
    // break cycles
    if (ctx.cycles === "throw") {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.cycle) {
                throw new Error("Cycle detected: " +
                    `#/${seen.cycle?.join("/")}/<root>` +
                    '\n\nSet the `cycles` parameter to `"ref"` to resolve cyclical schemas with defs.');
            }
        }
    }
    // extract schemas into $defs
    for (const entry of ctx.seen.entries()) {
        const seen = entry[1];
        // convert root schema to # $ref
        if (schema === entry[0]) {
            extractToDef(entry); // this has special handling for the root schema
            continue;
        }
        // extract schemas that are in the external registry
        if (ctx.external) {
            const ext = ctx.external.registry.get(entry[0])?.id;
            if (schema !== entry[0] && ext) {
                extractToDef(entry);
                continue;
            }
        }
        // extract schemas with `id` meta
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            extractToDef(entry);
            continue;
        }
        // break cycles
        if (seen.cycle) {
            // any
            extractToDef(entry);
            continue;
        }
        // extract reused schemas
        if (seen.count > 1) {
            if (ctx.reused === "ref") {
                extractToDef(entry);
            }
        }
    }
    if (ctx.external)
        ctx.sharedDefsExtractedFor = ctx.external;
}
/** Rewrites `anyOf: [{type: "a"}, {type: "b"}]` to `type: ["a", "b"]`, which every JSON Schema draft treats as equivalent and most consumers render far better for the nullable case. Only branches that are a bare type assertion qualify — anything carrying a constraint, `$ref`, `const` or metadata is left alone. Runs after `flattenRef`, so a branch an override decorated or `$defs` extraction turned into a `$ref` is no longer bare and correctly stays in `anyOf`. `oneOf` is excluded: `integer` and `number` overlap, so "exactly one" and "at least one" are not the same there. OpenAPI 3.0 is excluded: its `type` must be a single string. */
function compactTypeUnion(schema) {
    const options = schema.anyOf;
    if (!Array.isArray(options) || options.length === 0 || schema.type !== undefined)
        return;
    const types = [];
    for (const option of options) {
        if (!option || typeof option !== "object")
            return;
        // A branch that is itself a compactible union folds into this one — nested `anyOf` and a flat `type` array say the same thing. Compacting it first also makes the result independent of the order this pass walks the seen map in.
        compactTypeUnion(option);
        const keys = Object.keys(option);
        if (keys.length !== 1 || keys[0] !== "type")
            return;
        const type = option.type;
        for (const member of Array.isArray(type) ? type : [type]) {
            if (typeof member !== "string")
                return;
            if (!types.includes(member))
                types.push(member);
        }
    }
    delete schema.anyOf;
    // A `type` array must be non-empty and unique (metaschema); a single member is spelled as a bare string.
    schema.type = types.length === 1 ? types[0] : types;
}
/** Keywords `foldIntersection` knows how to combine. Anything else — `$ref`, `patternProperties`,
 * an annotation like `description` — makes a member unfoldable, so a constraint this does not
 * understand leaves the `allOf` alone instead of being silently dropped or misattributed. */
const FOLDABLE_KEYS = new Set(["type", "properties", "required", "additionalProperties"]);
const UNION_KEYS = ["oneOf", "anyOf"];
/** A member's constraint on a key it does not declare itself. A `catchall` states one; `false`, an absent `additionalProperties`, and the empty schema a loose object emits state nothing. */
function undeclaredConstraint(member) {
    const extra = member.additionalProperties;
    if (extra === undefined || extra === false || typeof extra !== "object" || extra === null)
        return null;
    return Object.keys(extra).length ? extra : null;
}
/** Combines object members into the single object they describe together, or returns `null` if any of them carries a keyword outside {@link FOLDABLE_KEYS}. */
function foldObjects(members) {
    const objects = [];
    for (const member of members) {
        // A boolean subschema is legal JSON Schema and carries no keywords to fold.
        if (typeof member !== "object" || member.type !== "object")
            return null;
        for (const key in member) {
            if (!FOLDABLE_KEYS.has(key))
                return null;
        }
        objects.push(member);
    }
    const properties = {};
    const required = new Set();
    for (const object of objects) {
        for (const key in object.properties) {
            // `in` would report a `__proto__` key as already present via the prototype chain and skip it.
            if (Object.prototype.hasOwnProperty.call(properties, key))
                continue;
            // Every member constrains this key: the ones that declare it say how, and a `catchall` member constrains it too even though it does not name it. The key has to satisfy all of them, which is the same intersection one level down.
            const parts = [];
            for (const other of objects) {
                const part = other.properties?.[key] ?? undeclaredConstraint(other);
                if (part === null || part === undefined)
                    continue;
                if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
                    parts.push(part);
            }
            const merged = parts.length === 1
                ? parts[0]
                : (foldObjects(parts) ?? { allOf: parts });
            util_assignProp(properties, key, merged);
        }
        for (const key of object.required ?? [])
            required.add(key);
    }
    const folded = { type: "object", properties };
    if (required.size)
        folded.required = [...required];
    // A key no member declares is rejected only when every member rejects it, so the fold is closed only when every member is. Otherwise it carries whatever the `catchall` members demand of such a key.
    if (objects.every((object) => object.additionalProperties === false)) {
        folded.additionalProperties = false;
    }
    else {
        const constraints = [];
        for (const object of objects) {
            const constraint = undeclaredConstraint(object);
            if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
                constraints.push(constraint);
        }
        if (constraints.length === 1)
            folded.additionalProperties = constraints[0];
        else if (constraints.length > 1)
            folded.additionalProperties = { allOf: constraints };
    }
    return folded;
}
/** `additionalProperties` in an `allOf` member sees only that member's own `properties`, so two
 * closed object members reject each other's keys and the schema validates nothing. Zod's parser
 * pools the key sets instead — `handleIntersectionResults` reports a key as unrecognized only when
 * *every* side rejects it — so the emitted schema has to pool them too, and folding the members
 * into one object is the encoding that says so on every target.
 *
 * This runs from `finalize`, after `extractDefs`, which is what keeps it clear of the `$ref`
 * machinery: a member extracted into `$defs` is already a `$ref` by now and declines to fold, so it
 * keeps its reference and its own closedness rather than being inlined as a stale copy. */
function foldIntersection(json) {
    const allOf = json.allOf;
    if (!Array.isArray(allOf) || allOf.length < 2)
        return;
    // An `override` runs before this pass and may have written object keywords onto the intersection itself. Those are deliberate, so decline rather than overwrite them.
    for (const key of FOLDABLE_KEYS)
        if (key in json)
            return;
    // An intersection distributes over a union: `A & (X | Y)` is `(A & X) | (A & Y)`. Only the first union is distributed over; a second one stays among the members every branch folds against, where it fails the object check and declines the whole intersection rather than multiplying out.
    const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
    let folded = null;
    if (!unions.length) {
        folded = foldObjects(allOf);
    }
    else {
        const union = unions[0];
        const keyword = UNION_KEYS.find((k) => Array.isArray(union[k]));
        if (Object.keys(union).length !== 1)
            return;
        const rest = allOf.filter((m) => m !== union);
        const branches = union[keyword].map((branch) => foldObjects([...rest, branch]));
        if (branches.some((b) => !b))
            return;
        folded = { [keyword]: branches };
    }
    if (!folded)
        return;
    delete json.allOf;
    assignProps(json, folded);
}
function to_json_schema_finalize(ctx, schema) {
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // flatten refs - inherit properties from parent schemas
    const flattenRef = (zodSchema) => {
        const seen = ctx.seen.get(zodSchema);
        // already processed
        if (seen.ref === null)
            return;
        const schema = seen.def ?? seen.schema;
        const _cached = { ...schema };
        const ref = seen.ref;
        seen.ref = null; // prevent infinite recursion
        if (ref) {
            flattenRef(ref);
            const refSeen = ctx.seen.get(ref);
            const refSchema = refSeen.schema;
            // merge referenced schema into current
            if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
                // older drafts can't combine $ref with other properties
                schema.allOf = schema.allOf ?? [];
                schema.allOf.push(refSchema);
            }
            else {
                assignProps(schema, refSchema);
            }
            // restore child's own properties (child wins)
            assignProps(schema, _cached);
            const isParentRef = zodSchema._zod.parent === ref;
            // For parent chain, child is a refinement - remove parent-only properties
            if (isParentRef) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (!(key in _cached)) {
                        delete schema[key];
                    }
                }
            }
            // When ref was extracted to $defs, remove properties that match the definition
            if (refSchema.$ref && refSeen.def) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (key in refSeen.def && JSON.stringify(schema[key]) === JSON.stringify(refSeen.def[key])) {
                        delete schema[key];
                    }
                }
            }
        }
        // If parent was extracted (has $ref), propagate $ref to this schema. This handles cases like: readonly().meta({id}).describe() where processor sets ref to innerType but parent should be referenced
        const parent = zodSchema._zod.parent;
        if (parent && parent !== ref) {
            // Ensure parent is processed first so its def has inherited properties
            flattenRef(parent);
            const parentSeen = ctx.seen.get(parent);
            if (parentSeen?.schema.$ref) {
                schema.$ref = parentSeen.schema.$ref;
                // De-duplicate with parent's definition
                if (parentSeen.def) {
                    for (const key in schema) {
                        if (key === "$ref" || key === "allOf")
                            continue;
                        if (key in parentSeen.def && JSON.stringify(schema[key]) === JSON.stringify(parentSeen.def[key])) {
                            delete schema[key];
                        }
                    }
                }
            }
        }
        // execute overrides
        ctx.override({
            zodSchema: zodSchema,
            jsonSchema: schema,
            path: seen.path ?? [],
        });
    };
    // Flattening walks the whole map and clears each `ref` as it goes, so a second call over the same map is a no-op scan. Skip it outright once it has run for a registry conversion.
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of [...ctx.seen.entries()].reverse()) {
            flattenRef(entry[0]);
        }
        if (ctx.target !== "openapi-3.0") {
            for (const entry of ctx.seen.entries()) {
                compactTypeUnion(entry[1].def ?? entry[1].schema);
            }
        }
        for (const rewrite of ctx.deferred)
            rewrite();
        // After flattening, every member that was extracted is a `$ref`, so the fold sees the final shape. A schema that inherits an intersection — through `z.lazy`, or any `ref` chain — holds the same `allOf` array, so fold by array identity to catch every copy.
        if (ctx.intersections.length) {
            const carriers = new Map();
            for (const seen of ctx.seen.values()) {
                for (const json of [seen.schema, seen.def]) {
                    const allOf = json?.allOf;
                    if (!Array.isArray(allOf))
                        continue;
                    const existing = carriers.get(allOf);
                    if (existing)
                        existing.push(json);
                    else
                        carriers.set(allOf, [json]);
                }
            }
            for (const allOf of ctx.intersections) {
                for (const json of carriers.get(allOf) ?? [])
                    foldIntersection(json);
            }
        }
    }
    const result = {};
    if (ctx.target === "draft-2020-12") {
        result.$schema = "https://json-schema.org/draft/2020-12/schema";
    }
    else if (ctx.target === "draft-07") {
        result.$schema = "http://json-schema.org/draft-07/schema#";
    }
    else if (ctx.target === "draft-04") {
        result.$schema = "http://json-schema.org/draft-04/schema#";
    }
    else if (ctx.target === "openapi-3.0") {
        // OpenAPI 3.0 schema objects should not include a $schema property
    }
    else {
        // Arbitrary string values are allowed but won't have a $schema property set
    }
    if (ctx.external?.uri) {
        const id = ctx.external.registry.get(schema)?.id;
        if (!id)
            throw new Error("Schema is missing an `id` property");
        result.$id = ctx.external.uri(id);
    }
    // when the root was extracted into $defs, `root.schema` is the `$ref` wrapper and `root.def` is the body that now lives under $defs
    assignProps(result, root.defId ? root.schema : (root.def ?? root.schema));
    // The `id` in `.meta()` is a Zod-specific registration tag used to extract schemas into $defs — it is not user-facing JSON Schema metadata. Strip it from the output body where it would otherwise leak. The id is preserved implicitly via the $defs key (and via $ref paths).
    const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
    if (rootMetaId !== undefined && result.id === rootMetaId)
        delete result.id;
    // build defs object. With `external`, `defs` is the shared object every schema writes into, so the same entries are reassigned on every call. Without it, `defs` is fresh per call and must be rebuilt.
    const defs = ctx.external?.defs ?? {};
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.def && seen.defId) {
                if (seen.def.id === seen.defId)
                    delete seen.def.id;
                util_assignProp(defs, seen.defId, seen.def);
            }
        }
    }
    if (ctx.external)
        ctx.sharedEmitDoneFor = ctx.external;
    // set definitions in result
    if (ctx.external) {
    }
    else {
        if (Object.keys(defs).length > 0) {
            if (ctx.target === "draft-2020-12") {
                result.$defs = defs;
            }
            else {
                result.definitions = defs;
            }
        }
    }
    try {
        // this "finalizes" this schema and ensures all cycles are removed each call to finalize() is functionally independent though the seen map is shared
        const finalized = JSON.parse(JSON.stringify(result));
        Object.defineProperty(finalized, "~standard", {
            value: {
                ...schema["~standard"],
                jsonSchema: {
                    input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
                    output: createStandardJSONSchemaMethod(schema, "output", ctx.processors),
                },
            },
            enumerable: false,
            writable: false,
        });
        return finalized;
    }
    catch (_err) {
        throw new Error("Error converting schema to JSON.");
    }
}
function isTransforming(_schema, _ctx) {
    const ctx = _ctx ?? { seen: new Set() };
    if (ctx.seen.has(_schema))
        return false;
    ctx.seen.add(_schema);
    const def = _schema._zod.def;
    if (def.type === "transform")
        return true;
    if (def.type === "array")
        return isTransforming(def.element, ctx);
    if (def.type === "set")
        return isTransforming(def.valueType, ctx);
    if (def.type === "lazy")
        return isTransforming(def.getter(), ctx);
    if (def.type === "promise" ||
        def.type === "optional" ||
        def.type === "nonoptional" ||
        def.type === "nullable" ||
        def.type === "readonly" ||
        def.type === "default" ||
        def.type === "prefault" ||
        def.type === "catch") {
        return isTransforming(def.innerType, ctx);
    }
    if (def.type === "intersection") {
        return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
    }
    if (def.type === "record" || def.type === "map") {
        return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
    }
    if (def.type === "pipe") {
        if (_schema._zod.traits.has("$ZodCodec"))
            return true;
        return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
    }
    if (def.type === "object") {
        for (const key in def.shape) {
            if (isTransforming(def.shape[key], ctx))
                return true;
        }
        return false;
    }
    if (def.type === "union") {
        for (const option of def.options) {
            if (isTransforming(option, ctx))
                return true;
        }
        return false;
    }
    if (def.type === "tuple") {
        for (const item of def.items) {
            if (isTransforming(item, ctx))
                return true;
        }
        if (def.rest && isTransforming(def.rest, ctx))
            return true;
        return false;
    }
    return false;
}
/**
 * Creates a toJSONSchema method for a schema instance.
 * This encapsulates the logic of initializing context, processing, extracting defs, and finalizing.
 */
const createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
    const ctx = to_json_schema_initializeContext({ ...params, processors });
    to_json_schema_processSchema(schema, ctx);
    to_json_schema_extractDefs(ctx, schema);
    return to_json_schema_finalize(ctx, schema);
};
const createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
    const { libraryOptions, target } = params ?? {};
    const ctx = to_json_schema_initializeContext({ ...(libraryOptions ?? {}), target, io, processors });
    to_json_schema_processSchema(schema, ctx);
    to_json_schema_extractDefs(ctx, schema);
    return to_json_schema_finalize(ctx, schema);
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/json-schema-processors.js




const narrowMin = (agg, key, value) => {
    if (agg[key] === undefined || value > agg[key])
        agg[key] = value;
};
const narrowMax = (agg, key, value) => {
    if (agg[key] === undefined || value < agg[key])
        agg[key] = value;
};
const narrowBoth = (agg, value) => {
    narrowMin(agg, "minimum", value);
    narrowMax(agg, "maximum", value);
};
const addDivisor = (agg, value) => {
    agg.multipleOf ?? (agg.multipleOf = []);
    if (!agg.multipleOf.includes(value))
        agg.multipleOf.push(value);
};
const addPattern = (agg, pattern) => {
    agg.patterns ?? (agg.patterns = new Set());
    agg.patterns.add(pattern);
};
const intersectMime = (agg, mime) => {
    agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
// last-wins, matching the bag's historical write order; the flag keeps an integer format from being lost to a later float one
const setFormat = (agg, format) => {
    agg.format = format;
    if (format.includes("int"))
        agg.isInt = true;
};
const minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
const maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
const formatContributor = (ranges) => (agg, def) => {
    setFormat(agg, def.format);
    const [minimum, maximum] = ranges[def.format];
    narrowMin(agg, "minimum", minimum);
    narrowMax(agg, "maximum", maximum);
};
const contributors = {
    greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
    less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
    multiple_of: (agg, def) => addDivisor(agg, def.value),
    number_format: formatContributor(NUMBER_FORMAT_RANGES),
    bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
    min_length: minContributor,
    max_length: maxContributor,
    length_equals: (agg, def) => narrowBoth(agg, def.length),
    min_size: minContributor,
    max_size: maxContributor,
    size_equals: (agg, def) => narrowBoth(agg, def.size),
    string_format: (agg, def) => {
        setFormat(agg, def.format);
        if (def.pattern)
            addPattern(agg, def.pattern);
        if (def.format === "base64" || def.format === "base64url")
            agg.contentEncoding = def.format;
        if (def.local || def.precision === -1)
            agg.laxFormat = true;
    },
    mime_type: (agg, def) => intersectMime(agg, def.mime),
};
function aggregateChecks(schema) {
    const agg = {};
    const def = schema._zod.def;
    // a format schema is its own first check, same rule as $ZodType init
    const list = schema._zod.traits.has("$ZodCheck")
        ? [schema, ...(def.checks ?? [])]
        : (def.checks ?? []);
    for (const ch of list)
        contributors[ch._zod.def.check]?.(agg, ch._zod.def);
    // reconcile with the bag so third-party onattach contributions still land; first-party residue is never tighter than the fold, so merging it back is idempotent for one and additive for the other
    const bag = schema._zod.bag;
    if (bag.minimum !== undefined)
        narrowMin(agg, "minimum", bag.minimum);
    if (bag.exclusiveMinimum !== undefined)
        narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
    if (bag.maximum !== undefined)
        narrowMax(agg, "maximum", bag.maximum);
    if (bag.exclusiveMaximum !== undefined)
        narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
    if (bag.multipleOf !== undefined)
        addDivisor(agg, bag.multipleOf);
    if (bag.format !== undefined) {
        agg.format ?? (agg.format = bag.format);
        if (bag.format.includes("int"))
            agg.isInt = true;
    }
    if (bag.mime)
        intersectMime(agg, bag.mime);
    for (const pattern of bag.patterns ?? [])
        addPattern(agg, pattern);
    return agg;
}
const formatMap = {
    guid: "uuid",
    url: "uri",
    datetime: "date-time",
    json_string: "json-string",
    regex: "", // do not set
};
// ==================== SIMPLE TYPE PROCESSORS ====================
// the runtime patterns are lax so parse paths never overflow the regex stack; the emitted schema swaps in the exact block forms, which zod itself never executes
const exactPatterns = new Map([
    [base64Charset, base64],
    [base64urlCharset, base64url],
]);
const exactPattern = (p) => exactPatterns.get(p) ?? p;
const stringProcessor = (schema, ctx, _json, _params) => {
    const json = _json;
    json.type = "string";
    const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minLength = minimum;
    if (typeof maximum === "number")
        json.maxLength = maximum;
    // custom pattern overrides format
    if (format) {
        json.format = formatMap[format] ?? format;
        if (json.format === "")
            delete json.format; // empty format is not valid
        // `z.iso.time()` is never full-time, and `laxFormat` carries the datetime shapes that also accept what their keyword forbids
        if (format === "time" || laxFormat) {
            delete json.format;
        }
    }
    if (contentEncoding)
        json.contentEncoding = contentEncoding;
    if (patterns && patterns.size > 0) {
        const patternList = [...patterns].map(exactPattern);
        if (patternList.length === 1)
            json.pattern = patternList[0].source;
        else if (patternList.length > 1) {
            json.allOf = [
                ...patternList.map((regex) => ({
                    ...(ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0"
                        ? { type: "string" }
                        : {}),
                    pattern: regex.source,
                })),
            ];
        }
    }
};
const numberProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
    json.type = isInt ? "integer" : "number";
    // when both minimum and exclusiveMinimum exist, pick the more restrictive one
    const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
    const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
    const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
    if (exMin) {
        if (legacy) {
            json.minimum = exclusiveMinimum;
            json.exclusiveMinimum = true;
        }
        else {
            json.exclusiveMinimum = exclusiveMinimum;
        }
    }
    else if (typeof minimum === "number") {
        json.minimum = minimum;
    }
    if (exMax) {
        if (legacy) {
            json.maximum = exclusiveMaximum;
            json.exclusiveMaximum = true;
        }
        else {
            json.exclusiveMaximum = exclusiveMaximum;
        }
    }
    else if (typeof maximum === "number") {
        json.maximum = maximum;
    }
    if (multipleOf) {
        // JSON Schema requires a divisor strictly greater than zero, and a non-finite one does not survive JSON at all. A negative divisor accepts exactly what its absolute value accepts, so it still maps; zero, NaN and Infinity have no keyword form.
        const divisors = new Set();
        for (const divisor of multipleOf) {
            if (Number.isFinite(divisor) && divisor !== 0)
                divisors.add(Math.abs(divisor));
            else
                handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
        }
        // chained divisors are a conjunction the keyword cannot carry alone, so extras ride an allOf, same as stacked patterns
        const [first, ...rest] = divisors;
        if (first !== undefined)
            json.multipleOf = first;
        if (rest.length)
            json.allOf = [...(json.allOf ?? []), ...rest.map((m) => ({ multipleOf: m }))];
    }
};
const booleanProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const bigintProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "BigInt cannot be represented in JSON Schema");
};
const symbolProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Symbols cannot be represented in JSON Schema");
};
const nullProcessor = (_schema, ctx, json, _params) => {
    if (ctx.target === "openapi-3.0") {
        json.type = "string";
        json.nullable = true;
        json.enum = [null];
    }
    else {
        json.type = "null";
    }
};
const undefinedProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Undefined cannot be represented in JSON Schema");
};
const voidProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Void cannot be represented in JSON Schema");
};
const neverProcessor = (_schema, _ctx, json, _params) => {
    json.not = {};
};
const anyProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const unknownProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const dateProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Date cannot be represented in JSON Schema");
};
const enumProcessor = (schema, _ctx, json, _params) => {
    const def = schema._zod.def;
    const values = getEnumValues(def.entries);
    // an empty enum accepts nothing, same as z.never()
    if (values.length === 0) {
        json.not = {};
        return;
    }
    // Number enums can have both string and number values
    if (values.every((v) => typeof v === "number"))
        json.type = "number";
    if (values.every((v) => typeof v === "string"))
        json.type = "string";
    json.enum = values;
};
const literalProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // a literal with no values accepts nothing, same as z.never()
    if (def.values.length === 0) {
        json.not = {};
        return;
    }
    const vals = [];
    for (const val of def.values) {
        if (val === undefined) {
            // a custom schema replaces the whole literal, so there is nothing left to accumulate
            if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema"))
                return;
            // otherwise do not add to vals
        }
        else if (typeof val === "bigint") {
            if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema"))
                return;
            vals.push(Number(val));
        }
        else {
            vals.push(val);
        }
    }
    if (vals.length === 0) {
        // do nothing (an undefined literal was stripped)
    }
    else if (vals.length === 1) {
        const val = vals[0];
        json.type = val === null ? "null" : typeof val;
        if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
            json.enum = [val];
        }
        else {
            json.const = val;
        }
    }
    else {
        if (vals.every((v) => typeof v === "number"))
            json.type = "number";
        if (vals.every((v) => typeof v === "string"))
            json.type = "string";
        if (vals.every((v) => typeof v === "boolean"))
            json.type = "boolean";
        if (vals.every((v) => v === null))
            json.type = "null";
        json.enum = vals;
    }
};
const nanProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "NaN cannot be represented in JSON Schema");
};
const templateLiteralProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    const pattern = schema._zod.pattern;
    if (!pattern)
        throw new Error("Pattern not found in template literal");
    _json.type = "string";
    _json.pattern = pattern.source;
};
const fileProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    _json.type = "string";
    _json.format = "binary";
    _json.contentEncoding = "binary";
    const { minimum, maximum, mime } = aggregateChecks(schema);
    if (minimum !== undefined)
        _json.minLength = minimum;
    if (maximum !== undefined)
        _json.maxLength = maximum;
    if (!mime)
        return;
    // an empty intersection means the mime checks share no value, so nothing passes at runtime; `anyOf` must be non-empty, so the false schema is `not: {}`
    if (mime.length === 0)
        _json.not = {};
    else if (mime.length === 1)
        _json.contentMediaType = mime[0];
    // only contentMediaType differs, so the shared props stay at the root
    else
        _json.anyOf = mime.map((m) => ({ contentMediaType: m }));
};
const successProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const customProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
const functionProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Function types cannot be represented in JSON Schema");
};
const transformProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
const mapProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Map cannot be represented in JSON Schema");
};
const setProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Set cannot be represented in JSON Schema");
};
// ==================== COMPOSITE TYPE PROCESSORS ====================
const arrayProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
    json.type = "array";
    json.items = to_json_schema_processSchema(def.element, ctx, {
        ...params,
        path: [...params.path, "items"],
    });
};
// Transform and catch set `optin = "optional"` at runtime so the parser lets them observe an
// absent key, but their declared input type stays required. An input JSON Schema describes the
// declared type, so resolve past them to the schema that actually carries the optionality.
// Used by both `objectProcessor` (for `required`) and `tupleProcessor` (for `minItems`); see
// wiki/optionality.md, "The JSON Schema emitter reads the *static* value".
function inputOptin(schema) {
    const def = schema._zod.def;
    if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
        return inputOptin(def.out);
    }
    if (def.type === "catch") {
        return inputOptin(def.innerType);
    }
    return schema._zod.optin;
}
const objectProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const shape = def.shape;
    // dropping it while still emitting `additionalProperties: false` would emit a schema that rejects data this one requires
    const symbolKeys = Object.getOwnPropertySymbols(shape);
    if (symbolKeys.length &&
        handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) {
        return;
    }
    json.type = "object";
    json.properties = {};
    for (const key in shape) {
        // assignProp so a __proto__ key becomes an own property instead of hitting the inherited setter on the plain {} we build into
        util_assignProp(json.properties, key, to_json_schema_processSchema(shape[key], ctx, {
            ...params,
            path: [...params.path, "properties", key],
        }));
    }
    // required keys
    const requiredKeys = [];
    for (const key of Object.keys(shape)) {
        const field = def.shape[key];
        if (ctx.io === "input" ? inputOptin(field) === undefined : field._zod.optout === undefined) {
            requiredKeys.push(key);
        }
    }
    if (requiredKeys.length > 0) {
        json.required = requiredKeys;
    }
    // catchall
    if (def.catchall?._zod.def.type === "never") {
        // strict
        json.additionalProperties = false;
    }
    else if (!def.catchall) {
        // regular
        if (ctx.io === "output")
            json.additionalProperties = false;
    }
    else if (def.catchall) {
        json.additionalProperties = to_json_schema_processSchema(def.catchall, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
};
const unionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // Exclusive unions (inclusive === false) use oneOf (exactly one match) instead of anyOf (one or more matches). This includes both z.xor() and discriminated unions
    const isExclusive = def.inclusive === false;
    const options = def.options.map((x, i) => to_json_schema_processSchema(x, ctx, {
        ...params,
        path: [...params.path, isExclusive ? "oneOf" : "anyOf", i],
    }));
    if (isExclusive) {
        json.oneOf = options;
    }
    else {
        json.anyOf = options;
    }
};
const intersectionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const a = to_json_schema_processSchema(def.left, ctx, {
        ...params,
        path: [...params.path, "allOf", 0],
    });
    const b = to_json_schema_processSchema(def.right, ctx, {
        ...params,
        path: [...params.path, "allOf", 1],
    });
    const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
    const allOf = [
        ...(isSimpleIntersection(a) ? a.allOf : [a]),
        ...(isSimpleIntersection(b) ? b.allOf : [b]),
    ];
    json.allOf = allOf;
    // Recorded innermost first, so a nested intersection has already folded by the time this one is considered. The array is the handle rather than the schema, because a wrapper that inherits this schema shares the same array; `finalize` folds every object holding it. See `foldIntersection`.
    ctx.intersections.push(allOf);
};
const tupleProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "array";
    const prefixPath = ctx.target === "draft-2020-12" ? "prefixItems" : "items";
    const restPath = ctx.target === "draft-2020-12" ? "items" : ctx.target === "openapi-3.0" ? "items" : "additionalItems";
    const prefixItems = def.items.map((x, i) => to_json_schema_processSchema(x, ctx, {
        ...params,
        path: [...params.path, prefixPath, i],
    }));
    const rest = def.rest
        ? to_json_schema_processSchema(def.rest, ctx, {
            ...params,
            path: [...params.path, restPath, ...(ctx.target === "openapi-3.0" ? [def.items.length] : [])],
        })
        : null;
    let minItems = def.items.length;
    while (minItems > 0) {
        const item = def.items[minItems - 1];
        const optional = ctx.io === "input" ? inputOptin(item) !== undefined : item._zod.optout === "optional";
        if (!optional)
            break;
        minItems--;
    }
    const maxItems = def.items.length;
    const isClosed = !def.rest;
    if (ctx.target === "draft-2020-12") {
        json.prefixItems = prefixItems;
        if (isClosed) {
            json.items = false;
        }
        else if (rest) {
            json.items = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else if (ctx.target === "openapi-3.0") {
        json.items = {
            anyOf: prefixItems,
        };
        if (rest) {
            json.items.anyOf.push(rest);
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else {
        json.items = prefixItems;
        if (isClosed) {
            json.additionalItems = false;
        }
        else if (rest) {
            json.additionalItems = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    // explicit user-defined length checks take precedence
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
};
/** JSON object keys are always strings, so a numeric record key schema is re-expressed over the
 * numeric-string form the record parser matches. Deferred to `finalize`, after the flatten: a key
 * behind a wrapper only carries its own `type` before then, and a union key only has its branches.
 *
 * A numeric bound cannot apply to a property name, so `minimum` and its siblings are dropped rather
 * than carried over: keeping them beside `type: "string"` reproduces the match-nothing schema this
 * exists to fix. A key that carries one therefore emits wider than the record parses — `z.record(z.number().min(5), V)`
 * accepts `"3"` — which is the deliberate trade, since throwing on it would reject an ordinary schema
 * outright. */
function stringifyKeyNames(bySchema, json, visited) {
    // an extracted key that rewrites cannot go on sharing its definition — the string form a key position needs is not the number form every other reference wants — so it inlines. One that does not rewrite keeps the `$ref`.
    if (json.$ref) {
        // a recursive key holds its own reference inside its definition, so a node already on the path is left alone rather than resolved again
        if (visited.has(json))
            return json;
        visited.add(json);
        const def = bySchema.get(json)?.def;
        if (!def)
            return json;
        const inlined = stringifyKeyNames(bySchema, def, visited);
        return inlined === def ? json : inlined;
    }
    for (const keyword of ["anyOf", "oneOf"]) {
        const branches = json[keyword];
        if (!Array.isArray(branches))
            continue;
        const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
        // rebuilding regardless would detach a key that had nothing to re-express, dropping its `$ref` and leaking the internal `id`
        if (mapped.some((branch, i) => branch !== branches[i]))
            json = { ...json, [keyword]: mapped };
    }
    // a member that already admits a string leaves the key unconstrained, so the node's own type re-expresses only when every member is numeric
    const types = Array.isArray(json.type) ? json.type : [json.type];
    const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
    // a heterogeneous key carries no type at all, so its numeric members are caught here instead
    const values = json.enum ?? (json.const !== undefined ? [json.const] : undefined);
    if (!numericType && !values?.some((v) => typeof v === "number"))
        return json;
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
    if (rest.enum)
        rest.enum = rest.enum.map((v) => (typeof v === "number" ? String(v) : v));
    else if (typeof rest.const === "number")
        rest.const = String(rest.const);
    // a heterogeneous key keeps its absent type: the stringified members already say what a key may be
    if (!numericType)
        return rest;
    rest.type = "string";
    if (!values)
        rest.pattern = (types.includes("number") ? number : integer).source;
    return rest;
}
/** Every record of one conversion, so the carriers are found in a single pass rather than once per record. */
const pendingRecords = new WeakMap();
function rewriteKeyNames(ctx) {
    // an extracted key is resolved by the object `extractToDef` left in its place, so the map is built once rather than searched per reference. `_zod.toJSONSchema` can hand the same object to two schemas, so the first entry carrying a body wins, as a search would have found it.
    const bySchema = new Map();
    for (const entry of ctx.seen.values()) {
        if (entry.def && !bySchema.has(entry.schema))
            bySchema.set(entry.schema, entry);
    }
    const rewrites = new Map();
    for (const record of pendingRecords.get(ctx) ?? []) {
        const seen = ctx.seen.get(record);
        const names = (seen?.def ?? seen?.schema)?.propertyNames;
        if (!names || names === true || rewrites.has(names))
            continue;
        const rewritten = stringifyKeyNames(bySchema, names, new Set());
        if (rewritten !== names)
            rewrites.set(names, rewritten);
    }
    if (!rewrites.size)
        return;
    // the flatten has already copied each record's own properties onto every wrapper by reference, and an extracted body is another such copy, so every carrier holding a rewritten key is updated together
    for (const entry of ctx.seen.values()) {
        for (const carrier of [entry.schema, entry.def]) {
            const rewritten = carrier && rewrites.get(carrier.propertyNames);
            if (rewritten)
                carrier.propertyNames = rewritten;
        }
    }
}
const recordProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "object";
    // For looseRecord with regex patterns, use patternProperties. This correctly represents "only validate keys matching the pattern" semantics and composes well with allOf (intersections)
    const keyType = def.keyType;
    const patterns = aggregateChecks(keyType).patterns;
    if (def.mode === "loose" && patterns && patterns.size > 0) {
        // Use patternProperties for looseRecord with regex patterns
        const valueSchema = to_json_schema_processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "patternProperties", "*"],
        });
        json.patternProperties = {};
        for (const pattern of patterns) {
            util_assignProp(json.patternProperties, exactPattern(pattern).source, valueSchema);
        }
    }
    else {
        // Default behavior: use propertyNames + additionalProperties
        if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
            json.propertyNames = to_json_schema_processSchema(def.keyType, ctx, {
                ...params,
                path: [...params.path, "propertyNames"],
            });
            let pending = pendingRecords.get(ctx);
            if (!pending) {
                pending = [];
                pendingRecords.set(ctx, pending);
                ctx.deferred.push(() => rewriteKeyNames(ctx));
            }
            pending.push(schema);
        }
        json.additionalProperties = to_json_schema_processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
    // Add required for keys with discrete values (enum, literal, etc.)
    const keyValues = keyType._zod.values;
    // Every key shares one value schema, so an optional-in value makes the whole key set omittable on input. Output keeps them: the exhaustive branch assigns every key, even one whose value came back undefined.
    const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== undefined;
    if (keyValues && !def.partial && !omittableOnInput) {
        const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
        if (validKeyValues.length > 0) {
            json.required = validKeyValues.map(String);
        }
    }
};
const nullableProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const inner = to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    if (ctx.target === "openapi-3.0") {
        seen.ref = def.innerType;
        json.nullable = true;
    }
    else {
        json.anyOf = [inner, { type: "null" }];
    }
};
const nonoptionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
/** Round-trips a default value through JSON so the emitted schema is guaranteed to be valid JSON.
 * A BigInt has no reliable encoding, so it goes through `unrepresentable` like any other
 * unrepresentable value. Returns a sentinel when the caller must not write a default of its own. */
const UNREPRESENTABLE_DEFAULT = Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
    let unrepresentable = false;
    const serialized = JSON.stringify(value, (_, val) => {
        if (typeof val !== "bigint")
            return val;
        unrepresentable = true;
        return null;
    });
    if (!unrepresentable)
        return JSON.parse(serialized);
    handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
    return UNREPRESENTABLE_DEFAULT;
}
const defaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json.default = value;
};
const prefaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    if (ctx.io !== "input")
        return;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json._prefault = value;
};
const catchProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    let catchValue;
    try {
        catchValue = def.catchValue(undefined);
    }
    catch {
        handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
        return;
    }
    json.default = catchValue;
};
const pipeProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    const inIsTransform = def.in._zod.traits.has("$ZodTransform");
    const innerType = ctx.io === "input" ? (inIsTransform ? def.out : def.in) : def.out;
    to_json_schema_processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
const readonlyProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    json.readOnly = true;
};
const promiseProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const optionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const lazyProcessor = (schema, ctx, _json, params) => {
    const innerType = schema._zod.innerType;
    to_json_schema_processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
// ==================== ALL PROCESSORS ====================
const allProcessors = {
    string: stringProcessor,
    number: numberProcessor,
    boolean: booleanProcessor,
    bigint: bigintProcessor,
    symbol: symbolProcessor,
    null: nullProcessor,
    undefined: undefinedProcessor,
    void: voidProcessor,
    never: neverProcessor,
    any: anyProcessor,
    unknown: unknownProcessor,
    date: dateProcessor,
    enum: enumProcessor,
    literal: literalProcessor,
    nan: nanProcessor,
    template_literal: templateLiteralProcessor,
    file: fileProcessor,
    success: successProcessor,
    custom: customProcessor,
    function: functionProcessor,
    transform: transformProcessor,
    map: mapProcessor,
    set: setProcessor,
    array: arrayProcessor,
    object: objectProcessor,
    union: unionProcessor,
    intersection: intersectionProcessor,
    tuple: tupleProcessor,
    record: recordProcessor,
    nullable: nullableProcessor,
    nonoptional: nonoptionalProcessor,
    default: defaultProcessor,
    prefault: prefaultProcessor,
    catch: catchProcessor,
    pipe: pipeProcessor,
    readonly: readonlyProcessor,
    promise: promiseProcessor,
    optional: optionalProcessor,
    lazy: lazyProcessor,
};
function toJSONSchema(input, params) {
    if ("_idmap" in input) {
        // Registry case
        const registry = input;
        const ctx = initializeContext({ ...params, processors: allProcessors });
        const defs = {};
        // First pass: process all schemas to build the seen map
        for (const entry of registry._idmap.entries()) {
            const [_, schema] = entry;
            processSchema(schema, ctx);
        }
        const schemas = {};
        const external = {
            registry,
            uri: params?.uri,
            defs,
        };
        // Update the context with external configuration
        ctx.external = external;
        // Second pass: emit each schema
        for (const entry of registry._idmap.entries()) {
            const [key, schema] = entry;
            extractDefs(ctx, schema);
            assignProp(schemas, key, finalize(ctx, schema));
        }
        if (Object.keys(defs).length > 0) {
            const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
            schemas.__shared = {
                [defsSegment]: defs,
            };
        }
        return { schemas };
    }
    // Single schema case
    const ctx = initializeContext({ ...params, processors: allProcessors });
    processSchema(input, ctx);
    extractDefs(ctx, input);
    return finalize(ctx, input);
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/locales/en.js

const error = () => {
    const Sizable = {
        string: { unit: "characters", verb: "to have" },
        file: { unit: "bytes", verb: "to have" },
        array: { unit: "items", verb: "to have" },
        set: { unit: "items", verb: "to have" },
        map: { unit: "entries", verb: "to have" },
    };
    function getSizing(origin) {
        return Sizable[origin] ?? null;
    }
    const FormatDictionary = {
        regex: "input",
        email: "email address",
        url: "URL",
        emoji: "emoji",
        uuid: "UUID",
        uuidv4: "UUIDv4",
        uuidv6: "UUIDv6",
        nanoid: "nanoid",
        guid: "GUID",
        cuid: "cuid",
        cuid2: "cuid2",
        ulid: "ULID",
        xid: "XID",
        ksuid: "KSUID",
        datetime: "ISO datetime",
        date: "ISO date",
        time: "ISO time",
        duration: "ISO duration",
        ipv4: "IPv4 address",
        ipv6: "IPv6 address",
        mac: "MAC address",
        cidrv4: "IPv4 range",
        cidrv6: "IPv6 range",
        base64: "base64-encoded string",
        base64url: "base64url-encoded string",
        json_string: "JSON string",
        e164: "E.164 number",
        currency_code: "currency code",
        credit_card: "credit card number",
        iban: "IBAN",
        jwt: "JWT",
        template_literal: "input",
    };
    // type names: missing keys = do not translate (use raw value via ?? fallback)
    const TypeDictionary = {
        // Compatibility: "nan" -> "NaN" for display
        nan: "NaN",
        // All other type names omitted - they fall back to raw values via ?? operator
    };
    function getTypeName(type, input) {
        if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
            return String(input);
        }
        return TypeDictionary[type] ?? type;
    }
    return (issue) => {
        switch (issue.code) {
            case "invalid_type": {
                const expected = getTypeName(issue.expected);
                const receivedType = parsedType(issue.input);
                const received = getTypeName(receivedType, issue.input);
                return `Invalid input: expected ${expected}, received ${received}`;
            }
            case "invalid_value":
                if (issue.values.length === 1)
                    return `Invalid input: expected ${stringifyPrimitive(issue.values[0])}`;
                return `Invalid option: expected one of ${joinValues(issue.values, "|")}`;
            case "too_big": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? "<=" : "<";
                const sizing = getSizing(issue.origin);
                if (sizing)
                    return `Too big: expected ${issue.origin ?? "value"} to have ${adj}${issue.maximum.toString()} ${sizing.unit ?? "elements"}`;
                return `Too big: expected ${issue.origin ?? "value"} to be ${adj}${issue.maximum.toString()}`;
            }
            case "too_small": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? ">=" : ">";
                const sizing = getSizing(issue.origin);
                if (sizing) {
                    return `Too small: expected ${issue.origin} to have ${adj}${issue.minimum.toString()} ${sizing.unit}`;
                }
                return `Too small: expected ${issue.origin} to be ${adj}${issue.minimum.toString()}`;
            }
            case "invalid_format": {
                const _issue = issue;
                if (_issue.format === "starts_with") {
                    return `Invalid string: must start with "${_issue.prefix}"`;
                }
                if (_issue.format === "ends_with")
                    return `Invalid string: must end with "${_issue.suffix}"`;
                if (_issue.format === "includes")
                    return `Invalid string: must include "${_issue.includes}"`;
                if (_issue.format === "regex")
                    return `Invalid string: must match pattern ${_issue.pattern}`;
                return `Invalid ${FormatDictionary[_issue.format] ?? issue.format}`;
            }
            case "not_multiple_of":
                return `Invalid number: must be a multiple of ${issue.divisor}`;
            case "unrecognized_keys":
                return `Unrecognized key${issue.keys.length > 1 ? "s" : ""}: ${joinValues(issue.keys, ", ")}`;
            case "invalid_key":
                return `Invalid key in ${issue.origin}`;
            case "invalid_union":
                if (issue.options && Array.isArray(issue.options) && issue.options.length > 0) {
                    const opts = issue.options.map((o) => `'${o}'`).join(" | ");
                    return `Invalid discriminator value. Expected ${opts}`;
                }
                if (issue.inclusive === false) {
                    return "Invalid input: more than one option matched";
                }
                return "Invalid input";
            case "invalid_element":
                return `Invalid value in ${issue.origin}`;
            default:
                return `Invalid input`;
        }
    };
};
/* harmony default export */ function en() {
    return {
        localeError: error(),
    };
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/errors.js


/* Computing the message eagerly is expensive (pretty-printed JSON of all
 * issues), so defer it until first read. The accessor functions and
 * descriptors are shared across instances to keep error construction
 * cheap; the computed message is cached on the internals object. The
 * setter preserves plain assignment semantics for consumers that
 * overwrite `message`. */
function _getMessage() {
    const internals = this._zod;
    internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
    return internals.message;
}
function _setMessage(value) {
    this._zod.message = value;
}
const _messageDesc = {
    get: _getMessage,
    set: _setMessage,
    enumerable: true,
    configurable: true,
};
const _issuesDesc = { value: undefined, enumerable: false };
/* Prototypes that already carry the lazy `toString`. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
const initializer = (inst, def) => {
    inst.name = "$ZodError";
    // `_zod` is already non-enumerable: $constructor's init defined it with this same descriptor
    _issuesDesc.value = def;
    Object.defineProperty(inst, "issues", _issuesDesc);
    // Clear the shared slot; a retained `value` pins the last error's issues.
    _issuesDesc.value = undefined;
    Object.defineProperty(inst, "message", _messageDesc);
    /* `toString` lives as a non-enumerable lazy getter on the shared
     * prototype; on first access it caches a per-instance closure so
     * detached usage still works. */
    const proto = Object.getPrototypeOf(inst);
    if (!_installedToString.has(proto)) {
        _installedToString.add(proto);
        Object.defineProperty(proto, "toString", {
            configurable: true,
            enumerable: false,
            get() {
                const value = () => this.message;
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
                return value;
            },
            set(value) {
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
            },
        });
    }
};
const $ZodError = $constructor("$ZodError", initializer);
const $ZodRealError = $constructor("$ZodError", initializer, undefined, {
    Parent: Error,
});
/** Get-or-create `obj[key]` as an own data property. A path segment naming an inherited member
 * ("toString", "constructor") would otherwise read through to the prototype, and assigning
 * "__proto__" would hit the setter instead of creating a key. */
function node(obj, key, make) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (key === "__proto__") {
            Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
        }
        else {
            obj[key] = make();
        }
    }
    return obj[key];
}
function flattenError(error, mapper = (issue) => issue.message) {
    const fieldErrors = {};
    const formErrors = [];
    for (const sub of error.issues) {
        if (sub.path.length > 0) {
            node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
        }
        else {
            formErrors.push(mapper(sub));
        }
    }
    return { formErrors, fieldErrors };
}
function formatError(error, mapper = (issue) => issue.message) {
    const fieldErrors = { _errors: [] };
    const processError = (error, path = []) => {
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    fieldErrors._errors.push(mapper(issue));
                }
                else {
                    let curr = fieldErrors;
                    let i = 0;
                    while (i < fullpath.length) {
                        const el = fullpath[i];
                        const terminal = i === fullpath.length - 1;
                        // `_errors` is reserved by this legacy format, so merge a matching path segment into the current node instead of treating its array as a child.
                        if (el === "_errors") {
                            if (terminal)
                                curr._errors.push(mapper(issue));
                            i++;
                            continue;
                        }
                        // A path element may collide with an inherited property name such as
                        // "__proto__" or "constructor". Truthiness checks read the prototype
                        // (so no node is created, then ._errors.push throws), and bracket
                        // assignment of "__proto__" hits the setter instead of creating an
                        // own key. Guard the read with hasOwnProperty and create the node
                        // with defineProperty so any path element becomes a real own key.
                        if (!Object.prototype.hasOwnProperty.call(curr, el)) {
                            Object.defineProperty(curr, el, {
                                value: { _errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        const node = curr[el];
                        if (terminal) {
                            node._errors.push(mapper(issue));
                        }
                        curr = node;
                        i++;
                    }
                }
            }
        }
    };
    processError(error);
    return fieldErrors;
}
function treeifyError(error, mapper = (issue) => issue.message) {
    const result = { errors: [] };
    const processError = (error, path = []) => {
        var _a;
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                // regular union error
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    result.errors.push(mapper(issue));
                    continue;
                }
                let curr = result;
                let i = 0;
                while (i < fullpath.length) {
                    const el = fullpath[i];
                    const terminal = i === fullpath.length - 1;
                    if (typeof el === "string") {
                        curr.properties ?? (curr.properties = {});
                        // el may collide with an inherited property name ("__proto__",
                        // "constructor", ...); ??= reads the prototype so the node is never
                        // created and curr.errors.push throws. Guard with hasOwnProperty and
                        // create the node with defineProperty so "__proto__" becomes a real
                        // own key rather than invoking the prototype setter.
                        if (!Object.prototype.hasOwnProperty.call(curr.properties, el)) {
                            Object.defineProperty(curr.properties, el, {
                                value: { errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        curr = curr.properties[el];
                    }
                    else {
                        curr.items ?? (curr.items = []);
                        (_a = curr.items)[el] ?? (_a[el] = { errors: [] });
                        curr = curr.items[el];
                    }
                    if (terminal) {
                        curr.errors.push(mapper(issue));
                    }
                    i++;
                }
            }
        }
    };
    processError(error);
    return result;
}
/** Format a ZodError as a human-readable string in the following form.
 *
 * From
 *
 * ```ts
 * ZodError {
 *   issues: [
 *     {
 *       expected: 'string',
 *       code: 'invalid_type',
 *       path: [ 'username' ],
 *       message: 'Invalid input: expected string'
 *     },
 *     {
 *       expected: 'number',
 *       code: 'invalid_type',
 *       path: [ 'favoriteNumbers', 1 ],
 *       message: 'Invalid input: expected number'
 *     }
 *   ];
 * }
 * ```
 *
 * to
 *
 * ```
 * username
 *   ✖ Expected number, received string at "username
 * favoriteNumbers[0]
 *   ✖ Invalid input: expected number
 * ```
 */
function toDotPath(_path) {
    const segs = [];
    const path = _path.map((seg) => (typeof seg === "object" ? seg.key : seg));
    for (const seg of path) {
        if (typeof seg === "number")
            segs.push(`[${seg}]`);
        else if (typeof seg === "symbol")
            segs.push(`[${JSON.stringify(String(seg))}]`);
        else if (/[^\w$]/.test(seg))
            segs.push(`[${JSON.stringify(seg)}]`);
        else {
            if (segs.length)
                segs.push(".");
            segs.push(seg);
        }
    }
    return segs.join("");
}
function prettifyError(error) {
    const lines = [];
    // sort by path length
    const issues = [...error.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
    // Process each issue
    for (const issue of issues) {
        lines.push(`✖ ${issue.message}`);
        if (issue.path?.length)
            lines.push(`  → at ${toDotPath(issue.path)}`);
    }
    // Convert Map to formatted string
    return lines.join("\n");
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/parse.js



// Always both keys, so the `_params` read site in `_parse` sees one object shape rather than two.
function finalizeParams(callee, params) {
    return { callee: params?.callee ?? callee, Err: params?.Err };
}
const _parse = (_Err) => {
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
        const result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise) {
            throw new $ZodAsyncError();
        }
        if (result.issues.length) {
            const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, _params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parse = /* @__PURE__*/ _parse($ZodRealError);
const _parseAsync = (_Err) => {
    const fn = async (schema, value, _ctx, params) => {
        const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
        let result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise)
            result = await result;
        if (result.issues.length) {
            const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parseAsync = /* @__PURE__*/ _parseAsync($ZodRealError);
const _safeParse = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParse = /* @__PURE__*/ _safeParse($ZodRealError);
// the error is built on the first read of `error`: finalizing the issues and constructing the instance is most of a failing parse, and a caller that only branches on `success` never pays it. a getter in the literal keeps this small; the alternative, one shared accessor descriptor plus a hidden state slot, reads ~15% faster but costs ~75 B gzipped in every bundle
function failure(Err, issues, ctx) {
    let error;
    return {
        success: false,
        get error() {
            if (!error) {
                error = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
                // finalizeIssue drops `input`, so the built error holds nothing; keeping the raw issues past this point pins the parsed value for the life of the result
                issues = undefined;
                ctx = undefined;
            }
            return error;
        },
        set error(e) {
            error = e;
            // a replacement makes the getter's branch unreachable, so the captures have to go here too
            issues = undefined;
            ctx = undefined;
        },
    };
}
const _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParseAsync = /* @__PURE__*/ _safeParseAsync($ZodRealError);
// registry mirrors of the compiler's sentinels, so this module never imports the compiler
const COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
const COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
// Deliberately tiny, because v8 will not inline a body carrying the fallback's object literals and throw. Everything that is not the compiled happy path lives in validateFallback, and that split is worth ~35% on a compiled schema.
const validate = ((schema, value, _ctx) => {
    const validator = schema._zod.bag.validator;
    if (validator !== undefined) {
        if (validator(value) !== COMPILE_INVALID)
            return true;
        // a definite sentinel means the runtime would reject, so skip the re-parse; a ctx can still change the answer
        if (validator.definite === true && _ctx === undefined)
            return false;
    }
    return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
    const ctx = _ctx
        ? { ..._ctx, async: false, abortEarly: true }
        : { async: false, abortEarly: true };
    const fallbackRun = schema._zod.bag.fallbackRun;
    let result;
    if (fallbackRun) {
        // skip nested fast paths on the fallback, so user callbacks keep the at-most-twice bound
        ctx[COMPILE_FALLBACK] = true;
        result = fallbackRun({ value, issues: [] }, ctx);
    }
    else {
        result = schema._zod.run({ value, issues: [] }, ctx);
    }
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length === 0;
}
// no fast path: the compiler keeps async parses on the runtime, because a promise-returning callback that is not declared async compiles to a throw
const parse_validateAsync = async (schema, value, _ctx) => {
    const ctx = _ctx
        ? { ..._ctx, async: true, abortEarly: true }
        : { async: true, abortEarly: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length === 0;
};
const _encode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return parse(schema, value, ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const encode = /* @__PURE__*/ _encode($ZodRealError);
const _decode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        return parse(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decode = /* @__PURE__*/ _decode($ZodRealError);
const _encodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return (await parseAsync(schema, value, ctx, finalizeParams(fn, _params)));
    };
    return fn;
};
const encodeAsync = /* @__PURE__*/ _encodeAsync($ZodRealError);
const _decodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        return await parseAsync(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decodeAsync = /* @__PURE__*/ _decodeAsync($ZodRealError);
const _safeEncode = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParse(_Err)(schema, value, ctx);
};
const safeEncode = /* @__PURE__*/ _safeEncode($ZodRealError);
const _safeDecode = (_Err) => (schema, value, _ctx) => {
    return _safeParse(_Err)(schema, value, _ctx);
};
const safeDecode = /* @__PURE__*/ _safeDecode($ZodRealError);
const _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParseAsync(_Err)(schema, value, ctx);
};
const safeEncodeAsync = /* @__PURE__*/ _safeEncodeAsync($ZodRealError);
const _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
    return _safeParseAsync(_Err)(schema, value, _ctx);
};
const safeDecodeAsync = /* @__PURE__*/ _safeDecodeAsync($ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/errors.js



/* Prototypes that already carry the lazy helper methods. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
/* Helper methods live as non-enumerable lazy getters on the shared
 * prototype instead of own properties on every instance. On first
 * access the getter allocates the per-instance closure and caches it
 * as a non-enumerable own property, so detached usage still works and
 * the allocation only happens for methods actually touched. */
function _lazyMethod(proto, key, make) {
    Object.defineProperty(proto, key, {
        configurable: true,
        enumerable: false,
        get() {
            const value = make(this);
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
            return value;
        },
        set(value) {
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
        },
    });
}
const errors_initializer = (inst, issues) => {
    $ZodError.init(inst, issues);
    inst.name = "ZodError";
    const proto = Object.getPrototypeOf(inst);
    if (_installedErrorProtos.has(proto))
        return;
    _installedErrorProtos.add(proto);
    _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
    _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
    _lazyMethod(proto, "addIssue", (self) => (issue) => {
        self.issues.push(issue);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    _lazyMethod(proto, "addIssues", (self) => (issues) => {
        self.issues.push(...issues);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    Object.defineProperty(proto, "isEmpty", {
        configurable: true,
        enumerable: false,
        get() {
            return this.issues.length === 0;
        },
    });
};
const ZodError = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodError", errors_initializer)));
const ZodRealError = /*@__PURE__*/ $constructor("ZodError", errors_initializer, undefined, {
    Parent: Error,
});
// /** @deprecated Use `z.core.$ZodErrorMapCtx` instead. */
// export type ErrorMapCtx = core.$ZodErrorMapCtx;

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/parse.js


const classic_parse_parse = /* @__PURE__ */ _parse(ZodRealError);
const classic_parse_parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError);
const parse_safeParse = /* @__PURE__ */ _safeParse(ZodRealError);
const parse_safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError);

// Codec functions
const parse_encode = /* @__PURE__ */ _encode(ZodRealError);
const parse_decode = /* @__PURE__ */ _decode(ZodRealError);
const parse_encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError);
const parse_decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError);
const parse_safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError);
const parse_safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError);
const parse_safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
const parse_safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/schemas.js








// Register English as the default locale on first ZodType construction. Hooked into the `ZodType` `$constructor` (rather than a top-level `config(en())` in `external.ts`) so bundlers honoring `sideEffects: false` can't tree-shake it out — see #5953, #5725. An explicit `z.config(z.locales.xx())` call wins regardless of order, since this only sets the default when none is present.
function _ensureDefaultLocale() {
    if (!globalConfig.localeError)
        config(en());
}
// the default memoizer is read by the core container init, which runs before `ZodType.init`, so each container calls this first
function _ensureDefaultMemoizer() {
    if (!globalConfig.memoizer)
        config({ memoizer: memoizer() });
}
const ZodType = /*@__PURE__*/ $constructor("ZodType", (inst, def) => {
    _ensureDefaultLocale();
    $ZodType.init(inst, def);
    inst.def = def;
    inst.type = def.type;
    return inst;
}, {
    check(...chks) {
        const def = this.def;
        return this.clone(mergeDefs(def, {
            checks: [
                ...(def.checks ?? []),
                ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch),
            ],
        }), { parent: true });
    },
    with(...chks) {
        return this.check(...chks);
    },
    clone(def, params) {
        return clone(this, def, params);
    },
    brand() {
        return this;
    },
    register(reg, meta) {
        reg.add(this, meta);
        return this;
    },
    refine(check, params) {
        return this.check(refine(check, params));
    },
    superRefine(refinement, params) {
        return this.check(superRefine(refinement, params));
    },
    overwrite(fn) {
        return this.check(_overwrite(fn));
    },
    optional() {
        return optional(this);
    },
    exactOptional() {
        return exactOptional(this);
    },
    nullable() {
        return nullable(this);
    },
    nullish() {
        return optional(nullable(this));
    },
    nonoptional(params) {
        return nonoptional(this, params);
    },
    array() {
        return array(this);
    },
    or(arg) {
        return union([this, arg]);
    },
    and(arg) {
        return intersection(this, arg);
    },
    transform(tx) {
        return pipe(this, transform(tx));
    },
    default(d) {
        return schemas_default(this, d);
    },
    prefault(d) {
        return prefault(this, d);
    },
    catch(params) {
        return schemas_catch(this, params);
    },
    pipe(target) {
        return pipe(this, target);
    },
    readonly() {
        return readonly(this);
    },
    describe(description) {
        const cl = this.clone();
        globalRegistry.add(cl, { description });
        return cl;
    },
    meta(...args) {
        // overloaded: meta() returns the registered metadata, meta(data) returns a clone with `data` registered. The mapped type picks up the second overload, so we accept variadic any-args and return `any` to satisfy both at runtime.
        if (args.length === 0)
            return globalRegistry.get(this);
        const cl = this.clone();
        globalRegistry.add(cl, args[0]);
        return cl;
    },
    isOptional() {
        return this.safeParse(undefined).success;
    },
    isNullable() {
        return this.safeParse(null).success;
    },
    apply(fn, ...args) {
        return args.length === 0 ? fn(this) : fn(this, ...args);
    },
    // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
    get "~standard"() {
        return hide(this, "~standard", {
            ...standardProps(this),
            jsonSchema: {
                input: createStandardJSONSchemaMethod(this, "input"),
                output: createStandardJSONSchemaMethod(this, "output"),
            },
        });
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
    parse: function _parse(data, params) {
        return classic_parse_parse(this, data, params, { callee: _parse });
    },
    parseAsync: async function _parseAsync(data, params) {
        return await classic_parse_parseAsync(this, data, params, { callee: _parseAsync });
    },
    safeParse(data, params) {
        return parse_safeParse(this, data, params);
    },
    async safeParseAsync(data, params) {
        return parse_safeParseAsync(this, data, params);
    },
    // `spa` is an alias: same function object as `safeParseAsync`, as before.
    get spa() {
        return this?.safeParseAsync;
    },
    set spa(value) {
        own(this, "spa", value);
    },
    validate(data, params) {
        return validate(this, data, params);
    },
    validateAsync(data, params) {
        return parse_validateAsync(this, data, params);
    },
    encode: function _encode(data, params) {
        return parse_encode(this, data, params, { callee: _encode });
    },
    decode: function _decode(data, params) {
        return parse_decode(this, data, params, { callee: _decode });
    },
    encodeAsync: async function _encodeAsync(data, params) {
        return await parse_encodeAsync(this, data, params, { callee: _encodeAsync });
    },
    decodeAsync: async function _decodeAsync(data, params) {
        return await parse_decodeAsync(this, data, params, { callee: _decodeAsync });
    },
    safeEncode(data, params) {
        return parse_safeEncode(this, data, params);
    },
    safeDecode(data, params) {
        return parse_safeDecode(this, data, params);
    },
    async safeEncodeAsync(data, params) {
        return parse_safeEncodeAsync(this, data, params);
    },
    async safeDecodeAsync(data, params) {
        return parse_safeDecodeAsync(this, data, params);
    },
    toJSONSchema(params) {
        return createToJSONSchemaMethod(this, {})(params);
    },
    // Reads through to the registry on every access, so it must not cache.
    get description() {
        return globalRegistry.get(this)?.description;
    },
    // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
    get _def() {
        return this._zod.def;
    },
});
/** @internal */
const _ZodString = /*@__PURE__*/ $constructor("_ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json, params);
}, 
/*@__PURE__*/ derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null,
}, {
    regex(...args) {
        return this.check(_regex(...args));
    },
    includes(...args) {
        return this.check(_includes(...args));
    },
    startsWith(...args) {
        return this.check(_startsWith(...args));
    },
    endsWith(...args) {
        return this.check(_endsWith(...args));
    },
    min(...args) {
        return this.check(_minLength(...args));
    },
    max(...args) {
        return this.check(_maxLength(...args));
    },
    length(...args) {
        return this.check(_length(...args));
    },
    nonempty(...args) {
        return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
        return this.check(_lowercase(params));
    },
    uppercase(params) {
        return this.check(_uppercase(params));
    },
    trim() {
        return this.check(_trim());
    },
    normalize(...args) {
        return this.check(_normalize(...args));
    },
    toLowerCase() {
        return this.check(_toLowerCase());
    },
    toUpperCase() {
        return this.check(_toUpperCase());
    },
    slugify() {
        return this.check(_slugify());
    },
}));
const ZodString = /*@__PURE__*/ $constructor("ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    _ZodString.init(inst, def);
}, {
    email(params) {
        return this.check(_email(ZodEmail, params));
    },
    url(params) {
        return this.check(_url(ZodURL, params));
    },
    jwt(params) {
        return this.check(_jwt(ZodJWT, params));
    },
    emoji(params) {
        return this.check(api_emoji(ZodEmoji, params));
    },
    guid(params) {
        return this.check(_guid(ZodGUID, params));
    },
    uuid(params) {
        return this.check(_uuid(ZodUUID, params));
    },
    uuidv4(params) {
        return this.check(_uuidv4(ZodUUID, params));
    },
    uuidv6(params) {
        return this.check(_uuidv6(ZodUUID, params));
    },
    uuidv7(params) {
        return this.check(_uuidv7(ZodUUID, params));
    },
    nanoid(params) {
        return this.check(_nanoid(ZodNanoID, params));
    },
    cuid(params) {
        return this.check(_cuid(ZodCUID, params));
    },
    cuid2(params) {
        return this.check(_cuid2(ZodCUID2, params));
    },
    ulid(params) {
        return this.check(_ulid(ZodULID, params));
    },
    base64(params) {
        return this.check(_base64(ZodBase64, params));
    },
    base64url(params) {
        return this.check(_base64url(ZodBase64URL, params));
    },
    xid(params) {
        return this.check(_xid(ZodXID, params));
    },
    ksuid(params) {
        return this.check(_ksuid(ZodKSUID, params));
    },
    ipv4(params) {
        return this.check(_ipv4(ZodIPv4, params));
    },
    ipv6(params) {
        return this.check(_ipv6(ZodIPv6, params));
    },
    cidrv4(params) {
        return this.check(_cidrv4(ZodCIDRv4, params));
    },
    cidrv6(params) {
        return this.check(_cidrv6(ZodCIDRv6, params));
    },
    e164(params) {
        return this.check(_e164(ZodE164, params));
    },
    datetime(params) {
        return this.check(_isoDateTime(ZodISODateTime, params));
    },
    date(params) {
        return this.check(_isoDate(schemas_ZodISODate, params));
    },
    time(params) {
        return this.check(_isoTime(schemas_ZodISOTime, params));
    },
    duration(params) {
        return this.check(_isoDuration(schemas_ZodISODuration, params));
    },
});
function schemas_string(params) {
    return _string(ZodString, params);
}
const ZodStringFormat = /*@__PURE__*/ $constructor("ZodStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    _ZodString.init(inst, def);
});
const ZodISODateTime = /*@__PURE__*/ $constructor("ZodISODateTime", (inst, def) => {
    $ZodISODateTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const schemas_ZodISODate = /*@__PURE__*/ $constructor("ZodISODate", (inst, def) => {
    $ZodISODate.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const schemas_ZodISOTime = /*@__PURE__*/ $constructor("ZodISOTime", (inst, def) => {
    $ZodISOTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const schemas_ZodISODuration = /*@__PURE__*/ $constructor("ZodISODuration", (inst, def) => {
    $ZodISODuration.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodEmail = /*@__PURE__*/ $constructor("ZodEmail", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmail.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_email(params) {
    return core._email(ZodEmail, params);
}
const ZodGUID = /*@__PURE__*/ $constructor("ZodGUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodGUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_guid(params) {
    return core._guid(ZodGUID, params);
}
const ZodUUID = /*@__PURE__*/ $constructor("ZodUUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodUUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_uuid(params) {
    return core._uuid(ZodUUID, params);
}
function uuidv4(params) {
    return core._uuidv4(ZodUUID, params);
}
// ZodUUIDv6
function uuidv6(params) {
    return core._uuidv6(ZodUUID, params);
}
// ZodUUIDv7
function uuidv7(params) {
    return core._uuidv7(ZodUUID, params);
}
const ZodURL = /*@__PURE__*/ $constructor("ZodURL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodURL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function url(params) {
    return core._url(ZodURL, params);
}
function httpUrl(params) {
    return core._url(ZodURL, {
        protocol: regexes.httpProtocol,
        hostname: regexes.domain,
        ...util.normalizeParams(params),
    });
}
const ZodEmoji = /*@__PURE__*/ $constructor("ZodEmoji", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmoji.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_emoji(params) {
    return core._emoji(ZodEmoji, params);
}
const ZodNanoID = /*@__PURE__*/ $constructor("ZodNanoID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodNanoID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_nanoid(params) {
    return core._nanoid(ZodNanoID, params);
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const ZodCUID = /*@__PURE__*/ $constructor("ZodCUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
/**
 * Validates a CUID v1 string.
 *
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2 | `z.cuid2()`} instead.
 * See https://github.com/paralleldrive/cuid.
 */
function schemas_cuid(params) {
    return core._cuid(ZodCUID, params);
}
const ZodCUID2 = /*@__PURE__*/ $constructor("ZodCUID2", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID2.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cuid2(params) {
    return core._cuid2(ZodCUID2, params);
}
const ZodULID = /*@__PURE__*/ $constructor("ZodULID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodULID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ulid(params) {
    return core._ulid(ZodULID, params);
}
const ZodXID = /*@__PURE__*/ $constructor("ZodXID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodXID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_xid(params) {
    return core._xid(ZodXID, params);
}
const ZodKSUID = /*@__PURE__*/ $constructor("ZodKSUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodKSUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ksuid(params) {
    return core._ksuid(ZodKSUID, params);
}
const ZodIPv4 = /*@__PURE__*/ $constructor("ZodIPv4", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ipv4(params) {
    return core._ipv4(ZodIPv4, params);
}
const ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMAC", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    core.$ZodMAC.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_mac(params) {
    return core._mac(ZodMAC, params);
}
const ZodIPv6 = /*@__PURE__*/ $constructor("ZodIPv6", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ipv6(params) {
    return core._ipv6(ZodIPv6, params);
}
const ZodCIDRv4 = /*@__PURE__*/ $constructor("ZodCIDRv4", (inst, def) => {
    $ZodCIDRv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cidrv4(params) {
    return core._cidrv4(ZodCIDRv4, params);
}
const ZodCIDRv6 = /*@__PURE__*/ $constructor("ZodCIDRv6", (inst, def) => {
    $ZodCIDRv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cidrv6(params) {
    return core._cidrv6(ZodCIDRv6, params);
}
const ZodBase64 = /*@__PURE__*/ $constructor("ZodBase64", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_base64(params) {
    return core._base64(ZodBase64, params);
}
const ZodBase64URL = /*@__PURE__*/ $constructor("ZodBase64URL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64URL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_base64url(params) {
    return core._base64url(ZodBase64URL, params);
}
const ZodE164 = /*@__PURE__*/ $constructor("ZodE164", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodE164.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_e164(params) {
    return core._e164(ZodE164, params);
}
const ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCreditCard", (inst, def) => {
    core.$ZodCreditCard.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_creditCard(params) {
    return core._creditCard(ZodCreditCard, params);
}
const ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodIBAN", (inst, def) => {
    core.$ZodIBAN.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_iban(params) {
    return core._iban(ZodIBAN, params);
}
const ZodJWT = /*@__PURE__*/ $constructor("ZodJWT", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodJWT.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function jwt(params) {
    return core._jwt(ZodJWT, params);
}
const ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCustomStringFormat", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    core.$ZodCustomStringFormat.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function stringFormat(format, fnOrRegex, _params = {}) {
    return core._stringFormat(ZodCustomStringFormat, format, fnOrRegex, _params);
}
function schemas_hostname(_params) {
    return core._stringFormat(ZodCustomStringFormat, "hostname", regexes.hostname, _params);
}
function schemas_hex(_params) {
    return core._stringFormat(ZodCustomStringFormat, "hex", regexes.hex, _params);
}
function schemas_currencyCode(_params) {
    return core._stringFormat(ZodCustomStringFormat, "currency_code", regexes.currencyCode, _params);
}
function hash(alg, params) {
    const enc = params?.enc ?? "hex";
    const format = `${alg}_${enc}`;
    const regex = core.regexes[format];
    if (!regex)
        throw new Error(`Unrecognized hash format: ${format}`);
    return core._stringFormat(ZodCustomStringFormat, format, regex, params);
}
const ZodNumber = /*@__PURE__*/ $constructor("ZodNumber", (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
    inst.isFinite = true;
}, 
/*@__PURE__*/ derived({
    minValue: (inst) => {
        const { minimum, exclusiveMinimum } = aggregateChecks(inst);
        return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
        const { maximum, exclusiveMaximum } = aggregateChecks(inst);
        return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
        const { isInt, multipleOf } = aggregateChecks(inst);
        return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    int(params) {
        return this.check(schemas_int(params));
    },
    safe(params) {
        return this.check(schemas_int(params));
    },
    positive(params) {
        return this.check(_gt(0, params));
    },
    nonnegative(params) {
        return this.check(_gte(0, params));
    },
    negative(params) {
        return this.check(_lt(0, params));
    },
    nonpositive(params) {
        return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
    step(value, params) {
        return this.check(_multipleOf(value, params));
    },
    finite() {
        return this;
    },
}));
function schemas_number(params) {
    return _number(ZodNumber, params);
}
const ZodNumberFormat = /*@__PURE__*/ $constructor("ZodNumberFormat", (inst, def) => {
    $ZodNumberFormat.init(inst, def);
    ZodNumber.init(inst, def);
});
function schemas_int(params) {
    return _int(ZodNumberFormat, params);
}
function float32(params) {
    return core._float32(ZodNumberFormat, params);
}
function float64(params) {
    return core._float64(ZodNumberFormat, params);
}
function int32(params) {
    return core._int32(ZodNumberFormat, params);
}
function uint32(params) {
    return core._uint32(ZodNumberFormat, params);
}
const ZodBoolean = /*@__PURE__*/ $constructor("ZodBoolean", (inst, def) => {
    $ZodBoolean.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json, params);
});
function schemas_boolean(params) {
    return _boolean(ZodBoolean, params);
}
const ZodBigInt = /*@__PURE__*/ $constructor("ZodBigInt", (inst, def) => {
    $ZodBigInt.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => bigintProcessor(inst, ctx, json, params);
}, 
/*@__PURE__*/ derived({
    minValue: (inst) => aggregateChecks(inst).minimum ?? null,
    maxValue: (inst) => aggregateChecks(inst).maximum ?? null,
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    positive(params) {
        return this.check(_gt(BigInt(0), params));
    },
    negative(params) {
        return this.check(_lt(BigInt(0), params));
    },
    nonpositive(params) {
        return this.check(_lte(BigInt(0), params));
    },
    nonnegative(params) {
        return this.check(_gte(BigInt(0), params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
}));
function schemas_bigint(params) {
    return core._bigint(ZodBigInt, params);
}
const ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodBigIntFormat", (inst, def) => {
    core.$ZodBigIntFormat.init(inst, def);
    ZodBigInt.init(inst, def);
})));
function int64(params) {
    return core._int64(ZodBigIntFormat, params);
}
function uint64(params) {
    return core._uint64(ZodBigIntFormat, params);
}
const ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSymbol", (inst, def) => {
    core.$ZodSymbol.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.symbolProcessor(inst, ctx, json, params);
})));
function symbol(params) {
    return core._symbol(ZodSymbol, params);
}
const ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodUndefined", (inst, def) => {
    core.$ZodUndefined.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.undefinedProcessor(inst, ctx, json, params);
})));
function schemas_undefined(params) {
    return core._undefined(ZodUndefined, params);
}

const ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodNull", (inst, def) => {
    core.$ZodNull.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.nullProcessor(inst, ctx, json, params);
})));
function schemas_null(params) {
    return core._null(ZodNull, params);
}

const ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodAny", (inst, def) => {
    core.$ZodAny.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.anyProcessor(inst, ctx, json, params);
})));
function any() {
    return core._any(ZodAny);
}
const ZodUnknown = /*@__PURE__*/ $constructor("ZodUnknown", (inst, def) => {
    $ZodUnknown.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor(inst, ctx, json, params);
});
function unknown() {
    return _unknown(ZodUnknown);
}
const ZodNever = /*@__PURE__*/ $constructor("ZodNever", (inst, def) => {
    $ZodNever.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json, params);
});
function never(params) {
    return _never(ZodNever, params);
}
const ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodVoid", (inst, def) => {
    core.$ZodVoid.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.voidProcessor(inst, ctx, json, params);
})));
function schemas_void(params) {
    return core._void(ZodVoid, params);
}

const ZodDate = /*@__PURE__*/ $constructor("ZodDate", (inst, def) => {
    $ZodDate.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => dateProcessor(inst, ctx, json, params);
    inst.min = (value, params) => inst.check(_gte(value, params));
    inst.max = (value, params) => inst.check(_lte(value, params));
}, 
/*@__PURE__*/ derived({
    minDate: (inst) => {
        const { minimum } = aggregateChecks(inst);
        return minimum ? new Date(minimum) : null;
    },
    maxDate: (inst) => {
        const { maximum } = aggregateChecks(inst);
        return maximum ? new Date(maximum) : null;
    },
}, {}));
function schemas_date(params) {
    return core._date(ZodDate, params);
}
const ZodArray = /*@__PURE__*/ $constructor("ZodArray", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodArray.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
    inst.element = def.element;
}, {
    min(n, params) {
        return this.check(_minLength(n, params));
    },
    nonempty(params) {
        return this.check(_minLength(1, params));
    },
    max(n, params) {
        return this.check(_maxLength(n, params));
    },
    length(n, params) {
        return this.check(_length(n, params));
    },
    unwrap() {
        return this.element;
    },
});
function array(element, params) {
    return _array(ZodArray, element, params);
}
// .keyof
function keyof(schema) {
    const shape = schema._zod.def.shape;
    return schemas_enum(Object.keys(shape));
}
const ZodObject = /*@__PURE__*/ $constructor("ZodObject", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodObjectJIT.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
    installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
    keyof() {
        return schemas_enum(Object.keys(this._zod.def.shape));
    },
    catchall(catchall) {
        // `mergeDefs` rather than a spread: spreading reads `shape`, and resolving it can mint a whole fresh subtree
        return this.clone(mergeDefs(this._zod.def, { catchall: catchall }));
    },
    passthrough() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    loose() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    strict() {
        return this.clone(mergeDefs(this._zod.def, { catchall: never() }));
    },
    strip() {
        return this.clone(mergeDefs(this._zod.def, { catchall: undefined }));
    },
    extend(incoming) {
        return extend(this, incoming);
    },
    safeExtend(incoming) {
        return safeExtend(this, incoming);
    },
    merge(other) {
        return merge(this, other);
    },
    pick(mask) {
        return pick(this, mask);
    },
    omit(mask) {
        return omit(this, mask);
    },
    partial(...args) {
        return partial(ZodOptional, this, args[0]);
    },
    exactPartial(...args) {
        return partial(ZodExactOptional, this, args[0], "exactPartial");
    },
    required(...args) {
        return required(ZodNonOptional, this, args[0]);
    },
});
function object(shape, params) {
    const def = {
        type: "object",
        shape: shape ?? {},
        ...normalizeParams(params),
    };
    return new ZodObject(def);
}
// strictObject
function strictObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: never(),
        ...util.normalizeParams(params),
    });
}
// looseObject
function looseObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: unknown(),
        ...normalizeParams(params),
    });
}
const ZodUnion = /*@__PURE__*/ $constructor("ZodUnion", (inst, def) => {
    $ZodUnion.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
});
function union(options, params) {
    return new ZodUnion({
        type: "union",
        options: options,
        ...normalizeParams(params),
    });
}
const ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodXor", (inst, def) => {
    ZodUnion.init(inst, def);
    core.$ZodXor.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
})));
/** Creates an exclusive union (XOR) where exactly one option must match.
 * Unlike regular unions that succeed when any option matches, xor fails if
 * zero or more than one option matches the input. */
function xor(options, params) {
    return new ZodXor({
        type: "union",
        options: options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
const ZodDiscriminatedUnion = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodDiscriminatedUnion", (inst, def) => {
    ZodUnion.init(inst, def);
    core.$ZodDiscriminatedUnion.init(inst, def);
})));
function discriminatedUnion(discriminator, options, params) {
    // const [options, params] = args;
    return new ZodDiscriminatedUnion({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
const ZodIntersection = /*@__PURE__*/ $constructor("ZodIntersection", (inst, def) => {
    $ZodIntersection.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
    return new ZodIntersection({
        type: "intersection",
        left: left,
        right: right,
    });
}
const ZodTuple = /*@__PURE__*/ $constructor("ZodTuple", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTuple.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => tupleProcessor(inst, ctx, json, params);
}, {
    rest(rest) {
        return this.clone({
            ...this._zod.def,
            rest: rest,
        });
    },
    partial() {
        const def = this._zod.def;
        // a refinement was authored against the full arity; partialing would run it on a shorter array
        if (def.checks?.length)
            throw new Error(".partial() cannot be used on tuple schemas containing refinements");
        return this.clone({
            ...def,
            items: def.items.map((item) => new ZodOptional({ type: "optional", innerType: item })),
        });
    },
});
function tuple(items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof core.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new ZodTuple({
        type: "tuple",
        items: items,
        rest,
        ...util.normalizeParams(params),
    });
}
const ZodRecord = /*@__PURE__*/ $constructor("ZodRecord", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodRecord.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
    // v3-compat: z.record(valueType, params?) — defaults keyType to z.string()
    if (!valueType || !valueType._zod) {
        return new ZodRecord({
            type: "record",
            keyType: schemas_string(),
            valueType: keyType,
            ...normalizeParams(valueType),
        });
    }
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...normalizeParams(params),
    });
}
// type alksjf = core.output<core.$ZodRecordKey>;
function partialRecord(keyType, valueType, params) {
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
        partial: true,
    });
}
function looseRecord(keyType, valueType, params) {
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        mode: "loose",
        ...util.normalizeParams(params),
    });
}
const ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMap", (inst, def) => {
    _ensureDefaultMemoizer();
    core.$ZodMap.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.mapProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
    inst.min = (...args) => inst.check(core._minSize(...args));
    inst.nonempty = (params) => inst.check(core._minSize(1, params));
    inst.max = (...args) => inst.check(core._maxSize(...args));
    inst.size = (...args) => inst.check(core._size(...args));
})));
function map(keyType, valueType, params) {
    return new ZodMap({
        type: "map",
        keyType: keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSet", (inst, def) => {
    _ensureDefaultMemoizer();
    core.$ZodSet.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.setProcessor(inst, ctx, json, params);
    inst.min = (...args) => inst.check(core._minSize(...args));
    inst.nonempty = (params) => inst.check(core._minSize(1, params));
    inst.max = (...args) => inst.check(core._maxSize(...args));
    inst.size = (...args) => inst.check(core._size(...args));
})));
function set(valueType, params) {
    return new ZodSet({
        type: "set",
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodEnum = /*@__PURE__*/ $constructor("ZodEnum", (inst, def) => {
    $ZodEnum.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json, params);
    inst.enum = def.entries;
    // reuse the parsed value set so a numeric TS enum's reverse-mapping keys stay out
    inst.options = [...inst._zod.values];
    const keys = new Set(Object.keys(def.entries));
    inst.extract = (values, params) => {
        const newEntries = {};
        for (const value of values) {
            if (keys.has(value)) {
                newEntries[value] = def.entries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
    inst.exclude = (values, params) => {
        const newEntries = { ...def.entries };
        for (const value of values) {
            if (keys.has(value)) {
                delete newEntries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
});
function schemas_enum(values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    return new ZodEnum({
        type: "enum",
        entries,
        ...normalizeParams(params),
    });
}

/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function nativeEnum(entries, params) {
    return new ZodEnum({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
const ZodLiteral = /*@__PURE__*/ $constructor("ZodLiteral", (inst, def) => {
    $ZodLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => literalProcessor(inst, ctx, json, params);
    inst.values = new Set(def.values);
    Object.defineProperty(inst, "value", {
        get() {
            if (def.values.length > 1) {
                throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
            }
            return def.values[0];
        },
    });
});
function literal(value, params) {
    return new ZodLiteral({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...normalizeParams(params),
    });
}
const ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodFile", (inst, def) => {
    core.$ZodFile.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.fileProcessor(inst, ctx, json, params);
    inst.min = (size, params) => inst.check(core._minSize(size, params));
    inst.max = (size, params) => inst.check(core._maxSize(size, params));
    inst.mime = (types, params) => inst.check(core._mime(Array.isArray(types) ? types : [types], params));
})));
function file(params) {
    return core._file(ZodFile, params);
}
const ZodTransform = /*@__PURE__*/ $constructor("ZodTransform", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTransform.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
    inst._zod.parse = (payload, _ctx) => {
        if (_ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(util_issue(issue, payload.value, def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = inst);
                // _issue.continue ??= true;
                payload.issues.push(util_issue(_issue));
            }
        };
        const output = def.transform(payload.value, payload);
        if (output instanceof Promise) {
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        payload.value = output;
        return payload;
    };
});
function transform(fn) {
    return new ZodTransform({
        type: "transform",
        transform: fn,
    });
}
const ZodOptional = /*@__PURE__*/ $constructor("ZodOptional", (inst, def) => {
    $ZodOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
    return new ZodOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodExactOptional = /*@__PURE__*/ $constructor("ZodExactOptional", (inst, def) => {
    $ZodExactOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
    return new ZodExactOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodNullable = /*@__PURE__*/ $constructor("ZodNullable", (inst, def) => {
    $ZodNullable.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
    return new ZodNullable({
        type: "nullable",
        innerType: innerType,
    });
}
// nullish
function schemas_nullish(innerType) {
    return optional(nullable(innerType));
}
const ZodDefault = /*@__PURE__*/ $constructor("ZodDefault", (inst, def) => {
    $ZodDefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeDefault = inst.unwrap;
});
function schemas_default(innerType, defaultValue) {
    return new ZodDefault({
        type: "default",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodPrefault = /*@__PURE__*/ $constructor("ZodPrefault", (inst, def) => {
    $ZodPrefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
    return new ZodPrefault({
        type: "prefault",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodNonOptional = /*@__PURE__*/ $constructor("ZodNonOptional", (inst, def) => {
    $ZodNonOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
    return new ZodNonOptional({
        type: "nonoptional",
        innerType: innerType,
        ...normalizeParams(params),
    });
}
const ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSuccess", (inst, def) => {
    core.$ZodSuccess.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.successProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
})));
function success(innerType) {
    return new ZodSuccess({
        type: "success",
        innerType: innerType,
    });
}
const ZodCatch = /*@__PURE__*/ $constructor("ZodCatch", (inst, def) => {
    $ZodCatch.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeCatch = inst.unwrap;
});
function schemas_catch(innerType, catchValue) {
    return new ZodCatch({
        type: "catch",
        innerType: innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : constantCatch(catchValue)),
    });
}

const ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodNaN", (inst, def) => {
    core.$ZodNaN.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.nanProcessor(inst, ctx, json, params);
})));
function nan(params) {
    return core._nan(ZodNaN, params);
}
const ZodPipe = /*@__PURE__*/ $constructor("ZodPipe", (inst, def) => {
    $ZodPipe.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
    inst.in = def.in;
    inst.out = def.out;
});
function pipe(in_, out) {
    return new ZodPipe({
        type: "pipe",
        in: in_,
        out: out,
        // ...util.normalizeParams(params),
    });
}
const ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCodec", (inst, def) => {
    ZodPipe.init(inst, def);
    core.$ZodCodec.init(inst, def);
})));
function codec(in_, out, params) {
    return new ZodCodec({
        type: "pipe",
        in: in_,
        out: out,
        transform: params.decode,
        reverseTransform: params.encode,
    });
}
function invertCodec(codec) {
    const def = codec._zod.def;
    return new ZodCodec({
        type: "pipe",
        in: def.out,
        out: def.in,
        transform: def.reverseTransform,
        reverseTransform: def.transform,
    });
}
const ZodPreprocess = /*@__PURE__*/ $constructor("ZodPreprocess", (inst, def) => {
    ZodPipe.init(inst, def);
    $ZodPreprocess.init(inst, def);
});
const ZodReadonly = /*@__PURE__*/ $constructor("ZodReadonly", (inst, def) => {
    $ZodReadonly.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
    return new ZodReadonly({
        type: "readonly",
        innerType: innerType,
    });
}
const ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodTemplateLiteral", (inst, def) => {
    core.$ZodTemplateLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.templateLiteralProcessor(inst, ctx, json, params);
})));
function templateLiteral(parts, params) {
    return new ZodTemplateLiteral({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
const ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodLazy", (inst, def) => {
    core.$ZodLazy.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.lazyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.getter();
})));
function lazy(getter) {
    return new ZodLazy({
        type: "lazy",
        getter: getter,
    });
}
const ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodPromise", (inst, def) => {
    core.$ZodPromise.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.promiseProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
})));
function promise(innerType) {
    return new ZodPromise({
        type: "promise",
        innerType: innerType,
    });
}
const ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodFunction", (inst, def) => {
    core.$ZodFunction.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.functionProcessor(inst, ctx, json, params);
})));
function _function(params) {
    return new ZodFunction({
        type: "function",
        input: Array.isArray(params?.input) ? tuple(params?.input) : (params?.input ?? array(unknown())),
        output: params?.output ?? unknown(),
    });
}

const ZodCustom = /*@__PURE__*/ $constructor("ZodCustom", (inst, def) => {
    $ZodCustom.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
// custom checks
function check(fn) {
    const ch = new core.$ZodCheck({
        check: "custom",
        // ...util.normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
function custom(fn, _params) {
    return core._custom(ZodCustom, fn ?? (() => true), _params);
}
function refine(fn, _params = {}) {
    return _refine(ZodCustom, fn, _params);
}
// superRefine
function superRefine(fn, params) {
    return _superRefine(fn, params);
}
// Re-export describe and meta from core
const schemas_describe = describe;
const schemas_meta = meta;
const ZodInstanceOf = /*@__PURE__*/ $constructor("ZodInstanceOf", (inst, def) => {
    ZodCustom.init(inst, def);
}, {
    properties(shape, params) {
        // asserts in place, so the narrowed output type is truthful without a wrapper
        return this.check(_properties(shape, params));
    },
});
function _instanceof(cls, params = {}) {
    const inst = new ZodInstanceOf({
        type: "custom",
        check: "custom",
        fn: (data) => data instanceof cls,
        abort: true,
        ...util.normalizeParams(params),
    });
    inst._zod.bag.Class = cls;
    // Override check to emit invalid_type instead of custom
    inst._zod.check = (payload) => {
        if (!(payload.value instanceof cls)) {
            payload.issues.push({
                code: "invalid_type",
                expected: cls.name,
                input: payload.value,
                inst,
                path: [...(inst._zod.def.path ?? [])],
            });
        }
    };
    return inst;
}

// stringbool
const stringbool = (...args) => core._stringbool({
    Codec: ZodCodec,
    Boolean: ZodBoolean,
    String: ZodString,
}, ...args);
function json(params) {
    const jsonSchema = lazy(() => {
        return union([schemas_string(params), schemas_number(), schemas_boolean(), schemas_null(), array(jsonSchema), record(schemas_string(), jsonSchema)]);
    });
    return jsonSchema;
}
// preprocess
function preprocess(fn, schema) {
    return new ZodPreprocess({
        type: "pipe",
        in: transform(fn),
        out: schema,
    });
}

;// CONCATENATED MODULE: ./src/core/session/events.ts
/**
 * The trace's events (docs/design.md §2) as one discriminated union, with zod readers: a
 * trace read back from disk (resume, recovery) is untrusted, so every payload is checked
 * before anything decides on it. Readers ignore phases they do not know and skip a line
 * that does not parse. The payload builders for an interrupted attempt live here, once.
 */


/** How a verify run ended (docs/design.md §1). */
const OutcomeSchema = schemas_enum(['success', 'failure', 'aborted']);
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
    /** Reserved for the flakiness policy, so readers know them before writers do: a test's quarantine applied or expired (§12). */
    'quarantine',
    /** a flaky gate's verdict (§12). */
    'gate'
];
/**
 * The readers' schemas, built on first use: only a resume or a recovery reads a trace
 * back, and building them costs start-up time every other run would pay for nothing.
 */
function buildSchemas() {
    const attemptNumber = schemas_number().int().min(1).max(1_000_000);
    const text = schemas_string().max(1_000_000);
    const exitCode = schemas_number().int().min(-2_147_483_648).max(4_294_967_295);
    // The exit code is `exit_code` here, as in the receipt's `commands` (docs/design.md §2);
    // traces written before that name was shared said `exit`, which is still accepted.
    const commandRecord = preprocess(value => value !== null && typeof value === 'object' && !('exit_code' in value) && 'exit' in value
        ? { ...value, exit_code: value.exit }
        : value, object({
        command: text,
        exit_code: exitCode.nullable(),
        signal: schemas_string().max(32).nullable(),
        timed_out: schemas_boolean(),
        duration_ms: schemas_number().nonnegative()
    }));
    const check = object({
        expectation: schemas_enum(['expect-exit', 'expect-stdout', 'expect-no-output', 'expect-file', 'expect-check', 'rerun']),
        ok: schemas_boolean(),
        detail: text
    });
    const payloads = {
        start: looseObject({ run_id: schemas_string().optional(), version: schemas_string().optional() }),
        decision: looseObject({ question: text, decision: array(text), expected: record(schemas_string(), unknown()) }),
        tool_call: looseObject({
            attempt: attemptNumber,
            commands: array(text),
            /** A rerun attempt: the failed tests it targets and the command it ran (a malformed one is read as absent). */
            rerun: object({ tests: array(schemas_string().max(4_000)).max(1_000), command: text })
                .optional()
                .catch(undefined)
        }),
        tool_result: looseObject({
            attempt: attemptNumber,
            ok: schemas_boolean(),
            /** The attempt's exit code: 124 on a timeout, 128+n for a signal, 130 when interrupted. */
            exit: exitCode,
            signal: schemas_string().max(32).optional(),
            timed_out: literal(true).optional(),
            interrupted: literal(true).optional(),
            duration_ms: schemas_number().nonnegative(),
            /** When the script started and ended; duration_ms is the time between (the checks come after). */
            started_at: schemas_string().max(64).optional(),
            ended_at: schemas_string().max(64).optional(),
            summary: text,
            commands: array(commandRecord).optional(),
            /** Whether stdout held expect-stdout's text: what a resumed run judges it by. */
            stdout_matched: schemas_boolean().optional(),
            /** With expect-no-output: the first line it matched (null: none did), what a resumed run judges it by. */
            forbidden_line: object({ line: schemas_number().int().min(1), text })
                .nullable()
                .optional(),
            output_matched: literal(true).optional()
        }),
        verify: looseObject({
            attempt: attemptNumber,
            ok: schemas_boolean(),
            check: array(check),
            detail: text,
            replayed: literal(true).optional(),
            /** What expect-check printed, summarized like tool_result's summary. */
            check_summary: text.optional()
        }),
        note: looseObject({
            /** What the note is about (session/notes.ts); absent in traces written before kinds. */
            kind: schemas_enum(NOTE_KINDS).optional(),
            message: text,
            /** On the note after a failed attempt: whether the loop goes on to another attempt. */
            retry: schemas_boolean().optional(),
            attempt: attemptNumber.optional(),
            /** On a guardrail refusal: the rule that matched. */
            rule: schemas_string().max(200).optional()
        }),
        end: looseObject({ outcome: OutcomeSchema, summary: text, flaky: literal(true).optional() })
    };
    const envelope = object({
        ts: schemas_string().max(64),
        skill: schemas_string().max(1_000),
        session_id: schemas_string().max(64),
        phase: schemas_string(),
        payload: unknown()
    });
    return { payloads, envelope };
}
let events_schemas;
const PHASES = ['start', 'decision', 'tool_call', 'tool_result', 'verify', 'note', 'end'];
function isPhase(phase) {
    return PHASES.includes(phase);
}
/** One parsed line as a typed event; undefined for a malformed line or an unknown phase. */
function parseTraceEvent(value) {
    events_schemas ??= buildSchemas();
    const head = events_schemas.envelope.safeParse(value);
    if (!head.success || !isPhase(head.data.phase))
        return undefined;
    const payload = events_schemas.payloads[head.data.phase].safeParse(head.data.payload);
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
        exit: INTERRUPTED_EXIT,
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

;// CONCATENATED MODULE: ./src/core/base/errors.ts
/**
 * Named errors. They are compared by `name`, not `instanceof`, so two bundled copies of
 * this module still recognise each other. Only these reach the user as one line; anything
 * else is a bug and is reported as such.
 */
/** Exit codes of the CLI (docs/design.md §1). */
const ExitCode = {
    success: 0,
    failure: 1,
    usage: 2,
    guardrail: 3,
    interrupted: 130
};
/** A user mistake in an input, flag or config file: one line, exit 2. */
class UsageError extends Error {
    name = 'UsageError';
}
/** A mistake in `.reverify/config.json`: one line, exit 2. */
class ConfigError extends Error {
    name = 'ConfigError';
}
/** The state directory's disk is full (ENOSPC, EDQUOT): one line, exit 2 (docs/design.md §6). */
class DiskFullError extends Error {
    name = 'DiskFullError';
}
/** True for errors that are the user's to fix (exit 2, no stack trace): an input, the config, a full disk. */
function errors_isUserError(error) {
    return error instanceof Error && (error.name === 'UsageError' || error.name === 'ConfigError' || error.name === 'DiskFullError');
}
/** One printable line for anything thrown, whatever it is. */
function errors_describeError(error) {
    if (error instanceof Error)
        return error.message.split('\n')[0] ?? error.name;
    return String(error);
}

;// CONCATENATED MODULE: ./src/core/base/printable.ts
/**
 * Values that reach a message can come from untrusted places (a cache, an event payload, a
 * file name), so they are shortened and their control characters escaped before printing.
 */
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/** The value cut to `maxChars` characters (with '…' when cut) and its control characters escaped. */
function printable(value, maxChars = 80) {
    const chars = Array.from(value);
    const cut = chars.length > maxChars ? `${chars.slice(0, maxChars).join('')}…` : value;
    return cut.replace(CONTROL_CHARS, char => {
        const code = char.charCodeAt(0);
        return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    });
}
/** Any value shown for a message: strings as they are, everything else as JSON, then `printable`. */
function printableValue(value, maxChars = 80) {
    if (typeof value === 'string')
        return printable(value, maxChars);
    let text;
    try {
        text = JSON.stringify(value) ?? String(value);
    }
    catch {
        text = String(value);
    }
    return printable(text, maxChars);
}
/** Shows a user value in a message: quoted, control characters escaped, long ones cut. */
function showValue(value) {
    const escaped = JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
    return `'${escaped.slice(1, -1).replace(/'/g, "\\'")}'`;
}

;// CONCATENATED MODULE: ./src/core/receipts/run-id.ts



/** A run id: the UTC start second, `-verify-`, and 6 random lowercase hex digits. */
const RUN_ID_PATTERN = /^\d{8}-\d{6}-verify-[0-9a-f]{6}$/;
const EXAMPLE_RUN_ID = '20261130-075100-verify-3fa9c2';
/** A new run id for a run started at `startedAt` (UTC): YYYYMMDD-HHMMSS-verify-<6 hex>. */
function newRunId(startedAt) {
    const iso = startedAt.toISOString(); // throws RangeError for an invalid date
    const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(iso);
    if (!match)
        throw new RangeError(`a run id needs a start time between years 0 and 9999, got ${iso}`);
    const [, year, month, day, hours, minutes, seconds] = match;
    return `${year}${month}${day}-${hours}${minutes}${seconds}-verify-${(0,external_node_crypto_namespaceObject.randomBytes)(3).toString('hex')}`;
}
/** True when `value` is a well-formed run id (and therefore safe to use as a path segment). */
function run_id_isRunId(value) {
    return typeof value === 'string' && RUN_ID_PATTERN.test(value);
}
/** Returns the id or throws UsageError: "<what>: '<value>' is not a run id (expected e.g. 20261130-075100-verify-3fa9c2)". Values are shown truncated to 80 chars and with control chars escaped. */
function requireRunId(value, what) {
    if (run_id_isRunId(value))
        return value;
    throw new UsageError(`${what}: '${printable(String(value))}' is not a run id (expected e.g. ${EXAMPLE_RUN_ID})`);
}

;// CONCATENATED MODULE: ./src/core/receipts/state-dir.ts






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
    return (0,external_node_path_namespaceObject.join)(stateDir, RUNS_DIR, requireRunId(runId, 'run id'));
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
            await requireRealDirectory((0,external_node_path_namespaceObject.join)(stateDir, name));
        }
        catch (error) {
            if (isErrorCode(error, 'ENOENT'))
                continue;
            throw new UsageError(`${errors_describeError(error)}; ${REAL_ONLY}`);
        }
    }
    if (!opts.gitignore)
        return;
    const path = (0,external_node_path_namespaceObject.join)(stateDir, '.gitignore');
    let current;
    try {
        current = await readRegularFile(path, 64 * 1024);
    }
    catch {
        return; // a symlink or something odd in its place: not ours to replace
    }
    if (current === GITIGNORE)
        return;
    if (current === undefined || current.startsWith(GITIGNORE_HEADER))
        await writeFileAtomic(path, GITIGNORE);
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
            const stats = current === path ? await (0,promises_namespaceObject.lstat)(current) : await (0,promises_namespaceObject.stat)(current);
            if (stats.isSymbolicLink())
                throw new UsageError(`${path} is a symbolic link; it is not followed; ${REAL_ONLY}`);
            if (!stats.isDirectory())
                throw cannotCreate(path, `${current} is not a directory`);
            break;
        }
        catch (error) {
            if (error instanceof UsageError)
                throw error;
            const parent = (0,external_node_path_namespaceObject.dirname)(current);
            if (!isErrorCode(error, 'ENOENT') || parent === current)
                throw cannotCreate(path, error);
            missing.push(current);
            current = parent;
        }
    }
    for (const folder of missing.reverse()) {
        try {
            await (0,promises_namespaceObject.mkdir)(folder);
        }
        catch (error) {
            if (!isErrorCode(error, 'EEXIST'))
                throw cannotCreate(path, error);
            await requireRealDirectory(folder).catch((problem) => {
                throw cannotCreate(path, problem);
            });
        }
    }
}
/** A state directory that takes no files (`/proc`, a read-only mount) is refused before the run starts, not halfway. */
async function requireWritable(path) {
    const probe = (0,external_node_path_namespaceObject.join)(path, `.write-check-${(0,external_node_crypto_namespaceObject.randomBytes)(6).toString('hex')}.tmp`);
    try {
        const handle = await (0,promises_namespaceObject.open)(probe, 'wx', 0o600);
        await handle.close();
        await (0,promises_namespaceObject.unlink)(probe);
    }
    catch (error) {
        throw new UsageError(`state-dir: ${path} cannot be written (${errors_describeError(error)}); ${WRITABLE}`);
    }
}
const WRITABLE = 'give a folder reverify can create and write files in';
function cannotCreate(path, problem) {
    return new UsageError(`state-dir: ${path} cannot be created (${errors_describeError(problem)}); ${WRITABLE}`);
}

;// CONCATENATED MODULE: ./src/core/base/ulid.ts

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
    const bytes = (0,external_node_crypto_namespaceObject.randomBytes)(16);
    let random = '';
    for (let i = 0; i < 16; i++)
        random += ALPHABET[bytes[i] % 32];
    return time + random;
}
/** Matches a ULID as produced by newUlid. */
const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

;// CONCATENATED MODULE: ./src/core/session/layout.ts
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
    return (0,external_node_path_namespaceObject.join)(stateDir, SESSIONS_DIR, startedAt.toISOString().slice(0, 10), nameSlug(name), sessionId);
}
/** Chooses a new session's id (a ULID) and directory (filed under the name's slug). */
function planSession(stateDir, name, startedAt) {
    const id = newUlid(startedAt.getTime());
    return { id, dir: sessionDirectory(stateDir, name, startedAt, id), startedAt };
}
/**
 * Whether `dir` is one of this state directory's sessions (`sessions/<date>/<folder>/<id>`)
 * reached through real directories only. A session path comes from a receipt or saved
 * state, both untrusted: `..`, another place, or a link on the way (which `resolve` does
 * not see) would let a recovery read or append to files elsewhere.
 */
async function isOwnSessionDir(stateDir, dir) {
    const root = (0,external_node_path_namespaceObject.resolve)(stateDir, SESSIONS_DIR);
    const target = (0,external_node_path_namespaceObject.resolve)(dir);
    if (!target.startsWith(root + external_node_path_namespaceObject.sep))
        return false;
    const steps = (0,external_node_path_namespaceObject.relative)(root, target).split(external_node_path_namespaceObject.sep);
    if (steps.length !== 3)
        return false;
    let path = root;
    for (const step of ['', ...steps]) {
        path = (0,external_node_path_namespaceObject.join)(path, step);
        // lstat: a symbolic link is not a directory here, whatever it points at.
        const info = await (0,promises_namespaceObject.lstat)(path).catch(() => undefined);
        if (info === undefined || !info.isDirectory())
            return false;
    }
    return true;
}

;// CONCATENATED MODULE: external "node:timers/promises"
const external_node_timers_promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:timers/promises");
;// CONCATENATED MODULE: ./src/core/session/reader.ts
/** Reading a session back (resume, recovery): bounded, no links followed, typed events only. */




/** Largest trace read back (a trace is a few lines per attempt). */
const MAX_TRACE_BYTES = 16 * 1024 * 1024;
/** A session's trace events as far as they parse (empty when there is no trace). */
async function readSessionTrace(sessionDir) {
    const text = await readRegularFile((0,external_node_path_namespaceObject.join)(sessionDir, SessionFile.trace), MAX_TRACE_BYTES);
    return text === undefined ? [] : parseTraceLines(text);
}

;// CONCATENATED MODULE: ./src/core/process/crashed-groups.ts
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
        const identity = identifyGroup(group.pgid, group.started);
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
        let now = identifyGroup(group.pgid, group.started);
        while (stillOurs(now) && Date.now() < deadline) {
            await (0,external_node_timers_promises_namespaceObject.setTimeout)(POLL_MS);
            now = identifyGroup(group.pgid, group.started);
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
    if (sessionDir === undefined || !(await isOwnSessionDir(stateDir, (0,external_node_path_namespaceObject.resolve)(sessionDir))))
        return [];
    return endRecordedGroups(recordedGroups(await readSessionTrace((0,external_node_path_namespaceObject.resolve)(sessionDir))), graceMs);
}
/**
 * The variable every command of a run gets (docs/design.md §6): its run id. A process the
 * crashed attempt started in the moment before its group reached the trace is still found
 * by it, on Linux, where /proc/<pid>/environ shows the environment a process started with.
 */
const RUN_MARKER_VAR = 'REVERIFY_RUN_ID';
/** Live processes of this user whose environment carries the run's marker (Linux; none elsewhere). */
function markedProcesses(runId) {
    return processesWithEnv(RUN_MARKER_VAR, runId);
}
/**
 * Ends the processes that carry a crashed run's marker and outlived it: SIGTERM, then
 * SIGKILL after `graceMs`, each only while its start time still matches. Returns how many.
 */
async function endMarkedProcesses(runId, graceMs) {
    const marked = markedProcesses(runId);
    const same = (process) => processStartTime(process.pid) === process.started;
    for (const target of marked)
        if (same(target))
            signalProcess(target.pid, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (marked.some(same) && Date.now() < deadline)
        await (0,external_node_timers_promises_namespaceObject.setTimeout)(POLL_MS);
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

;// CONCATENATED MODULE: ./src/core/session/notes.ts

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
    const rel = (0,external_node_path_namespaceObject.relative)(base, path);
    if (rel === '' || (0,external_node_path_namespaceObject.isAbsolute)(rel))
        return undefined;
    const parts = rel.split(external_node_path_namespaceObject.sep);
    const up = parts.findIndex(part => part !== '..');
    if (up === -1)
        return undefined;
    // Every part but the last is a folder the kernel would pass through.
    for (let i = up; i < parts.length - 1; i++) {
        const stats = await (0,promises_namespaceObject.lstat)((0,external_node_path_namespaceObject.join)(base, ...parts.slice(0, i + 1))).catch(() => undefined);
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
            const items = await (0,promises_namespaceObject.readdir)(dir, { withFileTypes: true });
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
                    await walk((0,external_node_path_namespaceObject.join)(dir, item.name), segments, index, depth + 1);
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
            const path = (0,external_node_path_namespaceObject.join)(dir, item.name);
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
            const path = (0,external_node_path_namespaceObject.resolve)(base, raw);
            const link = await linkedFolder(base, path);
            if (link !== undefined) {
                refused.push({ pattern: raw, link });
                continue;
            }
            const stats = await (0,promises_namespaceObject.lstat)(path).catch(() => undefined);
            if (stats?.isFile() && !full())
                found.add(path);
            continue;
        }
        const root = (0,external_node_path_namespaceObject.resolve)(base, segments.slice(0, firstGlob).join('/') || '.');
        // The root itself is checked below (it must be a real folder); the folders above it here.
        const link = await linkedFolder(base, (0,external_node_path_namespaceObject.join)(root, '_'));
        if (link !== undefined) {
            refused.push({ pattern: raw, link });
            continue;
        }
        const rootStats = await (0,promises_namespaceObject.lstat)(root).catch(() => undefined);
        if (!rootStats?.isDirectory())
            continue;
        await walk(root, segments.slice(firstGlob).filter(segment => segment !== ''), 0, 0);
    }
    return { files: [...found].sort(), truncated, refused };
}

// EXTERNAL MODULE: ./node_modules/saxes/saxes.js
var saxes = __nccwpck_require__(800);
;// CONCATENATED MODULE: ./src/core/test-results/xml-caps.ts
/**
 * Bounds what an XML parser has to hold (docs/design.md §1 "Test results"): a streaming parser still
 * gathers each text node, CDATA section, comment and attribute value whole before it hands
 * it on, so one 60 MB `<system-out>` would be one 60 MB string. This filter sits in front of
 * the parser and passes the markup through unchanged while it cuts every such run to its
 * first `maxRun` characters. Entity references are passed whole or not at all, so a cut never
 * makes a well-formed document malformed; comment bodies are dropped (nobody reads them).
 * A start tag is gathered whole too, attributes and all, so its attributes are counted and
 * measured on the way: past a cap the filter throws an XmlCapError and the file is refused.
 */
const CDATA_OPEN = '<![CDATA[';
const COMMENT_OPEN = '<!--';
/** The longest entity reference passed on (`&#x10FFFF;` and every name JUnit files use fit). */
const MAX_ENTITY = 32;
const ENTITY_CHAR = /[#A-Za-z0-9_.:-]/;
const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const BRACKET = 0x5d;
/**
 * The index of the first character at or after `from` that ends a plain run in `state`
 * (chunk.length when none does): everything before it is copied in one slice. A plain
 * loop over char codes, because this runs over every byte of every results file.
 */
function runEnd(chunk, from, state) {
    let i = from;
    const length = chunk.length;
    switch (state) {
        case 'text':
            for (; i < length; i++) {
                const code = chunk.charCodeAt(i);
                if (code === LT || code === AMP)
                    break;
            }
            return i;
        case 'value':
            for (; i < length; i++) {
                const code = chunk.charCodeAt(i);
                if (code === QUOTE || code === APOSTROPHE || code === AMP)
                    break;
            }
            return i;
        case 'tag':
            for (; i < length; i++) {
                const code = chunk.charCodeAt(i);
                if (code === GT || code === QUOTE || code === APOSTROPHE)
                    break;
            }
            return i;
        case 'cdata':
            for (; i < length; i++)
                if (chunk.charCodeAt(i) === BRACKET)
                    break;
            return i;
    }
}
/** No limit beyond the run cut. */
const UNCAPPED = { attributes: Infinity, tagChars: Infinity, fileChars: Infinity };
/** A cap the document broke; the message is one line saying which. */
class XmlCapError extends Error {
    name = 'XmlCapError';
}
const count = (value) => value.toLocaleString('en-US');
/** Streams XML text through, cutting long text, CDATA, attribute values, comments and declarations. */
class XmlRunCapper {
    maxRun;
    caps;
    state = 'text';
    /** Characters passed in the current run (text, value, CDATA, tag, declaration). */
    run = 0;
    /** The start of markup seen so far while it is not yet known what it opens. */
    opening = '';
    quote = '';
    /** An entity reference being read; passed on only when complete and within the cap. */
    entity = '';
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
    constructor(maxRun, caps = UNCAPPED) {
        this.maxRun = maxRun;
        this.caps = caps;
    }
    /** Filters the next piece of the document. */
    push(chunk) {
        const out = [];
        // When nothing was held over, cut or held back, the output is the chunk itself.
        const clean = this.opening === '' && this.entity === '' && this.closers === 0;
        const dropped = this.dropped;
        let i = 0;
        while (i < chunk.length) {
            switch (this.state) {
                case 'text':
                case 'value': {
                    if (this.entity !== '') {
                        i = this.readEntity(chunk, i, out);
                        break;
                    }
                    const end = runEnd(chunk, i, this.state);
                    this.copy(chunk, i, end, out);
                    i = end;
                    if (i === chunk.length)
                        break;
                    const char = chunk[i];
                    i++;
                    if (char === '&')
                        this.entity = '&';
                    else if (char === '<') {
                        this.state = 'open';
                        this.opening = '<';
                    }
                    else if (char === this.quote) {
                        out.push(char);
                        this.state = 'tag';
                        this.run = 0;
                    }
                    else
                        this.copy(char, 0, 1, out);
                    break;
                }
                case 'open':
                    i = this.readOpening(chunk, i, out);
                    break;
                case 'tag': {
                    const end = runEnd(chunk, i, 'tag');
                    this.copy(chunk, i, end, out);
                    i = end;
                    if (i === chunk.length)
                        break;
                    const char = chunk[i++];
                    out.push(char);
                    if (char === '>')
                        this.enter('text');
                    else {
                        if (this.startTag && ++this.tagAttributes > this.caps.attributes)
                            throw new XmlCapError(`a tag has more than ${count(this.caps.attributes)} attributes`);
                        this.quote = char;
                        this.enter('value');
                    }
                    break;
                }
                case 'cdata':
                    i = this.readCdata(chunk, i, out);
                    break;
                case 'comment':
                case 'pi': {
                    const char = chunk[i++];
                    const closer = this.state === 'comment' ? '-' : '?';
                    if (char === '>' && this.closers >= (this.state === 'comment' ? 2 : 1)) {
                        if (this.state === 'pi')
                            this.copy('?'.repeat(this.closers - 1), 0, this.closers - 1, out);
                        out.push(this.state === 'comment' ? '-->' : '?>');
                        this.enter('text');
                    }
                    else if (char === closer)
                        this.closers++;
                    else if (this.state === 'comment') {
                        // Comment bodies are never read: drop them whole.
                        this.dropped += this.closers + 1;
                        this.closers = 0;
                    }
                    else {
                        this.copy('?'.repeat(this.closers) + char, 0, this.closers + 1, out);
                        this.closers = 0;
                    }
                    break;
                }
                case 'decl': {
                    const char = chunk[i++];
                    if (char === '[')
                        this.depth++;
                    else if (char === ']')
                        this.depth = Math.max(0, this.depth - 1);
                    if (char === '>' && this.depth === 0) {
                        out.push(char);
                        this.enter('text');
                    }
                    else
                        this.copy(char, 0, 1, out);
                    break;
                }
            }
        }
        const unchanged = clean && this.dropped === dropped && this.opening === '' && this.entity === '' && this.closers === 0;
        return unchanged ? chunk : out.join('');
    }
    /** What is left at the end of the input (an unfinished opening or entity, cut or not). */
    end() {
        const rest = this.opening + this.entity;
        this.opening = '';
        this.entity = '';
        return rest;
    }
    enter(state) {
        this.state = state;
        this.run = 0;
        this.closers = 0;
    }
    /** Copies chunk[from, to) within the run's cap, counting what is cut. */
    copy(chunk, from, to, out) {
        if (to <= from)
            return;
        const room = Math.max(0, this.maxRun - this.run);
        let take = Math.min(room, to - from);
        // Never split a surrogate pair at the cut.
        if (take > 0 && take < to - from && isHighSurrogate(chunk.charCodeAt(from + take - 1)))
            take--;
        if (take > 0) {
            out.push(chunk.slice(from, from + take));
            if (this.startTag && (this.state === 'tag' || this.state === 'value'))
                this.countTag(take);
        }
        this.run += take;
        this.dropped += to - from - take;
        if (take < to - from)
            this.run = this.maxRun;
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
            if (char === ';') {
                this.entity += char;
                const whole = this.entity;
                this.entity = '';
                if (this.run + whole.length <= this.maxRun) {
                    out.push(whole);
                    if (this.startTag && this.state === 'value')
                        this.countTag(whole.length);
                    this.run += whole.length;
                }
                else {
                    this.dropped += whole.length;
                    this.run = this.maxRun;
                }
                return i + 1;
            }
            if (!ENTITY_CHAR.test(char) || this.entity.length >= MAX_ENTITY) {
                // Not an entity reference: the parser will say so; pass it on as it is.
                out.push(this.entity);
                this.run += this.entity.length;
                this.entity = '';
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
            if (seen === COMMENT_OPEN)
                this.opened(seen, 'comment', out);
            else if (seen === CDATA_OPEN)
                this.opened(seen, 'cdata', out);
            else if (COMMENT_OPEN.startsWith(seen) || CDATA_OPEN.startsWith(seen))
                continue;
            else if (seen.startsWith('<?'))
                this.opened(seen, 'pi', out);
            else if (seen.startsWith('<!'))
                this.opened(seen, 'decl', out);
            else {
                // An element's tag: its last character belongs to the tag state (it may be `>` or `/`).
                this.opened(seen.slice(0, -1), 'tag', out);
                this.startTag = !seen.endsWith('/');
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
        this.opening = '';
        this.depth = 0;
        this.enter(state);
    }
    readCdata(chunk, i, out) {
        while (i < chunk.length) {
            if (this.closers === 0) {
                const end = runEnd(chunk, i, 'cdata');
                this.copy(chunk, i, end, out);
                i = end;
                if (i === chunk.length)
                    return i;
            }
            const char = chunk[i++];
            if (char === ']') {
                this.closers++;
                continue;
            }
            if (char === '>' && this.closers >= 2) {
                this.copy(']'.repeat(this.closers - 2), 0, this.closers - 2, out);
                out.push(']]>');
                this.enter('text');
                return i;
            }
            this.copy(']'.repeat(this.closers), 0, this.closers, out);
            this.closers = 0;
            this.copy(char, 0, 1, out);
        }
        return i;
    }
}
function isHighSurrogate(code) {
    return code >= 0xd800 && code <= 0xdbff;
}

;// CONCATENATED MODULE: ./src/core/test-results/junit-parser.ts
/**
 * One JUnit XML file read as a stream (docs/design.md §1 "Test results"): saxes parses it after
 * xml-caps.ts has cut every long text run and counted every tag's attributes, so memory stays
 * bounded whatever the file's size. The file is read a chunk at a time, each read a turn of
 * the event loop, and an abort signal stops the reading between chunks. No DTD is processed
 * and no entity beyond XML's five is expanded: a file with a DOCTYPE is refused (it is the
 * only way to declare one), before anything in it is read. Each test case is handed to a
 * callback as soon as it closes; nothing else of the file is kept.
 */





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
/** A reason that stops the parse early (not an XML error). */
class Refusal extends Error {
    name = 'Refusal';
}
const ROOTS = new Set(['testsuites', 'testsuite']);
const CHUNK_BYTES = 64 * 1024;
const GENERIC_MESSAGE = /^(failed|failure|error)$/i;
/** `go test -v`'s own bookkeeping lines inside a failure's text. */
const RUNNER_LINE = /^\s*(=== (RUN|PAUSE|CONT)|--- (FAIL|PASS|SKIP):)/;
/** Seconds (as JUnit writes them) to whole milliseconds; undefined when not a number. */
function durationOf(time) {
    if (time === undefined || time.trim() === '')
        return undefined;
    const seconds = Number(time.replace(/,/g, ''));
    return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : undefined;
}
function lineOf(text) {
    if (text === undefined || !/^\s*\d{1,9}\s*$/.test(text))
        return undefined;
    return Number(text);
}
function firstLines(text, max) {
    const trimmed = text.trim();
    return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
}
/** Builds the parser's event handlers: a small state machine over the JUnit elements. */
function junitHandlers(limits, onTest) {
    const suites = [];
    let depth = 0;
    let root = true;
    let open;
    let count = 0;
    const opentag = (tag) => {
        depth++;
        if (depth > limits.maxDepth)
            throw new Refusal(`ignored: elements nested deeper than ${limits.maxDepth}`);
        const attrs = tag.attributes;
        if (root) {
            root = false;
            if (!ROOTS.has(tag.name))
                throw new Refusal(`ignored: not JUnit XML (the root element is <${tag.name.slice(0, 40)}>, not <testsuites> or <testsuite>)`);
        }
        switch (tag.name) {
            case 'testsuite':
                suites.push(attrs.name ?? '');
                return;
            case 'testcase': {
                const file = attrs.file ?? attrs.filepath;
                const line = lineOf(attrs.line);
                const durationMs = durationOf(attrs.time);
                open = {
                    test: {
                        suite: suites[suites.length - 1] ?? '',
                        name: (attrs.name ?? '').slice(0, 1_000),
                        classname: (attrs.classname ?? attrs.class ?? '').slice(0, 1_000),
                        ...(file !== undefined && file !== '' && { file: file.slice(0, 4_096) }),
                        ...(line !== undefined && { line }),
                        outcome: 'passed',
                        ...(durationMs !== undefined && { durationMs })
                    },
                    detail: '',
                    inResult: false
                };
                return;
            }
            case 'failure':
            case 'error':
                if (open === undefined)
                    return;
                // A second failure of the same test (some tools write one per assertion) keeps the first.
                if (open.test.outcome === 'failed' || open.test.outcome === 'error')
                    return;
                open.test.outcome = tag.name === 'failure' ? 'failed' : 'error';
                if (attrs.message !== undefined && attrs.message.trim() !== '')
                    open.test.message = firstLines(attrs.message, limits.maxMessage);
                open.inResult = true;
                return;
            case 'skipped':
                if (open !== undefined && open.test.outcome === 'passed')
                    open.test.outcome = 'skipped';
                return;
        }
    };
    const closetag = (tag) => {
        depth--;
        if (tag.name === 'testsuite')
            suites.pop();
        else if ((tag.name === 'failure' || tag.name === 'error') && open !== undefined)
            open.inResult = false;
        else if (tag.name === 'testcase' && open !== undefined) {
            const { test, detail } = open;
            if (detail.trim() !== '') {
                test.detail = firstLines(detail, limits.maxDetail);
                // Go's converters write message="Failed": the first line that says something is better.
                if (test.message === undefined || GENERIC_MESSAGE.test(test.message)) {
                    const telling = test.detail.split('\n').find(line => line.trim() !== '' && !RUNNER_LINE.test(line));
                    if (telling !== undefined)
                        test.message = firstLines(telling, limits.maxMessage);
                }
            }
            open = undefined;
            count++;
            onTest(test);
        }
    };
    // Only a failure's or error's own text is kept (never <system-out>), up to its cap.
    const text = (value) => {
        if (open === undefined || !open.inResult || open.detail.length >= limits.maxDetail)
            return;
        open.detail += value.slice(0, limits.maxDetail - open.detail.length + 1);
    };
    return { opentag, closetag, text, count: () => count };
}
/** The outcome of a read that `signal` stopped before the end. */
const INTERRUPTED = { ok: false, reason: 'ignored: reading was interrupted' };
/**
 * Reads one JUnit XML file, calling `onTest` for each test case. Never throws for the
 * file's content or a read error: the outcome says why the file was ignored. The file is
 * opened without following a link or blocking on a FIFO, and must be a regular file.
 * Once `signal` is aborted the reading stops at the next chunk (INTERRUPTED).
 */
async function parseJUnitFile(path, onTest, limits = DEFAULT_LIMITS, signal) {
    let handle;
    try {
        handle = await (0,promises_namespaceObject.open)(path, external_node_fs_namespaceObject.constants.O_RDONLY | external_node_fs_namespaceObject.constants.O_NOFOLLOW | external_node_fs_namespaceObject.constants.O_NONBLOCK);
    }
    catch (error) {
        return { ok: false, reason: `ignored: cannot be opened (${error.code ?? 'error'})` };
    }
    try {
        if (!(await handle.stat()).isFile())
            return { ok: false, reason: 'ignored: not a regular file' };
        const parser = new saxes/* SaxesParser */.wT({ xmlns: false, position: true });
        const capper = new XmlRunCapper(limits.maxRun, {
            attributes: limits.maxAttributes,
            tagChars: limits.maxTagChars,
            fileChars: limits.maxAttributeChars
        });
        const handlers = junitHandlers(limits, onTest);
        let failure;
        parser.on('error', error => {
            failure ??= `ignored: not well-formed XML (${error.message.replace(/\s+/g, ' ').slice(0, 200)})`;
        });
        parser.on('doctype', () => {
            throw new Refusal('ignored: it has a DOCTYPE, and reverify reads no DTD and expands no entity');
        });
        parser.on('opentag', handlers.opentag);
        parser.on('closetag', handlers.closetag);
        parser.on('text', handlers.text);
        parser.on('cdata', handlers.text);
        const decoder = new external_node_string_decoder_namespaceObject.StringDecoder('utf8');
        let first = true;
        const feed = (text) => {
            if (first && text !== '') {
                first = false;
                if (text.charCodeAt(0) === 0xfeff)
                    text = text.slice(1);
            }
            const filtered = capper.push(text);
            if (filtered !== '')
                parser.write(filtered);
        };
        try {
            const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
            for (;;) {
                // Each read lets the event loop turn, so a signal's handler runs between two chunks.
                if (signal?.aborted)
                    return INTERRUPTED;
                const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
                if (bytesRead === 0)
                    break;
                feed(decoder.write(buffer.subarray(0, bytesRead)));
                if (failure !== undefined)
                    return { ok: false, reason: failure };
            }
            feed(decoder.end());
            const rest = capper.end();
            if (rest !== '')
                parser.write(rest);
            parser.close();
        }
        catch (error) {
            if (error instanceof Refusal)
                return { ok: false, reason: error.message };
            if (error instanceof XmlCapError)
                return { ok: false, reason: `ignored: ${error.message}` };
            failure ??= `ignored: cannot be read (${error instanceof Error ? error.message.slice(0, 200) : 'error'})`;
        }
        if (failure !== undefined)
            return { ok: false, reason: failure };
        if (first)
            return { ok: false, reason: 'ignored: the file is empty' };
        return { ok: true, tests: handlers.count() };
    }
    finally {
        await handle.close();
    }
}

;// CONCATENATED MODULE: external "node:url"
const external_node_url_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");
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
        return (0,external_node_fs_namespaceObject.realpathSync)(path);
    }
    catch {
        return undefined;
    }
}
function inside(root, path) {
    const rel = (0,external_node_path_namespaceObject.relative)(root, path);
    return rel !== '' && !rel.startsWith('..') && !(0,external_node_path_namespaceObject.isAbsolute)(rel) ? rel : undefined;
}
/** The workspace-relative name of a regular file the output's `path` names, if it is one inside. */
function workspaceFile(path, base, realWorkspace) {
    let name = path;
    if (name.startsWith('file://')) {
        try {
            name = (0,external_node_url_namespaceObject.fileURLToPath)(name);
        }
        catch {
            return undefined;
        }
    }
    // Never follow the output out of the workspace, even when it would come back in.
    if (name.includes('\0') || name.split(/[\\/]/).includes('..'))
        return undefined;
    const workspace = (0,external_node_path_namespaceObject.resolve)(base.workspace);
    const tries = (0,external_node_path_namespaceObject.isAbsolute)(name) ? [name] : [(0,external_node_path_namespaceObject.resolve)(base.workingDirectory ?? workspace, name), (0,external_node_path_namespaceObject.resolve)(workspace, name)];
    for (const candidate of tries) {
        // An absolute path may be spelled through the workspace's real path (a linked temp dir).
        const rel = inside(workspace, candidate) ?? inside(realWorkspace, candidate);
        if (rel === undefined)
            continue;
        const real = realOrNothing(candidate);
        if (real === undefined || inside(realWorkspace, real) === undefined)
            continue;
        if (!(0,external_node_fs_namespaceObject.statSync)(real).isFile())
            continue;
        return rel.split(external_node_path_namespaceObject.sep).join('/');
    }
    return undefined;
}
/**
 * The first `path:line[:col]` in `text` naming a file inside the workspace (for a python
 * traceback, its last such frame: the innermost call); nothing if none does.
 */
function locateInText(text, base) {
    const realWorkspace = realOrNothing((0,external_node_path_namespaceObject.resolve)(base.workspace));
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
    const realWorkspace = realOrNothing((0,external_node_path_namespaceObject.resolve)(base.workspace));
    return realWorkspace === undefined ? undefined : workspaceFile(path, base, realWorkspace);
}

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
    return { file, ...(line !== undefined && line >= 1 && { line }) };
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
        warnings: []
    };
    const shown = (path) => (0,external_node_path_namespaceObject.relative)(request.workingDirectory, path).split(external_node_path_namespaceObject.sep).join('/');
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
        const stats = await (0,promises_namespaceObject.lstat)(path).catch(() => undefined);
        if (stats === undefined || stats.mtimeMs + CLOCK_SLACK_MS < request.sinceMs)
            continue;
        // Staged per file: a file that turns out bad adds nothing.
        const staged = { total: 0, passed: 0, failed: 0, errors: 0, skipped: 0, failedTests: [], recovered: [] };
        const outcome = await parseJUnitFile(path, test => {
            staged.total++;
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
        }, request.limits?.parse ?? DEFAULT_LIMITS, request.signal);
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
    }
    tests.recovered = [...recovered].slice(0, MAX_TESTS_LISTED);
    return tests;
}
function failedTest(test, base) {
    const place = locateTest(test, base);
    return {
        name: testName(test),
        caseName: test.name.slice(0, MAX_TEST_NAME),
        classname: test.classname.slice(0, MAX_TEST_NAME),
        outcome: test.outcome === 'error' ? 'error' : 'failed',
        ...(place.file !== undefined && { file: place.file }),
        ...(place.line !== undefined && { line: place.line }),
        ...(test.message !== undefined && { message: test.message }),
        ...(test.durationMs !== undefined && { durationMs: test.durationMs })
    };
}

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
        warnings: tests.warnings
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
        tests = await readAttemptTests({ patterns, workingDirectory: settings.workingDirectory, sinceMs: startedMs, watch, signal });
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

;// CONCATENATED MODULE: ./src/core/shell/lexer.ts
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

;// CONCATENATED MODULE: ./src/core/shell/tokenize.ts
/**
 * shell-quote's reading of one command, with environment references kept as references
 * instead of expanded: command identity renders these tokens canonically, and the guardrail
 * reads its word lists from them. The text is prepared first, by the shared lexer's rules,
 * where shell-quote would read it differently from a shell.
 */



// Variables are swapped for numbered placeholders while parsing, so a reference can be told
// apart from the same text written literally. The random tag keeps user text from
// imitating a placeholder.
const PLACEHOLDER_TAG = `\u0000${(0,external_node_crypto_namespaceObject.randomBytes)(8).toString('hex')}\u0000`;
const PLACEHOLDER_SPLIT = new RegExp(`${PLACEHOLDER_TAG}(\\d+)${PLACEHOLDER_TAG}`);
/** shell-quote's tokens for a command, `$VAR` kept literal; undefined when shell-quote cannot parse it (a bad `${…}`). */
function tokenize(command) {
    const prepared = prepareForParse(command);
    const names = [];
    let entries;
    try {
        entries = (0,shell_quote.parse)(prepared.text, (name) => {
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
    const parens = new SubstitutionParens();
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
            end = closingSingleQuote(command, index + 1) + 1;
        }
        else if (char === '"') {
            end = closingQuote(command, index + 1, '"') + 1;
        }
        else if (char === '$' && command[index + 1] === "'") {
            end = closingQuote(command, index + 2, "'") + 1;
        }
        else if (char === '$' && command[index + 1] === '{') {
            end = closingBrace(command, index + 2) + 1;
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
            if (opensComment(command, index, parens))
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
        while (i < text.length && breaksWord(text[i]))
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
    while (i < text.length && !breaksWord(text[i])) {
        const char = text[i];
        const next = text[i + 1];
        if (char === '\\')
            i += 2;
        else if (char === "'")
            i = afterClose(text, closingSingleQuote(text, i + 1));
        else if (char === '"' || char === '`')
            i = afterClose(text, closingQuote(text, i + 1, char));
        else if (char === '$' && next === "'")
            i = afterClose(text, closingQuote(text, i + 2, "'"));
        else if (char === '$' && next === '{')
            i = afterClose(text, closingBrace(text, i + 2));
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
    const tokenized = tokenize(text);
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
            i = lineEnd(sql, i);
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
    while (i < text.length && !breaksWord(text[i])) {
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
            const end = lineEnd(script, start);
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
    const parens = new SubstitutionParens();
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
        const close = closingParen(script, at + 2);
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
            i = Math.min(lineEnd(script, close) + 1, script.length);
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
            i = afterClose(script, closingSingleQuote(script, i + 1));
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
            i = afterClose(script, closingQuote(script, i + 2, "'"));
        }
        else if (char === '#' && opensComment(script, i, parens)) {
            const end = lineEnd(script, i);
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
    const close = closingQuote(text, from, '`');
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
            const close = closingParen(text, i + 2);
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

;// CONCATENATED MODULE: ./src/core/reruns/template.ts
/** The placeholders a template may use. */
const PLACEHOLDERS = ['files', 'names', 'pattern', 'ids', 'packages'];
// `{word}` not preceded by `$` (so `${HOME}` stays the shell's).
const PLACEHOLDER = /(?<!\$)\{([a-z]+)\}/g;
/** The placeholders a template uses, in order of first use; throws a one-line message for an unknown one or none. */
function templatePlaceholders(template) {
    const used = [];
    for (const match of template.matchAll(PLACEHOLDER)) {
        const word = match[1];
        if (!PLACEHOLDERS.includes(word)) {
            throw new Error(`{${word}} is not a placeholder; use {files}, {names}, {pattern}, {ids} or {packages}`);
        }
        if (!used.includes(word))
            used.push(word);
    }
    if (used.length === 0)
        throw new Error('the template has no placeholder; use {files}, {names}, {pattern}, {ids} or {packages}');
    return used;
}
/** Shells whose quoting a template's values can be given. */
function quotingFor(shell) {
    if (shell.kind === 'bash' || shell.kind === 'sh')
        return posixQuote;
    if (shell.kind === 'pwsh' || shell.kind === 'powershell')
        return powershellQuote;
    return undefined;
}
/**
 * One word for a POSIX shell: inside single quotes nothing is special but the quote itself,
 * which is closed, escaped and reopened. Newlines stay inside the quotes.
 */
function posixQuote(value) {
    return `'${value.replace(/'/g, `'\\''`)}'`;
}
/** One word for PowerShell: single quotes, each quote doubled (its typographic quotes too). */
function powershellQuote(value) {
    return `'${value.replace(/['\u2018\u2019\u201a\u201b]/g, quote => `${quote}${quote}`)}'`;
}
/** A regular expression's metacharacters escaped, so the text matches only itself. */
function escapeRegExp(text) {
    return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}
/**
 * One anchored expression that matches exactly these names and nothing else. vitest writes a
 * test's name as its describe blocks and title joined by ` > ` but its `-t` matches them
 * joined by spaces, so a name holding ` > ` also matches with spaces in their place.
 */
function template_exactPattern(names) {
    const spellings = names.flatMap(name => (name.includes(' > ') ? [name, name.split(' > ').join(' ')] : [name]));
    return `^(?:${[...new Set(spellings)].map(escapeRegExp).join('|')})$`;
}
/** A test's file as a word that cannot be read as an option (`-x.test.js` becomes `./-x.test.js`). */
function fileWord(file) {
    return file.startsWith('-') ? `./${file}` : file;
}
const PYTEST_CLASS = /^[A-Z]/;
/**
 * A pytest-style id, `file::Class::name`. pytest's class name is the test's node id with
 * `/` and `::` turned into dots and `.py` dropped (`tests/test_api.py::TestUser` is
 * `tests.test_api.TestUser`), relative to its rootdir; classes are the trailing parts
 * starting with an uppercase letter. The file is the target's own when the class name
 * spells it (or its tail, when pytest ran below the working directory), else the module
 * path the class name spells: a failure's stack may end in a helper module, not the test's.
 */
function testId(target) {
    const { file, caseName } = target;
    const parts = target.classname.split('.');
    const dotted = target.classname !== '' && parts.every(part => /^\w+$/.test(part));
    if (file !== undefined && !(dotted && file.endsWith('.py'))) {
        const className = parts.at(-1);
        return [fileWord(file), ...(PYTEST_CLASS.test(className) ? [className] : []), caseName].join('::');
    }
    if (!dotted)
        return undefined;
    const known = file === undefined ? [] : file.slice(0, -3).split('/');
    for (let take = known.length; take >= 1; take--) {
        const module = known.slice(-take).join('.');
        const classes = target.classname === module ? [] : target.classname.startsWith(`${module}.`) ? parts.slice(module.split('.').length) : undefined;
        if (classes?.every(part => PYTEST_CLASS.test(part)))
            return [fileWord(file), ...classes, caseName].join('::');
    }
    const firstClass = parts.findIndex((part, index) => index > 0 && PYTEST_CLASS.test(part));
    const modules = firstClass === -1 ? parts : parts.slice(0, firstClass);
    return [fileWord(`${modules.join('/')}.py`), ...parts.slice(modules.length), caseName].join('::');
}
const GO_PACKAGE = /^[\w.~+-]+(?:\/[\w.~+-]+)*$/;
/**
 * A Go package, for `go test`: the class name, which gotestsum writes as the test's import
 * path (`example.com/demo/api`) unless told `--junitfile-testcase-classname short`. Only a
 * path of import-path characters that does not start with `-` or `.` qualifies: anything
 * else would be read as a flag or a file.
 */
function goPackage(target) {
    const { classname } = target;
    return GO_PACKAGE.test(classname) && !/^[-.]/.test(classname) && !classname.includes('..') ? classname : undefined;
}
/** Why these targets cannot fill the template, or undefined when they can. */
function missingFor(template, targets) {
    const used = templatePlaceholders(template);
    const without = used.includes('files') ? targets.find(target => target.file === undefined) : undefined;
    if (without !== undefined)
        return `the test "${without.name}" has no file in the results, which {files} needs`;
    const noId = used.includes('ids') ? targets.find(target => testId(target) === undefined) : undefined;
    if (noId !== undefined)
        return `the test "${noId.name}" has no file in the results, which {ids} needs`;
    const noPackage = used.includes('packages') ? targets.find(target => goPackage(target) === undefined) : undefined;
    if (noPackage !== undefined)
        return `the test "${noPackage.name}" has no Go import path as its class name, which {packages} needs`;
    return undefined;
}
/** The values of each placeholder for these targets, unquoted. */
function placeholderValues(targets) {
    const files = [...new Set(targets.flatMap(target => (target.file === undefined ? [] : [fileWord(target.file)])))];
    const caseNames = [...new Set(targets.map(target => target.caseName))];
    return {
        files,
        names: caseNames,
        pattern: [template_exactPattern(caseNames)],
        ids: [...new Set(targets.flatMap(target => testId(target) ?? []))],
        packages: [...new Set(targets.flatMap(target => goPackage(target) ?? []))]
    };
}
/**
 * The rerun command: the template with each placeholder replaced by its values, each quoted
 * for the shell and joined by spaces. Throws a one-line message when the shell has no
 * quoting reverify can vouch for or a target lacks what the template needs.
 */
function expandTemplate(template, targets, shell) {
    const quote = quotingFor(shell);
    if (quote === undefined)
        throw new Error(`a rerun template needs bash, sh or pwsh to quote test names for, not ${shell.kind}`);
    const missing = missingFor(template, targets);
    if (missing !== undefined)
        throw new Error(missing);
    const values = placeholderValues(targets);
    return template.replace(PLACEHOLDER, (_, word) => values[word].map(quote).join(' '));
}

;// CONCATENATED MODULE: ./src/core/reruns/decide.ts

/** How a failed attempt should be retried under `policy`. */
function planRetry(attempt, policy) {
    if (attempt.timedOut || attempt.interrupted)
        return { kind: 'whole', why: attempt.timedOut ? 'the attempt timed out' : 'the attempt was interrupted' };
    // A rerun's own check (`rerun`) fails with its tests: the results explain it like expect-exit.
    const explained = (expectation) => expectation === 'expect-exit' || expectation === 'rerun';
    const failedChecks = attempt.checks.filter(check => !check.ok);
    if (failedChecks.some(check => !explained(check.expectation))) {
        const names = [...new Set(failedChecks.map(check => check.expectation).filter(name => !explained(name)))];
        return { kind: 'whole', why: `${names.join(' and ')} failed, which the tests do not explain` };
    }
    const tests = attempt.tests;
    if (tests === undefined || tests.files.length === 0)
        return { kind: 'whole', why: 'the attempt wrote no test results' };
    const failing = tests.failed + tests.errors;
    if (failing === 0)
        return { kind: 'whole', why: `the command exited ${attempt.exitCode} with every test passing: a failure outside the tests` };
    if (failing > policy.maxTests)
        return { kind: 'whole', why: `${failing} tests failed, more than rerun-max-tests (${policy.maxTests})` };
    if (failing > tests.failedTests.length)
        return { kind: 'whole', why: `${failing} tests failed, more than the results list` };
    const targets = tests.failedTests.map(test => ({
        name: test.name,
        caseName: test.caseName ?? test.name,
        classname: test.classname ?? '',
        ...(test.file !== undefined && { file: test.file })
    }));
    const missing = missingFor(policy.template, targets);
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
        command = expandTemplate(setting.template, plan.targets, settings.shell);
    }
    catch (error) {
        return { note: `retrying the whole command: ${error.message}` };
    }
    // The guardrail judges the command that will run, names and all.
    const hit = settings.allowDestructive ? undefined : findDestructive(command);
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
    }
    attempt.checks.push({ expectation: 'rerun', ok: verdict.ok, detail: describeRerunVerdict(verdict) });
    attempt.verified = attempt.verified && verdict.ok;
}

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
            session.event('note', retryDecisionNote(attempt.attempt, false, message));
            env.log({ kind: 'attempt-failed', attempt: used(), retry: false, note: message });
            return false;
        }
        const wait = retryDelayMs(settings, used(), () => env.clock.random());
        const next = nextAttempt(settings, attempt);
        rerun = next?.rerun;
        const what = next === undefined ? '' : `: ${next.note}`;
        const message = `${failureReason(attempt)}; retrying${wait > 0 ? ` in ${describeWait(wait)}` : ''} (attempt ${used() + 1}/${maxAttempts})${what}`;
        if (next !== undefined)
            session.event('note', rerunNote(attempt.attempt, next.note));
        session.event('note', retryDecisionNote(attempt.attempt, true, message));
        env.log({ kind: 'attempt-failed', attempt: used(), retry: true, note: message });
        await env.clock.sleep(wait, env.signal);
        if (settings.onRetry !== undefined && !env.signal?.aborted) {
            // A failing hook is a warning: the retries it prepares for go on regardless.
            const hook = await runOnRetry(settings.onRetry, settings, recordingGroups(env, session, `on-retry after attempt ${attempt.attempt}`));
            session.event('note', hookNote(hook.note));
            if (!hook.ok && !hook.interrupted)
                env.log({ kind: 'on-retry-failed', attempt: used(), exitCode: hook.exitCode, note: hook.note });
        }
        return true;
    };
    if (start.replay !== undefined) {
        // Recorded before the crash, judged now: expect-exit/-stdout from the record, file and check again.
        const replayed = await judgeRecorded(settings, start.replay, session.attemptCheckLogPath(start.replay.attempt), env);
        attempts.push(replayed);
        recordVerdict(session, replayed, true);
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
        if (planned !== undefined) {
            attempt.rerun = shownRerun;
            // A rerun is judged by its results too, so they are read before its verdict is written.
            await recordTestResults(settings, attempt, startedMs, attempts.slice(0, -1), session, env.log, env.signal);
            judgeRerun(attempt, planned);
            recordVerdict(session, attempt);
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
    const outcome = verifiedAt >= 0 ? 'success' : interrupted ? 'aborted' : 'failure';
    // Flaky only when a real attempt failed before the pass; one a crash cut off does not count.
    const before = attempts.slice(0, Math.max(0, verifiedAt));
    const flaky = before.some(attempt => !attempt.interrupted);
    let summary;
    if (outcome === 'success') {
        const position = before.filter(attempt => !attempt.interrupted).length + 1;
        summary = `verified on attempt ${position}/${maxAttempts}${flaky ? ' (flaky)' : ''}`;
    }
    else if (outcome === 'aborted') {
        summary = `interrupted${env.interruptReason?.() ? ` by ${env.interruptReason()}` : ''} after ${attempts.length} attempt(s)`;
    }
    else {
        summary = `not verified after ${used()}/${maxAttempts} attempt(s): ${last ? failureReason(last) : 'no attempt ran'}`;
    }
    return {
        outcome,
        flaky,
        interrupted,
        attempts,
        maxAttempts,
        exitCode: interrupted ? INTERRUPTED_EXIT : (last?.exitCode ?? 0),
        summary
    };
}
/** Judges a recorded attempt whose verification a crash cut off (docs/design.md §6). */
async function judgeRecorded(settings, recorded, checkLogPath, env) {
    const fromRecord = judgeRecord(settings, recorded, env.redactor) ?? [];
    const state = await checkState(settings, checkLogPath, env);
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
                session.event('note', processGroupNote(during, { pgid: progress.pgid, started: progress.started }));
            }
            env.log(progress);
        }
    };
}
/** The log of an attempt stopped by a full disk: a note, and a warning; the verdict stands (docs/design.md §2). */
function noteFullLog(session, env, attempt, kept) {
    const message = `attempt ${attempt}: no space left on device for ${attemptLogName(attempt)}; it keeps the first ${kept} bytes of the output`;
    session.event('note', logIncompleteNote(message));
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
        commands: attempt.commands.map(commandRecord),
        // What a resumed run needs to judge this attempt without running it again.
        ...(attempt.stdoutMatched !== undefined && { stdout_matched: attempt.stdoutMatched }),
        ...(attempt.forbiddenLine !== undefined && { forbidden_line: attempt.forbiddenLine }),
        ...(attempt.outputMatched && { output_matched: true })
    });
}
/** The verify event of an attempt. */
function recordVerdict(session, attempt, replayed = false) {
    const detail = attempt.verified ? 'every expectation held' : failureReason(attempt);
    session.event('verify', {
        attempt: attempt.attempt,
        ok: attempt.verified,
        check: attempt.checks.map(check => ({ expectation: check.expectation, ok: check.ok, detail: check.detail })),
        detail: replayed ? `${detail} (replayed from the recorded result)` : detail,
        ...(replayed && { replayed: true }),
        ...(attempt.checkSummary !== undefined && { check_summary: attempt.checkSummary })
    });
}

;// CONCATENATED MODULE: ./src/core/verify/expectations.ts
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

;// CONCATENATED MODULE: ./src/core/receipts/identity.ts



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
    return commandIdentity(identityLines(script));
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
    return (0,external_node_crypto_namespaceObject.createHash)('sha256').update(text, 'utf8').digest('hex');
}
function collapseWhitespace(command) {
    return command.trim().split(/\s+/).join(' ');
}
/** The tokens identity compares: shell-quote's, with each comment's whitespace collapsed. */
function tokensOf(command) {
    const tokenized = tokenize(command);
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

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/iso.js



function iso_datetime(params) {
    return _isoDateTime(ZodISODateTime, params);
}
function iso_date(params) {
    return core._isoDate(ZodISODate, params);
}
function iso_time(params) {
    return core._isoTime(ZodISOTime, params);
}
function iso_duration(params) {
    return core._isoDuration(ZodISODuration, params);
}

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
const shortText = schemas_string().max(256);
const pathText = schemas_string().max(4_096);
const commandText = schemas_string().max(MAX_COMMAND_CHARS);
const receipt_timestamp = iso_datetime({ offset: true });
/** What a run is or came to. */
const ReceiptStatusSchema = schemas_enum(['running', 'passed', 'failed', 'aborted', 'interrupted']);
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
const CommandResultSchema = object({
    command: commandText,
    /** null when the command never reached an exit (e.g. the run crashed under it). */
    exit_code: schemas_number().int().min(-2_147_483_648).max(4_294_967_295).nullable(),
    signal: schemas_string().max(32).nullable(),
    timed_out: schemas_boolean(),
    duration_ms: schemas_number().nonnegative().max(1e12)
});
/** The run's expectations, under their input names. */
const ExpectationsSchema = object({
    'expect-exit': schemas_number().int().min(0).max(255).optional(),
    'expect-stdout': schemas_string().max(MAX_COMMAND_CHARS).optional(),
    'expect-no-output': schemas_string().max(MAX_COMMAND_CHARS).optional(),
    'expect-file': pathText.optional(),
    'expect-check': commandText.optional()
});
/** Who recorded what happened to a failed run (docs/design.md §3 "Capture"). */
const CaptureSchema = object({
    captured_at: receipt_timestamp,
    note: schemas_string().max(MAX_NOTE_CHARS),
    /** Where the capture came from: `cli`, `action`, `commit <sha>`, `pull_request #<n>`. */
    source: schemas_string().max(MAX_CAPTURE_LABEL_CHARS),
    by: schemas_string().max(MAX_CAPTURE_LABEL_CHARS)
});
/** GitHub Actions facts, present only when the run happened in Actions. */
const CiSchema = object({
    run_id: shortText.optional(),
    run_attempt: schemas_number().int().min(1).max(1_000_000).optional(),
    workflow: shortText.optional(),
    job: shortText.optional(),
    sha: shortText.optional(),
    ref: shortText.optional(),
    event: shortText.optional(),
    actor: shortText.optional()
});
/** Most test names in each list of `tests`; the longest name kept. */
const MAX_TEST_NAMES = 100;
const testNames = array(schemas_string().max(500)).max(MAX_TEST_NAMES);
/** What the run's JUnit results said (docs/design.md §1 "Test results"): the decisive attempt's failed tests and the flaky ones. */
const ReceiptTestsSchema = object({
    total: schemas_number().int().min(0).max(1e9),
    failed: testNames,
    flaky: testNames
});
/** The receipt version written now; version 1 (no `tests`) is still read. */
const RECEIPT_VERSION = 2;
/** The receipt, `schema_version: 2` (1 is read too: it only lacks `tests`). */
const ReceiptSchema = object({
    schema_version: union([literal(1), literal(2)]),
    run_id: schemas_string().regex(RUN_ID_PATTERN),
    /** `owner/name` in Actions, the git top-level path in the CLI. */
    target: pathText.min(1),
    scope: schemas_string().max(1_024),
    /** The normalized commands (see identity.ts). */
    identity: array(commandText).min(1).max(MAX_COMMANDS),
    /** sha256 hex of the identity as computed before redaction (see identityHash). */
    identity_hash: schemas_string().regex(/^[0-9a-f]{64}$/),
    status: ReceiptStatusSchema,
    flaky: schemas_boolean(),
    started_at: receipt_timestamp,
    /** null while the run is `running`. */
    ended_at: receipt_timestamp.nullable(),
    attempts: schemas_number().int().min(0).max(1_000_000),
    max_attempts: schemas_number().int().min(1).max(1_000_000),
    commands: array(CommandResultSchema).max(MAX_COMMANDS),
    expectations: ExpectationsSchema,
    session: object({ id: schemas_string().regex(ULID_PATTERN), dir: pathText }),
    host: shortText,
    pid: schemas_number().int().min(0).max(4_294_967_295),
    ci: CiSchema.optional(),
    capture: CaptureSchema.optional(),
    tests: ReceiptTestsSchema.optional(),
    /** This machine's seal over the run's own fields (see run-seal.ts); absent without a key. */
    seal: schemas_string()
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

;// CONCATENATED MODULE: ./src/core/redaction/literal-index.ts
// Characters roughly from most to least frequent in build and test output. A literal is
// searched for by a rare character it holds, so that the native indexOf scan (a memchr)
// stops as seldom as possible; characters missing here count as the rarest of all.
const COMMON_FIRST = ' \n\r\tetaoinsrlcdhupmfgbyw0123456789.-/:_,=()[]"\'>`*#TSEARICONLDPMUFGHBWkv<{};+@$%|\\~!&?^';
// From here on a character is rare enough to be shared as the anchor of several literals.
const RARE_FROM = COMMON_FIRST.indexOf('k');
function rarity(char) {
    const index = COMMON_FIRST.indexOf(char);
    return index === -1 ? COMMON_FIRST.length : index;
}
/**
 * The literal secrets, indexed for the three questions a scan asks: which literal is the
 * longest at a position (a trie); where a text ends in the start of one (the trie, tried
 * where each literal's first two characters last occur); and where literals occur at all
 * (a short needle per literal, found with indexOf).
 */
class LiteralIndex {
    /** Length of the longest literal (0 when there are none). */
    maxLength;
    root = { next: undefined, literal: undefined };
    /** For each first two characters of a literal of 3+ characters: the longest such literal. */
    longestByStart = new Map();
    /** First characters of literals of 2+ characters (a text's last character may begin one). */
    firstChars = new Set();
    anchors = new Map();
    constructor(literals) {
        const present = literals.filter(literal => literal.text !== '');
        for (const literal of present)
            this.insert(literal);
        this.chooseAnchors(present);
        this.maxLength = Math.max(0, ...present.map(literal => literal.text.length));
    }
    /** The longest literal that starts at `at`, if any. */
    longestAt(text, at) {
        let node = this.root;
        let best;
        for (let i = at; i < text.length && node.next !== undefined; i++) {
            node = node.next.get(text.charCodeAt(i));
            if (node === undefined)
                break;
            if (node.literal !== undefined)
                best = node.literal;
        }
        return best;
    }
    /**
     * The earliest position from which the rest of `text` could still grow into a literal
     * (or a longer literal) once more text arrives; `text.length` when none can.
     */
    unfinishedFrom(text) {
        const last = text.length - 1;
        let earliest = last >= 0 && this.firstChars.has(text.charAt(last)) && this.growsFrom(text, last) ? last : text.length;
        for (const [start, longest] of this.longestByStart) {
            const from = Math.max(0, text.length - longest + 1);
            for (let at = text.indexOf(start, from); at !== -1 && at < earliest; at = text.indexOf(start, at + 1)) {
                if (this.growsFrom(text, at))
                    earliest = at;
            }
        }
        return earliest;
    }
    // Whether text[start..] is the beginning of a literal longer than it.
    growsFrom(text, start) {
        let node = this.root;
        for (let i = start; i < text.length && node !== undefined; i++)
            node = node.next?.get(text.charCodeAt(i));
        return node?.next !== undefined;
    }
    /** Appends to `out` every position where a whole literal starts in `text`. */
    collectStarts(text, out) {
        for (const [needle, anchored] of this.anchors) {
            for (let hit = text.indexOf(needle); hit !== -1; hit = text.indexOf(needle, hit + 1)) {
                for (const { offset, first, literal } of anchored) {
                    const start = hit - offset;
                    if (start >= 0 && text.charCodeAt(start) === first && text.startsWith(literal.text, start))
                        out.push(start);
                }
            }
        }
    }
    insert(literal) {
        const { text } = literal;
        let node = this.root;
        for (let i = 0; i < text.length; i++) {
            node.next ??= new Map();
            const code = text.charCodeAt(i);
            let child = node.next.get(code);
            if (child === undefined) {
                child = { next: undefined, literal: undefined };
                node.next.set(code, child);
            }
            node = child;
        }
        // A marker to keep wins over a secret with the very same text.
        if (node.literal === undefined || literal.keep)
            node.literal = literal;
        if (text.length >= 2)
            this.firstChars.add(text.charAt(0));
        if (text.length >= 3) {
            const start = text.slice(0, 2);
            this.longestByStart.set(start, Math.max(text.length, this.longestByStart.get(start) ?? 0));
        }
    }
    // Each distinct needle costs one indexOf pass over every chunk, and each hit a return
    // to JavaScript. So literals share a rare character where several hold one; a literal
    // left on its own is searched for by up to four characters from its rarest one, and the
    // native search passes over most false hits by itself.
    chooseAnchors(literals) {
        let left = [...literals];
        for (;;) {
            const holders = new Map();
            for (const { text } of left) {
                for (const char of new Set(text)) {
                    if (rarity(char) >= RARE_FROM)
                        holders.set(char, (holders.get(char) ?? 0) + 1);
                }
            }
            let shared;
            for (const [char, count] of holders) {
                const best = shared === undefined ? 1 : holders.get(shared);
                if (count > best || (count === best && shared !== undefined && rarity(char) > rarity(shared)))
                    shared = char;
            }
            if (shared === undefined)
                break;
            const char = shared;
            for (const literal of left) {
                if (literal.text.includes(char))
                    this.anchor(char, literal.text.indexOf(char), literal);
            }
            left = left.filter(literal => !literal.text.includes(char));
        }
        for (const literal of left) {
            const offset = rarestIndex(literal.text);
            this.anchor(literal.text.slice(offset, offset + 4), offset, literal);
        }
    }
    anchor(needle, offset, literal) {
        const list = this.anchors.get(needle) ?? [];
        list.push({ offset, first: literal.text.charCodeAt(0), literal });
        this.anchors.set(needle, list);
    }
}
function rarestIndex(text) {
    let offset = 0;
    for (let i = 1; i < text.length; i++) {
        if (rarity(text.charAt(i)) > rarity(text.charAt(offset)))
            offset = i;
    }
    return offset;
}

;// CONCATENATED MODULE: ./src/core/redaction/markers.ts
/** What replaced a secret: `[redacted:<what>]`, so a reader knows something was there. */
function marker(what) {
    return `[redacted:${what}]`;
}
/** Marker for the values of the `redact` input and their encoded forms. */
const REDACT_INPUT_MARKER = marker('redact-input');
/** Marker for the value of a secret-looking environment variable. */
function envMarker(name) {
    // A name with `]` or spaces would break the marker's shape (and idempotence).
    return marker(`env:${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`);
}

;// CONCATENATED MODULE: ./src/core/redaction/char-class.ts
/** Builds a CharClass from a one-character regex such as /[A-Za-z0-9_-]/. */
function asciiClass(pattern) {
    const table = new Uint8Array(128);
    for (let code = 0; code < 128; code++) {
        if (pattern.test(String.fromCharCode(code)))
            table[code] = 1;
    }
    return code => code < 128 && table[code] === 1;
}
/** Letters and digits: a token shape preceded by one of these is part of a longer word. */
const isAlphanumeric = asciiClass(/[A-Za-z0-9]/);
/** True for the first half of a UTF-16 surrogate pair (never cut a pair in two). */
function char_class_isHighSurrogate(code) {
    return code >= 0xd800 && code <= 0xdbff;
}

;// CONCATENATED MODULE: ./src/core/redaction/private-key.ts


/** Marker that replaces a whole PEM private key block. */
const PRIVATE_KEY_MARKER = marker('private-key');
/**
 * Most body text one block may swallow. A BEGIN line whose END line never comes (a
 * truncated dump, a grep hit) must not blank out the rest of the log, nor make a stream
 * hold text: the body is dropped as it arrives, and after this many characters without
 * an END line the output resumes. Real keys are far smaller (RSA 16384 is about 13 KB).
 */
const PRIVATE_KEY_CAP = 64 * 1024;
/** How a BEGIN line starts (what the candidate search looks for). */
const BEGIN_LINE = '-----BEGIN ';
const HEADER = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/y;
const FOOTER = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
const HEADER_MAX_LENGTH = '-----BEGIN '.length + 40 + 'PRIVATE KEY BLOCK-----'.length;
const FOOTER_MAX_LENGTH = '-----END '.length + 40 + 'PRIVATE KEY BLOCK-----'.length;
/** End of the BEGIN line of a private key block starting at `at`, if one does. */
function privateKeyHeaderEnd(text, at) {
    if (!text.startsWith(BEGIN_LINE, at))
        return undefined;
    HEADER.lastIndex = at;
    const found = HEADER.exec(text);
    return found === null ? undefined : at + found[0].length;
}
/** Where a BEGIN line that is not finished yet may start; `text.length` if none can. */
function unfinishedHeaderFrom(text) {
    const from = Math.max(0, text.length - HEADER_MAX_LENGTH);
    for (let at = text.indexOf('-----BEGIN', from); at !== -1; at = text.indexOf('-----BEGIN', at + 1)) {
        // A finished BEGIN line is settled, and one cut by a line break never becomes one.
        if (privateKeyHeaderEnd(text, at) === undefined && !/[\r\n]/.test(text.slice(at)))
            return at;
    }
    return text.length;
}
/**
 * Drops the body of one private key block, as it streams in, up to and including its
 * END line (or PRIVATE_KEY_CAP characters). Holds at most an END line's length.
 */
class PrivateKeyBody {
    held = '';
    offset = 0;
    /** Feeds body text; undefined while the block goes on, else the text after it. */
    feed(input, final) {
        const text = this.held + input;
        const capAt = PRIVATE_KEY_CAP - this.offset;
        FOOTER.lastIndex = 0;
        const footer = FOOTER.exec(text);
        if (footer !== null && footer.index < capAt)
            return text.slice(footer.index + footer[0].length);
        // Past this length, an END line starting before the cap would have been complete.
        if (final || text.length >= capAt + FOOTER_MAX_LENGTH - 1) {
            if (text.length <= capAt)
                return '';
            return text.slice(char_class_isHighSurrogate(text.charCodeAt(capAt - 1)) ? capAt + 1 : capAt);
        }
        const keepFrom = Math.max(0, Math.min(text.length - (FOOTER_MAX_LENGTH - 1), capAt));
        this.held = text.slice(keepFrom);
        this.offset += keepFrom;
        return undefined;
    }
}

;// CONCATENATED MODULE: external "node:buffer"
const external_node_buffer_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");
;// CONCATENATED MODULE: ./src/core/redaction/token-shapes.ts



const alnum = asciiClass(/[A-Za-z0-9]/);
const alnumUnderscore = asciiClass(/[A-Za-z0-9_]/);
const base64Url = asciiClass(/[A-Za-z0-9_-]/);
const slackChars = asciiClass(/[A-Za-z0-9-]/);
const upperAlnum = asciiClass(/[A-Z0-9]/);
const token68 = asciiClass(/[A-Za-z0-9._~+/=-]/);
/** How far back a shape looks before its own start (an Authorization header name). */
const SHAPE_LOOKBEHIND = 24;
// Lower- or mixed-case auth words count only right after an Authorization header name
// (git writes `AUTHORIZATION: basic …`); in prose "basic" and "bearer" are just words.
const AFTER_HEADER = `(?<=(?:authorization|Authorization|AUTHORIZATION)["']?[ \\t]{0,4}[:=][ \\t]{0,4}["']?)`;
const GITHUB = { marker: marker('github-token'), pattern: /gh[pousr]_[A-Za-z0-9]{36,}/y, tail: alnum };
const GITHUB_PAT = {
    marker: marker('github-token'),
    pattern: /github_pat_[A-Za-z0-9_]{22,}/y,
    tail: alnumUnderscore
};
const GITLAB = { marker: marker('gitlab-token'), pattern: /glpat-[A-Za-z0-9_-]{20,}/y, tail: base64Url };
const SLACK = { marker: marker('slack-token'), pattern: /xox[abpors]-[A-Za-z0-9-]{10,}/y, tail: slackChars };
const AWS = { marker: marker('aws-key'), pattern: /A[KS]IA[A-Z0-9]{16,}/y, tail: upperAlnum };
const API_KEY = { marker: marker('api-key'), pattern: /sk-[A-Za-z0-9_-]{20,}/y, tail: base64Url };
// Header, payload, signature (possibly empty for unsigned tokens), and up to two more
// parts for the five-part encrypted form.
const JWT = {
    marker: marker('jwt'),
    pattern: /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{2,}(?:\.[A-Za-z0-9_-]*){1,3}/y,
    tail: base64Url
};
const BEARER = {
    marker: marker('auth-header'),
    pattern: new RegExp(`(?:Bearer|BEARER|${AFTER_HEADER}[Bb][Ee][Aa][Rr][Ee][Rr])[ \\t]{1,8}([A-Za-z0-9._~+/-]+=*)`, 'y'),
    tail: token68,
    credential: 1,
    accept: looksLikeCredential
};
const BASIC = {
    marker: marker('auth-header'),
    pattern: new RegExp(`(?:Basic|BASIC|${AFTER_HEADER}[Bb][Aa][Ss][Ii][Cc])[ \\t]{1,8}([A-Za-z0-9+/]+=*)`, 'y'),
    tail: token68,
    credential: 1,
    accept: isBasicCredential
};
/** The markers the shapes write (kept intact when redacting redacted text). */
const SHAPE_MARKERS = [...new Set([GITHUB, GITHUB_PAT, GITLAB, SLACK, AWS, API_KEY, JWT, BEARER, BASIC].map(shape => shape.marker))];
const BY_FIRST_CHAR = new Map([
    ['g', [GITHUB, GITHUB_PAT, GITLAB]],
    ['x', [SLACK]],
    ['A', [AWS]],
    ['s', [API_KEY]],
    ['e', [JWT]],
    ['B', [BEARER, BASIC]],
    ['b', [BEARER, BASIC]]
]);
// Prose says "Bearer tokens are…": a credential is long and not a plain lower-case word.
function looksLikeCredential(credential) {
    return credential.length >= 8 && /[0-9._~+/=-]|.[A-Z]/.test(credential);
}
// `Basic` is followed by base64 of `user:password`; anything else is an ordinary word.
function isBasicCredential(credential) {
    if (credential.length < 8)
        return false;
    return external_node_buffer_namespaceObject.Buffer.from(credential, 'base64').toString('latin1').includes(':');
}
/**
 * The longest token shape that starts at `at` (text before it is only looked at). A
 * token glued to a letter or digit is part of a longer word, unless that character was
 * the end of a secret just redacted (so that redacting twice changes nothing).
 */
function shapeAt(text, at, afterRedaction) {
    const shapes = BY_FIRST_CHAR.get(text.charAt(at));
    if (shapes === undefined)
        return undefined;
    if (!afterRedaction && at > 0 && isAlphanumeric(text.charCodeAt(at - 1)))
        return undefined;
    let best;
    for (const shape of shapes) {
        shape.pattern.lastIndex = at;
        const found = shape.pattern.exec(text);
        if (found === null)
            continue;
        const credential = shape.credential === undefined ? found[0] : found[shape.credential];
        if (credential === undefined || (shape.accept !== undefined && !shape.accept(credential)))
            continue;
        const end = at + found[0].length;
        if (best !== undefined && end - at <= best.end - best.start)
            continue;
        const kept = shape.credential === undefined ? '' : found[0].slice(0, found[0].length - credential.length);
        best = { start: at, end, marker: shape.marker, kept, tail: shape.tail };
    }
    return best;
}

;// CONCATENATED MODULE: ./src/core/redaction/scanner.ts


// Input kept from before the held text, so that the character before a token and an
// Authorization header name in front of an auth word look the same whichever way the
// text was cut into chunks.
const CONTEXT_LENGTH = SHAPE_LOOKBEHIND + 8;
// How much of a big chunk is joined to the held text (see textStep).
const SEAM_LENGTH = 1024;
/**
 * Redacts one stream of text. Whole-text redaction is the same machine fed everything
 * at once, so a stream and a whole text give the same result wherever every secret fits
 * in the window that a stream holds back.
 *
 * How it stays correct across chunks: text is only let out up to the first position
 * where more input could still change a decision (a literal's start that the text ends
 * in, the final run of token characters, an unfinished BEGIN line); the rest is held and
 * scanned again with the next chunk (with a little context from before it).
 */
class RedactionScanner {
    finder;
    pending = '';
    /** The input just before `pending` (already let out; read, never emitted again). */
    context = '';
    /** Whether `pending` starts right where a redacted secret ended. */
    afterRedaction = false;
    mode = 'text';
    body;
    tail;
    constructor(finder) {
        this.finder = finder;
    }
    /** Feeds a chunk; returns what is safe to write now. */
    push(chunk) {
        return this.run(chunk, false);
    }
    /** Ends the stream; returns whatever was held back, redacted. */
    end() {
        return this.run('', true);
    }
    /** Redacts a whole text in one go (this scanner is used up afterwards). */
    redactAll(text) {
        return this.run(text, true);
    }
    run(input, final) {
        const out = [];
        let rest = input;
        for (;;) {
            const mode = this.mode;
            if (mode === 'token-tail')
                rest = this.tokenTailStep(rest);
            else if (mode === 'private-key')
                rest = this.privateKeyStep(rest, final);
            else
                rest = this.textStep(rest, final, out);
            if (this.mode === mode)
                return out.length === 1 ? out[0] : out.join('');
        }
    }
    textStep(input, final, out) {
        const head = this.context.length + this.pending.length;
        if (head > 0 && input.length > 2 * SEAM_LENGTH) {
            // Prepending the held text to a big chunk would copy all of it (and slowly, for text
            // outside Latin-1). So the chunk's first stretch goes through on its own; after that
            // the held text is a stretch of this chunk again, and the rest is a plain slice.
            const rest = this.scan(this.context + this.pending + input.slice(0, SEAM_LENGTH), false, out);
            if (this.mode !== 'text')
                return rest + input.slice(SEAM_LENGTH);
            const resume = SEAM_LENGTH - this.pending.length - this.context.length;
            if (resume >= 0) {
                const from = this.context.length;
                this.context = '';
                this.pending = '';
                return this.scan(input.slice(resume), final, out, from);
            }
            input = input.slice(SEAM_LENGTH);
        }
        return this.scan(this.context + this.pending + input, final, out);
    }
    /** Redacts `text`, of which the first `from` characters are context (already let out). */
    scan(text, final, out, from = this.context.length) {
        this.pending = '';
        if (text.length === from) {
            this.context = text.slice(Math.max(0, from - CONTEXT_LENGTH));
            return '';
        }
        // Candidates first: their indexOf flattens the concatenation, which the character
        // reads of settledUpTo would otherwise walk piece by piece.
        const starts = this.finder.candidates(text);
        const limit = final ? text.length : Math.max(from, this.finder.settledUpTo(text));
        let scanned = from;
        let emitted = from;
        let redactedUpTo = this.afterRedaction ? from : -1;
        let holdFrom = -1;
        let tailAtEnd;
        for (let i = 0; i < starts.length; i++) {
            const at = starts[i];
            if (at < scanned)
                continue;
            if (at >= limit)
                break;
            const found = this.finder.at(text, at, at === redactedUpTo);
            if (found === undefined)
                continue;
            if (found.privateKey) {
                out.push(text.slice(emitted, at), PRIVATE_KEY_MARKER);
                this.mode = 'private-key';
                this.body = new PrivateKeyBody();
                return text.slice(found.end);
            }
            // Overlapping secrets are blanked as one span, named after the longest of them.
            let end = found.end;
            let longest = found;
            let last = found;
            let next = i + 1;
            for (; next < starts.length && starts[next] < end; next++) {
                const other = starts[next];
                if (other <= at || found.keep)
                    continue;
                const overlap = this.finder.at(text, other, false);
                if (overlap === undefined || overlap.keep)
                    continue;
                if (overlap.privateKey) {
                    end = other; // the key block takes over from its BEGIN line
                    break;
                }
                if (overlap.end > end) {
                    end = overlap.end;
                    last = overlap;
                }
                if (overlap.end - overlap.start > longest.end - longest.start)
                    longest = overlap;
            }
            if (!final && end > limit && text.length - at <= this.finder.holdLimit) {
                holdFrom = at;
                break;
            }
            if (!found.keep) {
                out.push(text.slice(emitted, at), longest.start === at ? longest.kept + longest.marker : longest.marker);
                emitted = end;
                redactedUpTo = end;
                // Only reached when a token outgrew the window: drop the rest of it as it comes.
                tailAtEnd = !final && end === text.length ? last.tail : undefined;
            }
            scanned = end;
            i = next - 1;
        }
        const stop = holdFrom >= 0 ? holdFrom : Math.max(emitted, limit);
        if (stop > emitted)
            out.push(text.slice(emitted, stop));
        this.pending = text.slice(stop);
        this.context = text.slice(Math.max(0, stop - CONTEXT_LENGTH), stop);
        this.afterRedaction = stop === redactedUpTo;
        if (tailAtEnd !== undefined && emitted === text.length) {
            this.mode = 'token-tail';
            this.tail = tailAtEnd;
        }
        return '';
    }
    tokenTailStep(input) {
        const tail = this.tail;
        let i = 0;
        while (i < input.length && tail(input.charCodeAt(i)))
            i++;
        if (i > 0)
            this.context = (this.context + input.slice(Math.max(0, i - CONTEXT_LENGTH), i)).slice(-CONTEXT_LENGTH);
        if (i === input.length)
            return '';
        this.mode = 'text';
        this.tail = undefined;
        this.afterRedaction = true;
        return input.slice(i);
    }
    privateKeyStep(input, final) {
        const rest = this.body.feed(input, final);
        if (rest === undefined)
            return '';
        this.mode = 'text';
        this.body = undefined;
        // Text after a block is read as if the stream started there, whichever way it was cut.
        this.context = '';
        this.afterRedaction = true;
        return rest;
    }
}

;// CONCATENATED MODULE: ./src/core/redaction/shape-candidates.ts


/**
 * Every character any shape's token can hold. Output that ends in a run of these may be
 * the first half of a token, so it is held back (up to TOKEN_WINDOW characters).
 */
const isTokenChar = asciiClass(/[A-Za-z0-9._~+/=-]/);
/** The most a stream holds back for a token that may still be growing. */
const TOKEN_WINDOW = 4096;
// An auth word and its blanks right before the final run: the match starts at the word.
const AUTH_REACH = 'bearer'.length + 8;
const AUTH_BEFORE_RUN = /(?:bearer|basic)[ \t]{1,8}$/i;
const BEFORE_GH = asciiClass(/[pousr]/);
const BEFORE_XOX = asciiClass(/[abpors]/);
const HEADER_TO_AUTH_WORD = /["']?[ \t]{0,4}[:=][ \t]{0,4}["']?(?=[Bb][Ee][Aa][Rr][Ee][Rr]|[Bb][Aa][Ss][Ii][Cc])/y;
/**
 * Appends to `out` every position where a token shape or a BEGIN line could start. Each
 * is found by a short needle whose first character is rare in ordinary output, so that
 * the native indexOf (a memchr) stops seldom: `_ k- xox glpat- J IA B z Z`. A hit costs a
 * look at its neighbours; only the few that fit are examined in full later.
 */
function collectShapeStarts(text, out) {
    for (let hit = text.indexOf('_'); hit !== -1; hit = text.indexOf('_', hit + 1)) {
        const previous = text.charCodeAt(hit - 1);
        if (previous === 0x62) {
            if (hit >= 6 && text.startsWith('github_pat_', hit - 6))
                out.push(hit - 6);
        }
        else if (hit >= 3 && BEFORE_GH(previous) && text.startsWith('gh', hit - 3)) {
            out.push(hit - 3);
        }
    }
    for (let hit = text.indexOf('k-'); hit !== -1; hit = text.indexOf('k-', hit + 1)) {
        if (text.charCodeAt(hit - 1) === 0x73)
            out.push(hit - 1);
    }
    for (let hit = text.indexOf('xox'); hit !== -1; hit = text.indexOf('xox', hit + 1)) {
        if (BEFORE_XOX(text.charCodeAt(hit + 3)) && text.charCodeAt(hit + 4) === 0x2d)
            out.push(hit);
    }
    for (let hit = text.indexOf('glpat-'); hit !== -1; hit = text.indexOf('glpat-', hit + 1))
        out.push(hit);
    for (let hit = text.indexOf('J'); hit !== -1; hit = text.indexOf('J', hit + 1)) {
        if (text.charCodeAt(hit - 1) === 0x79 && text.charCodeAt(hit - 2) === 0x65)
            out.push(hit - 2);
    }
    for (let hit = text.indexOf('IA'); hit !== -1; hit = text.indexOf('IA', hit + 1)) {
        const previous = text.charCodeAt(hit - 1);
        if ((previous === 0x4b || previous === 0x53) && text.charCodeAt(hit - 2) === 0x41)
            out.push(hit - 2);
    }
    for (let hit = text.indexOf('B'); hit !== -1; hit = text.indexOf('B', hit + 1)) {
        const second = text.charCodeAt(hit + 1);
        if (second === 0x65 || second === 0x45) {
            if (text.startsWith('Bearer', hit) || text.startsWith('BEARER', hit))
                out.push(hit);
            else if (hit >= 5 && text.startsWith(BEGIN_LINE, hit - 5))
                out.push(hit - 5);
        }
        else if (second === 0x61 || second === 0x41) {
            if (text.startsWith('Basic', hit) || text.startsWith('BASIC', hit))
                out.push(hit);
        }
    }
    for (const letter of ['z', 'Z']) {
        for (let hit = text.indexOf(letter, 7); hit !== -1; hit = text.indexOf(letter, hit + 1)) {
            if ((text.charCodeAt(hit + 1) | 0x20) !== 0x61 || text.slice(hit - 7, hit + 6).toLowerCase() !== 'authorization')
                continue;
            HEADER_TO_AUTH_WORD.lastIndex = hit + 6;
            if (HEADER_TO_AUTH_WORD.test(text))
                out.push(HEADER_TO_AUTH_WORD.lastIndex);
        }
    }
}
/**
 * Where a token still being written may start: the final run of token characters (and an
 * auth word just before it), at most TOKEN_WINDOW back; `text.length` if none.
 */
function unfinishedTokenFrom(text) {
    const floor = Math.max(0, text.length - TOKEN_WINDOW);
    let start = text.length;
    while (start > floor && isTokenChar(text.charCodeAt(start - 1)))
        start--;
    const before = text.slice(Math.max(0, start - AUTH_REACH), start);
    const auth = AUTH_BEFORE_RUN.exec(before);
    if (auth !== null)
        start -= before.length - auth.index;
    return start;
}

;// CONCATENATED MODULE: ./src/core/redaction/secret-finder.ts




/**
 * Finds secrets in a text: where they may start (fast, from native indexOf searches for
 * an anchor per literal and per shape), what is at one position (the longest literal,
 * shape or key block), and up to where a text's outcome can no longer change.
 */
class SecretFinder {
    literals;
    /** Most a stream may hold back: a token window plus room for overlapping literals. */
    holdLimit;
    constructor(literals) {
        this.literals = literals;
        this.holdLimit = TOKEN_WINDOW + 2 * literals.maxLength + 128;
    }
    /** Ascending positions where a secret may start (a superset, possibly with repeats). */
    candidates(text) {
        const starts = [];
        collectShapeStarts(text, starts);
        this.literals.collectStarts(text, starts);
        if (starts.length > 1 && !isAscending(starts))
            starts.sort((a, b) => a - b);
        return starts;
    }
    /** What starts at `at`: a private key block wins, then the longest match (literals on a tie). */
    at(text, at, afterRedaction) {
        const keyEnd = privateKeyHeaderEnd(text, at);
        if (keyEnd !== undefined) {
            return { start: at, end: keyEnd, marker: PRIVATE_KEY_MARKER, kept: '', keep: false, privateKey: true, tail: undefined };
        }
        const literal = this.literals.longestAt(text, at);
        const shape = shapeAt(text, at, afterRedaction);
        if (shape !== undefined && (literal === undefined || shape.end - at > literal.text.length)) {
            return { ...shape, keep: false, privateKey: false };
        }
        if (literal === undefined)
            return undefined;
        const end = at + literal.text.length;
        return { start: at, end, marker: literal.marker, kept: '', keep: literal.keep, privateKey: false, tail: undefined };
    }
    /** First position whose outcome more input could still change. */
    settledUpTo(text) {
        let limit = Math.min(this.literals.unfinishedFrom(text), unfinishedTokenFrom(text), unfinishedHeaderFrom(text));
        // Never let out half of a surrogate pair.
        if (limit > 0 && char_class_isHighSurrogate(text.charCodeAt(limit - 1)))
            limit--;
        return limit;
    }
}
function isAscending(numbers) {
    for (let i = 1; i < numbers.length; i++)
        if (numbers[i] < numbers[i - 1])
            return false;
    return true;
}

;// CONCATENATED MODULE: ./src/core/redaction/secret-values.ts


/**
 * Shortest environment value (and shortest encoded form) that is redacted. Shorter values
 * are words like `true`, `main` or `1234` that also appear all over ordinary output:
 * blanking every occurrence would wreck the logs while protecting almost nothing, since a
 * secret that short can be guessed anyway.
 */
const MIN_SECRET_LENGTH = 6;
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|_KEY$|_AUTH$|^AUTHORIZATION$|^COOKIE$/i;
// Names the runner sets that match the rules above but hold no secret (the OIDC endpoint,
// which appears in request logs). Redacting them would only blank harmless text. Its
// neighbours ACTIONS_RUNTIME_TOKEN and ACTIONS_ID_TOKEN_REQUEST_TOKEN are credentials and
// stay redacted; flags such as ACTIONS_CACHE_SERVICE_V2 never match the rules at all.
const NOT_SECRET = new Set(['ACTIONS_ID_TOKEN_REQUEST_URL']);
/** True when an environment variable's name says its value is a credential. */
function isSecretEnvName(name) {
    return SECRET_NAME.test(name) && !NOT_SECRET.has(name.toUpperCase());
}
// Characters of base64 text that come before the value's first bit, per byte alignment:
// with 1 (2) unknown bytes in front, the first 2 (3) characters mix in those bytes.
const LEADING_MIXED = [0, 2, 3];
/**
 * The forms a value takes when a tool encodes it: base64 (standard and url-safe, padded
 * and not, at each of the three byte alignments it can have inside a longer encoded text)
 * and percent-encoding. Only forms that differ from the value itself are returned.
 */
function encodedForms(value) {
    const bytes = external_node_buffer_namespaceObject.Buffer.from(value, 'utf8');
    const forms = new Set();
    for (const [shift, skip] of LEADING_MIXED.entries()) {
        const encoded = external_node_buffer_namespaceObject.Buffer.concat([external_node_buffer_namespaceObject.Buffer.alloc(shift), bytes]).toString('base64');
        // The character after the last full 6-bit group also holds bits of whatever follows.
        const settled = Math.floor(((shift + bytes.length) * 8) / 6);
        const atEnd = encoded.slice(skip);
        for (const form of [atEnd, atEnd.replace(/=+$/, ''), encoded.slice(skip, settled)]) {
            forms.add(form);
            forms.add(form.replace(/\+/g, '-').replace(/\//g, '_'));
        }
    }
    const percent = percentEncoded(value);
    if (percent !== undefined)
        forms.add(percent);
    forms.delete(value);
    return [...forms].filter(form => form.length >= MIN_SECRET_LENGTH);
}
function percentEncoded(value) {
    try {
        return encodeURIComponent(value);
    }
    catch {
        return undefined; // a lone surrogate has no percent-encoding
    }
}
/** The literal secrets to redact: the `redact` values and secret-looking env variables. */
function collectSecretLiterals(values, env) {
    const found = new Map();
    const add = (text, marker) => {
        if (text !== '' && !found.has(text))
            found.set(text, { text, marker, keep: false });
    };
    for (const entry of values) {
        const value = entry.trim();
        if (value === '')
            continue;
        add(value, REDACT_INPUT_MARKER);
        for (const form of encodedForms(value))
            add(form, REDACT_INPUT_MARKER);
    }
    for (const [name, value] of Object.entries(env)) {
        if (value === undefined || value.trim().length < MIN_SECRET_LENGTH || !isSecretEnvName(name))
            continue;
        add(value, envMarker(name));
        // A multi-line secret (a key file) may be printed line by line or with other endings.
        if (/[\r\n]/.test(value)) {
            for (const line of value.split(/\r?\n|\r/)) {
                if (line.trim().length >= MIN_SECRET_LENGTH)
                    add(line.trim(), envMarker(name));
            }
        }
    }
    return [...found.values()];
}
/**
 * Markers that contain a secret literal (a value such as `redacted` or `input`), as
 * literals to keep: without them a second redaction would cut into the first one's
 * markers.
 */
function markersToKeep(markers, secrets) {
    const kept = [];
    for (const text of new Set(markers)) {
        if (secrets.some(secret => text.includes(secret.text)))
            kept.push({ text, marker: text, keep: true });
    }
    return kept;
}

;// CONCATENATED MODULE: ./src/core/redaction/index.ts







/** Builds a redactor for the `redact` values, secret env variables and known token shapes. */
function createRedactor(options) {
    const secrets = collectSecretLiterals(options.values ?? [], options.env ?? {});
    const markers = [REDACT_INPUT_MARKER, PRIVATE_KEY_MARKER, ...SHAPE_MARKERS, ...secrets.map(secret => secret.marker)];
    const finder = new SecretFinder(new LiteralIndex([...secrets, ...markersToKeep(markers, secrets)]));
    return {
        hasValues: secrets.length > 0,
        redact: text => (text === '' ? text : new RedactionScanner(finder).redactAll(text)),
        stream: () => new RedactionScanner(finder)
    };
}
/** Applies the redactor to every string inside a JSON-like value. */
function redactDeep(value, redactor) {
    if (typeof value === 'string')
        return redactor.redact(value);
    if (Array.isArray(value))
        return value.map(item => redactDeep(item, redactor));
    if (value !== null && typeof value === 'object') {
        const out = {};
        for (const [key, item] of Object.entries(value))
            out[key] = redactDeep(item, redactor);
        return out;
    }
    return value;
}

;// CONCATENATED MODULE: ./src/core/recovery/run-seal.ts
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
    const sign = (fields) => (0,external_node_crypto_namespaceObject.createHmac)('sha256', key).update(JSON.stringify(fields)).digest('hex');
    return {
        sign,
        holds(fields, seal) {
            if (seal === undefined || !SEAL_PATTERN.test(seal))
                return false;
            return (0,external_node_crypto_namespaceObject.timingSafeEqual)(Buffer.from(sign(fields), 'hex'), Buffer.from(seal, 'hex'));
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
    if (stateHome !== undefined && (0,external_node_path_namespaceObject.isAbsolute)(stateHome))
        return (0,external_node_path_namespaceObject.join)(stateHome, 'reverify', 'seal-key');
    const home = env.HOME;
    if (home === undefined || !(0,external_node_path_namespaceObject.isAbsolute)(home))
        return undefined;
    return (0,external_node_path_namespaceObject.join)(home, '.local', 'state', 'reverify', 'seal-key');
}
const KEY_TEXT = /^[0-9a-f]{64}\n?$/;
/** Reads the key file if it is a regular file of ours holding a key; undefined otherwise. */
async function readKey(path) {
    const info = await (0,promises_namespaceObject.lstat)(path);
    if (!info.isFile() || (typeof process.getuid === 'function' && info.uid !== process.getuid()))
        return undefined;
    const handle = await (0,promises_namespaceObject.open)(path, external_node_fs_namespaceObject.constants.O_RDONLY | external_node_fs_namespaceObject.constants.O_NOFOLLOW);
    try {
        const text = (await handle.readFile({ encoding: 'utf8' })).slice(0, 200);
        return KEY_TEXT.test(text) ? Buffer.from(text.trim(), 'hex') : undefined;
    }
    finally {
        await handle.close();
    }
}
/**
 * This machine's seal, creating its key on first use. Without a usable place for the key
 * (no HOME, a read-only home, a link where the key should be) there is no seal: nothing is
 * sealed and nothing can be resumed, which is safe (a run then starts over).
 */
async function loadRunSeal(path) {
    if (path === undefined)
        return undefined;
    try {
        const key = await readKey(path);
        return key === undefined ? undefined : runSeal(key);
    }
    catch (error) {
        if (error.code !== 'ENOENT')
            return undefined;
    }
    try {
        await (0,promises_namespaceObject.mkdir)((0,external_node_path_namespaceObject.dirname)(path), { recursive: true, mode: 0o700 });
        const temp = `${path}.${process.pid}.${(0,external_node_crypto_namespaceObject.randomBytes)(4).toString('hex')}.tmp`;
        const handle = await (0,promises_namespaceObject.open)(temp, external_node_fs_namespaceObject.constants.O_WRONLY | external_node_fs_namespaceObject.constants.O_CREAT | external_node_fs_namespaceObject.constants.O_EXCL, 0o600);
        try {
            await handle.writeFile(`${(0,external_node_crypto_namespaceObject.randomBytes)(32).toString('hex')}\n`);
            await handle.sync();
        }
        finally {
            await handle.close();
        }
        // link() never replaces: when two first runs race, both end up with the one that won.
        await (0,promises_namespaceObject.link)(temp, path).catch((error) => {
            if (error.code !== 'EEXIST')
                throw error;
        });
        await (0,promises_namespaceObject.unlink)(temp);
        const key = await readKey(path);
        return key === undefined ? undefined : runSeal(key);
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/core/inputs/resolve.ts
/**
 * Inputs that depend on where they were given: relative paths, the state directory's
 * default, and how a message names an input. The CLI and the action both resolve here.
 */



/** How messages name an input: `--expect-exit` on the CLI, `expect-exit` in the action. */
function inputLabel(name, front) {
    return front === 'cli' ? `--${name}` : name;
}
/** The git top level containing dir (a folder holding .git), else dir itself. */
function findTargetRoot(dir) {
    let current = (0,external_node_path_namespaceObject.resolve)(dir);
    for (;;) {
        if ((0,external_node_fs_namespaceObject.existsSync)((0,external_node_path_namespaceObject.join)(current, '.git')))
            return current;
        const parent = (0,external_node_path_namespaceObject.dirname)(current);
        if (parent === current)
            return (0,external_node_path_namespaceObject.resolve)(dir);
        current = parent;
    }
}
/** The CLI's default state directory for a target root. */
function defaultStateDir(root) {
    return (0,external_node_path_namespaceObject.join)(root, '.reverify');
}
/**
 * The state directory (docs/design.md §4): the given path, trimmed and taken from the place's base;
 * when none is given, `<git top level, else cwd>/.reverify` (CLI) or
 * `${RUNNER_TEMP}/reverify` (action: never inside the workspace).
 */
function resolveStateDir(given, place) {
    const text = given?.trim();
    if (text)
        return { path: (0,external_node_path_namespaceObject.resolve)(place.base, text), isDefault: false };
    if (place.front === 'cli')
        return { path: defaultStateDir(findTargetRoot(place.base)), isDefault: true };
    if (!place.runnerTemp)
        throw new UsageError('state-dir: RUNNER_TEMP is not set; give state-dir explicitly');
    return { path: (0,external_node_path_namespaceObject.join)(place.runnerTemp, 'reverify'), isDefault: true };
}
/** Why the file system could not hold this state directory path, if it could not. */
function stateDirProblem(path) {
    if (path.length > 1024 || path.split(/[\\/]/).some(part => Buffer.byteLength(part) > 255)) {
        return 'is too long; at most 1024 characters, 255 bytes per folder name';
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/reruns/presets.ts
/**
 * The `rerun-failed-tests` setting (docs/test-results.md "Rerunning only the failed tests"):
 * `off`, a preset naming a runner, or a template of one's own. Each preset is a template; the
 * rerun must write results too: where the reporter is set on the command line (pytest, Node's
 * runner) the preset sets it, writing reports/junit.xml; elsewhere the runner's config must.
 */

/** What each preset runs. */
const PRESETS = {
    jest: 'npx jest --ci {files} -t {pattern}',
    vitest: 'npx vitest run {files} -t {pattern}',
    pytest: 'python -m pytest --junitxml=reports/junit.xml {ids}',
    mocha: 'npx mocha {files} --grep {pattern}',
    'node-test': 'node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=reports/junit.xml --test-name-pattern {pattern} {files}',
    go: 'gotestsum --junitfile reports/junit.xml -- -count=1 -run {pattern} {packages}',
    playwright: 'npx playwright test {files} -g {pattern}'
};
/** Reads `off`, a preset or a template; throws a one-line message for a template that cannot work. */
function parseRerunSetting(raw) {
    const text = raw.trim();
    if (text === '' || text.toLowerCase() === 'off')
        return { kind: 'off' };
    if (Object.hasOwn(PRESETS, text))
        return { kind: 'preset', preset: text, template: PRESETS[text] };
    if (!/[{}]/.test(text) && /^[\w-]+$/.test(text)) {
        throw new Error(`'${text}' is not a preset; expected off, ${Object.keys(PRESETS).join(', ')}, or a template with {files}, {names}, {pattern}, {ids} or {packages}`);
    }
    templatePlaceholders(text);
    return { kind: 'template', template: text };
}

;// CONCATENATED MODULE: ./src/core/inputs/input-spec.ts
/**
 * What a row of the input table (table.ts) says about an input: its kind of value, where it
 * is accepted, how `--help` lists it, and the settings field it fills.
 */
/** Headings of `reverify run --help`, in the order they are listed. */
const HELP_GROUPS = ['Command', 'Expectations (at least one)', 'Retries and time', 'How and where', 'Receipts'];
/**
 * Most command lines of a script, longest script, longest other command (expect-check,
 * on-retry), longest path and scope, most redact values.
 */
const INPUT_LIMITS = {
    commands: 100,
    scriptChars: 16_384,
    commandChars: 8192,
    pathChars: 4096,
    scopeChars: 1024,
    redactValues: 200
};

;// CONCATENATED MODULE: ./src/core/inputs/kinds.ts
/**
 * One zod schema per kind of input (see table.ts): each takes the given text and yields the
 * typed value, or one issue whose message follows the input's name ("'x' is not allowed;
 * expected …"). Which input it was, and how to name it, is parse.ts's business.
 */










/** Longest `name`, in characters (code points): enough for "Unit tests (node 20, ubuntu)". */
const MAX_LABEL_CHARS = 100;
/**
 * A label is shown as given (console, summary, trace), so nothing that moves the cursor,
 * ends a line or reorders text on screen: C0/C1 controls, DEL, line and paragraph
 * separators, bidirectional overrides and isolates.
 */
const LABEL_REFUSED_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const BOOLEAN_WORDS = ['true', 'True', 'TRUE', 'false', 'False', 'FALSE'];
const kinds_EXAMPLE_RUN_ID = '20261130-075100-verify-3fa9c2';
/** `rule` decides; whatever it refuses is reported as the one message `refusal` gives for the text. */
function ruled(rule, refusal) {
    return schemas_string().transform((raw, ctx) => {
        const result = rule.safeParse(raw);
        if (result.success)
            return result.data;
        ctx.addIssue({ code: 'custom', message: refusal(raw), input: raw });
        return NEVER;
    });
}
const notAllowed = (expected) => (raw) => `${showValue(raw)} is not allowed; expected ${expected}`;
const wholeNumber = schemas_string().trim().regex(/^\d+$/).transform(Number);
function kinds_integer(min, max) {
    return ruled(wholeNumber.pipe(schemas_number().min(min).max(max)), notAllowed(`a whole number from ${min} to ${max}`));
}
function choice(values) {
    const allowed = schemas_enum(values);
    return ruled(schemas_string().trim().toLowerCase().pipe(allowed), notAllowed(`one of ${values.join(', ')}`));
}
const kinds_boolean = ruled(schemas_string()
    .trim()
    .pipe(schemas_enum(BOOLEAN_WORDS))
    .transform(word => word.toLowerCase() === 'true'), notAllowed('true or false'));
/** One part of an exit-code list: `7` or `1-123` (low end first). */
function exitCodeRange(part) {
    const match = /^(\d{1,3})(?:-(\d{1,3}))?$/.exec(part);
    if (match === null)
        return undefined;
    const low = Number(match[1]);
    const high = match[2] === undefined ? low : Number(match[2]);
    return low <= high && high <= 255 ? [low, high] : undefined;
}
const exitCodes = schemas_string().transform((raw, ctx) => {
    const parts = raw.split(',').map(part => part.trim());
    const ranges = parts.map(exitCodeRange);
    if (ranges.every(range => range !== undefined))
        return { text: parts.join(','), ranges };
    ctx.addIssue({
        code: 'custom',
        message: notAllowed('a comma-separated list of exit codes and ranges from 0 to 255 (e.g. 1-123,125-255)')(raw),
        input: raw
    });
    return NEVER;
});
/** Why a trimmed label is refused, or undefined when it is fine. */
function labelProblem(raw, text) {
    if (LABEL_REFUSED_CHARS.test(text)) {
        // Escaped, so the message itself cannot reorder or break the line it is printed on.
        const shown = showValue(raw).replace(new RegExp(LABEL_REFUSED_CHARS.source, 'g'), char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
        return `${shown} is not allowed; control characters and line breaks cannot be part of a name`;
    }
    const chars = Array.from(text).length;
    if (chars === 0)
        return `${showValue(raw)} is not allowed; expected 1-${MAX_LABEL_CHARS} characters`;
    if (chars > MAX_LABEL_CHARS)
        return `${chars} characters is too long; at most ${MAX_LABEL_CHARS}`;
    return undefined;
}
/** Any text of 1-100 characters without control characters, trimmed (its folder is a slug, see session/layout.ts). */
const label = schemas_string().transform((raw, ctx) => {
    const text = raw.trim();
    const problem = labelProblem(raw, text);
    if (problem === undefined)
        return text;
    ctx.addIssue({ code: 'custom', message: problem, input: raw });
    return NEVER;
});
const shell = ruled(schemas_string()
    .trim()
    .refine(text => isShellName(text) || text.includes('{0}'))
    .transform((text) => (isShellName(text) ? { kind: text } : { kind: 'template', template: text })), notAllowed(`${SHELL_NAMES.join(', ')}, or a command template containing {0} (e.g. "perl {0}")`));
const runRef = ruled(schemas_string()
    .trim()
    .refine(text => text === 'latest' || run_id_isRunId(text)), raw => `${showValue(raw.trim())} is not a run id (expected e.g. ${kinds_EXAMPLE_RUN_ID}, or latest)`);
const rerun = schemas_string()
    .max(INPUT_LIMITS.commandChars)
    .transform((raw, ctx) => {
    try {
        return parseRerunSetting(raw);
    }
    catch (error) {
        ctx.addIssue({ code: 'custom', message: error.message, input: raw });
        return NEVER;
    }
});
function kinds_text(trim, maxChars) {
    const read = (raw) => (trim ? raw.trim() : raw);
    if (maxChars === undefined)
        return schemas_string().transform(read);
    return ruled(schemas_string().transform(read).pipe(schemas_string().max(maxChars)), raw => `${read(raw).length} characters is too long; at most ${maxChars}`);
}
/** The values of a one-per-line input (`redact`): each line trimmed, blank lines dropped. */
function inputLines(raw) {
    return raw
        .split(/\r?\n/)
        .map(line => line.trim())
        .filter(line => line !== '');
}
function lines(maxLines) {
    const split = inputLines;
    return ruled(schemas_string().transform(split).pipe(array(schemas_string()).max(maxLines)), raw => `${split(raw).length} values is too many; at most ${maxLines}`);
}
/** The script as written; its command lines (identity's) and its length are bounded. */
function script(maxLines, maxChars) {
    return schemas_string().transform((raw, ctx) => {
        const lines = identityLines(raw).length;
        if (raw.length > maxChars) {
            ctx.addIssue({
                code: 'custom',
                message: `a script of ${raw.length} characters is too long; at most ${maxChars} (put a long script in a file)`,
                input: raw
            });
        }
        else if (lines > maxLines) {
            ctx.addIssue({
                code: 'custom',
                message: `a script of ${lines} command lines is too long; at most ${maxLines} (put a long script in a file)`,
                input: raw
            });
        }
        return raw;
    });
}
function regex(maxChars) {
    return schemas_string().transform((raw, ctx) => {
        if (raw.length > maxChars) {
            ctx.addIssue({ code: 'custom', message: `a pattern of ${raw.length} characters is too long; at most ${maxChars}`, input: raw });
            return NEVER;
        }
        try {
            const pattern = new RegExp(raw);
            pattern.test(''); // some patterns only fail when first executed
            return pattern;
        }
        catch (error) {
            // V8 repeats the whole pattern in its message: keep only the reason.
            const message = error instanceof Error ? error.message : 'invalid';
            const reason = message
                .replace(/^Invalid regular expression: /, '')
                .replace(/^\/[\s\S]*\/[a-z]*: /, '')
                .slice(0, 120);
            ctx.addIssue({ code: 'custom', message: `${showValue(raw)} is not a valid regular expression (${reason})`, input: raw });
            return NEVER;
        }
    });
}
/** True for an existing directory; anything unreadable counts as missing. */
function isDirectory(path) {
    try {
        return (0,external_node_fs_namespaceObject.statSync)(path).isDirectory();
    }
    catch {
        return false;
    }
}
function directory(base) {
    return schemas_string().transform((raw, ctx) => {
        const dir = (0,external_node_path_namespaceObject.isAbsolute)(raw.trim()) ? raw.trim() : (0,external_node_path_namespaceObject.resolve)(base, raw.trim());
        if (isDirectory(dir))
            return dir;
        ctx.addIssue({ code: 'custom', message: `${showValue(raw)} is not an existing directory`, input: raw });
        return NEVER;
    });
}
function stateDir(place) {
    return schemas_string().transform((raw, ctx) => {
        const { path } = resolveStateDir(raw, place);
        const problem = stateDirProblem(path);
        if (problem === undefined)
            return path;
        ctx.addIssue({ code: 'custom', message: `${showValue(path)} ${problem}`, input: raw });
        return NEVER;
    });
}
/** The schema of one kind of input, given where relative paths are taken from. */
function kindSchema(kind, place) {
    switch (kind.type) {
        case 'script':
            return script(kind.maxLines, kind.maxChars);
        case 'integer':
            return kinds_integer(kind.min, kind.max);
        case 'choice':
            return choice(kind.values);
        case 'boolean':
            return kinds_boolean;
        case 'text':
            return kinds_text(kind.trim, kind.maxChars);
        case 'lines':
            return lines(kind.maxLines);
        case 'regex':
            return regex(kind.maxChars);
        case 'exit-codes':
            return exitCodes;
        case 'shell':
            return shell;
        case 'label':
            return label;
        case 'directory':
            return directory(place.base);
        case 'state-dir':
            return stateDir(place);
        case 'run-ref':
            return runRef;
        case 'rerun':
            return rerun;
    }
}
/**
 * The text a kind stands for when the input is not given and has no default: lists are
 * empty, and the working directory is the place's base (which must exist all the same).
 */
function unsetText(kind, place) {
    if (kind.type === 'script' || kind.type === 'lines')
        return '';
    if (kind.type === 'text' && kind.unsetEmpty)
        return '';
    if (kind.type === 'directory')
        return place.base;
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/inputs/table.ts
/**
 * Every input of every front end, declared once: the CLI's flags, the action's inputs and
 * the reusable workflow's inputs are all read from here, and so are `--help`, and the
 * checks that action.yml, the workflow and docs/action.md say the same thing.
 */


/** Longest regular expression accepted (V8 also refuses some long ones only when first run). */
const MAX_PATTERN_CHARS = 1000;
const RUN = ['run', 'action', 'workflow'];
const ACTION = ['action', 'workflow'];
/** The inputs, in the order action.yml, the workflow and the docs list them. */
const INPUTS = {
    command: {
        kind: { type: 'script', maxLines: INPUT_LIMITS.commands, maxChars: INPUT_LIMITS.scriptChars },
        description: 'The script to verify, run as one script as a run step does (cd, export, if/fi and heredocs span lines).',
        help: 'the script to verify, run as one script as a run step does; repeat the flag to add lines',
        required: true,
        fronts: RUN,
        placeholder: 'CMD',
        group: 'Command',
        repeatable: true,
        setting: 'script'
    },
    'expect-exit': {
        kind: { type: 'integer', min: 0, max: 255 },
        description: "The attempt's exit code must equal this integer (0-255).",
        fronts: RUN,
        placeholder: 'N',
        group: 'Expectations (at least one)',
        setting: 'expectations.exit'
    },
    'expect-stdout': {
        kind: { type: 'text', trim: false, maxChars: INPUT_LIMITS.commandChars },
        description: "The attempt's stdout must contain this text.",
        fronts: RUN,
        placeholder: 'TEXT',
        group: 'Expectations (at least one)',
        setting: 'expectations.stdout'
    },
    'expect-file': {
        kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.pathChars },
        description: 'This path (relative to working-directory) must exist after the attempt.',
        fronts: RUN,
        placeholder: 'PATH',
        group: 'Expectations (at least one)',
        setting: 'expectations.file'
    },
    'expect-check': {
        kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.commandChars },
        description: 'A shell command run after the attempt; exit 0 means verified.',
        help: 'a command run with the same shell after the attempt; exit 0 means verified',
        fronts: RUN,
        placeholder: 'CMD',
        group: 'Expectations (at least one)',
        setting: 'expectations.check'
    },
    'expect-no-output': {
        kind: { type: 'regex', maxChars: MAX_PATTERN_CHARS },
        description: 'Regular expression; the attempt fails when any line of its stdout or stderr matches (e.g. WARN(ING)? for a build that exits 0 but warns), naming the first matching line and its number.',
        help: 'a regular expression no line of the output may match; the first matching line and its number are named',
        fronts: RUN,
        placeholder: 'REGEX',
        group: 'Expectations (at least one)',
        setting: 'expectations.noOutput'
    },
    'max-retries': {
        kind: { type: 'integer', min: 0, max: 100 },
        description: 'Retries after the first attempt (0-100); the script runs up to 1 + max-retries times.',
        help: 'retries after the first attempt (0-100); the script runs up to 1 + max-retries times',
        default: '2',
        fronts: RUN,
        placeholder: 'N',
        group: 'Retries and time',
        setting: 'maxRetries'
    },
    'timeout-seconds': {
        kind: { type: 'integer', min: 0, max: 7 * 24 * 3600 },
        description: 'Time limit of each attempt in seconds (0 means none, at most 604800 = 7 days); on expiry the whole process tree is killed.',
        default: '0',
        fronts: RUN,
        placeholder: 'N',
        group: 'Retries and time',
        setting: 'timeoutSeconds'
    },
    'retry-wait-seconds': {
        kind: { type: 'integer', min: 0, max: 3600 },
        description: 'Seconds to wait before each retry (0-3600; never after the last attempt).',
        default: '0',
        fronts: RUN,
        placeholder: 'N',
        group: 'Retries and time',
        setting: 'retryWaitSeconds'
    },
    'retry-backoff': {
        kind: { type: 'choice', values: ['fixed', 'exponential'] },
        description: 'fixed or exponential (doubling, with +/-20% jitter, capped at 5 minutes).',
        default: 'fixed',
        fronts: RUN,
        placeholder: 'MODE',
        group: 'Retries and time',
        setting: 'retryBackoff'
    },
    'retry-on': {
        kind: { type: 'choice', values: ['any', 'error', 'timeout'] },
        description: 'any, error (a failure that did not time out) or timeout (only a timed-out attempt); combines with retry-on-exit-codes and retry-on-output (all must allow a retry).',
        default: 'any',
        fronts: RUN,
        placeholder: 'WHEN',
        group: 'Retries and time',
        setting: 'retryOn'
    },
    'retry-on-exit-codes': {
        kind: { type: 'exit-codes' },
        description: 'Comma list of exit codes and ranges (e.g. 1-123,125-255); when set, a failed attempt is retried only if its exit code is listed.',
        shownDefault: { cli: 'any', action: 'any' },
        fronts: RUN,
        placeholder: 'LIST',
        group: 'Retries and time',
        setting: 'retryOnExitCodes'
    },
    'retry-on-output': {
        kind: { type: 'regex', maxChars: MAX_PATTERN_CHARS },
        description: 'Regular expression; when set, a failed attempt is retried only if a line of its output matches.',
        shownDefault: { cli: 'any', action: 'any' },
        fronts: RUN,
        placeholder: 'REGEX',
        group: 'Retries and time',
        setting: 'retryOnOutput'
    },
    'on-retry': {
        kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.commandChars },
        description: 'A shell command run after a failed attempt and before the next one (never after the last attempt or a pass); a failing one is a warning.',
        fronts: RUN,
        placeholder: 'CMD',
        group: 'Retries and time',
        setting: 'onRetry'
    },
    'test-results': {
        kind: { type: 'lines', maxLines: 50 },
        description: 'Globs (one per line, relative to working-directory) of JUnit XML files the command writes; each attempt reads the ones written since it started, to name failed and flaky tests.',
        help: 'a glob of JUnit XML files the command writes, relative to working-directory (repeatable)',
        fronts: RUN,
        placeholder: 'GLOB',
        group: 'How and where',
        repeatable: true,
        setting: 'testResults'
    },
    'rerun-failed-tests': {
        kind: { type: 'rerun' },
        description: 'off, a preset (jest, vitest, pytest, mocha, node-test, go, playwright) or a command template with {files}, {names}, {pattern}, {ids} or {packages}: a retry reruns only the tests that failed, when the test-results explain the failure.',
        help: 'off, a preset (jest, vitest, pytest, mocha, node-test, go, playwright) or a template with {files}, {names}, {pattern}, {ids} or {packages}',
        default: 'off',
        fronts: RUN,
        placeholder: 'HOW',
        group: 'Retries and time',
        setting: 'rerunFailedTests'
    },
    'rerun-max-tests': {
        kind: { type: 'integer', min: 1, max: 1000 },
        description: 'Most failed tests rerun on their own (1-1000); with more, the whole command is retried.',
        default: '20',
        fronts: RUN,
        placeholder: 'N',
        group: 'Retries and time',
        setting: 'rerunMaxTests'
    },
    shell: {
        kind: { type: 'shell' },
        description: 'bash, sh, python, pwsh, powershell, cmd, or a template containing {0} (the path of the script file), e.g. "perl {0}".',
        default: 'bash',
        fronts: RUN,
        placeholder: 'SHELL',
        group: 'How and where',
        setting: 'shell'
    },
    'working-directory': {
        kind: { type: 'directory' },
        description: 'Where commands and checks run; a relative path is taken from the workspace.',
        help: 'where commands and checks run; a relative path is taken from the current directory',
        shownDefault: { cli: 'the current directory', action: 'the workspace' },
        fronts: RUN,
        placeholder: 'DIR',
        group: 'How and where',
        setting: 'workingDirectory'
    },
    name: {
        kind: { type: 'label' },
        description: 'Label of this verify, shown as given (up to 100 characters, e.g. "Unit tests (node 20)"); the trace is filed under its slug (unit-tests-node-20).',
        default: 'verify',
        fronts: RUN,
        placeholder: 'NAME',
        group: 'How and where',
        setting: 'name'
    },
    'allow-destructive': {
        kind: { type: 'boolean' },
        description: 'true to run a command the destructive-command guardrail flags.',
        help: 'run a command the destructive-command guardrail flags',
        default: 'false',
        fronts: RUN,
        group: 'How and where',
        setting: 'allowDestructive'
    },
    'capture-before-retry': {
        kind: { type: 'choice', values: ['warn', 'block', 'off'] },
        description: 'warn, block or off: what to do before retrying a failure nobody captured; overrides .reverify/config.json.',
        shownDefault: { cli: 'the config file, else warn', action: 'the config file, else warn' },
        fronts: [...RUN, 'resume'],
        placeholder: 'MODE',
        group: 'Receipts',
        setting: 'captureBeforeRetry'
    },
    scope: {
        kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.scopeChars, unsetEmpty: true },
        description: 'Extra text that separates otherwise identical commands (e.g. a matrix leg).',
        shownDefault: { action: 'empty' },
        fronts: RUN,
        placeholder: 'TEXT',
        group: 'How and where',
        setting: 'scope'
    },
    redact: {
        kind: { type: 'lines', maxLines: INPUT_LIMITS.redactValues },
        description: 'Values (one per line) to blank out of traces, logs, receipts, the summary and annotations; they are also masked in the log.',
        help: 'a value to blank out of traces, logs and receipts',
        fronts: [...RUN, 'resume'],
        placeholder: 'VALUE',
        group: 'How and where',
        repeatable: true,
        setting: 'redact',
        notRecorded: true
    },
    'keep-receipts': {
        kind: { type: 'integer', min: 1, max: 100_000 },
        description: 'Receipts kept per command identity, at least 1 (the newest is always kept).',
        default: '20',
        fronts: RUN,
        placeholder: 'N',
        group: 'Receipts',
        setting: 'keepReceipts'
    },
    'state-dir': {
        kind: { type: 'state-dir' },
        description: 'Where receipts and traces live; a relative path is taken from the workspace.',
        help: 'where receipts and traces live; a relative path is taken from the current directory',
        shownDefault: { cli: '<git top level, else cwd>/.reverify/', action: '${RUNNER_TEMP}/reverify, never inside the workspace' },
        fronts: [...RUN, 'capture', 'receipts', 'resume', 'report', 'flaky'],
        placeholder: 'DIR',
        group: 'Receipts',
        setting: 'stateDir',
        notRecorded: true
    },
    capture: {
        kind: { type: 'run-ref' },
        description: 'Capture mode, <run-id> or latest: records what happened in a failed run of the same command and scope, and runs nothing.',
        fronts: ACTION
    },
    'capture-note': {
        kind: { type: 'text', trim: true },
        description: 'What you found, recorded with the capture.',
        fronts: ACTION
    },
    'cache-receipts': {
        kind: { type: 'boolean' },
        description: "Keep this command's receipt history between workflow runs in the Actions cache.",
        default: 'true',
        fronts: ACTION
    },
    'github-token': {
        kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.pathChars },
        description: "Token that lists this command's cache entries, so the histories of concurrent jobs (matrix legs) are merged; needs actions: read, without it only the newest entry is restored.",
        default: '${{ github.token }}',
        fronts: ['action']
    },
    'upload-trace': {
        kind: { type: 'choice', values: ['always', 'on-failure', 'never'] },
        description: 'always, on-failure or never: when to upload the trace as artifact reverify-trace-<run-id>.',
        default: 'always',
        fronts: ACTION
    },
    'trace-retention-days': {
        kind: { type: 'integer', min: 1, max: 90 },
        description: 'Days to keep the trace artifact (1-90).',
        shownDefault: { action: "the repository's setting" },
        fronts: ACTION
    },
    summary: {
        kind: { type: 'choice', values: ['always', 'on-failure', 'never'] },
        description: 'always, on-failure or never: when to write the job summary (on-failure: any outcome but success; a flaky pass is a success).',
        default: 'always',
        fronts: ACTION
    },
    'runs-on': {
        kind: { type: 'text', trim: true },
        description: 'Runner label, or a JSON array of labels (e.g. \'["self-hosted", "linux"]\').',
        default: 'ubuntu-latest',
        fronts: ['workflow']
    },
    setup: {
        kind: { type: 'text', trim: false },
        description: 'Shell commands run (bash) in the workspace before the verify, e.g. "npm ci".',
        fronts: ['workflow']
    },
    'node-version': {
        kind: { type: 'text', trim: true },
        description: 'Node.js version installed with actions/setup-node before setup (e.g. "22" or "lts/*"); empty keeps the runner\'s own Node.js.',
        fronts: ['workflow']
    },
    env: {
        kind: { type: 'text', trim: false },
        description: 'Environment variables for setup and the verify, one KEY=value per line (not secret: pass secrets in the env-secrets secret).',
        fronts: ['workflow']
    },
    note: {
        kind: { type: 'text', trim: false },
        description: 'What you found in the failed run, recorded with the capture.',
        fronts: ['capture'],
        placeholder: 'TEXT'
    },
    json: {
        kind: { type: 'boolean' },
        description: 'Print JSON instead of lines.',
        default: 'false',
        fronts: ['receipts', 'flaky']
    },
    since: {
        kind: { type: 'integer', min: 1, max: 36_500 },
        description: 'Only runs that started in the last N days.',
        shownDefault: { cli: 'every receipt in the store' },
        fronts: ['flaky'],
        placeholder: 'N'
    },
    out: {
        kind: { type: 'text', trim: true, maxChars: INPUT_LIMITS.pathChars },
        description: 'Where to write the HTML report; a relative path is taken from the current directory.',
        shownDefault: { cli: "report.html in the run's trace folder" },
        fronts: ['report'],
        placeholder: 'FILE'
    },
    open: {
        kind: { type: 'boolean' },
        description: 'Open the report in the desktop browser (xdg-open or open), when there is one.',
        default: 'false',
        fronts: ['report']
    }
};
/** Every input's name, in table order. */
const INPUT_NAMES = Object.keys(INPUTS);
/** The spec of one input, typed loosely for code that walks the table. */
function inputSpec(name) {
    return INPUTS[name];
}
/** The inputs one front end accepts, in table order. */
function inputsOf(front) {
    return INPUT_NAMES.filter(name => inputSpec(name).fronts.includes(front));
}

;// CONCATENATED MODULE: ./src/core/inputs/parse.ts
/**
 * The one parser of raw inputs: a zod object schema built from the table for the inputs a
 * front end asked for. A bad value is a UsageError of one line naming the input the way
 * that front end spells it (`--expect-exit: …` on the CLI, `expect-exit: …` in the action).
 */





const NUL_REFUSAL = 'contains a NUL character, which no command, path or pattern may hold';
/** One input's schema: NUL refused, "not given" replaced by its default, then its kind's rules. */
function fieldSchema(name, place) {
    const spec = inputSpec(name);
    return schemas_string()
        .optional()
        .refine(value => !value?.includes('\0'), { error: NUL_REFUSAL, abort: true })
        .transform(value => (value === undefined || value.trim() === '' ? (spec.default ?? unsetText(spec.kind, place)) : value))
        .pipe(kindSchema(spec.kind, place).optional());
}
/** Parses the named inputs; throws a UsageError naming the first bad one (in table order). */
function parseInputs(raw, names, place) {
    const shape = {};
    const given = {};
    // Table order, so which of several bad inputs is named first does not depend on the caller.
    for (const name of INPUT_NAMES.filter(name => names.includes(name))) {
        shape[name] = fieldSchema(name, place);
        given[name] = raw[name];
    }
    const result = object(shape).safeParse(given);
    if (result.success)
        return result.data;
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'input');
    throw new UsageError(`${inputLabel(name, place.front)}: ${issue?.message ?? 'is not allowed'}`);
}

;// CONCATENATED MODULE: ./src/core/inputs/settings.ts
/**
 * The one place where raw inputs (action inputs or CLI flags, both strings under the same
 * names) become a validated RunSettings, through the input table's parser (inputs/).
 * Everything after this sees typed values only. `RunSettings` is derived from the table:
 * each run input's row names the field it fills (`setting`), its kind gives the field's
 * type, and parsing and `toRawInputs` both walk the table, so adding an input is one row
 * plus its behaviour (docs/design.md §8 "Adding an input").
 */










/** Input names of a verify run, as in docs/design.md §1 and §3 (the `reverify run` flags). */
const RUN_INPUT_NAMES = inputsOf('run');
/** The one-line error of a run given no expectation (docs/design.md §1). */
const NOTHING_TO_VERIFY = 'nothing to verify against: give expect-exit, expect-stdout, expect-file or expect-check';
const DEFAULT_LOG_CAP_BYTES = 10 * 1024 * 1024;
/**
 * Why the shell cannot be started from `cwd` with this PATH, or undefined when it can: a
 * named shell or a template's first word that is not an executable file on PATH (or, for a
 * path, where it points). A template that runs `{0}` itself is not checked.
 */
function shellProblem(shell, path, cwd) {
    const program = shellProgram(shell);
    const shown = shell.kind === 'template' ? showValue(shell.template) : shell.kind;
    const allowed = `expected ${SHELL_NAMES.join(', ')}, or a template containing {0} whose first word is a program on PATH`;
    if (program === undefined)
        return `${shown} names no program; ${allowed}`;
    if (program.includes('{0}') || findProgram(program, { PATH: path }, cwd) !== undefined)
        return undefined;
    const where = /[\\/]/.test(program) ? 'is not an executable file' : 'is not on PATH';
    return `${shown} cannot run: ${showValue(program)} ${where}; ${allowed}`;
}
/** Why `rerun-failed-tests` cannot work with the other inputs, or undefined when it can. */
function rerunProblem(rerun, testResults, shell) {
    if (rerun.kind === 'off')
        return undefined;
    if (testResults.length === 0)
        return 'needs test-results: the JUnit files the runner writes, where the failed tests are read from';
    if (quotingFor(shell) === undefined)
        return `needs a shell whose quoting protects test names (bash, sh or pwsh), not ${shell.kind}`;
    return undefined;
}
/** Validates every run input; throws UsageError with one line naming the first bad one. */
function parseRunSettings(raw, cwd = process.cwd(), options = {}) {
    const front = options.front ?? 'action';
    const input = parseInputs(raw, RUN_INPUT_NAMES, { front, base: cwd });
    if (identityLines(input.command).length === 0) {
        throw new UsageError(`${inputLabel('command', front)}: required; give a script of one or more lines (not only comments)`);
    }
    // Each input's value into the field its row names.
    const settings = { logCapBytes: DEFAULT_LOG_CAP_BYTES };
    const expectations = {};
    for (const name of RUN_INPUT_NAMES) {
        const value = input[name];
        const field = inputSpec(name).setting;
        if (value === undefined || field === undefined)
            continue;
        if (field.startsWith('expectations.'))
            expectations[field.slice('expectations.'.length)] = value;
        else
            settings[field] = value;
    }
    if (Object.keys(expectations).length === 0)
        throw new UsageError(NOTHING_TO_VERIFY);
    const rerunIssue = rerunProblem(input['rerun-failed-tests'], input['test-results'], input.shell);
    if (rerunIssue !== undefined)
        throw new UsageError(`${inputLabel('rerun-failed-tests', front)}: ${rerunIssue}`);
    // A shell that cannot start is a usage error before anything exists (docs/design.md §1).
    const shellIssue = shellProblem(input.shell, options.path ?? process.env.PATH, input['working-directory']);
    if (shellIssue !== undefined)
        throw new UsageError(`${inputLabel('shell', front)}: ${shellIssue}`);
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
        const spec = inputSpec(name);
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

;// CONCATENATED MODULE: ./src/core/session/run-record.ts
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
    return union([
        object({
            schema_version: literal(1),
            resumable: literal(true),
            inputs: record(schemas_string().max(64), schemas_string().max(1_000_000)),
            seal: schemas_string().regex(SEAL_PATTERN).optional()
        }),
        object({ schema_version: literal(1), resumable: literal(false), seal: schemas_string().regex(SEAL_PATTERN).optional() })
    ]);
}
/** Largest run.json read back. */
const MAX_RECORD_BYTES = 1024 * 1024;
/** Writes run.json for a session; inputs a redactor would change are left out. */
async function writeRunRecord(sessionDir, settings, redactor, seal) {
    const inputs = toRawInputs(settings);
    const safe = JSON.stringify(redactDeep(inputs, redactor)) === JSON.stringify(inputs);
    const content = safe ? { schema_version: 1, resumable: true, inputs } : { schema_version: 1, resumable: false };
    const record = seal === undefined ? content : { ...content, seal: seal.sign(recordFields(sessionDir, content)) };
    await writeFileAtomic((0,external_node_path_namespaceObject.join)(sessionDir, SessionFile.runRecord), `${JSON.stringify(record, null, 2)}\n`, 0o600);
}
/** What a run.json's seal covers: its session folder and its content. */
function recordFields(sessionDir, record) {
    const inputs = record.resumable ? Object.entries(record.inputs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : [];
    return ['run-record', (0,external_node_path_namespaceObject.basename)(sessionDir), String(record.schema_version), String(record.resumable), JSON.stringify(inputs)];
}
/**
 * The recorded inputs of a session, or undefined when there are none it may be resumed
 * from: none recorded, a secret among them, or no seal of this machine's that holds.
 */
async function readRunInputs(sessionDir, seal) {
    try {
        const text = await readRegularFile((0,external_node_path_namespaceObject.join)(sessionDir, SessionFile.runRecord), MAX_RECORD_BYTES);
        const parsed = runRecordSchema().safeParse(JSON.parse(text ?? 'null'));
        if (!parsed.success || !parsed.data.resumable || seal === undefined)
            return undefined;
        return seal.holds(recordFields(sessionDir, parsed.data), parsed.data.seal) ? parsed.data.inputs : undefined;
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/core/session/meta.ts
/**
 * meta.json (docs/design.md §2): the session at a glance, written atomically when the
 * session opens and again when it ends. Read back (resume, recovery) it is untrusted.
 */






/** The schema a meta.json read back must fit, built on first use (only resume and recovery read it). */
function metaSchema() {
    const count = schemas_number().int().min(0).max(1_000_000);
    return object({
        session_id: schemas_string().max(64),
        skill: schemas_string().max(1_000),
        version: schemas_string().max(100),
        started_at: schemas_string().max(64),
        ended_at: schemas_string().max(64).nullable(),
        outcome: union([OutcomeSchema, literal('running')]),
        attempts: count,
        tool_calls: count,
        errors: count,
        flaky: schemas_boolean(),
        run_id: schemas_string().max(100),
        summary: schemas_string().max(100_000)
    });
}
/** Largest meta.json read back. */
const MAX_META_BYTES = 1024 * 1024;
/** A session's meta.json, or undefined when it is missing, a link, or not a valid meta. */
async function readSessionMeta(sessionDir) {
    try {
        const text = await readRegularFile((0,external_node_path_namespaceObject.join)(sessionDir, SessionFile.meta), MAX_META_BYTES);
        if (text === undefined)
            return undefined;
        const parsed = metaSchema().safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : undefined;
    }
    catch {
        return undefined;
    }
}
/** Writes meta.json atomically, redacted. */
async function writeSessionMeta(sessionDir, meta, redactor) {
    await writeFileAtomic((0,external_node_path_namespaceObject.join)(sessionDir, SessionFile.meta), `${JSON.stringify(redactDeep(meta, redactor), null, 2)}\n`, 0o600);
}
/**
 * meta.json of a session that ended, from its whole trace: the counts come from the events
 * (`traceCounts`), the opening facts from the meta.json it had (or, when that is gone, from
 * the trace's `start`). The one way both a run that ends itself and a close from disk
 * write it.
 */
function endedMeta(events, previous, ending) {
    const start = eventsOf(events, 'start')[0];
    return {
        session_id: previous?.session_id ?? start?.session_id ?? '',
        skill: previous?.skill ?? start?.skill ?? '',
        version: previous?.version ?? '',
        started_at: previous?.started_at ?? start?.ts ?? ending.ended_at,
        run_id: previous?.run_id || ending.run_id || '',
        ...traceCounts(events),
        ended_at: ending.ended_at,
        outcome: ending.outcome,
        flaky: ending.flaky,
        summary: ending.summary
    };
}

;// CONCATENATED MODULE: ./src/core/session/writer.ts
/**
 * Writing a session (docs/design.md §2). Every event is one whole line, synced before the
 * call returns, so a crash leaves at most a torn last line — which the next writer ends
 * with a newline before appending, so it stays on its own line.
 */








/** Opens a session's trace for appending, first ending a last line a crash tore. */
function openTraceForAppend(sessionDir) {
    const fd = (0,external_node_fs_namespaceObject.openSync)((0,external_node_path_namespaceObject.join)(sessionDir, SessionFile.trace), 'a+', 0o600);
    const size = (0,external_node_fs_namespaceObject.fstatSync)(fd).size;
    if (size > 0) {
        const last = Buffer.alloc(1);
        (0,external_node_fs_namespaceObject.readSync)(fd, last, 0, 1, size - 1);
        if (last[0] !== 0x0a) {
            (0,external_node_fs_namespaceObject.writeSync)(fd, '\n');
            (0,external_node_fs_namespaceObject.fsyncSync)(fd);
        }
    }
    return fd;
}
/** Appends whole events to a session's trace (redacted) and syncs them. */
function appendEvents(sessionDir, events, redactor) {
    const fd = openTraceForAppend(sessionDir);
    try {
        (0,external_node_fs_namespaceObject.writeSync)(fd, events.map(event => `${JSON.stringify(redactDeep(event, redactor))}\n`).join(''));
        (0,external_node_fs_namespaceObject.fsyncSync)(fd);
    }
    finally {
        (0,external_node_fs_namespaceObject.closeSync)(fd);
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
        const { id, dir, startedAt } = options.planned ?? planSession(options.stateDir, options.name, options.now());
        // Level by level, refusing links: a link planted under sessions/ must not take the
        // trace somewhere else.
        let path = options.stateDir;
        for (const step of (0,external_node_path_namespaceObject.relative)(options.stateDir, dir).split(external_node_path_namespaceObject.sep)) {
            path = (0,external_node_path_namespaceObject.join)(path, step);
            await ensureRealDirectory(path);
        }
        const meta = {
            session_id: id,
            skill: options.name,
            version: options.version,
            started_at: timestamp(startedAt),
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
        return (0,external_node_path_namespaceObject.join)(this.dir, attemptLogName(attempt));
    }
    /** Path of an attempt's expect-check output. */
    attemptCheckLogPath(attempt) {
        return (0,external_node_path_namespaceObject.join)(this.dir, attemptCheckLogName(attempt));
    }
    /** Appends one event as one whole, synced line (redacted). */
    event(phase, payload) {
        if (this.fd === undefined)
            throw new Error(`trace ${this.id} is closed`);
        const line = {
            ts: timestamp(this.now()),
            // The name is free text, redacted like the payload (meta.json's copy is too).
            skill: this.redactor.redact(this.meta.skill),
            session_id: this.id,
            phase,
            payload: redactDeep(payload, this.redactor)
        };
        (0,external_node_fs_namespaceObject.writeSync)(this.fd, `${JSON.stringify(line)}\n`);
        (0,external_node_fs_namespaceObject.fsyncSync)(this.fd);
    }
    /** Updates meta fields in memory (written by writeMeta). */
    update(patch) {
        this.meta = { ...this.meta, ...patch };
    }
    /** Writes meta.json atomically. */
    async writeMeta() {
        await writeSessionMeta(this.dir, this.meta, this.redactor);
    }
    /**
     * Ends the session: the `end` event, the final meta.json (with the patch), the trace
     * closed. The counts are read back from the trace itself, so they agree with it also
     * after a resume (docs/design.md §2).
     */
    async end(payload, ending) {
        this.event('end', payload);
        this.meta = endedMeta(await readSessionTrace(this.dir), this.meta, { ...ending, outcome: payload.outcome });
        await this.writeMeta();
        this.close();
    }
    /** Closes the trace file. */
    close() {
        if (this.fd !== undefined)
            (0,external_node_fs_namespaceObject.closeSync)(this.fd);
        this.fd = undefined;
    }
}
/**
 * Closes on disk a session its own process could not close (docs/design.md §6): appends the
 * closing events to the trace, then writes meta.json from the whole trace (`endedMeta`).
 */
async function closeOnDisk(sessionDir, events, closing, ending, redactor) {
    appendEvents(sessionDir, closing, redactor);
    await writeSessionMeta(sessionDir, endedMeta([...events, ...closing], await readSessionMeta(sessionDir), ending), redactor);
}

;// CONCATENATED MODULE: ./src/core/capture/remedy.ts
/**
 * The `reverify …` commands reverify prints as a remedy (capture a failure, resume a run),
 * written so that they work when pasted as printed into a POSIX shell in the repository:
 * they carry `--state-dir` (absolute, quoted) whenever the run's state directory is not the
 * repository's default one (docs/design.md §3 "Capture").
 */

/** Characters a POSIX shell reads back unchanged outside quotes. */
const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;
/** `text` as one word of a POSIX shell: bare when that is safe, else in single quotes. */
function shellWord(text) {
    if (BARE.test(text))
        return text;
    return `'${text.replace(/'/g, `'\\''`)}'`;
}
/** ` --state-dir '<dir>'`, or nothing for the repository's default state directory. */
function stateDirFlag(place) {
    if (place === undefined || place.stateDir === defaultStateDir(place.root))
        return '';
    return ` --state-dir ${shellWord(place.stateDir)}`;
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

;// CONCATENATED MODULE: ./src/core/output/excerpt.ts
/**
 * The reviewer excerpt (docs/design.md §5): an attempt's output summary turned into the
 * failing blocks a reviewer reads. Escape codes and reverify's own bookkeeping lines go; the
 * error lines stay with what explains them (assertion, expected and received, the first
 * stack line outside dependencies); the whole is bounded.
 */



/** The excerpt's bounds: annotation bodies stop at 4,096 characters, and so should reading. */
const MAX_EXCERPT_CHARS = 4000;
const MAX_EXCERPT_LINES = 60;
const MAX_BLOCK_LINES = 16;
// How far past its first line a block looks for the rest of the failure.
const MAX_BLOCK_SPAN = 40;
const FALLBACK_LINES = 20;
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
function excerpt_testName(line) {
    for (const header of TEST_HEADERS) {
        const match = header.exec(line);
        if (match)
            return match[1].trim();
    }
    return undefined;
}
function isAnchor(line) {
    return excerpt_testName(line) !== undefined || DIAGNOSTIC.test(line) || ERROR_LINES.some(pattern => pattern.test(line));
}
function isUserFrame(line) {
    return /:\d+/.test(line) && !FOREIGN_FRAME.test(line);
}
/** A summary line as a reviewer should read it: no escape codes, no redrawn progress, no cut marker. */
function cleanLine(raw) {
    let text = raw.replace(CUT_LINE_SUFFIX, '…');
    text = (0,external_node_util_namespaceObject.stripVTControlCharacters)(text);
    // A carriage return redraws the line on a terminal: what shows is what follows the last one.
    const shown = text.split('\r').filter(segment => segment.trim() !== '');
    text = shown[shown.length - 1] ?? '';
    // A sequence the summary cut in half, and lone control characters, are noise in an annotation.
    text = text.replace(/\x1b[[\]()#;?0-9]*$/, '').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
    return text.trimEnd();
}
/** The summary's contiguous runs of output, cleaned; the omitted middle separates them. */
function segmentsOf(summary) {
    const parts = summaryParts(summary);
    const clean = (lines) => lines.filter(line => !DROPPED_MARKER_LINE.test(line)).map(cleanLine);
    return [parts.head, parts.matched, parts.tail].filter(lines => lines.length > 0).map(clean);
}
/** The block that starts at lines[start] (an anchor); returns it and where scanning goes on. */
function readBlock(lines, start) {
    const kept = [];
    let test;
    let located = false;
    let at = start;
    for (; at < lines.length && at - start < MAX_BLOCK_SPAN && kept.length < MAX_BLOCK_LINES; at++) {
        const line = lines[at];
        const header = excerpt_testName(line);
        if (at > start) {
            if (BOUNDARIES.some(pattern => pattern.test(line)))
                break;
            // A second test, or a second located diagnostic, is a failure of its own.
            if (header !== undefined && test !== undefined)
                break;
            if (DIAGNOSTIC.test(line) && located)
                break;
        }
        if (line.trim() === '' || CODE_FRAME.test(line))
            continue;
        test ??= header;
        if (STACK_FRAME.test(line)) {
            if (!isUserFrame(line))
                continue;
            // The first frame in the code under review is where the failure is; the rest is noise.
            kept.push(line);
            at++;
            break;
        }
        if (DIAGNOSTIC.test(line) || /File "[^"]+", line \d+/.test(line))
            located = true;
        kept.push(line);
    }
    return { block: { lines: kept, ...(test !== undefined && { test }) }, next: Math.max(at, start + 1) };
}
function blocksOfSegment(lines) {
    const blocks = [];
    for (let at = 0; at < lines.length;) {
        if (!isAnchor(lines[at])) {
            at++;
            continue;
        }
        const { block, next } = readBlock(lines, at);
        if (block.lines.length > 0)
            blocks.push(block);
        at = next;
    }
    return blocks;
}
/** Keeps blocks in order within the excerpt's bounds; a block that does not fit is cut. */
function bounded(blocks) {
    const kept = [];
    let lines = 0;
    let chars = 0;
    for (const block of blocks) {
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
        kept.push({ ...block, lines: fitting });
        if (fitting.length < block.lines.length)
            break;
    }
    return kept;
}
/**
 * The failing blocks of an output summary, in output order, bounded (60 lines, 4,000
 * characters). Without any recognisable failure, one block of the output's last 20 lines.
 */
function excerptBlocks(summary) {
    const segments = segmentsOf(summary);
    const seen = new Set();
    const blocks = [];
    for (const block of segments.flatMap(blocksOfSegment)) {
        // Runners repeat a failure in their closing summary: once is enough.
        const key = block.lines.map(line => line.trim()).join('\n');
        if (seen.has(key))
            continue;
        seen.add(key);
        blocks.push(block);
    }
    if (blocks.length === 0) {
        const last = segments[segments.length - 1] ?? [];
        const tail = last.filter(line => line.trim() !== '').slice(-FALLBACK_LINES);
        if (tail.length > 0)
            blocks.push({ lines: tail });
    }
    return bounded(blocks);
}
/** The reviewer text of an output summary: its failing blocks, separated by a blank line. */
function reviewerExcerpt(summary) {
    return excerptBlocks(summary)
        .map(block => block.lines.join('\n'))
        .join('\n\n');
}
/** The reviewer excerpt of one attempt (its recorded summary); empty for a verified attempt. */
function attemptExcerpt(attempt) {
    return attempt.verified ? '' : reviewerExcerpt(attempt.summary);
}

;// CONCATENATED MODULE: ./src/core/test-results/test-history.ts
/**
 * Tests across runs (docs/design.md §1 "Test results"): from receipts (the local store, or a history
 * restored from the cache into it), how often each test flaked and failed. Pure: the front
 * ends read the receipts and word these facts.
 */

/** Per-test flake and failure counts over the finished receipts that hold test results. */
function test_history_testHistory(receipts, options = {}) {
    const considered = [...receipts]
        .filter(receipt => receipt.status !== 'running' && receipt.tests !== undefined)
        .filter(receipt => options.sinceMs === undefined || Date.parse(receipt.started_at) >= options.sinceMs)
        .sort(compareNewestFirst)
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

;// CONCATENATED MODULE: ./src/core/test-results/trace-tests.ts
/**
 * An attempt's test results as the trace records them (docs/design.md §2): a `note` with a
 * `tests` field, read back (for the HTML report) through a zod schema, since a trace on
 * disk is untrusted. Readers that do not know the field ignore it.
 */

const trace_tests_text = schemas_string().max(4_000);
const trace_tests_count = schemas_number().int().min(0).max(1e9);
const TraceTestsSchema = object({
    attempt: schemas_number().int().min(1).max(1_000_000),
    files: array(trace_tests_text).max(1_000),
    total: trace_tests_count,
    failed: trace_tests_count,
    errors: trace_tests_count,
    skipped: trace_tests_count,
    failed_tests: array(object({
        name: trace_tests_text,
        caseName: trace_tests_text.optional(),
        classname: trace_tests_text.optional(),
        outcome: schemas_enum(['failed', 'error']),
        file: trace_tests_text.optional(),
        line: schemas_number().int().min(1).optional(),
        message: trace_tests_text.optional()
    }))
        .max(1_000),
    recovered: array(trace_tests_text).max(1_000)
});
/** The `tests` field of a note's payload, when it has a valid one. */
function traceTestsOf(payload) {
    if (payload.tests === undefined)
        return undefined;
    const parsed = TraceTestsSchema.safeParse(payload.tests);
    return parsed.success ? parsed.data : undefined;
}

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
                logFile: attemptLogName(attempt)
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
            target.excerpt = reviewerExcerpt(payload.summary);
            if (payload.commands !== undefined) {
                target.commands = payload.commands.map(record => ({
                    command: record.command,
                    exitCode: record.exit_code,
                    durationMs: record.duration_ms
                }));
            }
        }
        else if (event.phase === 'verify') {
            const target = view(event.payload.attempt);
            target.ok = event.payload.ok;
            target.checks = event.payload.check.map(check => ({ ...check }));
            target.detail = event.payload.detail;
            if (target.ok)
                target.excerpt = '';
        }
        else if (event.phase === 'note' && traceTestsOf(event.payload) !== undefined) {
            const tests = traceTestsOf(event.payload);
            view(tests.attempt).tests = tests;
        }
        else if (event.phase === 'note' && noteKind(event.payload) === 'retry-decision') {
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
    const end = eventsOf(events, 'end').at(-1);
    const start = eventsOf(events, 'start')[0];
    const uncaptured = start?.payload.uncaptured_failure;
    const endedAt = receipt.ended_at ?? meta?.ended_at ?? end?.ts ?? null;
    const totalMs = elapsedMs(receipt.started_at, endedAt);
    return {
        runId: receipt.run_id,
        stepName: start?.skill ?? meta?.skill ?? 'verify',
        outcome: end?.payload.outcome ?? meta?.outcome ?? 'running',
        status: receipt.status,
        flaky: receipt.flaky,
        commands: eventsOf(events, 'decision')[0]?.payload.decision ?? receipt.identity,
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
        notes: eventsOf(events, 'note')
            // Process groups are bookkeeping; test results, retry decisions and reruns are shown with their attempt.
            .filter(event => !['process-group', 'tests', 'retry-decision', 'rerun'].includes(noteKind(event.payload) ?? ''))
            .map(event => event.payload.message),
        ...(receipt.capture && { capture: receipt.capture }),
        ...(typeof uncaptured === 'string' && { uncapturedRunId: uncaptured }),
        history: historyRows(source.history, receipt),
        captureCommand: captureCommand(receipt.run_id, source.stateDir === undefined ? undefined : { stateDir: source.stateDir, root: receipt.target }, 'what you found'),
        inActions: receipt.ci !== undefined,
        captureCommitCommand: captureCommitCommand(receipt.run_id, 'what you found'),
        flakyTests: receipt.tests?.flaky ?? [],
        historyFlakyTests: test_history_testHistory(historyReceipts(source.history, receipt)).tests.filter(test => test.flaky > 0)
    };
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

;// CONCATENATED MODULE: ./src/core/base/version.ts
/** reverify's version, recorded in traces; a test keeps it equal to package.json's. */
const VERSION = '0.1.0';

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
function html_render(value) {
    if (value === undefined || value === null || value === false)
        return '';
    if (value instanceof SafeHtml)
        return value.text;
    if (Array.isArray(value))
        return value.map(html_render).join('');
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
        text += html_render(values[index]) + (strings[index + 1] ?? '');
    return new SafeHtml(text);
}

;// CONCATENATED MODULE: external "node:readline"
const external_node_readline_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");
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
    const line = HAS_CONTROL.test(raw) ? (0,external_node_util_namespaceObject.stripVTControlCharacters)(raw).replace(CONTROL, '') : raw;
    const kind = ERROR_LINE.test(line) ? ' class=e' : WARN_LINE.test(line) ? ' class=w' : '';
    return `<li${kind}>${escapeHtml(line)}\n`;
}
/**
 * Writes `<li>` items for each line of the log at `path` until `budgetBytes` of markup are
 * written. The file is opened without following a link and must be a regular file: the
 * session folder is reverify's, but a report must never pull in a file from elsewhere.
 */
async function renderLogLines(path, sink, budgetBytes) {
    const handle = await (0,promises_namespaceObject.open)(path, external_node_fs_namespaceObject.constants.O_RDONLY | external_node_fs_namespaceObject.constants.O_NOFOLLOW | external_node_fs_namespaceObject.constants.O_NONBLOCK).catch(() => undefined);
    if (handle === undefined)
        return { found: false, lines: 0, cut: false };
    try {
        if (!(await handle.stat()).isFile())
            return { found: false, lines: 0, cut: false };
        const stream = handle.createReadStream({ encoding: 'utf8', autoClose: false });
        const lines = (0,external_node_readline_namespaceObject.createInterface)({ input: stream, crlfDelay: Infinity });
        const limit = sink.bytes + budgetBytes;
        let count = 0;
        let batch = '';
        try {
            for await (const line of lines) {
                batch += logLineMarkup(line);
                count++;
                // Written in batches: one write per line would cost more than the escaping.
                if (batch.length >= 64 * 1024) {
                    await sink.write(batch);
                    batch = '';
                    if (sink.bytes >= limit)
                        return { found: true, lines: count, cut: true };
                }
            }
            await sink.write(batch);
        }
        finally {
            lines.close();
            stream.destroy();
        }
        return { found: true, lines: count, cut: false };
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
.flaky{display:inline-block;border:1px solid var(--warn);color:var(--warn);border-radius:2em;padding:0 8px;font-size:12px;font-weight:600}
footer{margin:32px 0 8px;color:var(--muted);font-size:12px}
@media print{details>*{display:block}ol.log{white-space:pre-wrap}.timeline{print-color-adjust:exact}}
`;

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
    if (model.outcome === 'success')
        return { css: 'success', icon: '✅', words: `passed (${count})` };
    if (model.outcome === 'failure')
        return { css: 'failure', icon: '❌', words: `failed after ${count}` };
    if (model.outcome === 'aborted') {
        return { css: 'aborted', icon: '❌', words: model.status === 'interrupted' ? `interrupted after ${count}` : 'aborted' };
    }
    return { css: 'running', icon: '⏳', words: 'still running' };
}
function head(model) {
    const verdict = verdictOf(model);
    return markup `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${verdict.icon} ${model.stepName} — ${verdict.words} · ${model.runId}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
`;
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
    const badge = model.outcome === 'success' && model.flaky ? 'flaky pass' : model.outcome;
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
    if (attempt.ok)
        return 'verified';
    if (attempt.interrupted)
        return 'interrupted';
    if (attempt.timedOut)
        return 'timed out';
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
function attemptHead(model, attempt, open) {
    const exit = attempt.exitCode === undefined ? '' : ` · exit ${attempt.exitCode}${attempt.signal ? ` (${attempt.signal})` : ''}`;
    return markup `<details class="attempt ${attempt.ok ? 'verified' : 'failed'}" id="attempt-${attempt.attempt}"${open && markup ` open`}>
<summary>Attempt ${attempt.attempt}/${model.maxAttempts} — ${attemptWords(attempt)}${exit} · ${formatDuration(attempt.durationMs)}</summary>
${checksTable(attempt)}
${attempt.rerunTests !== undefined && markup `<p class="rerun">Reran only the ${attempt.rerunTests.length} failed ${attempt.rerunTests.length === 1 ? 'test' : 'tests'} of the attempt before: ${attempt.rerunTests.join('; ')}</p>`}
${commandsTable(attempt)}
${attempt.note !== undefined && markup `<p class="note">${attempt.note}</p>`}
${testsBlock(attempt)}
${attempt.excerpt !== '' && markup `<h3>What failed</h3><pre class="excerpt">${attempt.excerpt}</pre>`}
`;
}
/** An attempt's JUnit results: counts, then each failed test with where it failed and its message. */
function testsBlock(attempt) {
    const tests = attempt.tests;
    if (tests === undefined)
        return markup ``;
    const bad = tests.failed + tests.errors;
    const counts = `${tests.total} tests in ${tests.files.join(', ')} · ${bad} failed${tests.skipped > 0 ? ` · ${tests.skipped} skipped` : ''}`;
    const rows = tests.failed_tests.map(test => markup `<tr><td>${test.name}</td><td>${test.file === undefined ? '' : markup `<code>${test.line === undefined ? test.file : `${test.file}:${test.line}`}</code>`}</td><td>${test.outcome}</td><td><pre>${test.message ?? ''}</pre></td></tr>`);
    return markup `<h3>Tests</h3><p>${counts}</p>
${rows.length > 0 && markup `<table class="tests"><tr><th>failing test</th><th>where</th><th></th><th>message</th></tr>${rows}</table>`}
${tests.recovered.length > 0 && markup `<p class="flaky-tests">Passed after failing in an earlier attempt (flaky): ${tests.recovered.join('; ')}</p>`}`;
}
/** Writes one attempt: its verdicts, its excerpt, then its log streamed from the session folder. */
async function writeAttempt(model, attempt, sessionDir, sink, budget) {
    const newest = attempt === model.attempts[model.attempts.length - 1];
    await sink.write(attemptHead(model, attempt, !attempt.ok).text);
    await sink.write(markup `<details class="log"${!attempt.ok && newest && markup ` open`}><summary>Log (${attempt.logFile})</summary><ol class="log">`.text);
    const before = sink.bytes;
    const rendering = await renderLogLines((0,external_node_path_namespaceObject.join)(sessionDir, attempt.logFile), sink, budget.bytes);
    budget.bytes = Math.max(0, budget.bytes - (sink.bytes - before));
    if (!rendering.found)
        await sink.write(markup `<li class="cut">no log was recorded for this attempt\n`.text);
    else if (rendering.cut)
        await sink.write(markup `<li class="cut">[report: the log goes on; the whole of it is ${attempt.logFile} in the trace]\n`.text);
    else if (rendering.lines === 0)
        await sink.write(markup `<li class="cut">(no output)\n`.text);
    await sink.write('</ol></details>\n</details>\n');
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
    await sink.write(markup `<footer>reverify ${VERSION} · receipt ${model.runId} · this file makes no network request and runs no script</footer>
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
    const [events, meta] = await Promise.all([readSessionTrace(input.sessionDir), readSessionMeta(input.sessionDir)]);
    const model = buildReportModel({
        events,
        receipt: input.receipt,
        history: input.history,
        ...(meta && { meta }),
        ...(input.stateDir !== undefined && { stateDir: input.stateDir })
    });
    const temp = (0,external_node_path_namespaceObject.join)((0,external_node_path_namespaceObject.dirname)(path), `.${(0,external_node_path_namespaceObject.basename)(path)}.${process.pid}.tmp`);
    await (0,promises_namespaceObject.rm)(temp, { force: true });
    const stream = (0,external_node_fs_namespaceObject.createWriteStream)(temp, { mode: 0o600, flags: 'wx' });
    const failed = new Promise((_, reject) => stream.once('error', reject));
    failed.catch(() => undefined);
    try {
        await Promise.race([renderReport(model, input.sessionDir, new FileSink(stream)), failed]);
        await Promise.race([new Promise(resolve => stream.end(resolve)), failed]);
        await (0,promises_namespaceObject.rename)(temp, path);
    }
    catch (error) {
        stream.destroy();
        await (0,promises_namespaceObject.rm)(temp, { force: true });
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
    if (!(await isOwnSessionDir(store.stateDir, sessionDir))) {
        throw new UsageError(`run ${receipt.run_id} has no trace folder in this state directory (${printable(sessionDir)})`);
    }
    const history = await store.history(receipt.target, receipt.scope, receipt.identity_hash);
    const path = options.path ?? (0,external_node_path_namespaceObject.join)(sessionDir, REPORT_FILE);
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
        return { error: `could not write the HTML report: ${errors_describeError(error)}` };
    }
}

;// CONCATENATED MODULE: ./src/core/recovery/close-interrupted.ts
/**
 * Closing a run that its own process could not close (killed outright, runner lost): from
 * what is on disk alone, finish the trace so it stays one well-formed session, and mark the
 * receipt interrupted — unless the trace already has its `end`: then the trace is the
 * source of truth and the receipt takes its verdict (a failure stays failed). Used by the
 * action's post step and by the next run (docs/design.md §2, §5, §6).
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
    if (sessionDir !== undefined && !(await isOwnSessionDir(options.store.stateDir, sessionDir)))
        sessionDir = undefined;
    let closedTrace = false;
    let attempts = receipt?.attempts ?? 0;
    let verdict;
    if (sessionDir !== undefined) {
        const events = await readSessionTrace(sessionDir);
        const closing = closingEvents(events, options.reason, () => timestamp(now()));
        const all = closing === undefined ? events : [...events, ...closing.events];
        attempts = traceCounts(all).attempts;
        verdict =
            options.traceDecides !== false && closing === undefined && receipt?.session.id === eventsOf(events, 'start')[0]?.session_id
                ? close_interrupted_verdictOf(events)
                : undefined;
        if (closing !== undefined) {
            const ending = {
                outcome: 'aborted',
                ended_at: timestamp(now()),
                flaky: false,
                summary: closing.summary,
                run_id: options.runId
            };
            await closeOnDisk(sessionDir, events, closing.events, ending, options.redactor);
            closedTrace = true;
        }
    }
    let closedReceipt = false;
    if (receipt !== undefined && receipt.status === 'running') {
        // A trace with its end decided the run before the crash: the receipt takes that verdict.
        receipt = { ...receipt, status: 'interrupted', ended_at: timestamp(now()), attempts, ...verdict };
        await options.store.write(receipt);
        closedReceipt = true;
    }
    // The report of a closed run belongs with its trace, as for a run that closed itself.
    if (sessionDir !== undefined && receipt !== undefined && (closedTrace || closedReceipt)) {
        const report = await writeSessionReport(options.store, receipt, sessionDir);
        if ('error' in report)
            return { closedTrace, receipt, attempts, reportError: report.error };
    }
    return { closedTrace, receipt, attempts };
}
/** The receipt's verdict as a closed trace records it (status, flaky, attempts, end time, last commands). */
function close_interrupted_verdictOf(events) {
    const end = eventsOf(events, 'end')[0];
    if (end === undefined)
        return undefined;
    const { outcome } = end.payload;
    const refused = eventsOf(events, 'note').some(event => noteKind(event.payload) === 'refusal');
    const status = receiptStatusFor(outcome, !refused);
    const results = eventsOf(events, 'tool_result');
    const last = results[results.length - 1]?.payload.commands;
    return {
        status,
        flaky: end.payload.flaky === true,
        ended_at: end.ts,
        attempts: traceCounts(events).attempts,
        ...(last !== undefined && { commands: last })
    };
}
/**
 * The events that close an open trace: the missing result and verification of its last
 * attempt, the reason, and `end`. Undefined when the trace has no start or has its end.
 */
function closingEvents(events, reason, stamp) {
    const start = eventsOf(events, 'start')[0];
    if (start === undefined || eventsOf(events, 'end').length > 0)
        return undefined;
    const base = { skill: start.skill, session_id: start.session_id };
    const calls = eventsOf(events, 'tool_call');
    const closing = [];
    const lastCall = calls[calls.length - 1];
    if (lastCall !== undefined) {
        const attempt = lastCall.payload.attempt;
        if (!eventsOf(events, 'tool_result').some(event => event.payload.attempt === attempt)) {
            closing.push({ ...base, ts: stamp(), phase: 'tool_result', payload: interruptedToolResult(attempt, lastCall.ts) });
        }
        if (!eventsOf(events, 'verify').some(event => event.payload.attempt === attempt)) {
            closing.push({ ...base, ts: stamp(), phase: 'verify', payload: unjudgedVerify(attempt, 'interrupted before it could be verified') });
        }
    }
    const summary = `interrupted after ${calls.length} attempt(s): ${reason}`;
    closing.push({ ...base, ts: stamp(), phase: 'note', payload: interruptedNote(reason) });
    closing.push({ ...base, ts: stamp(), phase: 'end', payload: { outcome: 'aborted', summary } });
    return { events: closing, summary };
}

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
    if (!isErrorCode(error, 'ENOSPC', 'EDQUOT'))
        return error;
    return new DiskFullError(`no space left on device in the state directory ${stateDir}: ${stageText(stage)}`);
}

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
    kept[RUN_MARKER_VAR] = runId;
    return kept;
}

;// CONCATENATED MODULE: ./src/core/recovery/resumed-attempts.ts



/** The results attempt `attempt` recorded in the trace, as the loop holds them. */
function recordedTests(events, attempt) {
    for (const event of eventsOf(events, 'note')) {
        if (noteKind(event.payload) !== 'tests')
            continue;
        const tests = traceTestsOf(event.payload);
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
    return eventsOf(events, 'tool_call').find(event => event.payload.attempt === attempt)?.payload.rerun?.command;
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
    const rebuilt = nextAttempt(settings, before)?.rerun;
    return rebuilt !== undefined && rebuilt.command === recorded ? rebuilt : undefined;
}

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
    return !(here.isAlive ?? exists)(receipt.pid);
}
function restart(reason) {
    return { kind: 'restart', reason };
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
        commands: (result.commands ?? []).map(command => ({
            command: command.command,
            exitCode: command.exit_code ?? 0,
            signal: command.signal,
            timedOut: command.timed_out,
            interrupted: false,
            durationMs: command.duration_ms
        })),
        exitCode: result.exit,
        signal: result.signal ?? null,
        timedOut: result.timed_out === true,
        interrupted: result.interrupted === true,
        durationMs: result.duration_ms,
        startedAt: result.started_at ?? '',
        endedAt: result.ended_at ?? '',
        summary: result.summary,
        ...(result.stdout_matched !== undefined && { stdoutMatched: result.stdout_matched }),
        ...(result.forbidden_line !== undefined && { forbiddenLine: result.forbidden_line }),
        outputMatched: result.output_matched === true
    };
}
/** Reads and checks the session a `running` receipt names. */
async function readEvidence(receipt, sessionDir, stateDir) {
    // The receipt is untrusted: its session must be a real directory inside our sessions/,
    // reached without following a link.
    if (!(await isOwnSessionDir(stateDir, sessionDir))) {
        return { ok: false, reason: 'its session directory is missing or not one of this state directory' };
    }
    const meta = await readSessionMeta(sessionDir);
    if (meta === undefined)
        return { ok: false, reason: 'its meta.json does not parse' };
    if (meta.session_id !== receipt.session.id)
        return { ok: false, reason: 'its meta.json does not match the receipt' };
    const events = await readSessionTrace(sessionDir);
    const start = eventsOf(events, 'start')[0];
    if (start === undefined || start.session_id !== receipt.session.id)
        return { ok: false, reason: 'its trace has no start' };
    if (eventsOf(events, 'end').length > 0)
        return { ok: false, reason: 'its trace is already closed' };
    return { ok: true, meta, events };
}
/**
 * Whether a `running` receipt whose owner is gone names a trace that has its `end`: a crash
 * came between closing the trace and writing the receipt, and the trace decides (§6).
 */
async function endedBeforeReceipt(receipt, stateDir, here, seal) {
    // Only a run this machine's reverify sealed may have its verdict taken from its trace.
    if (!ownerGone(receipt, here) || !receiptSealed(receipt, seal))
        return false;
    const sessionDir = (0,external_node_path_namespaceObject.resolve)(receipt.session.dir);
    if (!(await isOwnSessionDir(stateDir, sessionDir)))
        return false;
    const events = await readSessionTrace(sessionDir);
    const start = eventsOf(events, 'start')[0];
    return start?.session_id === receipt.session.id && eventsOf(events, 'end').length > 0;
}
/** Decides how to continue a `running` receipt whose owner is gone. */
async function planResume(options) {
    const { receipt, settings, redactor } = options;
    if (!ownerGone(receipt, options.here))
        return { kind: 'none' };
    // A receipt may have arrived with the checkout: only one this machine sealed is evidence.
    if (!receiptSealed(receipt, options.seal))
        return restart('its receipt was not written by reverify on this machine (no valid seal)');
    const sessionDir = (0,external_node_path_namespaceObject.resolve)(receipt.session.dir);
    const evidence = await readEvidence(receipt, sessionDir, options.stateDir);
    if (!evidence.ok)
        return restart(evidence.reason);
    if (receipt.max_attempts !== 1 + settings.maxRetries)
        return restart('max-retries changed since it was interrupted');
    const expected = JSON.stringify(redactDeep(describeExpectations(settings.expectations), redactor));
    if (JSON.stringify(receipt.expectations) !== expected)
        return restart('the expectations changed since it was interrupted');
    const { events } = evidence;
    const calls = eventsOf(events, 'tool_call');
    const results = eventsOf(events, 'tool_result');
    const verifies = eventsOf(events, 'verify');
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
        if (result !== undefined && result.interrupted !== true && judgeRecord(settings, scriptFromRecord(result), redactor) !== undefined) {
            replay = scriptFromRecord(result);
            summary = `attempt ${n} had ended and its result was recorded; its verification is replayed, without running it again`;
            continue;
        }
        // Cut off mid-command: interrupted, not failed; it spends no budget and runs again.
        const interruptions = previous.filter(attempt => attempt.interrupted).length + 1;
        if (interruptions >= MAX_INTERRUPTIONS)
            return restart(`it was interrupted ${interruptions} times`);
        const interrupted = result ?? interruptedToolResult(n, calls.find(event => event.payload.attempt === n)?.ts);
        if (result === undefined)
            pending.push({ phase: 'tool_result', payload: interrupted });
        pending.push({ phase: 'verify', payload: unjudgedVerify(n, 'interrupted mid-command; it runs again and spends no retry') });
        previous.push({ ...attemptFromRecord(interrupted, { ok: false, checks: [] }), interrupted: true });
        summary = `attempt ${n} was interrupted mid-command; it is run again and spends no retry`;
    }
    const lastWhole = previous[previous.length - 1];
    const decision = lastWhole === undefined || replay !== undefined
        ? undefined
        : eventsOf(events, 'note').find(event => event.payload.attempt === lastWhole.attempt && noteKind(event.payload) === 'retry-decision');
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

;// CONCATENATED MODULE: ./src/core/run/shown-report.ts
/**
 * A run report as the front ends may show it (docs/design.md §5 "Redaction"): every text in
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
        return { ...report, guardrail: redactDeep(report.guardrail, redactor) };
    const { attempts, summary, excerpt, firstFailure, tests, interruptReason, resumed } = report;
    return {
        ...report,
        ...redactDeep({
            attempts,
            summary,
            excerpt,
            ...(firstFailure !== undefined && { firstFailure }),
            ...(tests !== undefined && { tests }),
            ...(interruptReason !== undefined && { interruptReason }),
            ...(resumed !== undefined && { resumed })
        }, redactor)
    };
}
/** Receipts hold commands and expectations as written: redact them like everything else. */
function redactedReceipt(receipt, redactor) {
    const { identity, commands, expectations, tests } = receipt;
    return { ...receipt, ...redactDeep({ identity, commands, expectations, ...(tests !== undefined && { tests }) }, redactor) };
}

;// CONCATENATED MODULE: ./src/core/test-results/run-tests.ts

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
        flaky: [...flaky].slice(0, MAX_TESTS_LISTED),
        attempt: last.attempt
    };
}
/** The receipt's `tests` field (docs/design.md §3). */
function receiptTests(tests) {
    const failed = [...new Set(tests.failed.map(test => test.name))].slice(0, MAX_TESTS_LISTED);
    return { total: tests.total, failed, flaky: tests.flaky };
}

;// CONCATENATED MODULE: ./src/core/run/verify-run.ts
/**
 * A whole verify run, as both front ends perform it: the capture-before-retry check, the
 * receipt, the trace session, the guardrail, the verify loop, and the closing of all of it
 * (docs/design.md §1–§3, §6). It returns a report of facts; the front ends word it.
 */


























/** The first command (of the script, expect-check or on-retry) the guardrail refuses, unless allowed. */
function guardrailHit(settings) {
    if (settings.allowDestructive)
        return undefined;
    const { check } = settings.expectations;
    // Everything reverify would run, each read whole: the script, expect-check and on-retry.
    for (const command of [settings.script, ...(check ? [check] : []), ...(settings.onRetry ? [settings.onRetry] : [])]) {
        const hit = findDestructive(command);
        if (hit)
            return hit;
    }
    return undefined;
}
/** The trace's note for a refusal, which the front ends show as it is. */
function refusalNote(hit) {
    return `refused: \`${hit.excerpt}\` matches the destructive-command rule "${hit.rule}"; pass allow-destructive: true (--allow-destructive) if you mean it`;
}
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
    const identity = scriptIdentity(settings.script);
    let latest = request.resume ?? (await ports.store.latest(request.target, settings.scope, identity.hash));
    if (latest?.status === 'running' && (await endedBeforeReceipt(latest, ports.store.stateDir, here(request), request.seal))) {
        // Its trace has its end: the receipt takes the trace's verdict before anything is decided (§6).
        await endLeftovers(request, ports, latest);
        const settled = await closeInterruptedRun({
            store: ports.store,
            runId: latest.run_id,
            reason: '',
            redactor: request.redactor,
            now: () => ports.clock.now()
        });
        latest = settled.receipt ?? latest;
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
        if (decision.kind !== 'none' && receiptSealed(latest, request.seal))
            await endLeftovers(request, ports, latest);
        if (decision.kind === 'resume')
            return resumeRun(request, ports, decision.plan, identity, capture);
        if (request.resume) {
            const why = decision.kind === 'restart' ? decision.reason : 'its process is still running';
            throw new UsageError(`resume: run ${latest.run_id} cannot be resumed: ${why}`);
        }
        if (decision.kind === 'restart') {
            const reason = `not resumed (${decision.reason}); a new run was started instead`;
            const closed = await closeInterruptedRun({
                store: ports.store,
                runId: latest.run_id,
                reason,
                redactor: request.redactor,
                now: () => ports.clock.now(),
                traceDecides: receiptSealed(latest, request.seal)
            });
            if (closed.reportError !== undefined)
                ports.log({ kind: 'report-failed', runId: latest.run_id, error: closed.reportError });
            ports.log({ kind: 'restarting', interruptedRunId: latest.run_id, reason: decision.reason });
        }
    }
    else if (request.resume) {
        throw new UsageError(`resume: run ${request.resume.run_id} is ${request.resume.status}, not an interrupted run that can be resumed`);
    }
    const { session, receipt } = await openRun(request, ports, identity, capture);
    const hit = guardrailHit(settings);
    if (hit)
        return refuse(request, ports, { session, receipt, identity, capture, hit });
    const loop = await runVerifyLoop(settings, session, loopEnvironment(request, ports, receipt.run_id)).catch(fullDisk(ports, 'during'));
    return closeRun(request, ports, { session, receipt, loop, identity, capture });
}
/** Ends what the crashed run left running, before anything runs again (docs/design.md §6). */
async function endLeftovers(request, ports, crashed) {
    for (const ending of await endSessionGroups(ports.store.stateDir, crashed.session.dir, request.killGraceMs ?? 2000)) {
        if (ending.result === 'ended')
            ports.log({ kind: 'leftover-ended', runId: crashed.run_id, pgid: ending.group.pgid });
    }
    // What started in the moment before its group was recorded still carries the run id.
    await endMarkedProcesses(crashed.run_id, request.killGraceMs ?? 2000);
}
/** Resume or restart for a `running` receipt; the guardrail's refusal means restart. */
async function decideResume(request, ports, latest) {
    if (guardrailHit(request.settings))
        return { kind: 'restart', reason: 'the destructive-command guardrail refuses its command' };
    return planResume({
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
    return { host: (0,external_node_os_namespaceObject.hostname)(), ...(request.ci && { ci: request.ci }) };
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
    const runId = newRunId(startedAt);
    // The name is free text: a secret in it must not become a folder name.
    const planned = planSession(ports.store.stateDir, redactor.redact(settings.name), startedAt);
    const receipt = {
        schema_version: RECEIPT_VERSION,
        run_id: runId,
        target: request.target,
        scope: settings.scope,
        identity: shownIdentity(settings.script, redactor),
        identity_hash: identity.hash,
        status: 'running',
        flaky: false,
        started_at: timestamp(startedAt),
        ended_at: null,
        attempts: 0,
        max_attempts: 1 + settings.maxRetries,
        commands: [],
        expectations: describeExpectations(settings.expectations),
        session: { id: planned.id, dir: planned.dir },
        host: (0,external_node_os_namespaceObject.hostname)(),
        pid: process.pid,
        ...(request.ci && { ci: request.ci })
    };
    const sealed = receiptOnDisk(receipt, request);
    await ports.store.write(sealed);
    let session;
    try {
        session = await TraceSession.open({
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
        await ports.store.write({ ...sealed, status: receiptStatusFor('aborted', false), ended_at: timestamp(now()) });
        throw new UsageError(`state-dir: cannot create the trace folder: ${errors_describeError(error)}`);
    }
    await writeRunRecord(session.dir, settings, redactor, request.seal);
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
    session.event('decision', { question: 'what to run', decision: [settings.script], expected: describeExpectations(settings.expectations) });
    if (uncaptured !== undefined)
        session.event('note', uncapturedNote(uncaptured));
    return { session, receipt };
}
/** Closes a run the guardrail refused: a note naming the rule, `end` aborted, an aborted receipt. */
async function refuse(request, ports, run) {
    const { session, hit } = run;
    const endedAt = timestamp(ports.clock.now());
    session.event('note', refusalTraceNote(refusalNote(hit), hit.rule));
    const summary = `refused by the guardrail (${hit.rule})`;
    await session.end({ outcome: 'aborted', summary }, { ended_at: endedAt, flaky: false, summary });
    const receipt = receiptOnDisk({ ...run.receipt, status: receiptStatusFor('aborted', false), ended_at: endedAt }, request);
    await ports.store.write(receipt);
    const reportPath = await writeReport(ports, receipt);
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
/** Writes report.html next to the trace; a failure is told to the front end, never fatal. */
async function writeReport(ports, receipt) {
    const written = await writeSessionReport(ports.store, receipt);
    if ('path' in written)
        return written.path;
    ports.log({ kind: 'report-failed', runId: receipt.run_id, error: written.error });
    return undefined;
}
/** The verify loop's view of the ports. */
function loopEnvironment(request, ports, runId) {
    return {
        processes: ports.processes,
        console: ports.console,
        log: ports.log,
        clock: ports.clock,
        redactor: request.redactor,
        env: commandEnvironment(request.env ?? process.env, runId),
        signal: request.signal,
        killGraceMs: request.killGraceMs ?? 2000,
        interruptReason: request.interruptReason
    };
}
/** Continues an interrupted run in its own receipt and session (docs/design.md §6). */
async function resumeRun(request, ports, plan, identity, capture) {
    const now = () => ports.clock.now();
    const session = await TraceSession.reopen(plan.sessionDir, plan.meta, request.redactor, now);
    const previousOwner = `${plan.receipt.host}:${plan.receipt.pid}`;
    const owned = { ...plan.receipt, host: (0,external_node_os_namespaceObject.hostname)(), pid: process.pid, ...(request.ci && { ci: request.ci }) };
    // The new owner seals it again: its pid and host are part of what the seal covers.
    const receipt = receiptOnDisk(owned, request);
    await ports.store.write(receipt);
    ports.log({ kind: 'run-created', runId: receipt.run_id, sessionDir: session.dir });
    const note = `resumed run ${receipt.run_id} (its process ${previousOwner} is gone): ${plan.summary}`;
    session.event('note', resumedNote(note));
    ports.log({ kind: 'resumed', runId: receipt.run_id, note });
    for (const event of plan.pending) {
        if (event.phase === 'tool_result')
            session.event('tool_result', event.payload);
        else
            session.event('verify', event.payload);
    }
    const loop = await runVerifyLoop(request.settings, session, loopEnvironment(request, ports, receipt.run_id), {
        previous: plan.previous,
        ...(plan.replay !== undefined && { replay: plan.replay }),
        ...(plan.retryDecided !== undefined && { retryDecided: plan.retryDecided }),
        ...(plan.rerun !== undefined && { rerun: plan.rerun })
    }).catch(fullDisk(ports, 'during'));
    const report = await closeRun(request, ports, { session, receipt, loop, identity, capture });
    return { ...report, resumed: { replayed: plan.replayed, summary: plan.summary } };
}
/** Writes the end of the trace, meta.json and the final receipt; applies retention. */
async function closeRun(request, ports, run) {
    const { session, loop } = run;
    const interruptReason = loop.interrupted ? request.interruptReason?.() : undefined;
    if (loop.interrupted) {
        session.event('note', interruptedNote(`interrupted${interruptReason ? ` by ${interruptReason}` : ''}; the run was stopped and its processes killed`));
    }
    const endedAt = timestamp(ports.clock.now());
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
        status: receiptStatusFor(loop.outcome, loop.interrupted),
        flaky: loop.flaky,
        ended_at: endedAt,
        attempts: session.metadata.attempts,
        commands: (last?.commands ?? []).map(commandRecord),
        ...(tests !== undefined && { tests: receiptTests(tests) })
    };
    const written = receiptOnDisk(receipt, request);
    await ports.pause?.('after-trace-end');
    await ports.store.write(written).catch(fullDisk(ports, loop.outcome));
    // The attempts the front ends show: those that ran, and the last (one a crash cut off spent nothing).
    const shown = loop.attempts.filter((attempt, index) => !attempt.interrupted || index === loop.attempts.length - 1);
    const pruned = await ports.store.prune(request.target, request.settings.scope, run.identity.hash, request.settings.keepReceipts);
    const reportPath = await writeReport(ports, written);
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
        excerpt: loop.outcome === 'success' || last === undefined ? '' : attemptExcerpt(last),
        ...(firstFailure !== undefined && { firstFailure: { attempt: firstFailure.attempt, excerpt: attemptExcerpt(firstFailure) } }),
        capture: run.capture,
        receipt: written,
        ...(tests !== undefined && { tests }),
        pruned,
        ...(reportPath !== undefined && { reportPath })
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
    return sealReceipt(redactedReceipt(receipt, request.redactor), request.seal);
}
/**
 * The identity as a receipt may show it. Normalization can re-quote a secret into a form
 * the redactor does not know (`'it'\''s'`), so each command is redacted before it is
 * normalized, and after. The hash stays the one of the commands as written.
 */
function shownIdentity(script, redactor) {
    return identityLines(script).map(line => redactor.redact(normalizeCommand(redactor.redact(line))));
}

;// CONCATENATED MODULE: ./src/core/receipts/history-facts.ts

/** Facts about the newest `limit` finished runs (running ones are left out: they have no verdict yet). */
function historyFacts(receipts, limit) {
    const newest = [...receipts]
        .filter(receipt => receipt.status !== 'running')
        .sort((a, b) => (a.started_at === b.started_at ? b.run_id.localeCompare(a.run_id) : b.started_at.localeCompare(a.started_at)))
        .slice(0, limit);
    const runs = newest.map((receipt) => ({
        runId: receipt.run_id,
        status: receipt.status,
        flaky: receipt.status === 'passed' && receipt.flaky,
        startedAt: receipt.started_at,
        ...(receipt.capture !== undefined && { captureNote: receipt.capture.note })
    }));
    const counts = { passed: 0, flaky: 0, failed: 0, stopped: 0 };
    for (const run of runs) {
        if (run.flaky)
            counts.flaky++;
        else if (run.status === 'passed')
            counts.passed++;
        else if (run.status === 'failed')
            counts.failed++;
        else
            counts.stopped++;
    }
    const judged = counts.passed + counts.flaky + counts.failed;
    const flakyTests = testHistory(newest).tests.filter(test => test.flaky > 0);
    return { runs, counts, ...(judged > 0 && { flakeRate: counts.flaky / judged }), flakyTests };
}

;// CONCATENATED MODULE: ./src/core/receipts/receipt-index.ts










const STATE_FILE = 'state.json';
const ENTRY_NAME = /^(\d{16})_(\d{8}-\d{6}-verify-[0-9a-f]{6})$/;
const IndexStateSchema = object({ version: literal(1), runs: schemas_string().max(200) });
/** sha256 hex (32 chars) naming the index list of one target. */
function targetKey(target) {
    return (0,external_node_crypto_namespaceObject.createHash)('sha256')
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
        this.indexDir = (0,external_node_path_namespaceObject.join)(stateDir, INDEX_DIR);
        this.runsDir = (0,external_node_path_namespaceObject.join)(stateDir, RUNS_DIR);
    }
    /** The list key of a receipt in one of its two lists. */
    static keyOf(list, receipt) {
        return list === 'history' ? historyKey(receipt.target, receipt.scope, receipt.identity_hash) : targetKey(receipt.target);
    }
    /**
     * Adds the receipt to both lists (idempotent) and returns the list directories it changed.
     * With `sync` they are flushed at once; a rebuild flushes them once at the end, and passes
     * `checkedDirectories` so each list directory is checked once rather than per receipt.
     */
    async add(receipt, options) {
        const name = entryName({ runId: receipt.run_id, startedMs: startedAtMs(receipt) });
        const touched = [];
        for (const list of ['history', 'target']) {
            const directory = await this.ensureListDirectory(list, ReceiptIndex.keyOf(list, receipt), options.checkedDirectories);
            try {
                const handle = await (0,promises_namespaceObject.open)((0,external_node_path_namespaceObject.join)(directory, name), external_node_fs_namespaceObject.constants.O_WRONLY | external_node_fs_namespaceObject.constants.O_CREAT | external_node_fs_namespaceObject.constants.O_EXCL, 0o644);
                await handle.close();
            }
            catch (error) {
                if (isErrorCode(error, 'EEXIST'))
                    continue;
                throw error;
            }
            touched.push(directory);
            if (options.sync)
                await fsyncDirectory(directory);
        }
        return touched;
    }
    /** Removes the receipt's entries from both lists (absent is fine). */
    async removeReceipt(receipt) {
        const entry = { runId: receipt.run_id, startedMs: startedAtMs(receipt) };
        for (const list of ['history', 'target'])
            await this.remove(list, ReceiptIndex.keyOf(list, receipt), entry);
    }
    /**
     * The entries of one list, newest first; none when the list does not exist. A symlink or
     * a file where a directory of the index belongs throws: reading an empty list there
     * would hide receipts, so callers fall back to reading every receipt.
     */
    async entries(list, key) {
        return this.entriesIn((0,external_node_path_namespaceObject.join)(this.indexDir, list, key));
    }
    /** Every list key of one kind present on disk. */
    async keys(list) {
        const directory = (0,external_node_path_namespaceObject.join)(this.indexDir, list);
        try {
            await requireRealDirectory(directory);
            return (await (0,promises_namespaceObject.readdir)(directory)).filter(name => /^[0-9a-f]{32}$/.test(name));
        }
        catch (error) {
            if (isErrorCode(error, 'ENOENT'))
                return [];
            throw error;
        }
    }
    /** Removes one entry from a list (absent is fine). */
    async remove(list, key, entry) {
        const directory = (0,external_node_path_namespaceObject.join)(this.indexDir, list, key);
        if (!(await this.realDirectories(directory)))
            return;
        await this.unlinkEntry(directory, entry);
    }
    /** Identifies the current set of run directories: it changes when one is added or removed. */
    async runsFingerprint() {
        try {
            const stats = await (0,promises_namespaceObject.lstat)(this.runsDir, { bigint: true });
            return `${stats.dev}:${stats.ino}:${stats.mtimeNs}:${stats.nlink}`;
        }
        catch (error) {
            if (isErrorCode(error, 'ENOENT'))
                return 'absent';
            throw error;
        }
    }
    /** The fingerprint recorded by the last writer; undefined when missing or unreadable. */
    async recordedFingerprint() {
        try {
            await requireRealDirectory(this.indexDir);
            const text = await readRegularFile((0,external_node_path_namespaceObject.join)(this.indexDir, STATE_FILE), 4_096);
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
        await ensureRealDirectory(this.indexDir);
        await writeFileAtomic((0,external_node_path_namespaceObject.join)(this.indexDir, STATE_FILE), `${JSON.stringify({ version: 1, runs: fingerprint })}\n`);
    }
    async ensureListDirectory(list, key, checked) {
        const directory = (0,external_node_path_namespaceObject.join)(this.indexDir, list, key);
        for (const path of [this.indexDir, (0,external_node_path_namespaceObject.join)(this.indexDir, list), directory]) {
            if (checked?.has(path))
                continue;
            await ensureRealDirectory(path);
            checked?.add(path);
        }
        return directory;
    }
    async entriesIn(directory) {
        if (!(await this.realDirectories(directory)))
            return [];
        const names = await (0,promises_namespaceObject.readdir)(directory);
        return names
            .sort()
            .reverse()
            .map(parseEntryName)
            .filter((entry) => entry !== undefined && run_id_isRunId(entry.runId));
    }
    /**
     * False when the list directory does not exist; throws when it, `index/` or the list
     * kind's directory is a symlink or not a directory, so nothing is read or removed
     * through a link.
     */
    async realDirectories(listDirectory) {
        const kindDirectory = (0,external_node_path_namespaceObject.dirname)(listDirectory);
        try {
            for (const path of [this.indexDir, kindDirectory, listDirectory])
                await requireRealDirectory(path);
            return true;
        }
        catch (error) {
            if (isErrorCode(error, 'ENOENT'))
                return false;
            throw error;
        }
    }
    async unlinkEntry(directory, entry) {
        try {
            await (0,promises_namespaceObject.unlink)((0,external_node_path_namespaceObject.join)(directory, entryName(entry)));
        }
        catch (error) {
            if (!isErrorCode(error, 'ENOENT'))
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
        this.runsDir = (0,external_node_path_namespaceObject.join)(stateDir, RUNS_DIR);
    }
    /** Writes runs/<run_id>/receipt.json atomically (temp + fsync + rename + dir fsync) and keeps the index in step. */
    async write(receipt) {
        const checked = parseReceipt(receipt);
        if (!checked.ok) {
            throw new Error(`refusing to write receipt ${printable(String(receipt.run_id))}: ${checked.reason}`);
        }
        const text = `${JSON.stringify(checked.receipt, null, 2)}\n`;
        if (Buffer.byteLength(text, 'utf8') > MAX_RECEIPT_BYTES) {
            throw new Error(`refusing to write receipt ${receipt.run_id}: it is larger than ${MAX_RECEIPT_BYTES} bytes`);
        }
        await (0,promises_namespaceObject.mkdir)(this.stateDir, { recursive: true });
        const fresh = await this.freshIndex();
        const previous = await this.readChecked(checked.receipt.run_id);
        // Entries first: a crash from here on leaves an entry readers skip, never a receipt they cannot find.
        let indexed = await this.updateIndex(() => this.index.add(checked.receipt, { sync: true }));
        const before = await this.index.runsFingerprint();
        await ensureRealDirectory(this.runsDir);
        const runDir = runDirectory(this.stateDir, checked.receipt.run_id);
        await ensureRealDirectory(runDir);
        await writeFileAtomic((0,external_node_path_namespaceObject.join)(runDir, RECEIPT_FILE), text);
        if (previous !== undefined && indexedApart(previous, checked.receipt)) {
            indexed = (await this.updateIndex(() => this.index.removeReceipt(previous))) && indexed;
        }
        const after = await this.index.runsFingerprint();
        if (after !== before) {
            await fsyncDirectory(this.runsDir);
            // Left unrecorded when the index missed this write, so the next reader rebuilds or scans.
            if (fresh && indexed)
                await this.updateIndex(() => this.index.recordFingerprint(after));
        }
    }
    /** One receipt, validated; undefined when absent; a bad file → warn + undefined (never deleted). */
    async read(runId) {
        return this.readChecked(requireRunId(runId, 'run id'));
    }
    /** The latest receipt (by started_at, then run id) of one target+scope+identity, through the index. */
    async latest(target, scope, identityHash) {
        return this.newestIn('history', historyKey(target, scope, identityHash), receipt => receipt.target === target && receipt.scope === scope && receipt.identity_hash === identityHash);
    }
    /** The newest receipt of a target (any identity) — for `capture latest`; with `accept`, the newest one it accepts. */
    async latestOfTarget(target, accept) {
        return this.newestIn('target', targetKey(target), receipt => receipt.target === target && (accept?.(receipt) ?? true));
    }
    /** All valid receipts, newest first, optionally of one target. Bad ones skipped with a warning. */
    async list(filter = {}) {
        const { receipts } = await this.scanRuns();
        return receipts.filter(receipt => filter.target === undefined || receipt.target === filter.target).sort(compareNewestFirst);
    }
    /** Every valid receipt of one target+scope+identity, newest first (what the action caches). */
    async history(target, scope, identityHash) {
        const belongs = (receipt) => receipt.target === target && receipt.scope === scope && receipt.identity_hash === identityHash;
        const entries = (await this.freshIndex())
            ? await this.readIndex(() => this.index.entries('history', historyKey(target, scope, identityHash)))
            : undefined;
        if (entries === undefined)
            return (await this.scanRuns()).receipts.filter(belongs).sort(compareNewestFirst);
        const receipts = [];
        for (const entry of entries) {
            const receipt = await this.readChecked(entry.runId);
            if (receipt !== undefined && belongs(receipt))
                receipts.push(receipt);
        }
        return receipts.sort(compareNewestFirst);
    }
    /** Retention: keep the newest `keep` (≥1) receipts of that identity; removes the older runs/<id> directories; returns removed ids. */
    async prune(target, scope, identityHash, keep) {
        if (!Number.isInteger(keep) || keep < 1) {
            throw new UsageError(`keep-receipts: '${printable(String(keep))}' is not allowed; expected a whole number of at least 1`);
        }
        const fresh = await this.freshIndex();
        const key = historyKey(target, scope, identityHash);
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
        receipts.sort(compareNewestFirst);
        // A run still marked running may be alive in another process: never pulled from under it.
        const doomed = receipts.slice(keep).filter(receipt => receipt.status !== 'running');
        const before = await this.index.runsFingerprint();
        let indexed = entries !== undefined;
        const removed = [];
        for (const receipt of doomed) {
            // The receipt goes first and its entries after, so a crash in between leaves an entry
            // without a receipt (skipped), not a receipt nobody can find.
            await (0,promises_namespaceObject.rm)(runDirectory(this.stateDir, receipt.run_id), { recursive: true, force: true });
            indexed = (await this.updateIndex(() => this.index.removeReceipt(receipt))) && indexed;
            removed.push(receipt.run_id);
        }
        const cutoff = this.now().getTime() - DANGLING_ENTRY_GRACE_MS;
        for (const entry of dangling) {
            if (entry.startedMs < cutoff)
                indexed = (await this.updateIndex(() => this.index.remove('history', key, entry))) && indexed;
        }
        if (removed.length > 0) {
            await fsyncDirectory(this.runsDir);
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
            await fsyncDirectory(directory);
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
        this.warn(`the receipt index in ${(0,external_node_path_namespaceObject.join)(this.stateDir, INDEX_DIR)} ${what} (${errors_describeError(error)}); reading every receipt instead`);
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
            return (await this.scanRuns()).receipts.filter(belongs).sort(compareNewestFirst)[0];
        }
        for (const [position, entry] of entries.entries()) {
            const receipt = await this.readChecked(entry.runId);
            if (receipt === undefined || !belongs(receipt))
                continue;
            if (startedAtMs(receipt) === entry.startedMs)
                return receipt;
            // The entry disagrees with the receipt it names: order by the receipts themselves.
            const rest = [receipt];
            for (const older of entries.slice(position + 1)) {
                const candidate = await this.readChecked(older.runId);
                if (candidate !== undefined && belongs(candidate))
                    rest.push(candidate);
            }
            return rest.sort(compareNewestFirst)[0];
        }
        return undefined;
    }
    /** Every run directory: the valid receipts, and the ids present at all (valid or not). */
    async scanRuns() {
        let names;
        try {
            const stats = await (0,promises_namespaceObject.lstat)(this.runsDir);
            if (!stats.isDirectory()) {
                this.warn(`skipped ${this.runsDir}: not a directory (symbolic links are not followed)`);
                return { receipts: [], present: new Set() };
            }
            names = await (0,promises_namespaceObject.readdir)(this.runsDir);
        }
        catch (error) {
            if (isErrorCode(error, 'ENOENT'))
                return { receipts: [], present: new Set() };
            throw error;
        }
        const present = new Set();
        for (const name of names.sort()) {
            if (RUN_ID_PATTERN.test(name))
                present.add(name);
            else if (!name.startsWith('.'))
                this.warn(`skipped ${(0,external_node_path_namespaceObject.join)(this.runsDir, printable(name))}: not a run id`);
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
        const runDir = runDirectory(this.stateDir, runId);
        const path = (0,external_node_path_namespaceObject.join)(runDir, RECEIPT_FILE);
        try {
            for (const directory of [this.runsDir, runDir]) {
                const stats = await (0,promises_namespaceObject.lstat)(directory);
                if (stats.isSymbolicLink())
                    throw new Error(`${directory} is a symbolic link; it is not followed`);
                if (!stats.isDirectory())
                    throw new Error(`${directory} is not a directory`);
            }
            const text = await readRegularFile(path, MAX_RECEIPT_BYTES);
            if (text === undefined)
                return undefined;
            let json;
            try {
                json = JSON.parse(text);
            }
            catch (error) {
                throw new Error(`not valid JSON (${errors_describeError(error)})`, { cause: error });
            }
            const parsed = parseReceipt(json);
            if (!parsed.ok)
                throw new Error(`not a valid receipt (${parsed.reason})`);
            if (parsed.receipt.run_id !== runId)
                throw new Error(`its run_id ${parsed.receipt.run_id} does not match its directory`);
            return parsed.receipt;
        }
        catch (error) {
            if (isErrorCode(error, 'ENOENT', 'ENOTDIR'))
                return undefined;
            const reason = errors_describeError(error);
            this.warn(`skipped ${path}: ${reason.startsWith(path) ? reason.slice(path.length).replace(/^[\s:;]+/, '') : reason}`);
            return undefined;
        }
    }
    async runDirectoryExists(runId) {
        try {
            await (0,promises_namespaceObject.lstat)(runDirectory(this.stateDir, runId));
            return true;
        }
        catch (error) {
            if (isErrorCode(error, 'ENOENT'))
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
                            entryName(entry) !== entryName({ runId: receipt.run_id, startedMs: startedAtMs(receipt) })
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
    return (startedAtMs(previous) !== startedAtMs(next) ||
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
const capture_CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** Every `Reverify-Capture: <run-id> [note]` line in a text (commit message, PR body); lines whose id is not a valid run id are ignored. Bounded: at most 50 per text, note capped at 1000 chars. */
function parseCaptureTrailers(text) {
    const trailers = [];
    for (const line of text.slice(0, MAX_SCANNED_CHARS).split(/\r\n|\r|\n/)) {
        const match = TRAILER_LINE.exec(line);
        if (!match || !isRunId(match[1]))
            continue;
        const note = Array.from((match[2] ?? '').replace(capture_CONTROL_CHARS, ' ').trim())
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
    if (Array.from(note).length > MAX_NOTE_CHARS) {
        throw new UsageError(`capture: the note is longer than ${MAX_NOTE_CHARS} characters; keep it short and link to details`);
    }
    const receipt = ref.trim().toLowerCase() === 'latest' ? await latestToCapture(store, details) : await namedRun(store, ref.trim(), details);
    if (receipt.status === 'running') {
        throw new UsageError(`capture: run ${receipt.run_id} is still running; capture it once it has ended`);
    }
    const captured = {
        ...receipt,
        capture: {
            captured_at: (details.now ?? new Date()).toISOString(),
            note,
            source: Array.from(details.source).slice(0, MAX_CAPTURE_LABEL_CHARS).join(''),
            by: Array.from(details.by).slice(0, MAX_CAPTURE_LABEL_CHARS).join('')
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
    const runId = requireRunId(ref, 'capture');
    const receipt = await store.read(runId);
    if (receipt === undefined)
        throw new UsageError(`capture: no receipt of run ${runId} in ${store.stateDir}`);
    if (details.target !== undefined && receipt.target !== details.target) {
        throw new UsageError(`capture: run ${runId} belongs to ${printable(receipt.target, 200)}, not ${printable(details.target, 200)}`);
    }
    return receipt;
}
async function latestToCapture(store, details) {
    const { target } = details;
    if (target === undefined)
        throw new UsageError('capture: latest needs a target (repository) to look in');
    if (details.identityHash !== undefined) {
        const latest = await store.latest(target, details.scope ?? '', details.identityHash);
        if (latest === undefined)
            throw new UsageError('capture: this command has no run yet; nothing to capture');
        if (latest.status !== 'failed') {
            throw new UsageError(`capture: the latest run of this command (${latest.run_id}) is ${latest.status}, not failed; nothing to capture`);
        }
        return latest;
    }
    const failed = await store.latestOfTarget(target, receipt => receipt.status === 'failed' && receipt.capture === undefined);
    if (failed === undefined)
        throw new UsageError(`capture: no failed run waiting to be captured in ${printable(target, 200)}`);
    return failed;
}

;// CONCATENATED MODULE: ./src/core/capture/config-file.ts





/** The allowed capture-before-retry values, in the order messages list them. */
const CAPTURE_MODES = ['warn', 'block', 'off'];
/** The mode used when neither a flag/input nor the config file says otherwise. */
const DEFAULT_CAPTURE_MODE = 'warn';
/** The config file's path relative to the repository. */
const CONFIG_PATH = (0,external_node_path_namespaceObject.join)('.reverify', 'config.json');
const CONFIG_KEY = 'capture_before_retry';
const MAX_CONFIG_BYTES = 64 * 1024;
/** Trimmed, case-insensitive; anything else (non-strings, '', 'maybe', 'true', 1) → ConfigError naming where it came from and "allowed: warn, block, off". */
function parseCaptureMode(value, source) {
    const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
    const mode = CAPTURE_MODES.find(candidate => candidate === text);
    if (mode !== undefined)
        return mode;
    const shown = typeof value === 'string' ? `'${printableValue(value)}'` : printableValue(value);
    throw new ConfigError(`${source}: ${shown} is not a capture-before-retry value (allowed: ${CAPTURE_MODES.join(', ')})`);
}
/** Reads <repoDir>/.reverify/config.json; missing → {}; bad JSON / bad value → ConfigError (exit 2) naming the file. */
async function readConfig(repoDir) {
    const path = (0,external_node_path_namespaceObject.join)(repoDir, CONFIG_PATH);
    const raw = await readConfigObject(path);
    if (raw === undefined || raw[CONFIG_KEY] === undefined)
        return {};
    return { captureBeforeRetry: parseCaptureMode(raw[CONFIG_KEY], `${path}: ${CONFIG_KEY}`) };
}
/** Writes the key (omitting it when it is the default 'warn'), keeping other keys; atomic. */
async function setCaptureMode(repoDir, mode) {
    const path = (0,external_node_path_namespaceObject.join)(repoDir, CONFIG_PATH);
    const next = { ...((await readConfigObject(path)) ?? {}) };
    if (mode === DEFAULT_CAPTURE_MODE)
        delete next[CONFIG_KEY];
    else
        next[CONFIG_KEY] = mode;
    await (0,promises_namespaceObject.mkdir)((0,external_node_path_namespaceObject.join)(repoDir, '.reverify'), { recursive: true });
    await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`);
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
        text = await readRegularFile(path, MAX_CONFIG_BYTES);
    }
    catch (error) {
        const reason = errors_describeError(error);
        throw new ConfigError(`${path}: ${reason.startsWith(path) ? reason.slice(path.length).trim() : reason}`);
    }
    if (text === undefined)
        return undefined;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        throw new ConfigError(`${path}: not valid JSON (${errors_describeError(error)})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new ConfigError(`${path}: expected a JSON object such as {"${CONFIG_KEY}": "warn"}`);
    }
    return value;
}

;// CONCATENATED MODULE: ./src/core/recovery/test-pause.ts
/**
 * A test-only hook (docs/reliability.md, "Fault injection"): with
 * `REVERIFY_TEST_PAUSE_AT=<point>:<marker file>` in the process's environment, the run writes the
 * marker file when it reaches that point and waits there for a minute, so a test can kill it
 * exactly in a window that is otherwise a few microseconds wide. Points: `after-trace-end`
 * (the trace has its `end`, the final receipt is not written yet) and `during-cache-save`
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
        (0,external_node_fs_namespaceObject.writeFileSync)(value.slice(point.length + 1), `${process.pid}\n`);
        await (0,external_node_timers_promises_namespaceObject.setTimeout)(PAUSE_MS);
    };
}

;// CONCATENATED MODULE: ./src/core/base/platform.ts
/**
 * Where reverify runs (README "Runners"): it needs POSIX sessions and process groups to stop
 * a command's whole tree, so Linux (everything) and macOS (no /proc: see README) are
 * supported, and anything else stops before it starts.
 */
/** The platforms reverify runs on, as `process.platform` names them. */
const SUPPORTED = new Set(['linux', 'darwin']);
/**
 * The one line that refuses an unsupported platform (`process.platform`), or undefined on
 * Linux and macOS.
 */
function unsupportedPlatform(platform) {
    if (SUPPORTED.has(platform))
        return undefined;
    const name = platform === 'win32' ? 'Windows' : JSON.stringify(platform.slice(0, 40));
    return `reverify: ${name} is not supported: it needs POSIX process groups; use a Linux or macOS runner`;
}

;// CONCATENATED MODULE: ./src/core/index.ts
/**
 * The core's one public entry (docs/design.md §8): the CLI and the action import the core
 * through this module only, so what they rely on is listed here and everything else under
 * src/core/ may change shape freely. A test keeps it so (`__tests__/architecture.test.ts`).
 */
// The verify run: one request, four ports, a report of facts.

// Settings, from the input table.





// Receipts, identity and the state directory.






// Capture and capture-before-retry.




// Crash recovery: closing and resuming what a killed run left.









// What a reviewer reads: excerpts, source locations, test results, the HTML report.




// Script lines, redaction and the base helpers the front ends share.









;// CONCATENATED MODULE: ./src/cli/console-stream.ts
/** Error codes that mean "nobody reads this stream any more". */
const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);
/**
 * Wraps a process stream so that a closed reader ends its output instead of the process: once
 * the stream has failed, writes are dropped and report no backpressure, and anyone waiting
 * for `drain` is released (a run waiting on a full pipe would otherwise wait forever).
 * `onOtherError` hears of failures that are not a gone reader (a full disk behind `>`).
 */
function closedPipeTolerant(stream, onOtherError) {
    let closed = false;
    let waiting = [];
    const release = () => {
        const listeners = waiting;
        waiting = [];
        for (const listener of listeners)
            listener();
    };
    stream.on('error', error => {
        if (closed)
            return;
        closed = true;
        release();
        if (!READER_GONE.has(error.code ?? ''))
            onOtherError?.(error);
    });
    return {
        get isTTY() {
            return stream.isTTY;
        },
        write(chunk) {
            if (closed)
                return true;
            return stream.write(chunk);
        },
        once(_event, listener) {
            if (closed) {
                setImmediate(listener);
                return;
            }
            waiting.push(listener);
            stream.once('drain', release);
        }
    };
}

;// CONCATENATED MODULE: ./src/cli/flags.ts
/**
 * The CLI's flags, declared by the input table and read with node:util's parseArgs. The
 * strict checks are made here on parseArgs' tokens rather than by its strict mode, so that
 * each mistake is one line naming the flag, `--allow-destructive` stays a switch that also
 * takes `=true|false`, and a value starting with '-' (`--max-retries -1`) is still a value.
 */


/** Boolean inputs are switches: `--json` alone means true. */
function isSwitch(name) {
    return inputSpec(name).kind.type === 'boolean';
}
/** The flags a subcommand takes (`config` takes none but --help). */
function flagsOf(command) {
    return command === 'config' ? [] : inputsOf(command);
}
/** Parses argv against a subcommand's flags; a mistake is a UsageError pointing at `usage`. */
function parseCommandLine(argv, command, usage) {
    const names = flagsOf(command);
    const options = { help: { type: 'boolean', short: 'h' } };
    for (const name of names)
        options[name] = { type: isSwitch(name) ? 'boolean' : 'string' };
    const { tokens } = (0,external_node_util_namespaceObject.parseArgs)({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
    const flags = {};
    const positionals = [];
    let help = false;
    for (const token of tokens) {
        if (token.kind === 'positional')
            positionals.push(token.value);
        if (token.kind !== 'option')
            continue;
        if (token.name === 'help') {
            help = true;
            continue;
        }
        const shown = printable(token.rawName);
        const name = names.find(candidate => candidate === token.name);
        if (name === undefined)
            throw new UsageError(`unknown flag ${shown}; see ${usage}`);
        const value = token.value ?? (isSwitch(name) ? 'true' : undefined);
        if (value === undefined)
            throw new UsageError(`${shown} needs a value; see ${usage}`);
        const earlier = flags[name];
        if (earlier !== undefined && !inputSpec(name).repeatable)
            throw new UsageError(`${shown} given more than once; see ${usage}`);
        flags[name] = earlier === undefined ? value : `${earlier}\n${value}`;
    }
    return { flags, positionals, help };
}

;// CONCATENATED MODULE: ./src/cli/help.ts
/** The CLI's help texts: every subcommand, and every flag as the input table describes it. */


/** `reverify --help`: the subcommands, exit codes and where state lives. */
const MAIN_HELP = `reverify: run a verify command with retries and expectations, keep a receipt of
every run, and refuse to retry a failure nobody captured.

Usage:
  reverify run --command CMD --expect-exit N [flags]   run a verify (see reverify run --help)
  reverify capture <run-id|latest> [--note TEXT]        record what happened in a failed run
  reverify receipts list [--json]                       receipts of this repository, newest first
  reverify receipts show <run-id|latest> [--json]       one receipt in full
  reverify config set capture-before-retry <warn|block|off>
  reverify resume [<run-id>]                            continue an interrupted run
  reverify report <run-id|latest> [--out FILE] [--open] write a run's HTML report
  reverify flaky [--json] [--since N]                   tests by how often they flaked (needs --test-results)
  reverify --help | --version

Exit codes: 0 success, 1 failure (or a blocked retry), 2 usage or config error,
3 refused by the destructive-command guardrail, 130 interrupted.
State lives in <git top-level, else cwd>/.reverify/ (override with --state-dir).
`;
/** Where descriptions start, and where lines are wrapped. */
const DESCRIPTION_COLUMN = 30;
const LINE_WIDTH = 96;
/** `lead` (as wide as the description column) and the words of `text`, wrapped at LINE_WIDTH under the column. */
function wrap(lead, text) {
    const lines = [];
    let line = lead;
    let words = 0;
    for (const word of text.split(' ')) {
        if (words > 0 && line.length + 1 + word.length > LINE_WIDTH) {
            lines.push(line);
            line = ' '.repeat(DESCRIPTION_COLUMN);
            words = 0;
        }
        line += words > 0 ? ` ${word}` : word;
        words++;
    }
    return [...lines, line].join('\n');
}
/** One flag's help: `--name VALUE`, then its description and default. */
function flagHelp(name) {
    const spec = inputSpec(name);
    const sentence = spec.help ?? spec.description.replace(/\.$/, '');
    const notes = [sentence.charAt(0).toLowerCase() + sentence.slice(1)];
    const shownDefault = spec.kind.type === 'boolean' ? undefined : (spec.default ?? spec.shownDefault?.cli);
    if (shownDefault !== undefined)
        notes.push(`(default: ${shownDefault})`);
    if (spec.repeatable)
        notes.push('(repeatable)');
    const flag = `--${name}${spec.placeholder ? ` ${spec.placeholder}` : ''}`;
    return wrap(`  ${flag.padEnd(DESCRIPTION_COLUMN - 3)} `, notes.join(' '));
}
/** A help section: a heading and its flags' lines. */
function section(heading, names) {
    return `${heading}:\n${names.map(flagHelp).join('\n')}\n`;
}
/** The flags of a subcommand other than `run`, under one heading. */
function flagsSection(command) {
    return section('Flags', flagsOf(command));
}
/** `reverify run --help` (built when asked, not at start-up): every flag of the input table's `run` front, by group. */
const runHelp = () => [
    `Usage: reverify run --command CMD [--command CMD …] EXPECTATION… [flags]

Runs the script (its lines, or one line per --command) as one script in one shell, as a
run step does, up to 1 + max-retries times, stopping at the first attempt that meets every
expectation. A shell that is not on PATH is an error before anything runs.
`,
    ...HELP_GROUPS.map(group => section(group, flagsOf('run').filter(name => inputSpec(name).group === group)))
].join('\n');
/** `reverify capture --help`. */
const captureHelp = () => `Usage: reverify capture <run-id|latest> [--note TEXT] [--state-dir DIR]

Records that someone looked at a failed run: what they found goes in --note. A captured
failure no longer warns or blocks the next run of the same command. "latest" is the newest
failed receipt of this repository.

${flagsSection('capture')}`;
/** `reverify receipts --help`. */
const receiptsHelp = () => `Usage: reverify receipts list [--json] [--state-dir DIR]
       reverify receipts show <run-id|latest> [--json] [--state-dir DIR]

list: this repository's receipts, newest first (run id, status, flaky, captured, command).
show: one receipt in full, including its normalized command identity.

${flagsSection('receipts')}`;
/** `reverify config --help`. */
const CONFIG_HELP = `Usage: reverify config set capture-before-retry <warn|block|off>

Writes .reverify/config.json in the repository (commit it to share the setting). The key
is omitted when the value is the default, warn.
`;
/** `reverify resume --help`. */
const resumeHelp = () => `Usage: reverify resume [<run-id>] [--state-dir DIR] [--capture-before-retry MODE] [--redact VALUE]

Continues an interrupted run: one whose receipt is still "running" while its process is
gone (killed, crashed, machine lost). The same receipt and session are continued:
  - a result that was recorded but not yet verified is judged from the record
    (expect-exit, expect-stdout) without running the command again;
  - an attempt cut off mid-command counts as used, and the remaining attempts run.
Without a run id: the newest such run of this repository. Running the same command with
reverify run resumes it too. When the evidence is unclear, nothing is guessed: the old run
is closed as interrupted and a new one starts.

${flagsSection('resume')}`;
/** `reverify report --help`. */
const reportHelp = () => `Usage: reverify report <run-id|latest> [--out FILE] [--open] [--state-dir DIR]

Writes a run's HTML report (one self-contained file: no script, no network request) and
prints its path. By default it is report.html in the run's trace folder, where every run
already leaves one; --out writes it elsewhere. "latest" is this repository's newest run.

${flagsSection('report')}`;
/** `reverify flaky --help`. */
const flakyHelp = () => `Usage: reverify flaky [--json] [--since N] [--state-dir DIR]

Lists the tests of this repository that flaked (failed in one attempt, passed in a later
one) or failed, with how many runs each did so in, most flakes first. It reads the JUnit
results that runs with --test-results recorded in their receipts.

${flagsSection('flaky')}`;

;// CONCATENATED MODULE: ./src/cli/io.ts
/** Writes one line to a console stream. */
function println(stream, line) {
    stream.write(`${line}\n`);
}

;// CONCATENATED MODULE: ./src/cli/receipts.ts
/** `reverify capture`, `reverify receipts list|show` and `reverify config set`. */





/** The store `--state-dir` names, else the repository's: the one `run` writes to. */
function openStore(stateDirFlag, io) {
    const root = findTargetRoot(io.cwd);
    const { path: stateDir } = resolveStateDir(stateDirFlag, { front: 'cli', base: io.cwd });
    const store = new ReceiptStore(stateDir, { warn: message => println(io.stderr, `reverify: warning: ${message}`) });
    return { root, stateDir, store };
}
function who(io) {
    try {
        return io.env.USER ?? (0,external_node_os_namespaceObject.userInfo)().username;
    }
    catch {
        return 'unknown';
    }
}
/** `reverify capture <run-id|latest> [--note TEXT]`. */
async function captureCommandLine(argv, io) {
    const { flags, positionals, help } = parseCommandLine(argv, 'capture', 'reverify capture --help');
    if (help) {
        io.stdout.write(captureHelp());
        return 0;
    }
    const given = parseInputs(flags, flagsOf('capture'), { front: 'cli', base: io.cwd });
    const [ref, ...rest] = positionals;
    if (ref === undefined || rest.length > 0) {
        throw new UsageError('capture: give exactly one run id (or latest); see reverify capture --help');
    }
    const { root, store } = openStore(given['state-dir'], io);
    await readConfig(root);
    const note = given.note ?? '';
    const receipt = await captureRun(store, ref, { note, source: 'cli', by: who(io), target: root });
    println(io.stdout, `reverify: captured ${receipt.run_id}${note ? `: ${note}` : ''}`);
    return 0;
}
/** A `running` receipt whose process is gone is shown as what it is: resumable. */
function shownStatus(receipt) {
    return receipt.status === 'running' && ownerGone(receipt, { host: (0,external_node_os_namespaceObject.hostname)() }) ? 'resumable' : receipt.status;
}
function receiptLine(receipt) {
    const captured = receipt.capture ? 'captured' : receipt.status === 'failed' ? 'uncaptured' : '-';
    const command = receipt.identity.join(' ; ');
    return [
        receipt.run_id,
        shownStatus(receipt).padEnd(11),
        (receipt.flaky ? 'flaky' : '-').padEnd(5),
        captured.padEnd(10),
        command.length > 80 ? `${command.slice(0, 80)}…` : command
    ].join('  ');
}
/** Lines after the list that say what the unusual statuses mean and what to do. */
function listFooter(receipts, place) {
    const lines = [];
    const resumable = receipts.find(receipt => shownStatus(receipt) === 'resumable');
    if (resumable) {
        lines.push(`resumable: the run's process is gone before it finished; continue it with \`${resumeCommand(resumable.run_id, place)}\` or by running the same command`);
    }
    if (receipts.some(receipt => receipt.status === 'interrupted')) {
        lines.push('interrupted: stopped by a signal or a lost process, not a failure (no capture needed); run the command again to verify');
    }
    return lines;
}
/** `reverify receipts list|show`. */
async function receiptsCommandLine(argv, io) {
    const { flags, positionals, help } = parseCommandLine(argv, 'receipts', 'reverify receipts --help');
    if (help) {
        io.stdout.write(receiptsHelp());
        return 0;
    }
    const given = parseInputs(flags, flagsOf('receipts'), { front: 'cli', base: io.cwd });
    const [action, ref, ...rest] = positionals;
    const json = given.json === true;
    const { root, stateDir, store } = openStore(given['state-dir'], io);
    if (action === 'list' && ref === undefined) {
        const receipts = await store.list({ target: root });
        if (json)
            println(io.stdout, JSON.stringify(receipts, null, 2));
        else if (receipts.length === 0)
            println(io.stdout, 'no receipts yet');
        else {
            for (const receipt of receipts)
                println(io.stdout, receiptLine(receipt));
            for (const line of listFooter(receipts, { stateDir, root }))
                println(io.stdout, line);
        }
        return 0;
    }
    if (action === 'show' && ref !== undefined && rest.length === 0) {
        const receipt = ref === 'latest' ? await store.latestOfTarget(root) : await store.read(requireRunId(ref, 'receipts show'));
        if (receipt === undefined)
            throw new UsageError(`receipts show: no receipt ${showValue(ref)} in this repository's state directory`);
        if (json) {
            println(io.stdout, JSON.stringify(receipt, null, 2));
            return 0;
        }
        println(io.stdout, `run:        ${receipt.run_id}`);
        println(io.stdout, `status:     ${receipt.status}${receipt.flaky ? ' (flaky)' : ''}`);
        println(io.stdout, `target:     ${receipt.target}${receipt.scope ? ` · scope ${receipt.scope}` : ''}`);
        println(io.stdout, `started:    ${receipt.started_at}${receipt.ended_at ? ` · ended ${receipt.ended_at}` : ''}`);
        println(io.stdout, `attempts:   ${receipt.attempts}/${receipt.max_attempts}`);
        println(io.stdout, `identity:   ${receipt.identity_hash}`);
        for (const command of receipt.identity)
            println(io.stdout, `  ${command}`);
        for (const command of receipt.commands) {
            // A script shows as its first command line (the identity above lists them all).
            println(io.stdout, `command:    ${scriptLabel(command.command) || command.command} → exit ${command.exit_code}${command.signal ? ` (${command.signal})` : ''}${command.timed_out ? ' (timed out)' : ''}`);
        }
        println(io.stdout, `expect:     ${JSON.stringify(receipt.expectations)}`);
        println(io.stdout, `trace:      ${receipt.session.dir}`);
        println(io.stdout, `captured:   ${receipt.capture ? `${receipt.capture.captured_at} by ${receipt.capture.by} (${receipt.capture.source}): ${receipt.capture.note}` : 'no'}`);
        return 0;
    }
    throw new UsageError('receipts: expected `receipts list` or `receipts show <run-id|latest>`; see reverify receipts --help');
}
/** `reverify config set capture-before-retry <v>`. */
async function configCommandLine(argv, io) {
    const { positionals, help } = parseCommandLine(argv, 'config', 'reverify config --help');
    if (help) {
        io.stdout.write(CONFIG_HELP);
        return 0;
    }
    const [action, key, value, ...rest] = positionals;
    if (action !== 'set' || key !== 'capture-before-retry' || value === undefined || rest.length > 0) {
        throw new UsageError('config: expected `config set capture-before-retry <warn|block|off>`');
    }
    const mode = parseCaptureMode(value, 'capture-before-retry');
    const root = findTargetRoot(io.cwd);
    await ensureStateDir(defaultStateDir(root), { gitignore: true });
    await setCaptureMode(root, mode);
    println(io.stdout, `reverify: capture-before-retry is ${mode} (.reverify/config.json)`);
    return 0;
}

;// CONCATENATED MODULE: ./src/cli/flaky.ts
/** `reverify flaky [--json] [--since N]`: this repository's tests by how often they flaked (docs/design.md §1 "Test results"). */





const DAY_MS = 24 * 60 * 60 * 1000;
/** Lists the tests that flaked or failed in this repository's receipts, most flakes first. */
async function flakyCommandLine(argv, io) {
    const { flags, positionals, help } = parseCommandLine(argv, 'flaky', 'reverify flaky --help');
    if (help) {
        io.stdout.write(flakyHelp());
        return 0;
    }
    if (positionals.length > 0)
        throw new UsageError('flaky: takes no arguments; see reverify flaky --help');
    const given = parseInputs(flags, flagsOf('flaky'), { front: 'cli', base: io.cwd });
    const { root, store } = openStore(given['state-dir'], io);
    const since = given.since;
    const history = test_history_testHistory(await store.list({ target: root }), since === undefined ? {} : { sinceMs: Date.now() - since * DAY_MS });
    if (given.json === true) {
        const tests = history.tests.map(test => ({
            name: test.name,
            flaky: test.flaky,
            failed: test.failed,
            last_run_id: test.lastRunId,
            last_at: test.lastAt
        }));
        println(io.stdout, JSON.stringify({ runs: history.runs, ...(since !== undefined && { since_days: since }), tests }, null, 2));
        return 0;
    }
    const window = since === undefined ? '' : ` of the last ${since} day${since === 1 ? '' : 's'}`;
    if (history.tests.length === 0) {
        println(io.stdout, `reverify: no test flaked or failed in the ${history.runs} run${history.runs === 1 ? '' : 's'}${window} with test results`);
        return 0;
    }
    println(io.stdout, `reverify: tests that flaked or failed in ${history.runs} run${history.runs === 1 ? '' : 's'}${window} with test results`);
    println(io.stdout, `${'flaky'.padStart(5)}  ${'failed'.padStart(6)}  ${'last run'.padEnd(29)}  test`);
    for (const test of history.tests) {
        println(io.stdout, `${String(test.flaky).padStart(5)}  ${String(test.failed).padStart(6)}  ${test.lastRunId.padEnd(29)}  ${test.name}`);
    }
    return 0;
}

;// CONCATENATED MODULE: ./src/cli/report.ts
/** `reverify report <run-id|latest> [--out FILE] [--open]`: a run's HTML report (docs/design.md §8). */








/** The desktop's "open this file" program on PATH, if there is one. */
function report_opener(io) {
    const names = process.platform === 'darwin' ? ['open'] : ['xdg-open'];
    for (const dir of (io.env.PATH ?? '').split(external_node_path_namespaceObject.delimiter).filter(Boolean)) {
        for (const name of names) {
            const path = (0,external_node_path_namespaceObject.join)(dir, name);
            try {
                (0,external_node_fs_namespaceObject.accessSync)(path, external_node_fs_namespaceObject.constants.X_OK);
                return path;
            }
            catch {
                // Not here; the next directory of PATH may have it.
            }
        }
    }
    return undefined;
}
/** Opens `file` in the background; without a desktop opener it quietly does nothing. */
function openInBrowser(file, io) {
    const program = report_opener(io);
    if (program === undefined)
        return;
    const child = (0,external_node_child_process_namespaceObject.spawn)(program, [file], { detached: true, stdio: 'ignore', env: io.env });
    child.on('error', () => undefined);
    child.unref();
}
/** `reverify report <run-id|latest> [--out FILE] [--open] [--state-dir DIR]`. */
async function reportCommandLine(argv, io) {
    const { flags, positionals, help } = parseCommandLine(argv, 'report', 'reverify report --help');
    if (help) {
        io.stdout.write(reportHelp());
        return 0;
    }
    const given = parseInputs(flags, flagsOf('report'), { front: 'cli', base: io.cwd });
    const [ref, ...rest] = positionals;
    if (ref === undefined || rest.length > 0)
        throw new UsageError('report: give exactly one run id (or latest); see reverify report --help');
    const { root, store } = openStore(given['state-dir'], io);
    const receipt = ref === 'latest' ? await store.latestOfTarget(root) : await store.read(requireRunId(ref, 'report'));
    if (receipt === undefined)
        throw new UsageError(`report: no run ${showValue(ref)} in this repository's state directory`);
    const out = given.out === undefined ? undefined : (0,external_node_path_namespaceObject.resolve)(io.cwd, given.out);
    let path;
    try {
        path = await writeRunReport(store, receipt, out === undefined ? {} : { path: out });
    }
    catch (error) {
        // A place --out cannot be written to is the user's to fix, like any bad flag.
        if (out !== undefined && isErrorCode(error, 'ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR', 'EROFS', 'EPERM')) {
            throw new UsageError(`--out: cannot write ${showValue(given.out ?? '')}: ${errors_describeError(error)}`);
        }
        throw error;
    }
    println(io.stdout, path);
    if (given.open === true)
        openInBrowser(path, io);
    return 0;
}

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
    return `${captureHeadline(action, failedRunId)}\nCapture it: ${captureCommand(failedRunId, place)}`;
}
/** What the person at the terminal reads while the run goes on (stderr); undefined for none. */
function progressLine(progress, redactor, place) {
    switch (progress.kind) {
        case 'uncaptured-failure':
            return `reverify: warning: ${redactor.redact(captureMessage('warn', progress.failedRunId, place))}`;
        case 'restarting':
            return `reverify: interrupted run ${progress.interruptedRunId} cannot be resumed (${progress.reason}); starting a new run`;
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
/**
 * The 3–5 line console summary (docs/design.md §1); none for a blocked run. `elapsedMs`,
 * the whole run's time as the CLI measured it, ends the outcome line when given.
 */
function consoleSummary(report, commands, elapsedMs) {
    if (report.kind === 'blocked')
        return [];
    const completed = report.kind === 'completed' ? report : undefined;
    let attempts = completed ? `${completed.attempts.length}/${completed.maxAttempts}` : '0';
    if (completed && completed.attempts.length > 0)
        attempts += ` ${attemptDurations(completed.attempts.map(a => a.durationMs))}`;
    const outcome = completed ? `${completed.outcome}${completed.flaky ? ' (flaky)' : ''}` : 'aborted';
    const took = elapsedMs === undefined ? '' : ` · ${describeDuration(elapsedMs)}`;
    const lines = [`reverify: ${describeCommands(commands)}`, `outcome: ${outcome} · attempts: ${attempts}${took}`];
    if (completed && completed.outcome !== 'success')
        lines.push(`why: ${completed.summary}`);
    if (completed?.tests !== undefined)
        lines.push(testsLine(completed.tests));
    if (report.kind === 'refused')
        lines.push(`why: refused by the guardrail rule "${report.guardrail.rule}"`);
    lines.push(`receipt: ${report.runId}`);
    lines.push(`trace: ${report.session.dir}`);
    return lines;
}
/** Most test names on the summary's `tests:` line per list. */
const NAMED_TESTS = 3;
function namesOf(names) {
    const shown = names.slice(0, NAMED_TESTS).join('; ');
    return names.length > NAMED_TESTS ? `${shown} and ${names.length - NAMED_TESTS} more` : shown;
}
/** `tests: 12 (attempt 2) · failed: a; b · flaky: c`, from the run's JUnit results. */
function testsLine(tests) {
    const parts = [`tests: ${tests.total} (attempt ${tests.attempt})`];
    if (tests.failed.length > 0)
        parts.push(`failed: ${namesOf(tests.failed.map(test => test.name))}`);
    if (tests.flaky.length > 0)
        parts.push(`flaky: ${namesOf(tests.flaky)}`);
    return parts.join(' · ');
}
/** The CLI's exit code for a report (docs/design.md §1). */
function exitCodeOf(report) {
    if (report.kind === 'blocked')
        return ExitCode.failure;
    if (report.kind === 'refused')
        return ExitCode.guardrail;
    if (report.outcome === 'success')
        return ExitCode.success;
    if (report.outcome === 'failure')
        return ExitCode.failure;
    return report.interrupted ? ExitCode.interrupted : ExitCode.guardrail;
}
/** Runs (or, with `resume`, continues) a verify and prints the console summary. */
async function executeRun(settings, io, resume) {
    const startedAt = Date.now();
    const root = findTargetRoot(io.cwd);
    const { path: stateDir, isDefault } = resolveStateDir(settings.stateDir, { front: 'cli', base: io.cwd });
    const captureMode = resolveCaptureMode(settings.captureBeforeRetry, await readConfig(root));
    await ensureStateDir(stateDir, { gitignore: isDefault }).catch(error => {
        throw stateDirFull(error, stateDir, 'before');
    });
    const place = { stateDir, root };
    const redactor = createRedactor({ values: settings.redact, env: io.env });
    // The scope is stored in receipts and compared between runs: redacted as it is read, alike every time.
    settings = { ...settings, scope: redactor.redact(settings.scope) };
    const status = new StatusLine(io.stderr, { enabled: wantsStatusLine(io.stderr, io.env) });
    // Everything written while the run goes on passes the status line, which erases itself first.
    const stdout = status.wrap(io.stdout);
    const stderr = status.wrap(io.stderr);
    const onInterrupt = () => status.attemptEnded();
    io.signal?.addEventListener('abort', onInterrupt, { once: true });
    const report = await verifyRun({
        settings,
        target: root,
        captureMode,
        version: VERSION,
        redactor,
        seal: await loadRunSeal(sealKeyPath(io.env)),
        env: io.env,
        signal: io.signal,
        interruptReason: io.interruptReason,
        ...(resume && { resume })
    }, {
        clock: systemClock,
        pause: testPauseFrom(io.env),
        processes: processRunner,
        store: new ReceiptStore(stateDir, { warn: message => println(stderr, `reverify: warning: ${message}`) }),
        log: progress => {
            if (progress.kind === 'attempt-failed')
                status.attemptEnded();
            const line = progressLine(progress, redactor, place);
            if (line !== undefined)
                println(stderr, line);
            if (progress.kind === 'attempt-started')
                status.attemptStarted(progress.attempt, progress.maxAttempts);
        },
        console: { stdout, stderr }
    }).finally(() => {
        status.stop();
        io.signal?.removeEventListener('abort', onInterrupt);
    });
    if (report.kind === 'blocked')
        println(io.stderr, `reverify: error: ${redactor.redact(captureMessage('block', report.failedRunId, place))}`);
    if (report.kind === 'refused')
        println(io.stderr, `reverify: error: ${redactor.redact(refusalNote(report.guardrail))}`);
    for (const line of consoleSummary(report, scriptLines(settings.script), Date.now() - startedAt))
        println(io.stdout, line);
    return exitCodeOf(report);
}

;// CONCATENATED MODULE: ./src/cli/resume.ts
/** `reverify resume [<run-id>]`: continue an interrupted run from what is on disk (docs/design.md §6). */







/** Runs `reverify resume`; returns the exit code. */
async function resumeCommandLine(argv, io) {
    const { flags, positionals, help } = parseCommandLine(argv, 'resume', 'reverify resume --help');
    if (help) {
        io.stdout.write(resumeHelp());
        return 0;
    }
    if (positionals.length > 1)
        throw new UsageError('resume: give at most one run id; see reverify resume --help');
    // Checked before the run is looked up; the run's own inputs are parsed with these below.
    const given = parseInputs(flags, flagsOf('resume'), { front: 'cli', base: io.cwd });
    const root = findTargetRoot(io.cwd);
    const { path: stateDir } = resolveStateDir(given['state-dir'], { front: 'cli', base: io.cwd });
    const store = new ReceiptStore(stateDir, { warn: message => println(io.stderr, `reverify: warning: ${message}`) });
    const here = { host: (0,external_node_os_namespaceObject.hostname)() };
    const seal = await loadRunSeal(sealKeyPath(io.env));
    const receipt = positionals[0] !== undefined
        ? await store.read(requireRunId(positionals[0], 'resume'))
        : await store.latestOfTarget(root, candidate => ownerGone(candidate, here) && receiptSealed(candidate, seal));
    if (receipt === undefined) {
        throw new UsageError(positionals[0] ? `resume: no receipt of run ${positionals[0]} here` : 'resume: no interrupted run to resume in this repository');
    }
    // A receipt that came with a checkout proves nothing and picks no command (docs/design.md §6).
    if (!receiptSealed(receipt, seal)) {
        throw new UsageError(`resume: run ${receipt.run_id} was not started by reverify on this machine (its receipt has no valid seal); run the command again with reverify run`);
    }
    const sessionDir = (0,external_node_path_namespaceObject.resolve)(receipt.session.dir);
    if (!(await isOwnSessionDir(stateDir, sessionDir))) {
        throw new UsageError(`resume: run ${receipt.run_id} has no session in this state directory`);
    }
    const inputs = await readRunInputs(sessionDir, seal);
    if (inputs === undefined) {
        throw new UsageError(`resume: run ${receipt.run_id} has no inputs this machine recorded (none, a secret among them, or no valid seal); run the same command again with reverify run`);
    }
    const settings = parseRunSettings({
        ...inputs,
        'state-dir': stateDir,
        ...(flags['capture-before-retry'] !== undefined && { 'capture-before-retry': flags['capture-before-retry'] }),
        ...(flags.redact !== undefined && { redact: flags.redact })
    }, io.cwd, { front: 'cli', path: io.env.PATH });
    return executeRun(settings, io, receipt);
}

;// CONCATENATED MODULE: ./src/cli/run.ts
/** `reverify run`: flags → settings → one verify run → the console summary and exit code. */




/** Runs `reverify run`; returns the exit code. */
async function runCommandLine(argv, io) {
    const { flags, positionals, help } = parseCommandLine(argv, 'run', 'reverify run --help');
    if (help) {
        io.stdout.write(runHelp());
        return 0;
    }
    const [unexpected] = positionals;
    if (unexpected !== undefined) {
        throw new UsageError(`unexpected argument ${showValue(unexpected)}; give commands with --command (see reverify run --help)`);
    }
    return executeRun(parseRunSettings(flags, io.cwd, { front: 'cli', path: io.env.PATH }), io);
}

;// CONCATENATED MODULE: ./src/cli/main.ts
/** The CLI's dispatcher: subcommand → handler, user errors → one line and exit 2. */








const SUBCOMMANDS = {
    run: runCommandLine,
    capture: captureCommandLine,
    receipts: receiptsCommandLine,
    config: configCommandLine,
    resume: resumeCommandLine,
    report: reportCommandLine,
    flaky: flakyCommandLine
};
/**
 * A redactor from the `--redact` values of a command line, read without validating anything
 * else (docs/design.md §1): an error about another flag must not print a secret.
 */
function argvRedactor(argv, env) {
    const values = [];
    argv.forEach((arg, index) => {
        if (arg === '--redact' && argv[index + 1] !== undefined)
            values.push(...inputLines(argv[index + 1]));
        else if (arg.startsWith('--redact='))
            values.push(...inputLines(arg.slice('--redact='.length)));
    });
    return createRedactor({ values, env });
}
/** Runs the CLI with argv (without node and script); resolves to the exit code. */
async function main(argv, io) {
    const unsupported = unsupportedPlatform(io.platform ?? process.platform);
    if (unsupported !== undefined) {
        println(io.stderr, unsupported);
        return ExitCode.usage;
    }
    const [first, ...rest] = argv;
    if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
        io.stdout.write(MAIN_HELP);
        return first === undefined ? ExitCode.usage : ExitCode.success;
    }
    if (first === '--version') {
        println(io.stdout, VERSION);
        return ExitCode.success;
    }
    const handler = Object.hasOwn(SUBCOMMANDS, first) ? SUBCOMMANDS[first] : undefined;
    if (handler === undefined) {
        println(io.stderr, `reverify: unknown command ${showValue(first)}; expected one of ${Object.keys(SUBCOMMANDS).join(', ')} (see reverify --help)`);
        return ExitCode.usage;
    }
    try {
        return await handler(rest, io);
    }
    catch (error) {
        if (errors_isUserError(error)) {
            // A rejected value may hold a secret the same command line asked to redact.
            println(io.stderr, `reverify: ${argvRedactor(rest, io.env).redact(errors_describeError(error))}`);
            return ExitCode.usage;
        }
        // Not the user's fault: say so in one line; the stack only on request.
        println(io.stderr, `reverify: internal error: ${errors_describeError(error)}`);
        if (io.env.REVERIFY_DEBUG)
            println(io.stderr, error instanceof Error ? (error.stack ?? '') : String(error));
        return ExitCode.failure;
    }
}

;// CONCATENATED MODULE: ./src/cli/index.ts
/** Entry point of dist/cli.js: wires the process to main(). */




// zod compiles a parser for each object schema on first use; a CLI run parses a handful of
// values once, so interpreting them is cheaper than compiling (measured in `npm run bench` a).
config({ jitless: true });
const controller = new AbortController();
let reason;
for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
        // A second signal while cleaning up means "now": leave with the interrupt code.
        if (reason !== undefined)
            process.exit(ExitCode.interrupted);
        reason = signal;
        controller.abort();
    });
}
// A reader that goes away (`| head -1`) ends the output, not the command; anything else
// that breaks stdout is said once on stderr.
const stderr = closedPipeTolerant(process.stderr);
const stdout = closedPipeTolerant(process.stdout, error => stderr.write(`reverify: warning: cannot write to stdout (${error.code ?? error.message}); output dropped\n`));
void main(process.argv.slice(2), {
    stdout,
    stderr,
    cwd: process.cwd(),
    env: process.env,
    signal: controller.signal,
    interruptReason: () => reason
}).then(code => {
    process.exitCode = code;
});

