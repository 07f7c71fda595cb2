//! The one stylesheet of every report page (`index.html`): screen and print.

/// The stylesheet, inlined into every `index.html` ([`super::page`]). The headline and its figure
/// sit side by side on a wide screen (the first screen of 1,300 × 900 shows both); printed, figures
/// stay whole, tables and table rows are not split across pages, table headers repeat.
pub(crate) const CSS: &str = "\
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:1100px;\
margin:1.2em auto;padding:0 1em;color:#222;line-height:1.45}\
h1,h2,h3{line-height:1.2}h1{margin:0.2em 0 0.3em}h2{margin-top:1.6em}\
p.summary{font-size:1.05em;color:#333;margin:0 0 0.6em}\
section.headline{display:flex;flex-wrap:wrap;gap:0 1.5em;align-items:flex-start}\
section.headline>div.text{flex:1 1 380px;min-width:300px}\
section.headline>div.text h2{margin-top:0.4em}\
section.headline>figure{flex:0 1 540px;margin:0.6em 0}\
section.headline figcaption{font-size:0.8em}\
section.headline ul{padding-left:1.2em;margin:0.4em 0;font-size:0.92em}\
table{border-collapse:collapse;margin:1em 0;font-size:0.9em}\
caption{font-weight:bold;text-align:left;margin-bottom:0.4em}\
th,td{padding:0.25em 0.6em;border-bottom:1px solid #ddd}\
thead th{border-bottom:2px solid #444}\
tfoot td{border-top:2px solid #444;font-weight:bold}\
td.r,th.r{text-align:right}td.l,th.l{text-align:left}\
p.note{font-size:0.85em;color:#555;margin:0.3em 0}\
figure{margin:1.5em 0}figcaption{font-size:0.9em;color:#444}\
figure svg{display:block;width:100%;max-width:720px;height:auto}\
pre,code{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:0.9em}\
pre{background:#f5f5f5;padding:0.8em;overflow-x:auto;white-space:pre-wrap}\
td{white-space:nowrap}td.l{white-space:normal}div.scroll{overflow-x:auto}\
table.meta th{text-align:left;white-space:nowrap;font-weight:600;vertical-align:top}\
table.meta td{white-space:normal;overflow-wrap:break-word}\
details{margin:0.8em 0}details>summary{cursor:pointer;color:#1a4f8b}\
.appendix{border-top:2px solid #444;margin-top:2.5em}\
.warn{color:#8a4b00}\
@media print{body{max-width:none;margin:0;padding:0;font-size:10pt}\
section.headline{display:block}\
figure,figure svg,pre,tr,caption{break-inside:avoid;page-break-inside:avoid}\
table{break-inside:avoid;page-break-inside:avoid}thead{display:table-header-group}\
h2,h3,caption{break-after:avoid;page-break-after:avoid}\
div.scroll{overflow:visible}td{white-space:normal}\
figure svg{max-width:6.5in}\
a{color:inherit;text-decoration:none}}";
