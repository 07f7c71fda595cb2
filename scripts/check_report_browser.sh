#!/usr/bin/env bash
# The generated report checked in a real headless browser (Chromium): runs a tiny experiment
# with `treebench run` into a temporary folder, loads its index.html and fails if the page shows
# raw Markdown (backticks, `**`, `|---|`, `[text](link)`, `# ` headings) outside <pre>, if a
# local link or image target is missing, if an image does not load, if an inline SVG figure is
# empty, if the page or a table scrolls sideways in a 1,300-pixel window, if the first screen
# (1,300 x 900) does not show the headline (every line of it, `id="headline"`) and its figure
# whole, if the screenshot is blank, or if the page printed to PDF splits a figure or a table row
# across pages (scripts/check_report_print.sh; for the tiny run's page it also checks that the
# page without `break-inside: avoid` is refused); then the same for every committed report
# (report/*/index.html). Called by scripts/test.sh.
#
# The browser: `chromium` (or `chromium-browser`, `google-chrome`) on PATH, else Debian's
# `chromium` package installed with apt-get (as root; about 155 MB to download). Without a
# browser the check fails when TREEBENCH_REQUIRE_ORACLES=1 (scripts/test.sh's default) and is
# reported as SKIPPED otherwise. A report can be given instead of the tiny run:
#   scripts/check_report_browser.sh [path/to/index.html]
# TREEBENCH_BIN names a built treebench binary (default: scripts/cargo-bin.sh --release, the
# release binary `cargo test --release` built: no second build).
set -euo pipefail
cd "$(dirname "$0")/.."
# The oracle settings as every CI script reads them (TREEBENCH_REQUIRE_ORACLES, PYTHON).
. scripts/oracles.sh
oracles_required || true # refuses a bad value now

find_browser() {
  for b in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$b" >/dev/null 2>&1; then
      command -v "$b"
      return 0
    fi
  done
  return 1
}

skip_or_fail() { # fails when oracles are required (scripts/oracles.sh), else SKIPPED
  oracle_missing check_report_browser "$1"
  exit 0
}

browser=$(find_browser || true)
if [ -z "$browser" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "check_report_browser: installing chromium with apt-get"
    start=$(date +%s)
    if apt-get update -qq >/dev/null 2>&1 &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1; then
      echo "check_report_browser: chromium installed in $(($(date +%s) - start)) s"
    fi
    browser=$(find_browser || true)
  fi
  [ -n "$browser" ] || skip_or_fail "no headless browser (chromium) and it could not be installed"
fi
echo "check_report_browser: $("$browser" --version 2>/dev/null | head -1)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ $# -ge 1 ]; then
  page=$(realpath "$1")
else
  cat >"$work/browser-check.toml" <<'TOML'
name = "browser-check"
seed = 7
plies = "16-20:2"
positions = 6
engines = ["negamax", "mtdf", "pvs"]
TOML
  run=("${TREEBENCH_BIN:-$(bash scripts/cargo-bin.sh --release)}")
  "${run[@]}" run "$work/browser-check.toml" --results "$work/results" --report "$work/report" >/dev/null
  page="$work/report/browser-check/index.html"
fi
[ -f "$page" ] || { echo "check_report_browser: no report at $page" >&2; exit 1; }
dir=$(dirname "$page")

# A copy of the page, beside it (so that relative links resolve the same), with a script that
# runs after every image has loaded and writes its findings into the DOM.
probe="$dir/.browser-check-$$.html"
trap 'rm -rf "$work" "$probe"' EXIT
python3 - "$page" "$probe" <<'PY'
import sys
page, probe = sys.argv[1], sys.argv[2]
html = open(page, encoding="utf-8").read()
script = r"""<script>
window.addEventListener('load', () => {
  const out = [];
  const body = document.body.cloneNode(true);
  body.querySelectorAll('pre, script, style').forEach(e => e.remove());
  const text = body.textContent;
  const raw = [['backtick', /`[^`\n]*`?/g], ['bold **', /\*\*[^*\n]*/g],
               ['table rule |---|', /\|\s*:?-{3,}/g], ['heading #', /^\s*#{1,6} \S.*/gm],
               ['link [text](target)', /\[[^\]\n]*\]\([^)\n]*\)/g]];
  for (const [name, re] of raw) {
    for (const m of (text.match(re) || []).slice(0, 3)) out.push('RAW ' + name + ': ' + m.trim().slice(0, 80));
  }
  for (const img of document.images) {
    out.push('TARGET ' + img.getAttribute('src'));
    if (!img.complete || img.naturalWidth === 0) out.push('IMAGE_FAILED ' + img.getAttribute('src'));
  }
  for (const a of document.querySelectorAll('a[href]')) {
    const h = a.getAttribute('href');
    if (h.startsWith('#')) {
      if (!document.getElementById(decodeURIComponent(h.slice(1)))) out.push('ANCHOR_MISSING ' + h);
    } else out.push('TARGET ' + h);
  }
  let svgs = 0;
  for (const svg of document.querySelectorAll('figure svg')) {
    svgs++;
    const r = svg.getBoundingClientRect();
    if (r.width < 100 || r.height < 60 || svg.querySelectorAll('text').length < 3)
      out.push('SVG_EMPTY figure ' + svgs + ' (' + Math.round(r.width) + 'x' + Math.round(r.height) + ')');
  }
  const page = document.documentElement;
  if (page.scrollWidth > window.innerWidth + 1)
    out.push('PAGE_SCROLLS horizontally at ' + window.innerWidth + ' px: ' + page.scrollWidth + ' px wide');
  for (const div of document.querySelectorAll('.scroll')) {
    if (div.scrollWidth > div.clientWidth + 1) {
      const cap = div.querySelector('caption');
      out.push('TABLE_SCROLLS at ' + window.innerWidth + ' px (' + div.scrollWidth + ' > ' + div.clientWidth + '): ' + (cap ? cap.textContent.slice(0, 80) : 'a table'));
    }
  }
  // The first screen (1,300 x 900): the headline, every line of it, and its figure whole.
  const FIRST = 900;
  const head = document.getElementById('headline');
  if (!head) out.push('FIRST_SCREEN no headline (no element with id="headline")');
  else {
    const list = head.querySelector('ul');
    const fig = head.querySelector('figure svg');
    const l = list ? list.getBoundingClientRect() : null;
    const f = fig ? fig.getBoundingClientRect() : null;
    if (!list || !list.querySelector('li')) out.push('FIRST_SCREEN the headline has no line');
    else if (l.bottom > FIRST) out.push('FIRST_SCREEN the headline ends at ' + Math.round(l.bottom) + ' px, below the first screen (' + FIRST + ' px)');
    if (!fig) out.push('FIRST_SCREEN no figure in the headline');
    else if (f.top < 0 || f.bottom > FIRST || f.width < 300) out.push('FIRST_SCREEN the headline figure is not whole in the first screen: ' + Math.round(f.top) + '-' + Math.round(f.bottom) + ' px, ' + Math.round(f.width) + ' px wide');
    if (l && f) out.push('FIRST headline to ' + Math.round(l.bottom) + ' px, its figure ' + Math.round(f.top) + '-' + Math.round(f.bottom) + ' px (of ' + FIRST + ')');
  }
  out.push('COUNT images=' + document.images.length + ' figures=' + svgs +
           ' links=' + document.querySelectorAll('a[href]').length);
  const pre = document.createElement('pre');
  pre.id = 'treebench-browser-check';
  pre.textContent = out.join('\n');
  document.body.appendChild(pre);
});
</script>"""
i = html.rfind("</body>")
html = html[:i] + script + html[i:] if i >= 0 else html + script
open(probe, "w", encoding="utf-8").write(html)
PY

flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --allow-file-access-from-files
  --disable-background-networking --no-first-run --user-data-dir="$work/profile"
  --run-all-compositor-stages-before-draw --virtual-time-budget=10000 --hide-scrollbars)
timeout 120 "$browser" "${flags[@]}" --window-size=1300,2400 --dump-dom "file://$probe" >"$work/dom.html" 2>"$work/browser.log" || {
  cat "$work/browser.log" >&2
  echo "check_report_browser: FAILED: the browser did not load $page" >&2
  exit 1
}
timeout 120 "$browser" "${flags[@]}" --window-size=1200,2400 --screenshot="$work/shot.png" \
  "file://$page" >/dev/null 2>>"$work/browser.log" || true

python3 - "$work/dom.html" "$dir" "$work/shot.png" <<'PY'
import html, os, sys, urllib.parse, zlib, struct
dom, base, shot = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(dom, encoding="utf-8").read()
start = text.find('<pre id="treebench-browser-check">')
if start < 0:
    print("check_report_browser: FAILED: the check script did not run (no result in the DOM)")
    sys.exit(1)
body = html.unescape(text[start:].split(">", 1)[1].split("</pre>", 1)[0])
problems, count, first = [], "", "no headline"
for line in body.splitlines():
    kind, _, rest = line.partition(" ")
    if kind == "TARGET":
        target = urllib.parse.urlsplit(rest)
        if target.scheme or target.netloc or not target.path:
            continue
        path = os.path.join(base, urllib.parse.unquote(target.path))
        if not os.path.exists(path):
            problems.append(f"missing link target: {rest}")
    elif kind == "COUNT":
        count = rest
    elif kind == "FIRST":
        first = rest
    elif line:
        problems.append(line)

def png_is_blank(path):
    """True when the screenshot is missing or a single colour."""
    try:
        data = open(path, "rb").read()
    except OSError:
        return True
    pos, idat, (w, h) = 8, b"", (0, 0)
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h = struct.unpack(">II", chunk[:8])
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + n
    raw = zlib.decompress(idat)
    # A blank page gives a handful of byte values (filter types, one colour); text and figures
    # give many (anti-aliasing).
    return len(set(raw[::97])) <= 8

if png_is_blank(shot):
    problems.append("the screenshot is blank or missing")
print(f"check_report_browser: {base}/index.html: {count}; first screen: {first}")
if problems:
    for p in problems:
        print(f"check_report_browser: FAIL {p}")
    sys.exit(1)
print("check_report_browser: passed (no raw Markdown, every link and image resolves, figures drawn, the headline and its figure on the first screen)")
PY

# Printed: the same page to PDF, no figure or table row split across pages. One stylesheet
# serves every page, so the committed reports are printed one of each kind (run, ablation,
# boards, quality, match, textbook, probes), 3-7 s each on 2 cores; TREEBENCH_PRINT_ALL=1 prints
# every one.
print_sample=" drivers ablation-connect4 boards-scaling quality-connect4 match-connect4 textbook probes "
# (The page's path relative to the project: $page itself is absolute, so a test of it against
# report/* never matched and every committed report was printed, 134 s of CI in all.)
name=$(basename "$(dirname "$page")")
rel=$(realpath --relative-to=. "$page")
if [ $# -eq 0 ] || [ "${TREEBENCH_PRINT_ALL:-0}" = 1 ] || [[ "$rel" != report/* ]] ||
  [[ "$print_sample" == *" $name "* ]]; then
  TREEBENCH_BROWSER="$browser" bash scripts/check_report_print.sh "$page"
else
  echo "check_report_browser: $page: print check left to one report of its kind (TREEBENCH_PRINT_ALL=1 prints it)"
fi

# The check must be able to fail: a copy of the page with raw Markdown, a missing image and a
# dangling anchor beside it has to be refused (only for the report this script made itself).
if [ $# -eq 0 ]; then
  broken="$dir/broken-check.html"
  trap 'rm -rf "$work" "$probe" "$broken"' EXIT
  python3 - "$page" "$broken" <<'PY'
import sys
html = open(sys.argv[1], encoding="utf-8").read()
bad = ('<p>**raw bold** and `raw code`</p><img src="no-such-figure.png" alt="x">'
       '<a href="#no-such-section">dangling</a>'
       '<div class="scroll"><table><caption>too wide</caption><tr><td>' + 'x' * 400 + '</td></tr></table></div>')
i = html.rfind("</body>")
html = html.replace('id="headline"', 'id="not-the-headline"')
open(sys.argv[2], "w", encoding="utf-8").write(html[:i] + bad + html[i:])
PY
  if out=$(bash "$0" "$broken" 2>&1); then
    echo "$out" | sed 's/^/  /'
    echo "check_report_browser: FAILED: a page with raw Markdown and a missing image passed" >&2
    exit 1
  fi
  for want in "RAW bold" "RAW backtick" "IMAGE_FAILED no-such-figure.png" "ANCHOR_MISSING #no-such-section" "TABLE_SCROLLS" "FIRST_SCREEN no headline"; do
    echo "$out" | grep -q "$want" || {
      echo "$out" | sed 's/^/  /'
      echo "check_report_browser: FAILED: the broken page's report lacks '$want'" >&2
      exit 1
    }
  done
  echo "check_report_browser: a broken copy (raw Markdown, missing image, dangling anchor, a table too wide, no headline) is refused"
  # The print check must be able to fail: the same page without `break-inside: avoid` in its
  # stylesheet splits a figure across two pages.
  if out=$(TREEBENCH_BROWSER="$browser" bash scripts/check_report_print.sh --strip-avoid "$page" 2>&1); then
    echo "$out" | sed 's/^/  /'
    echo "check_report_browser: FAILED: the page printed without break-inside: avoid passed the print check" >&2
    exit 1
  fi
  echo "$out" | grep -q "FIGURE_SPLIT" || {
    echo "$out" | sed 's/^/  /'
    echo "check_report_browser: FAILED: the page printed without break-inside: avoid split no figure" >&2
    exit 1
  }
  echo "check_report_browser: printed without break-inside: avoid, the page is refused ($(echo "$out" | grep -c FIGURE_SPLIT) figure(s) split)"
  # Every committed report, at a 1,300-pixel window: two at a time (one browser a core; 35
  # reports one after another took 75 s of CI's 93 s for this script), each report's lines
  # printed together, in the reports' order.
  logs="$work/committed"
  mkdir -p "$logs"
  printf '%s\n' report/*/index.html | xargs -P 2 -I{} bash -c \
    'n=$2/$(dirname "$1" | tr / _); bash "$0" "$1" >"$n.log" 2>&1 || touch "$n.failed"' \
    "$0" {} "$logs"
  cat "$logs"/*.log
  if ls "$logs"/*.failed >/dev/null 2>&1; then
    echo "check_report_browser: FAILED: $(ls "$logs"/*.failed | xargs -n1 basename | sed 's/[.]failed$//' | tr '\n' ' ')" >&2
    exit 1
  fi
fi
