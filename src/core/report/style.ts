import { SafeHtml } from './html.js'

/**
 * The report's inline style sheet. Inline because the report is one self-contained file and
 * its Content-Security-Policy allows no style from anywhere else; no fonts, images or URLs.
 */
export const REPORT_CSS = `
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
p.jump{margin:0 0 6px}.first-error h3{margin:10px 0 0;font-size:14px}
table.quarantined th{background:#fff8c5}
.flaky{display:inline-block;border:1px solid var(--warn);color:var(--warn);border-radius:2em;padding:0 8px;font-size:12px;font-weight:600}
footer{margin:32px 0 8px;color:var(--muted);font-size:12px}
@media print{details>*{display:block}ol.log{white-space:pre-wrap}.timeline{print-color-adjust:exact}}
`

/**
 * The style sheet as markup for the `<style>` element. It is ours and constant, so it goes in
 * as written (escaping would turn `"Segoe UI"` into `&quot;Segoe UI&quot;` and `details>summary`
 * into `details&gt;summary`, which CSS does not read); it must never be able to end the element.
 */
export function styleSheet(css: string): SafeHtml {
  if (/<\/style/i.test(css)) throw new Error('the report style sheet must not contain </style')
  return new SafeHtml(css)
}

/** REPORT_CSS, checked, as the content of the report's `<style>` element. */
export const REPORT_STYLE = styleSheet(REPORT_CSS)
