#!/usr/bin/env python3
"""Real-browser test of `plugboard serve`: headless Chromium drives the simulator page.

    python3 Tests/Browser/simulator_test.py --plugboard .build/debug/plugboard \
        [--app Examples/Showcase] [--plugin-dir DIR] [--artifacts DIR]

What it does, in order (every wait is a WebDriverWait on a condition, never a fixed sleep):

 1. Builds a tiny C screen plugin, `plugboard.test.reload_probe`, into --plugin-dir
    (libreload_probe.so; its label says "reload probe build 1"), and makes a copy of the app
    (--app, Examples/Showcase by default) in a temporary folder, with that plugin added to
    plugins.json and a screen `reload-probe` served by it added to rivers.json. `plugboard lint`
    checks the copy finds the library.
 2. Starts `plugboard serve APP --port 0 --plugin-path DIR` and reads the URL and the token it
    prints (every POST of this script carries the token; the page carries its own).
 3. Opens the page (1280x1000), waits for the device SVG of the home screen, checks the page's
    elements, saves home.png.
 4. Clicks the nav-bar button `nav-item:nb-epg` (--nav-item) in the SVG; waits for the screen it
    targets in rivers.json, checks the bar's title is in the SVG text and visible, that GET /state
    agrees (visibleScreen, url = body[data-url]) and that the event log grew; saves after-tap.png.
 5. Goes back over HTTP (POST /command) and waits for the page to follow without reloading
    (the update came over the WebSocket); POST /tap with an unknown target must give 400.
 6. Opens the first content screen with an overlay bar (Shows) from #address and checks by
    element positions that its title and first section title overlap neither the status bar
    (the device's 9:41 and icons) nor the navigation bar; saves overlay.png. A mouse drag that
    starts on the bezel left of the screen posts no swipe; one from within 20 pt of the screen's
    own left edge posts one back swipe and the home screen comes back.
    Then the event log: pushes and pops until it is longer than its panel; it must be scrolled
    to the newest line, never sideways, each line compact (no JSON text) with the whole line
    as its title.
 7. Types APP-SCHEME://HOME/reload-probe into #address + Enter; waits for the probe screen.
 8. Rebuilds the probe library ("build 2") in place, as `make` would; waits for data-engine to
    increase and the probe screen to show "build 2" at the same state URL; GET /state agrees;
    saves after-reload.png.
 9. Switches to the tablet (POST /device): it must be drawn at 0.7 px per point or more, so its
    text can be read; saves tablet.png.

Whenever a screen is checked, the page must have finished any transition it plays (no SMIL
element left in the device SVG), the screen's text must be visible (what the browser hits at its
place, elementFromPoint), and the device SVG must draw the same screen, state, tappable elements
and texts as GET /render.svg and as `plugboard render APP --url STATE-URL --format svg`, and the
browser must draw every character of each text (no run of spaces collapsed).

The server (and its engine processes: it runs in its own process group) is always stopped at
the end. Exit status: 0 passed, 1 failed (the message says what), 2 bad arguments, 3 something
to install is missing (--check-environment only checks that). The server's standard output and
error are kept in --artifacts as serve-stdout.log and serve-stderr.log.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.request

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_APP = os.path.join(PACKAGE_ROOT, "Examples", "Showcase")
HEADER_DIR = os.path.join(PACKAGE_ROOT, "Sources", "PlugboardABI", "include")

PROBE_ID = "plugboard.test.reload_probe"
PROBE_LIBRARY = "reload_probe"  # found as lib<NAME>.so on --plugin-path
PROBE_SCREEN = "reload-probe"
PROBE_TEXT = "reload probe build {}"

INSTALL_HINT = (
    "install them: `sudo apt-get install chromium chromium-driver` (Debian/Ubuntu) and "
    "`python3 -m pip install selenium` (Selenium 4), or run .ci/run, which does both; "
    "PLUGBOARD_SKIP_BROWSER=1 skips the browser test in `swift test`"
)

# A screen plugin whose label names the build it was compiled as (-DPROBE_BUILD=N): after a
# rebuild, the page shows the new library's text, so the reload really loaded the new .so.
PROBE_SOURCE = r"""
#include <plugboard.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PROBE_BUILD
#define PROBE_BUILD 0
#endif
#define PROBE_ID "plugboard.test.reload_probe"

typedef struct probe {
    pb_screen_t screen;
    const pb_host_t *host;
    pb_view_t root, label;
} probe_t;

static probe_t *self(const pb_screen_t *s) { return (probe_t *)s->plugin_data; }

static bool probe_init(const pb_screen_t *s) {
    probe_t *p = self(s);
    const pb_view_api_t *v = p->host->views;
    char text[64];
    p->root = v->create(p->host, PB_VIEW_CONTAINER);
    p->label = v->create(p->host, PB_VIEW_LABEL);
    if (p->root == PB_VIEW_NONE || p->label == PB_VIEW_NONE) return false;
    v->set_background_color(p->host, p->root, 0xFF203040u);
    v->set_identifier(p->host, p->label, "probe-build");
    v->set_text_color(p->host, p->label, 0xFFFFFFFFu);
    v->set_font(p->host, p->label, NULL, 24);
    snprintf(text, sizeof text, "reload probe build %d", PROBE_BUILD);
    v->set_text(p->host, p->label, text);
    v->add_child(p->host, p->root, p->label);
    p->host->log(p->host, PB_LOG_INFO, text);
    return true;
}

static void probe_destroy(const pb_screen_t *s) { free(self(s)); }
static pb_view_t probe_view(const pb_screen_t *s) { return self(s)->root; }

static void probe_layout(const pb_screen_t *s, double width, double height) {
    probe_t *p = self(s);
    pb_rect_t frame = {16, 16, width - 32, 48};
    (void)height;
    p->host->views->set_frame(p->host, p->label, frame);
}

static void nothing(const pb_screen_t *s) { (void)s; }
static const void *no_extension(const pb_screen_t *s, const char *id) {
    (void)s;
    (void)id;
    return NULL;
}

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, PROBE_ID, "Reload probe (browser test)", "Plugboard Tests", "1.0.0",
    "A label naming the build it was compiled as", PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN};

static uint32_t count(const pb_screen_factory_t *f) {
    (void)f;
    return 1;
}

static const pb_plugin_descriptor_t *get_descriptor(const pb_screen_factory_t *f, uint32_t index) {
    (void)f;
    return index == 0 ? &descriptor : NULL;
}

static const pb_screen_t *create(const pb_screen_factory_t *f, const pb_host_t *host, const char *id,
                                 const char *plugin_json, const char *screen_json, const char *data_source) {
    probe_t *p;
    (void)f;
    (void)plugin_json;
    (void)screen_json;
    (void)data_source;
    if (strcmp(id, PROBE_ID) != 0) return NULL;
    p = calloc(1, sizeof *p);
    if (p == NULL) return NULL;
    p->host = host;
    p->screen = (pb_screen_t){&descriptor, p,       probe_init, probe_destroy, probe_view, probe_layout,
                              nothing,     nothing, nothing,    nothing,       no_extension};
    return &p->screen;
}

static const pb_screen_factory_t factory = {count, get_descriptor, create};

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}
static void entry_deinit(void) {}
static const void *get_factory(const char *id) { return strcmp(id, PB_SCREEN_FACTORY_ID) == 0 ? &factory : NULL; }

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, get_factory};
"""

PROBE_MANIFEST = {
    "plugin": {
        "api": {"class_name": PROBE_ID, "modules": [], "require_startup_execution": False},
        "author_name": "Plugboard Tests",
        "author_email": "tests@plugboard.dev",
        "manifest_version": "1.0.0",
        "identifier": PROBE_ID,
        "name": "Reload probe",
        "description": "A screen whose label names the build of its library (browser test)",
        "type": "general",
        "screen": True,
        "platform": "linux",
        "min_zapp_sdk": "1.0.0",
        "ui_builder_support": True,
        "whitelisted_account_ids": [],
        "targets": ["mobile"],
        "react_native": False,
        "plugboard": {"library": PROBE_LIBRARY},
    },
    "configuration_json": None,
}

PROBE_RIVER = {
    "id": PROBE_SCREEN,
    "name": "Reload Probe",
    "type": PROBE_ID,
    "home": False,
    "data": {},
    "styles": {},
    "general": {},
    "rules": {},
    "advertising": {},
    "ui_components": [],
    "navigations": [],
}


class Failure(Exception):
    """A check of the test failed; the message says which and what was seen."""


def step(message: str) -> None:
    print(f"==> {message}", flush=True)


# --------------------------------------------------------------------------------------------
# Environment


def find_executable(given: str | None, *names: str) -> str | None:
    if given:
        return given if os.access(given, os.X_OK) else None
    for name in names:
        if os.path.isabs(name) and os.access(name, os.X_OK):
            return name
        found = shutil.which(name)
        if found:
            return found
    return None


def missing_requirements(args: argparse.Namespace) -> list[str]:
    """What is missing to run the test, one line each (empty: all there)."""
    missing = []
    if not find_executable(args.chromium, "/usr/bin/chromium", "chromium", "chromium-browser"):
        missing.append("Chromium (/usr/bin/chromium; Debian package `chromium`)")
    if not find_executable(args.chromedriver, "/usr/bin/chromedriver", "chromedriver"):
        missing.append("ChromeDriver (/usr/bin/chromedriver; Debian package `chromium-driver`)")
    if importlib.util.find_spec("selenium") is None:
        missing.append("the Python package selenium 4 (`python3 -m pip install selenium`)")
    else:
        import selenium

        if int(selenium.__version__.split(".")[0]) < 4:
            missing.append(f"selenium 4 (found {selenium.__version__}: `python3 -m pip install -U selenium`)")
    if not find_executable(os.environ.get("CC"), "cc", "gcc", "clang"):
        missing.append("a C compiler (cc) for the reload probe plugin")
    return missing


# --------------------------------------------------------------------------------------------
# The probe plugin and the app


def build_probe(plugin_dir: str, build: int) -> str:
    """Compiles the probe as build `build` into plugin_dir/libreload_probe.so, in place (the
    linker replaces the file, as a `make` rebuild does), and returns the library's path."""
    source = os.path.join(plugin_dir, "reload_probe.c")
    library = os.path.join(plugin_dir, f"lib{PROBE_LIBRARY}.so")
    with open(source, "w", encoding="utf-8") as file:
        file.write(PROBE_SOURCE)
    compiler = find_executable(os.environ.get("CC"), "cc", "gcc", "clang")
    command = [
        compiler, "-std=c11", "-Wall", "-Wextra", "-pedantic", "-Werror", "-fPIC", "-shared",
        f"-I{HEADER_DIR}", f"-DPROBE_BUILD={build}", source, "-o", library,
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"building the probe plugin failed ({' '.join(command)}):\n{result.stdout}{result.stderr}")
    os.chmod(library, 0o755)
    return library


def load_json(path: str):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def make_app(base: str, destination: str) -> dict:
    """Copies the app folder `base` to `destination` with the probe plugin and its screen added;
    returns the new rivers.json (a list of screens)."""
    shutil.copytree(base, destination)
    os.chmod(destination, 0o755)
    plugins_path = os.path.join(destination, "plugins.json")
    rivers_path = os.path.join(destination, "rivers.json")
    plugins = load_json(plugins_path)
    rivers = load_json(rivers_path)
    if not isinstance(plugins, list) or not isinstance(rivers, list):
        raise Failure(f"{base}: plugins.json and rivers.json must be arrays")
    plugins.append(PROBE_MANIFEST)
    rivers.append(PROBE_RIVER)
    with open(plugins_path, "w", encoding="utf-8") as file:
        json.dump(plugins, file, indent=2)
    with open(rivers_path, "w", encoding="utf-8") as file:
        json.dump(rivers, file, indent=2)
    return rivers


def overlay_screen(rivers: list) -> tuple[str, str, str] | None:
    """The first content screen whose bar is an overlay one: its id, its title (its name) and
    its first section's title as drawn (upper case); None when the app has none."""
    for screen in rivers:
        if screen.get("type") != "general_content" or (screen.get("styles") or {}).get("content_under_nav_bar"):
            continue
        bars = [n for n in screen.get("navigations") or [] if n.get("category") == "nav_bar"]
        components = screen.get("ui_components") or []
        if bars and (bars[0].get("styles") or {}).get("state") == "overlay" and components:
            section = ((components[0].get("styles") or {}).get("title") or "").upper()
            if section:
                return screen["id"], screen.get("name") or screen["id"], section
    return None


def nav_item_target(rivers: list, home: str, nav_item: str) -> tuple[str, str]:
    """The screen id and name the home screen's nav-bar item `nav_item` opens."""
    screens = {screen["id"]: screen for screen in rivers}
    for navigation in screens[home].get("navigations") or []:
        for item in navigation.get("nav_items") or []:
            if item.get("id") == nav_item:
                target = (item.get("data") or {}).get("target")
                if not target or target not in screens:
                    raise Failure(f"nav item '{nav_item}' of screen '{home}' opens no screen (target {target!r}); "
                                  "choose one that does with --nav-item")
                return target, screens[target].get("name") or target
    raise Failure(f"screen '{home}' has no nav item '{nav_item}' (--nav-item)")


# --------------------------------------------------------------------------------------------
# The server


class Server:
    """`plugboard serve` as a child in its own process group; standard output is read by a
    thread (the URL line, then kept in serve-stdout.log), standard error goes to a file."""

    URL_LINE = re.compile(r"serving (.+) at (http://127\.0\.0\.1:(\d+)/) token: (\S+)")

    def __init__(self, argv: list[str], artifacts: str):
        self.argv = argv
        self.stdout_path = os.path.join(artifacts, "serve-stdout.log")
        self.stderr_path = os.path.join(artifacts, "serve-stderr.log")
        self.lines: list[str] = []
        self.url: str | None = None
        self.token: str | None = None
        self.url_seen = threading.Event()
        self.stderr_file = open(self.stderr_path, "w", encoding="utf-8")
        self.process = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.stderr_file,
            start_new_session=True, text=True, bufsize=1, cwd=PACKAGE_ROOT)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        with open(self.stdout_path, "w", encoding="utf-8") as log:
            for line in self.process.stdout:
                log.write(line)
                log.flush()
                self.lines.append(line.rstrip("\n"))
                match = self.URL_LINE.search(line)
                if match and self.url is None:
                    self.url = match.group(2)
                    self.token = match.group(4)
                    self.url_seen.set()
        self.url_seen.set()  # end of output: wake the waiter

    def wait_for_url(self, timeout: float) -> str:
        self.url_seen.wait(timeout)
        if self.url is None:
            status = self.process.poll()
            how = f"exited with status {status}" if status is not None else f"printed no URL within {timeout:.0f} s"
            raise Failure(f"`{' '.join(self.argv)}` {how}; expected a line 'serving APP at "
                          f"http://127.0.0.1:PORT/ token: TOKEN'.\nstdout:\n{self.stdout_text()}\nstderr:\n{self.stderr_text()}")
        if self.url.endswith(":0/"):
            raise Failure(f"--port 0 must print the port picked, got {self.url}")
        return self.url

    def stdout_text(self) -> str:
        return "\n".join(self.lines[-40:])

    def stderr_text(self) -> str:
        self.stderr_file.flush()
        try:
            with open(self.stderr_path, encoding="utf-8", errors="replace") as file:
                return "".join(file.readlines()[-40:])
        except OSError:
            return ""

    def check_running(self) -> None:
        status = self.process.poll()
        if status is not None:
            raise Failure(f"the server exited with status {status}.\nstderr:\n{self.stderr_text()}")

    def stop(self) -> None:
        """SIGTERM to the server's process group (the server and its engines), SIGKILL after 5 s."""
        if self.process.poll() is None:
            for sig, grace in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
                try:
                    os.killpg(self.process.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    self.process.wait(grace)
                    break
                except subprocess.TimeoutExpired:
                    continue
        # Engines left in the group after the server itself exited.
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.reader.join(5)
        self.stderr_file.close()


# --------------------------------------------------------------------------------------------
# HTTP


class HTTP:
    """The server's API as a script uses it: every POST carries the printed token."""

    def __init__(self, base: str, token: str):
        self.base = base.rstrip("/")
        self.token = token

    def request(self, method: str, path: str, body=None) -> tuple[int, str, bytes]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if method == "POST":
            request.add_header("X-Plugboard-Token", self.token)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.headers.get("Content-Type", ""), response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Content-Type", ""), error.read()

    def json(self, method: str, path: str, body=None, expect: int = 200):
        status, content_type, payload = self.request(method, path, body)
        where = f"{method} {path}" + ("" if body is None else f" {json.dumps(body)}")
        if status != expect:
            raise Failure(f"{where}: HTTP {status}, expected {expect}: {payload[:2000].decode(errors='replace')}")
        if not content_type.startswith("application/json"):
            raise Failure(f"{where}: Content-Type {content_type!r}, expected application/json")
        try:
            return json.loads(payload)
        except ValueError as error:
            raise Failure(f"{where}: not JSON ({error}): {payload[:500]!r}")

    def state(self) -> dict:
        value = self.json("GET", "/state")
        for key in ("state", "targets"):
            if key not in value:
                raise Failure(f"GET /state: no key '{key}' (keys: {sorted(value)})")
        return value


# --------------------------------------------------------------------------------------------
# The page

PAGE_STATE_JS = """
const svg = document.querySelector('#device svg');
const error = document.getElementById('error');
const log = document.querySelectorAll('#log li');
const address = document.getElementById('address');
return {
  revision: document.body.dataset.revision ?? null,
  engine: document.body.dataset.engine ?? null,
  url: document.body.dataset.url ?? null,
  screen: svg ? svg.getAttribute('data-screen') : null,
  settled: !!svg && !svg.querySelector('animate, animateTransform, animateMotion, set'),
  svgState: svg ? svg.getAttribute('data-state') : null,
  text: svg ? Array.from(svg.querySelectorAll('text')).map(t => t.textContent).join('\\n') : '',
  address: address ? address.value : null,
  errorShown: !!error && error.offsetParent !== null && getComputedStyle(error).visibility !== 'hidden'
              && error.textContent.trim() !== '',
  errorText: error ? error.textContent.trim() : null,
  logCount: log.length,
  logLast: log.length ? log[log.length - 1].textContent : null,
  marker: window.__plugboardBrowserTest ?? null,
};
"""

# What the device SVG shows, to compare with GET /render.svg: the root's data-screen and
# data-state, every tappable element (id, data-tap, data-view) and every text, in order.
DRAWING_JS = """
const svg = document.querySelector('#device svg');
if (!svg) return null;
return {
  screen: svg.getAttribute('data-screen'),
  state: svg.getAttribute('data-state'),
  taps: Array.from(svg.querySelectorAll('g[data-tap]')).map(g =>
    [g.getAttribute('id'), g.getAttribute('data-tap'), g.getAttribute('data-view')]),
  texts: Array.from(svg.querySelectorAll('text')).map(t => t.textContent),
};
"""


# The texts of the device SVG the browser draws with fewer characters than they have: SVG
# collapses runs of white space unless the <text> keeps them (xml:space="preserve").
SHORTENED_JS = """
const svg = document.querySelector('#device svg');
if (!svg) return [];
return Array.from(svg.querySelectorAll('text'))
  .filter(t => t.getNumberOfChars() !== t.textContent.length).map(t => t.textContent);
"""


# null when the <text> containing arguments[0] is hit by the browser at some point of its box
# (elementFromPoint: drawn and on top), else why not.
VISIBLE_JS = """
const needle = arguments[0];
const svg = document.querySelector('#device svg');
if (!svg) return 'no device SVG';
const text = Array.from(svg.querySelectorAll('text')).find(t => t.textContent.includes(needle));
if (!text) return 'no <text> holds it';
text.scrollIntoView({block: 'center', inline: 'center'});
const box = text.getBoundingClientRect();
if (box.width === 0 || box.height === 0) return 'its box is empty';
let hit = null;
for (const f of [0.5, 0.25, 0.75, 0.1, 0.9]) {
  hit = document.elementFromPoint(box.left + box.width * f, box.top + box.height / 2);
  if (hit === text || text.contains(hit)) return null;
}
const owner = hit && hit.closest('[id]');
return hit ? `at its place the browser hits <${hit.tagName}> in #${owner ? owner.id : '?'}`
             + ` (text: ${JSON.stringify((hit.textContent || '').slice(0, 60))})` : 'nothing is hit at its place';
"""


# The boxes (client pixels) of what the layout check compares on a content screen: the status
# bar (the device's 9:41 and icons, the home indicator left out), the bar's area, and the first
# <text> of the screen area holding each needle; and the screen's scale (client px per point).
BOXES_JS = """
const svg = document.querySelector('#device svg');
if (!svg) return null;
const box = (element) => { const r = element.getBoundingClientRect();
                           return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
const union = (boxes) => boxes.length === 0 ? null : {
  left: Math.min(...boxes.map(b => b.left)), top: Math.min(...boxes.map(b => b.top)),
  right: Math.max(...boxes.map(b => b.right)), bottom: Math.max(...boxes.map(b => b.bottom))};
const status = Array.from(svg.querySelectorAll('g.device-status > *'))
  .filter(e => !e.classList.contains('home-indicator')).map(box);
const bar = svg.querySelector('g.navigation-bar');
const texts = {};
for (const needle of arguments[0]) {
  const text = Array.from(svg.querySelectorAll('g.screen-area text')).find(t => t.textContent === needle);
  texts[needle] = text ? box(text) : null;
}
const area = svg.querySelector('rect.window');
return {status: union(status), bar: bar ? box(bar) : null, texts,
        scale: area.getBoundingClientRect().width / area.width.baseVal.value};
"""

# The event log as the page shows it: each line's text and title, and how the panel scrolls.
LOG_JS = """
const aside = document.querySelector('aside');
return {
  lines: Array.from(document.querySelectorAll('#log li')).map(li => ({text: li.textContent, title: li.title})),
  scrollTop: aside.scrollTop, clientHeight: aside.clientHeight, scrollHeight: aside.scrollHeight,
  scrollWidth: aside.scrollWidth, clientWidth: aside.clientWidth,
};
"""

# Counts the page's POSTs to /swipe (with their bodies) in window.__swipes: the page posts from
# its pointerup handler, synchronously, so the count is exact as soon as a drag is performed.
RECORD_SWIPES_JS = """
if (!window.__swipes) {
  window.__swipes = [];
  const fetch = window.fetch;
  window.fetch = (path, options) => {
    if (path === '/swipe') window.__swipes.push(JSON.parse(options.body));
    return fetch(path, options);
  };
}
return window.__swipes.length;
"""

# The client position of the screen point (x, y): the device's screen is rect.window.
SCREEN_POINT_JS = """
const area = document.querySelector('#device svg rect.window');
const r = area.getBoundingClientRect(), scale = r.width / area.width.baseVal.value;
return {x: r.left + arguments[0] * scale, y: r.top + arguments[1] * scale, scale};
"""


def overlaps(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def difference(shown: dict | None, expected: dict, shown_name: str, expected_name: str) -> str | None:
    """How two drawing summaries differ, key by key (None: they do not)."""
    if shown == expected:
        return None
    lines = []
    for key, wanted in expected.items():
        got = shown.get(key) if shown else None
        if got == wanted:
            continue
        if isinstance(got, list) and isinstance(wanted, list):
            at = next((i for i, (a, b) in enumerate(zip(got, wanted)) if a != b), min(len(got), len(wanted)))
            lines.append(f"  {key} ({len(got)} vs {len(wanted)} items), first difference at #{at}:\n"
                         f"    {shown_name}: {got[at:at + 5]!r}\n    {expected_name}: {wanted[at:at + 5]!r}")
        else:
            lines.append(f"  {key}: {shown_name} {got!r}, {expected_name} {wanted!r}")
    return "\n".join(lines)


def reference_drawing(plugboard: str, app: str, plugin_dir: str, url: str) -> dict:
    """What `plugboard render APP --url URL --format svg` draws: the page must show the same."""
    argv = [plugboard, "render", app, "--plugin-path", plugin_dir, "--url", url, "--format", "svg"]
    result = subprocess.run(argv, capture_output=True, timeout=60)
    if result.returncode != 0:
        raise Failure(f"`{' '.join(argv)}` failed ({result.returncode}): {result.stderr.decode(errors='replace')}")
    return {"command": f"`plugboard render --url {url} --format svg`", "drawing": drawing_of(result.stdout)}


def drawing_of(svg_text: bytes) -> dict:
    """The same summary as DRAWING_JS, of an SVG document."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg_text)
    local = lambda element: element.tag.rsplit("}", 1)[-1]
    return {
        "screen": root.get("data-screen"),
        "state": root.get("data-state"),
        "taps": [[g.get("id"), g.get("data-tap"), g.get("data-view")]
                 for g in root.iter() if local(g) == "g" and g.get("data-tap") is not None],
        "texts": ["".join(t.itertext()) for t in root.iter() if local(t) == "text"],
    }


class Page:
    def __init__(self, driver, timeout: float, server: Server):
        self.driver = driver
        self.timeout = timeout
        self.server = server

    def state(self) -> dict:
        return self.driver.execute_script(PAGE_STATE_JS)

    def describe(self) -> str:
        try:
            s = self.state()
        except Exception as error:  # the page may be mid-navigation
            return f"(page state unavailable: {error})"
        text = s.pop("text", "")
        return json.dumps(s, ensure_ascii=False) + f"\nSVG text: {text[:600]!r}"

    def wait(self, description: str, condition, timeout: float | None = None):
        """Waits until condition(page state) is truthy; a failure names what was awaited and
        what the page showed last."""
        from selenium.common.exceptions import TimeoutException, WebDriverException
        from selenium.webdriver.support.ui import WebDriverWait

        def check(_driver):
            self.server.check_running()
            try:
                return condition(self.state())
            except WebDriverException:
                return False  # the page is reloading

        try:
            return WebDriverWait(self.driver, timeout or self.timeout, poll_frequency=0.1).until(check)
        except TimeoutException:
            raise Failure(f"timed out after {timeout or self.timeout:.0f} s waiting for {description}.\n"
                          f"page: {self.describe()}\nserver stderr:\n{self.server.stderr_text()}")

    def expect_drawing_matches(self, http: "HTTP", where: str, reference: dict) -> None:
        """The device SVG on the page shows what GET /render.svg draws and what `plugboard render
        --url URL --format svg` draws for the same state (screen, state, taps, texts)."""
        shown = self.driver.execute_script(DRAWING_JS)
        status, content_type, svg = http.request("GET", "/render.svg")
        if status != 200 or not content_type.startswith("image/svg+xml"):
            raise Failure(f"GET /render.svg ({where}): HTTP {status}, Content-Type {content_type!r}")
        for name, expected in (("GET /render.svg", drawing_of(svg)), (reference["command"], reference["drawing"])):
            different = difference(shown, expected, "page", name)
            if different:
                raise Failure(f"{where}: the device SVG on the page is not what {name} draws:\n{different}\n"
                              f"page: {self.describe()}")
        shortened = self.driver.execute_script(SHORTENED_JS)
        if shortened:
            raise Failure(f"{where}: the browser draws these texts with fewer characters than they have "
                          f"(white space collapsed): {shortened[:5]!r}\npage: {self.describe()}")

    def expect_visible(self, needle: str, where: str) -> None:
        """The <text> holding `needle` is what the browser hits at its place: drawn, not covered."""
        problem = self.driver.execute_script(VISIBLE_JS, needle)
        if problem:
            raise Failure(f"{where}: the text {needle!r} is in the SVG but not visible: {problem}.\n"
                          f"page: {self.describe()}")

    def drag(self, from_x: float, to_x: float, y: float) -> int:
        """Drags on the device from screen point (from_x, y) to (to_x, y) with the mouse; returns
        how many swipes the page has posted since it started recording them."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        self.driver.execute_script(RECORD_SWIPES_JS)
        start = self.driver.execute_script(SCREEN_POINT_JS, from_x, y)
        end = self.driver.execute_script(SCREEN_POINT_JS, to_x, y)
        actions = ActionChains(self.driver)
        builder = ActionBuilder(self.driver)
        builder.pointer_action.move_to_location(int(round(start["x"])), int(round(start["y"])))
        builder.pointer_action.pointer_down()
        for step in range(1, 6):
            x = start["x"] + (end["x"] - start["x"]) * step / 5
            builder.pointer_action.move_to_location(int(round(x)), int(round(start["y"])))
        builder.pointer_action.pointer_up()
        actions.w3c_actions = builder
        actions.perform()
        return self.driver.execute_script("return window.__swipes.length;")

    def screenshot(self, artifacts: str, name: str) -> None:
        path = os.path.join(artifacts, name)
        if not self.driver.save_screenshot(path):
            raise Failure(f"could not save {path}")
        print(f"    screenshot {path}", flush=True)


def as_int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise Failure(message)


def css_id(identifier: str) -> str:
    """A CSS selector for the element whose id is `identifier` (ids like nav-item:nb-epg)."""
    return '[id="' + identifier.replace("\\", "\\\\").replace('"', '\\"') + '"]'


# --------------------------------------------------------------------------------------------
# The test


def make_driver(args: argparse.Namespace):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = find_executable(args.chromium, "/usr/bin/chromium", "chromium", "chromium-browser")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,1000", "--no-first-run", "--no-default-browser-check"):
        options.add_argument(argument)
    service = Service(executable_path=find_executable(args.chromedriver, "/usr/bin/chromedriver", "chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_window_size(1280, 1000)
    return driver


def run_test(args: argparse.Namespace, work: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    artifacts = os.path.abspath(args.artifacts)
    os.makedirs(artifacts, exist_ok=True)
    for name in ("home.png", "after-tap.png", "overlay.png", "tour.png", "after-reload.png", "tablet.png", "failure.png"):
        if os.path.exists(os.path.join(artifacts, name)):
            os.remove(os.path.join(artifacts, name))

    plugin_dir = os.path.abspath(args.plugin_dir or os.path.join(work, "plugins"))
    os.makedirs(plugin_dir, mode=0o755, exist_ok=True)
    if os.stat(plugin_dir).st_mode & 0o002:
        raise Failure(f"--plugin-dir {plugin_dir} is writable by others: the host refuses libraries there")

    step(f"building the probe plugin (build 1) into {plugin_dir}")
    library = build_probe(plugin_dir, 1)

    app = os.path.join(work, "app")
    step(f"copying {args.app} to {app} with screen '{PROBE_SCREEN}' served by {library}")
    rivers = make_app(os.path.abspath(args.app), app)
    homes = [screen["id"] for screen in rivers if screen.get("home")]
    expect(len(homes) == 1, f"the app must have one home screen, found {homes}")
    home = homes[0]
    target, target_name = nav_item_target(rivers, home, args.nav_item)

    lint = subprocess.run([args.plugboard, "lint", app, "--plugin-path", plugin_dir], capture_output=True, text=True)
    expect(lint.returncode == 0, f"plugboard lint of the test app failed:\n{lint.stdout}{lint.stderr}")

    argv = [args.plugboard, "serve", app, "--port", "0", "--plugin-path", plugin_dir]
    step("starting " + " ".join(argv))
    server = Server(argv, artifacts)
    driver = None
    try:
        base = server.wait_for_url(args.timeout)
        print(f"    server at {base}", flush=True)
        http = HTTP(base, server.token)

        initial = http.state()["state"]
        expect(initial.get("visibleScreen") == home,
               f"GET /state at start: visibleScreen {initial.get('visibleScreen')!r}, expected the home screen {home!r}")
        home_url = initial.get("url")
        expect(isinstance(home_url, str) and "://" in home_url, f"GET /state: url {home_url!r} is no state URL")
        scheme = home_url.split("://", 1)[0]

        status, content_type, svg = http.request("GET", "/render.svg")
        expect(status == 200 and content_type.startswith("image/svg+xml") and b"<svg" in svg,
               f"GET /render.svg: HTTP {status}, Content-Type {content_type!r}, body starts {svg[:80]!r}")

        step(f"opening {base} in headless Chromium")
        driver = make_driver(args)
        page = Page(driver, args.timeout, server)
        driver.get(base)
        page.wait(f"the device SVG of the home screen '{home}'",
                  lambda s: s["screen"] == home and s["settled"] and as_int(s["revision"]) is not None
                  and as_int(s["engine"]) is not None)
        for selector in ("#address", "#device", "#back", "#close", "#menu", "select#device-kind", "ol#log", "#error"):
            expect(driver.find_elements(By.CSS_SELECTOR, selector), f"the page has no {selector}")
        s = page.state()
        expect(not s["errorShown"], f"#error is shown at start: {s['errorText']!r}")
        expect(s["url"] == home_url, f"body[data-url] is {s['url']!r}, GET /state says {home_url!r}")
        expect(s["address"] == home_url, f"#address holds {s['address']!r}, expected {home_url!r}")
        expect(s["svgState"] is not None, "the device <svg> has no data-state")
        driver.execute_script("window.__plugboardBrowserTest = 'no reload';")
        page.expect_drawing_matches(http, "the home screen", reference_drawing(args.plugboard, app, plugin_dir, home_url))
        page.screenshot(artifacts, "home.png")

        step(f"clicking the nav-bar button {args.nav_item} (opens '{target}')")
        before = page.state()
        button = driver.find_element(By.CSS_SELECTOR, f"#device svg g[data-tap]{css_id('nav-item:' + args.nav_item)}")
        expect(button.get_attribute("data-view") == "button",
               f"nav-item:{args.nav_item} has data-view={button.get_attribute('data-view')!r}, expected button")
        button.click()
        after = page.wait(f"the screen '{target}' after the tap",
                          lambda s: s if s["screen"] == target and s["settled"] and s["url"] != before["url"] else None)
        expect(as_int(after["revision"]) > as_int(before["revision"]),
               f"data-revision did not increase: {before['revision']} -> {after['revision']}")
        tapped = http.state()["state"]
        expect(tapped.get("visibleScreen") == target,
               f"GET /state after the tap: visibleScreen {tapped.get('visibleScreen')!r}, the page shows {target!r}")
        expect(tapped.get("url") == after["url"],
               f"GET /state after the tap: url {tapped.get('url')!r}, body[data-url] {after['url']!r}")
        title = (tapped.get("bar") or {}).get("title") or target_name
        page.wait(f"the title {title!r} of '{target}' in the SVG text", lambda s: title in s["text"])
        page.wait("the event log to grow after the tap",
                  lambda s: (s["logCount"], s["logLast"]) != (before["logCount"], before["logLast"])
                  and s["logCount"] > 0)
        print(f"    {target}: url {tapped.get('url')}, title {title!r}", flush=True)
        page.expect_drawing_matches(http, f"'{target}' after the tap",
                                    reference_drawing(args.plugboard, app, plugin_dir, after["url"]))
        page.expect_visible(title, f"'{target}' after the tap")
        page.screenshot(artifacts, "after-tap.png")

        step("going back over HTTP: the page must follow over the WebSocket, without reloading")
        command = "close" if tapped.get("presented") else "back"
        revision = as_int(page.state()["revision"])
        back = http.json("POST", "/command", {"command": command})
        expect((back.get("state") or {}).get("visibleScreen") == home,
               f"POST /command {command}: visibleScreen {(back.get('state') or {}).get('visibleScreen')!r}, expected {home!r}")
        page.wait(f"the home screen after POST /command {command}",
                  lambda s: s["screen"] == home and s["settled"] and s["url"] == home_url
                  and as_int(s["revision"]) > revision)
        expect(page.state()["marker"] == "no reload", "the page reloaded instead of updating over the WebSocket")
        bad = http.json("POST", "/tap", {"target": "no-such-view-in-browser-test"}, expect=400)
        expect(isinstance(bad.get("error"), str) and bad["error"],
               f"POST /tap with an unknown target: expected {{\"error\": \"…\"}}, got {bad}")

        overlay = overlay_screen(rivers)
        if overlay is None:
            print("    the app has no content screen with an overlay bar: layout and back-drag checks skipped")
        else:
            check_overlay_screen(driver, page, http, artifacts, scheme, home, home_url, overlay)
            check_event_log(driver, page, http, home_url, overlay[0])

        large = next((screen["id"] for screen in rivers
                      if (screen.get("styles") or {}).get("prefers_large_title") is True), None)
        if large is None:
            print("    the app has no screen that prefers a large title: the wheel check is skipped")
        else:
            check_large_title(driver, page, http, scheme, large)

        tour = routing_tour(rivers)
        if tour is None:
            print("    the app has no routing tour screen (type showcase_tour): plugin routing checks skipped")
        else:
            check_routing_tour(driver, page, http, artifacts, scheme, tour)

        probe_url = f"{scheme}://{home}/{PROBE_SCREEN}"
        step(f"typing {probe_url} into #address + Enter")
        address = driver.find_element(By.ID, "address")
        address.clear()
        address.send_keys(probe_url, Keys.ENTER)
        opened = page.wait(f"the screen '{PROBE_SCREEN}' at {probe_url}",
                           lambda s: s if s["screen"] == PROBE_SCREEN and s["settled"] and s["url"] == probe_url else None)
        page.wait("the probe's label 'build 1'", lambda s: PROBE_TEXT.format(1) in s["text"])
        state = http.state()["state"]
        expect(state.get("visibleScreen") == PROBE_SCREEN and state.get("url") == probe_url,
               f"GET /state after opening {probe_url}: visibleScreen {state.get('visibleScreen')!r}, "
               f"url {state.get('url')!r}")
        expect(not opened["errorShown"], f"#error is shown on the probe screen: {opened['errorText']!r}")
        page.expect_visible(PROBE_TEXT.format(1), f"{probe_url} opened from #address")
        page.expect_drawing_matches(http, f"{probe_url} opened from #address",
                                    reference_drawing(args.plugboard, app, plugin_dir, probe_url))

        engine = as_int(opened["engine"])
        step(f"rebuilding {library} (build 2): hot reload from engine {engine}")
        build_probe(plugin_dir, 2)
        reloaded = page.wait(
            "data-engine to increase and the probe screen to show 'build 2' again",
            lambda s: s if as_int(s["engine"]) is not None and as_int(s["engine"]) > engine
            and s["screen"] == PROBE_SCREEN and s["settled"] and PROBE_TEXT.format(2) in s["text"] else None,
            timeout=max(args.timeout, 60))
        expect(reloaded["url"] == probe_url,
               f"after the reload body[data-url] is {reloaded['url']!r}, expected the same state URL {probe_url!r}")
        expect(reloaded["address"] == probe_url, f"after the reload #address holds {reloaded['address']!r}")
        expect(not reloaded["errorShown"], f"#error is shown after the reload: {reloaded['errorText']!r}")
        state = http.state()["state"]
        expect(state.get("url") == probe_url and state.get("visibleScreen") == PROBE_SCREEN,
               f"GET /state after the reload: url {state.get('url')!r}, visibleScreen {state.get('visibleScreen')!r}; "
               f"expected {probe_url!r}, {PROBE_SCREEN!r}")
        print(f"    engine {engine} -> {reloaded['engine']}, still at {reloaded['url']}", flush=True)
        page.expect_visible(PROBE_TEXT.format(2), f"{probe_url} after the reload")
        page.expect_drawing_matches(http, f"{probe_url} after the reload",
                                    reference_drawing(args.plugboard, app, plugin_dir, probe_url))
        page.screenshot(artifacts, "after-reload.png")
        check_tablet(driver, page, http, artifacts)
    except Failure:
        if driver is not None:
            try:
                driver.save_screenshot(os.path.join(artifacts, "failure.png"))
                print(f"    screenshot {os.path.join(artifacts, 'failure.png')}", flush=True)
            except Exception:
                pass
        raise
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception:
                pass
        server.stop()
        print(f"    server stopped; its output is in {server.stdout_path} and {server.stderr_path}", flush=True)


def open_by_address(driver, page: "Page", url: str, screen: str) -> dict:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    address = driver.find_element(By.ID, "address")
    address.clear()
    address.send_keys(url, Keys.ENTER)
    return page.wait(f"the screen '{screen}' at {url}",
                     lambda s: s if s["screen"] == screen and s["settled"] and s["url"] == url else None)


def check_overlay_screen(driver, page: "Page", http: HTTP, artifacts: str, scheme: str, home: str, home_url: str,
                         overlay: tuple[str, str, str]) -> None:
    """On a screen with an overlay bar, by element positions: the screen's title is clear of the
    status bar and of the bar, and so is its first section's title. Then the back-drag: one that
    starts on the bezel left of the screen posts nothing; one from the screen's own left edge
    goes back."""
    screen, title, section = overlay
    url = f"{scheme}://{home}/{screen}"
    step(f"opening {url}: an overlay bar, whose screen must start below it")
    open_by_address(driver, page, url, screen)
    boxes = driver.execute_script(BOXES_JS, [title, section])
    expect(boxes is not None and boxes["status"] is not None and boxes["bar"] is not None,
           f"{url}: no status bar or navigation bar drawn: {boxes}")
    for needle in (title, section):
        box = boxes["texts"].get(needle)
        expect(box is not None, f"{url}: no <text> {needle!r} in the screen area")
        expect(not overlaps(box, boxes["status"]),
               f"{url}: the text {needle!r} at {box} overlaps the status bar at {boxes['status']}")
        expect(not overlaps(box, boxes["bar"]),
               f"{url}: the text {needle!r} at {box} is under the navigation bar at {boxes['bar']}")
        page.expect_visible(needle, f"{url} (overlay bar)")
    print(f"    {title!r} at {boxes['texts'][title]}, status bar {boxes['status']}, bar {boxes['bar']}", flush=True)
    page.screenshot(artifacts, "overlay.png")

    step("dragging from the bezel, left of the screen: no back gesture")
    posted = page.drag(-10, 250, 420)
    expect(posted == 0, f"a drag that starts on the bezel posted {posted} swipe(s): {driver.execute_script('return window.__swipes;')}")
    step("dragging from the screen's own left edge: back")
    posted = page.drag(8, 250, 420)
    swipes = driver.execute_script("return window.__swipes;")
    expect(posted == 1, f"a drag from the screen's edge posted {posted} swipe(s), expected 1: {swipes}")
    expect(swipes[0].get("direction") == "back" and 0 <= swipes[0].get("from", -1) < 20,
           f"the swipe posted is not a back gesture from within 20 pt of the screen's edge: {swipes[0]}")
    page.wait(f"the home screen after the back-drag from {screen}",
              lambda s: s["screen"] == home and s["settled"] and s["url"] == home_url)


def check_large_title(driver, page: "Page", http: HTTP, scheme: str, screen: str) -> None:
    """The mouse wheel over the device scrolls the screen: its large title's row shrinks into the
    bar and the screen moves up by as much (the page posts `scroll +DY`)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.common.by import By

    url = f"{scheme}://{screen}"
    step(f"opening {url} and scrolling it with the wheel: its large title collapses")
    open_by_address(driver, page, url, screen)
    top = lambda: ((http.state()["state"].get("frames") or {}).get("screen") or {}).get("y")
    before = top()
    expect(isinstance(before, (int, float)), f"GET /state on {url}: no screen frame")
    ActionChains(driver).scroll_from_origin(
        ScrollOrigin.from_element(driver.find_element(By.ID, "device")), 0, 30).perform()
    page.wait("the screen to move up as the large title collapses", lambda s: top() is not None and top() < before)
    after = top()
    expect(before - after <= 52, f"the screen moved up {before - after} pt, more than a large title's row")
    print(f"    screen top {before} -> {after}", flush=True)


def routing_tour(rivers: list) -> dict | None:
    """The first screen of type showcase_tour (the Components plugin's routing tour), with what
    its `general` says it opens; None when the app has none."""
    for screen in rivers:
        general = screen.get("general") or {}
        if screen.get("type") == "showcase_tour" and general.get("link") and general.get("push"):
            return {"id": screen["id"], **general}
    return None


def check_routing_tour(driver, page: "Page", http: HTTP, artifacts: str, scheme: str, tour: dict) -> None:
    """A plugin routes (plugboard.host.routing): clicking the tour's compose button pushes a
    screen and presents another as one transition, its completion shows on the tour's status
    line; its link button opens a deep link."""
    from selenium.webdriver.common.by import By

    url = f"{scheme}://{tour['id']}"
    step(f"opening {url}: the routing tour, a plugin that routes")
    open_by_address(driver, page, url, tour["id"])
    page.wait("the tour's status 'Ready'", lambda s: "Ready" in s["text"])

    pushed = f"{tour['push']}::{tour['push_data']}" if tour.get("push_data") else tour["push"]
    composed = f"{url}/{pushed}" + (f"?{tour['present']}=v" if tour.get("present") else "")
    step(f"clicking tour-compose: one transition to {composed}")
    driver.find_element(By.CSS_SELECTOR, f"#device svg g[data-tap]{css_id('tour-compose')}").click()
    page.wait(f"the composed transition's state {composed}",
              lambda s: s["settled"] and s["url"] == composed and s["screen"] == (tour.get("present") or tour["push"]))
    for command in (["close"] if tour.get("present") else []) + ["back"]:
        # The simulator runs transitions in real time and refuses a change while one moves.
        page.wait("the composed transition's movements to end", lambda s: http.state()["state"].get("transition") is None)
        http.json("POST", "/command", {"command": command})
    page.wait("the tour again, its status line saying the transition ran",
              lambda s: s["settled"] and s["url"] == url and "tour: ran" in s["text"])
    page.screenshot(artifacts, "tour.png")

    step(f"clicking tour-link: the deep link {tour['link']}")
    driver.find_element(By.CSS_SELECTOR, f"#device svg g[data-tap]{css_id('tour-link')}").click()
    page.wait(f"the state {tour['link']}", lambda s: s["settled"] and s["url"] == tour["link"])
    print(f"    composed {composed}; linked {tour['link']}", flush=True)


def check_event_log(driver, page: "Page", http: HTTP, home_url: str, screen: str) -> None:
    """The event log is compact (no JSON text, no horizontal scrollbar, each whole line in its
    title) and, once longer than its panel, follows the newest event."""
    step("the event log: compact lines, the whole line on hover, following the newest")
    # A cell opens its screen with the cell's data source, a JSON object the log line carries.
    cells = [t["identifier"] for t in http.state()["targets"] if str(t.get("identifier") or "").startswith("cell:")]
    if cells:
        http.json("POST", "/command", {"command": f"tap {cells[0]}"})
        http.json("POST", "/command", {"command": "back"})
    for _ in range(40):
        log = driver.execute_script(LOG_JS)
        if log["scrollHeight"] > log["clientHeight"] + 40:
            break
        http.json("POST", "/command", {"command": f"push {screen}"})
        http.json("POST", "/command", {"command": "back"})
    else:
        raise Failure(f"the event log never grew past its panel: {driver.execute_script(LOG_JS)}")
    http.json("POST", "/command", {"command": f"push {screen}"})
    http.json("POST", "/command", {"command": "back"})

    def at_bottom(s: dict) -> bool:
        log = driver.execute_script(LOG_JS)
        return s["url"] == home_url and s["settled"] and log["scrollTop"] + log["clientHeight"] >= log["scrollHeight"] - 2

    page.wait("the page to show the newest event, scrolled to the bottom of the log", at_bottom)
    log = driver.execute_script(LOG_JS)
    expect(log["scrollWidth"] <= log["clientWidth"],
           f"the event log scrolls sideways: {log['scrollWidth']} px of content in {log['clientWidth']} px")
    shortened = 0
    for line in log["lines"]:
        expect(line["title"] != "" and len(line["text"]) <= len(line["title"]),
               f"an event line without its whole text as its title: {line}")
        expect('{"' not in line["text"] and len(line["text"]) <= 160,
               f"an event line is not compact: {line['text']!r}")
        shortened += line["text"] != line["title"]
    if cells:
        expect(any('{"' in line["title"] and line["text"] != line["title"] for line in log["lines"]),
               f"tapping {cells[0]} logged no data source, or it was not shortened: {log['lines'][-60:]}")
    print(f"    {len(log['lines'])} lines, {shortened} shortened; scrolled to the newest", flush=True)


def check_tablet(driver, page: "Page", http: HTTP, artifacts: str) -> None:
    """The tablet is drawn large enough to read: at least 0.7 px per point (a 17-point title
    at 12 px or more)."""
    step("switching to the tablet: drawn at a readable size")
    http.json("POST", "/device", {"device": "tablet"})
    page.wait("the tablet drawing", lambda s: driver.execute_script(
        "const svg = document.querySelector('#device svg'); return svg && svg.getAttribute('data-device');")
        == "tablet" and s["settled"])
    scale = driver.execute_script(SCREEN_POINT_JS, 0, 0)["scale"]
    expect(scale >= 0.7, f"the tablet is drawn at {scale:.2f} px per point; text is too small to read below 0.7")
    print(f"    tablet at {scale:.2f} px per point", flush=True)
    page.screenshot(artifacts, "tablet.png")


def main() -> int:
    parser = argparse.ArgumentParser(description="Real-browser test of `plugboard serve` (headless Chromium).")
    parser.add_argument("--plugboard", help="the built plugboard executable")
    parser.add_argument("--app", default=DEFAULT_APP,
                        help="the app folder to copy (the probe plugin and screen are added); default Examples/Showcase")
    parser.add_argument("--plugin-dir", help="where to build the probe plugin (a --plugin-path of serve); default a "
                        "temporary folder")
    parser.add_argument("--artifacts", default=os.path.join(PACKAGE_ROOT, ".build", "browser-artifacts"),
                        help="where to save the screenshots and the server's output")
    parser.add_argument("--nav-item", default="nb-epg",
                        help="the id of the home screen's nav-bar item to click (default nb-epg)")
    parser.add_argument("--chromium", help="the Chromium executable (default /usr/bin/chromium)")
    parser.add_argument("--chromedriver", help="the ChromeDriver executable (default /usr/bin/chromedriver)")
    parser.add_argument("--timeout", type=float, default=30, help="seconds each wait may take (default 30)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary app folder")
    parser.add_argument("--check-environment", action="store_true",
                        help="only check that Chromium, ChromeDriver, selenium and a C compiler are there")
    args = parser.parse_args()

    missing = missing_requirements(args)
    if missing:
        print("simulator_test.py: missing " + "; ".join(missing) + ".\n" + INSTALL_HINT, file=sys.stderr)
        return 3
    if args.check_environment:
        print("browser test environment: ok")
        return 0
    if not args.plugboard:
        parser.error("--plugboard is required")
    args.plugboard = os.path.abspath(args.plugboard)
    if not os.access(args.plugboard, os.X_OK):
        print(f"simulator_test.py: {args.plugboard} is not an executable", file=sys.stderr)
        return 2

    work = tempfile.mkdtemp(prefix="plugboard-browser-")
    os.chmod(work, 0o755)
    started = time.monotonic()
    passed = False
    try:
        run_test(args, work)
        passed = True
    except Failure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
    except Exception:
        print("FAILED with an unexpected error:\n" + traceback.format_exc(), file=sys.stderr)
    finally:
        if passed and not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"the test app is kept in {work}", file=sys.stderr if not passed else sys.stdout)
    if passed:
        print(f"PASSED in {time.monotonic() - started:.1f} s; screenshots in {os.path.abspath(args.artifacts)}")
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
