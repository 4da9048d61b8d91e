export const id = 690;
export const ids = [690];
export const modules = {

/***/ 3690:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   sendSpans: () => (/* binding */ sendSpans)
/* harmony export */ });
/* unused harmony export collectorReachable */
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7030);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_net__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3914);
/* harmony import */ var _opentelemetry_core__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(4637);
/* harmony import */ var _opentelemetry_exporter_trace_otlp_http__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6004);
/* harmony import */ var _opentelemetry_resources__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5647);
/* harmony import */ var _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6410);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2074);
/* harmony import */ var _base_version_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9481);
/* harmony import */ var _otlp_spans_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5211);
/**
 * Sends a planned trace over OTLP/HTTP (JSON) with the OpenTelemetry JS SDK and exporter
 * (docs/design.md §2 "Exports", §10). Loaded with a dynamic import, only when an
 * endpoint is set: a run without one never loads these packages. The spans are made by the
 * SDK's tracer with the plan's times and ids, collected, and handed to the exporter in one
 * request; the exporter writes the wire format. The exporter retries a refused connection
 * with backoff until its timeout (about 9 s of a run for a collector that is down), so one
 * TCP connection is made first: a collector that refuses it, or a host that does not resolve
 * or cannot be reached, is one line at once, and nothing is retried (docs/export.md).
 */









/** The plan's ids, in the order the tracer asks for them (the run span first). */
class RunIds {
    runId;
    traceId;
    next = 0;
    constructor(runId, traceId) {
        this.runId = runId;
        this.traceId = traceId;
    }
    generateTraceId() {
        return this.traceId;
    }
    generateSpanId() {
        return (0,_otlp_spans_js__WEBPACK_IMPORTED_MODULE_1__/* .spanIdOf */ .DR)(this.runId, this.next++);
    }
}
/** Keeps every ended span, to be exported together. */
class Collector {
    spans = [];
    onStart() { }
    onEnd(span) {
        this.spans.push(span);
    }
    async forceFlush() { }
    async shutdown() { }
}
/** The host and port a URL's request goes to (the scheme's port when it names none). */
function hostAndPort(url) {
    const parsed = new URL(url);
    const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
    return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}
/**
 * One TCP connection to the endpoint's host and port, closed at once; rejects with the
 * connection's error (ECONNREFUSED, ENOTFOUND, EHOSTUNREACH, …) or when none is made within
 * `timeoutMs`. The request that follows is the exporter's own.
 */
async function collectorReachable(url, timeoutMs) {
    const { host, port } = hostAndPort(url);
    await new Promise((resolve, reject) => {
        const socket = (0,node_net__WEBPACK_IMPORTED_MODULE_0__.connect)({ host, port });
        socket.setTimeout(timeoutMs, () => {
            socket.destroy();
            reject(new Error(`no connection to ${host}:${port} within ${Math.round(timeoutMs / 1000)} s`));
        });
        socket.once('connect', () => {
            socket.destroy();
            resolve();
        });
        socket.once('error', error => {
            socket.destroy();
            reject(new Error(`${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(error)} (not retried)`, { cause: error }));
        });
    });
}
/**
 * Sends the plan's spans as one trace of `runId`; rejects with one line when the endpoint
 * refuses, fails or times out (`timeLeftMs` says how long each step may still take).
 */
async function sendSpans(plan, runId, settings, timeLeftMs) {
    await collectorReachable(settings.url, timeLeftMs());
    const collector = new Collector();
    const provider = new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_3__/* .TracerProvider */ .dq({
        resource: (0,_opentelemetry_resources__WEBPACK_IMPORTED_MODULE_4__.resourceFromAttributes)({ ...settings.resourceAttributes, 'service.name': settings.serviceName }),
        idGenerator: new RunIds(runId, plan.traceId),
        spanLimits: { attributeValueLengthLimit: _otlp_spans_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_ATTRIBUTE_CHARS */ .gR, attributeCountLimit: 64, eventCountLimit: 0, linkCountLimit: 0 },
        spanProcessors: [collector]
    });
    const tracer = provider.getTracer('reverify', _base_version_js__WEBPACK_IMPORTED_MODULE_5__/* .VERSION */ .x);
    const made = [];
    for (const planned of plan.spans) {
        const parent = planned.parent === undefined ? undefined : made[planned.parent];
        const context = parent === undefined ? _opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__.ROOT_CONTEXT : _opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__.trace.setSpan(_opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__.ROOT_CONTEXT, parent);
        const span = tracer.startSpan(planned.name, { startTime: planned.startMs, attributes: planned.attributes, root: parent === undefined }, context);
        span.setStatus(planned.ok ? { code: _opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__.SpanStatusCode.OK } : { code: _opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__.SpanStatusCode.ERROR, ...(planned.message && { message: planned.message }) });
        made.push(span);
    }
    // Children end before their parent, as they would have.
    for (let index = made.length - 1; index >= 0; index--)
        made[index].end(Math.max(plan.spans[index].startMs, plan.spans[index].endMs));
    const exporter = new _opentelemetry_exporter_trace_otlp_http__WEBPACK_IMPORTED_MODULE_7__/* .OTLPTraceExporter */ .Q({ url: settings.url, headers: settings.headers, timeoutMillis: timeLeftMs(), keepAlive: false });
    try {
        await new Promise((resolve, reject) => {
            exporter.export(collector.spans, result => {
                if (result.code === _opentelemetry_core__WEBPACK_IMPORTED_MODULE_8__.ExportResultCode.SUCCESS)
                    resolve();
                else
                    reject(result.error ?? new Error('the endpoint did not accept the trace'));
            });
        });
    }
    finally {
        void exporter.shutdown().catch(() => undefined);
    }
}


/***/ })

};
