export const id = 485;
export const ids = [485];
export const modules = {

/***/ 5485:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   sendSpans: () => (/* binding */ sendSpans)
/* harmony export */ });
/* unused harmony export collectorReachable */
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7030);
/* harmony import */ var _opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3914);
/* harmony import */ var _opentelemetry_core__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(4637);
/* harmony import */ var _opentelemetry_exporter_trace_otlp_http__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6004);
/* harmony import */ var _opentelemetry_resources__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5647);
/* harmony import */ var _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6410);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1483);
/* harmony import */ var _base_version_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3938);
/* harmony import */ var _otlp_spans_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7702);









class RunIds {
  constructor(runId, traceId) {
    this.runId = runId;
    this.traceId = traceId;
  }
  runId;
  traceId;
  next = 0;
  generateTraceId() {
    return this.traceId;
  }
  generateSpanId() {
    return (0,_otlp_spans_js__WEBPACK_IMPORTED_MODULE_1__/* .spanIdOf */ .DR)(this.runId, this.next++);
  }
}
class Collector {
  spans = [];
  onStart() {
  }
  onEnd(span) {
    this.spans.push(span);
  }
  async forceFlush() {
  }
  async shutdown() {
  }
}
function hostAndPort(url) {
  const parsed = new URL(url);
  const port = parsed.port === "" ? parsed.protocol === "https:" ? 443 : 80 : Number(parsed.port);
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"), port };
}
async function collectorReachable(url, timeoutMs) {
  const { host, port } = hostAndPort(url);
  await new Promise((resolve, reject) => {
    const socket = (0,node_net__WEBPACK_IMPORTED_MODULE_0__.connect)({ host, port });
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no connection to ${host}:${port} within ${Math.round(timeoutMs / 1e3)} s`));
    });
    socket.once("connect", () => {
      socket.destroy();
      resolve();
    });
    socket.once("error", (error) => {
      socket.destroy();
      reject(new Error(`${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(error)} (not retried)`, { cause: error }));
    });
  });
}
async function sendSpans(plan, runId, settings, timeLeftMs) {
  await collectorReachable(settings.url, timeLeftMs());
  const collector = new Collector();
  const provider = new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_3__/* .TracerProvider */ .dq({
    resource: (0,_opentelemetry_resources__WEBPACK_IMPORTED_MODULE_4__.resourceFromAttributes)({ ...settings.resourceAttributes, "service.name": settings.serviceName }),
    idGenerator: new RunIds(runId, plan.traceId),
    spanLimits: { attributeValueLengthLimit: _otlp_spans_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_ATTRIBUTE_CHARS */ .gR, attributeCountLimit: 64, eventCountLimit: 0, linkCountLimit: 0 },
    spanProcessors: [collector]
  });
  const tracer = provider.getTracer("reverify", _base_version_js__WEBPACK_IMPORTED_MODULE_5__/* .VERSION */ .x);
  const made = [];
  for (const planned of plan.spans) {
    const parent = planned.parent === void 0 ? void 0 : made[planned.parent];
    const context = parent === void 0 ? _opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__.ROOT_CONTEXT : _opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__.trace.setSpan(_opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__.ROOT_CONTEXT, parent);
    const span = tracer.startSpan(
      planned.name,
      { startTime: planned.startMs, attributes: planned.attributes, root: parent === void 0 },
      context
    );
    span.setStatus(
      planned.ok ? { code: _opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__.SpanStatusCode.OK } : { code: _opentelemetry_api__WEBPACK_IMPORTED_MODULE_6__.SpanStatusCode.ERROR, ...planned.message && { message: planned.message } }
    );
    made.push(span);
  }
  for (let index = made.length - 1; index >= 0; index--) made[index].end(Math.max(plan.spans[index].startMs, plan.spans[index].endMs));
  const exporter = new _opentelemetry_exporter_trace_otlp_http__WEBPACK_IMPORTED_MODULE_7__/* .OTLPTraceExporter */ .Q({ url: settings.url, headers: settings.headers, timeoutMillis: timeLeftMs(), keepAlive: false });
  try {
    await new Promise((resolve, reject) => {
      exporter.export(collector.spans, (result) => {
        if (result.code === _opentelemetry_core__WEBPACK_IMPORTED_MODULE_8__.ExportResultCode.SUCCESS) resolve();
        else reject(result.error ?? new Error("the endpoint did not accept the trace"));
      });
    });
  } finally {
    void exporter.shutdown().catch(() => void 0);
  }
}



/***/ })

};
