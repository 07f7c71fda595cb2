#!/usr/bin/env bash
# A report page printed to PDF by the real browser (Chromium's --print-to-pdf, US Letter, its
# default margins) and the PDF read back: fails if the PDF has fewer than 2 pages, if a figure
# (its SVG and caption) runs over two pages, if a table row does, or if a table that runs over
# pages lacks its header on one of them (tables repeat their header when they must break).
#
# How: a copy of the page beside it (so that its links resolve the same) gets a script that puts
# tiny markers at the first and last line of every figure, row and table and in every table
# header, and a count of them; the PDF's text, page by page (pypdf), says on which page each
# marker landed. A marker that is not found fails the check (the PDF's text could not be read),
# so it never passes by seeing nothing.
#
#   scripts/check_report_print.sh [--strip-avoid] path/to/index.html
#
# --strip-avoid removes `break-inside: avoid` from the page's stylesheet first (the self-test of
# scripts/check_report_browser.sh: such a page must fail). The browser: $TREEBENCH_BROWSER, else
# `chromium` (or `chromium-browser`, `google-chrome`) on PATH; pypdf: installed by
# scripts/setup-oracles.sh. Without either the check fails when TREEBENCH_REQUIRE_ORACLES=1 (the
# default) and says SKIPPED otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/oracles.sh
oracles_required || true # refuses a bad value now

strip=0
if [ "${1:-}" = "--strip-avoid" ]; then
  strip=1
  shift
fi
[ $# -eq 1 ] || { echo "usage: scripts/check_report_print.sh [--strip-avoid] path/to/index.html" >&2; exit 2; }
page=$(realpath "$1")
[ -f "$page" ] || { echo "check_report_print: no report at $1" >&2; exit 2; }

browser=${TREEBENCH_BROWSER:-}
if [ -z "$browser" ]; then
  for b in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$b" >/dev/null 2>&1; then
      browser=$(command -v "$b")
      break
    fi
  done
fi
if [ -z "$browser" ]; then
  oracle_missing check_report_print "no headless browser (chromium)"
  exit 0
fi
if ! "$PYTHON" -c "import pypdf" 2>/dev/null; then
  oracle_missing check_report_print "pypdf is not installed for $PYTHON (scripts/setup-oracles.sh installs it)"
  exit 0
fi

work=$(mktemp -d)
copy="$(dirname "$page")/.print-check-$$.html"
trap 'rm -rf "$work" "$copy"' EXIT
"$PYTHON" - "$page" "$copy" "$strip" <<'PY'
import sys
page, copy, strip = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
html = open(page, encoding="utf-8").read()
if strip:
    n = html.count("break-inside:avoid")
    html = html.replace("page-break-inside:avoid", "").replace("break-inside:avoid", "")
    if n == 0:
        sys.exit("check_report_print: --strip-avoid: the page's stylesheet has no break-inside:avoid")
script = r"""<script>
document.addEventListener('DOMContentLoaded', () => {
  const mark = (id, inline) => {
    const s = document.createElement('span');
    s.textContent = ' TBM' + id + ' ';
    s.style.cssText = 'font-size:4px;line-height:4px;color:#fff;margin:0;padding:0;display:' +
      (inline ? 'inline' : 'block');
    return s;
  };
  let f = 0, t = 0, h = 0, r = 0;
  for (const fig of document.querySelectorAll('figure')) {
    fig.prepend(mark('F' + f + 'A'));
    fig.append(mark('F' + f + 'Z'));
    f++;
  }
  for (const table of document.querySelectorAll('table')) {
    const rows = [...table.querySelectorAll('tbody tr, tfoot tr')].filter(row => row.cells.length);
    if (!rows.length) continue;
    const th = table.querySelector('thead th');
    if (th) { th.append(mark('H' + t + 'H', true)); h++; }
    rows[0].cells[0].prepend(mark('T' + t + 'A', true));
    rows[rows.length - 1].lastElementChild.append(mark('T' + t + 'Z', true));
    for (const row of rows) {
      row.cells[0].prepend(mark('R' + r + 'A', true));
      row.lastElementChild.append(mark('R' + r + 'Z', true));
      r++;
    }
    t++;
  }
  document.body.append(mark('COUNT-F' + f + '-T' + t + '-H' + h + '-R' + r));
});
</script>"""
i = html.rfind("</body>")
html = html[:i] + script + html[i:] if i >= 0 else html + script
open(copy, "w", encoding="utf-8").write(html)
PY

pdf="$work/print.pdf"
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --allow-file-access-from-files
  --disable-background-networking --no-first-run --user-data-dir="$work/profile"
  --run-all-compositor-stages-before-draw --virtual-time-budget=10000 --no-pdf-header-footer)
timeout 120 "$browser" "${flags[@]}" --print-to-pdf="$pdf" "file://$copy" >"$work/browser.log" 2>&1 || true
if [ ! -s "$pdf" ]; then
  cat "$work/browser.log" >&2
  echo "check_report_print: FAILED: the browser printed no PDF of $page" >&2
  exit 1
fi

"$PYTHON" - "$pdf" "$page" <<'PY'
import re, sys
from collections import defaultdict
import pypdf

pdf, page = sys.argv[1], sys.argv[2]
reader = pypdf.PdfReader(pdf)
found = defaultdict(set)  # marker -> the pages (from 1) it is on
count = None
for n, p in enumerate(reader.pages, 1):
    text = p.extract_text() or ""
    for m in re.findall(r"TBM([FTHR]\d+[AZH])", text):
        found[m].add(n)
    c = re.search(r"TBMCOUNT-F(\d+)-T(\d+)-H(\d+)-R(\d+)", text)
    if c:
        count = tuple(map(int, c.groups()))
pages = len(reader.pages)
problems = []
if pages < 2:
    problems.append(f"ONE_PAGE the report printed on {pages} page(s)")
if count is None:
    problems.append("NO_MARKERS the markers' count is not in the PDF's text: it could not be read")
    count = (0, 0, 0, 0)
figures, tables, heads, rows = count


def span(kind, i):
    a, z = found.get(f"{kind}{i}A"), found.get(f"{kind}{i}Z")
    if not a or not z:
        problems.append(f"MARKER_MISSING {kind}{i}: the PDF's text lacks it")
        return None
    return min(a), max(z)


for i in range(figures):
    s = span("F", i)
    if s and s[0] != s[1]:
        problems.append(f"FIGURE_SPLIT figure {i + 1} runs from page {s[0]} to page {s[1]}")
for i in range(rows):
    s = span("R", i)
    if s and s[0] != s[1]:
        problems.append(f"ROW_SPLIT table row {i + 1} runs from page {s[0]} to page {s[1]}")
across = 0
for i in range(tables):
    s = span("T", i)
    if not s or s[0] == s[1]:
        continue
    across += 1
    head = found.get(f"H{i}H", set())
    missing = [p for p in range(s[0], s[1] + 1) if p not in head]
    if missing:
        problems.append(f"TABLE_SPLIT table {i + 1} runs over pages {s[0]}-{s[1]}; its header is missing on page(s) {missing}")
print(f"check_report_print: {page}: {pages} pages; {figures} figures, {tables} tables "
      f"({across} over more than one page, header repeated), {rows} rows")
if problems:
    for p in problems:
        print(f"check_report_print: FAIL {p}")
    sys.exit(1)
print("check_report_print: passed (no figure or table row split across pages, a table that breaks repeats its header)")
PY
