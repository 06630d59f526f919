import Foundation
import PlugboardNavigation

/// The simulator's one page. The device is the SVG the renderers draw from the view tree; every
/// `g[data-tap]` in it is tappable; each control posts its own typed request (`buildRouter`), never
/// shell text. Updates arrive over the WebSocket (`/live`), never by polling;
/// the page only reconnects when the server goes away. Written by hand: one small page with no
/// build step, so nothing but the server is needed to see it.
///
/// The server's token is in the page (`<meta name="plugboard-token">`), and every POST sends it
/// as `X-Plugboard-Token` (`SimulatorAccess`): only a page this server served can.
enum SimulatorPage {
    /// The page carrying `token`, which `SimulatorAccess.isValidToken` or `randomToken` made:
    /// letters, digits and `-._~` only, so it needs no escaping in HTML.
    static func html(token: String) -> String {
        template.replacingOccurrences(of: "PLUGBOARD_TOKEN", with: token)
            .replacingOccurrences(of: "PLUGBOARD_EDGE", with: "\(Swipe.edgeWidth)")
    }

    private static let template = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="plugboard-token" content="PLUGBOARD_TOKEN">
        <title>Plugboard simulator</title>
        <style>
          :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
          body { margin: 0; display: grid; grid-template-columns: 1fr minmax(280px, 30%); grid-template-rows: auto 1fr;
                 height: 100vh; background: #eef0f4; color: #1d1d1f; }
          header { grid-column: 1 / 3; display: flex; gap: 8px; align-items: center; padding: 10px 16px;
                   background: #fff; border-bottom: 1px solid #d8dbe2; }
          header input { flex: 1; font: 14px ui-monospace, monospace; padding: 6px 10px; border: 1px solid #c5c9d3;
                         border-radius: 8px; }
          header button, header select { font-size: 14px; padding: 6px 12px; border-radius: 8px;
                                         border: 1px solid #c5c9d3; background: #f7f8fa; cursor: pointer; }
          main { display: flex; justify-content: center; align-items: flex-start; padding: 24px; overflow: hidden auto;
                 min-width: 0; }
          #device { user-select: none; touch-action: none; filter: drop-shadow(0 18px 40px rgba(0,0,0,.25)); }
          #device svg { display: block; max-height: calc(100vh - 120px); max-width: 100%; width: auto; height: auto; }
          /* A tablet fitted to the height would be drawn at half size or less, its text too small
             to read: it takes the column's width instead (at most its own), and the column scrolls. */
          #device svg[data-device="tablet"] { max-height: none; width: calc(70vw - 64px); max-width: 1096px; }
          #device g[data-tap] { cursor: pointer; }
          #device g[data-tap]:hover { filter: brightness(1.08); }
          aside { padding: 16px; overflow: hidden auto; border-left: 1px solid #d8dbe2; background: #fafbfc; min-width: 0; }
          aside h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: #6b7080; margin: 8px 0; }
          #log { font: 12px ui-monospace, monospace; padding-left: 28px; margin: 0; }
          #log li { padding: 1px 0; overflow-wrap: anywhere; }
          #error, #failures { white-space: pre-wrap; font: 13px ui-monospace, monospace; background: #fff1f0;
                   color: #a8071a; border: 1px solid #ffa39e; border-radius: 10px; padding: 12px 14px; margin-bottom: 12px; }
          #status { font-size: 12px; color: #6b7080; min-height: 1.4em; }
          [hidden] { display: none !important; }
        </style>
        </head>
        <body data-revision="0" data-engine="0" data-url="">
        <header>
          <button id="back" title="back">‹ Back</button>
          <button id="close" title="close the presented screen">✕ Close</button>
          <button id="menu" title="the menu button">☰ Menu</button>
          <input id="address" spellcheck="false" aria-label="state URL" placeholder="app://home">
          <select id="device-kind" aria-label="device"><option value="phone">Phone</option><option value="tablet">Tablet</option></select>
        </header>
        <main>
          <div>
            <div id="error" hidden></div>
            <div id="device"></div>
            <div id="status"></div>
          </div>
        </main>
        <aside>
          <div id="failures" hidden></div>
          <h2>Events</h2>
          <ol id="log"></ol>
        </aside>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        let showing = null;      // the final SVG of the last snapshot
        let pending = null;      // the timer that swaps an animation for the final drawing
        function status(text) { $("status").textContent = text || ""; }

        const token = document.querySelector('meta[name="plugboard-token"]').content;
        async function post(path, body) {
          const response = await fetch(path, { method: "POST", body: JSON.stringify(body),
                                                headers: { "Content-Type": "application/json", "X-Plugboard-Token": token } });
          const answer = await response.json().catch(() => ({}));
          status(response.ok ? "" : (answer.error || response.statusText));
          return answer;
        }

        function apply(snapshot) {
          document.body.dataset.revision = snapshot.revision;
          document.body.dataset.engine = snapshot.engine;
          document.body.dataset.url = snapshot.url;
          if (document.activeElement !== $("address")) { $("address").value = snapshot.url; }
          $("error").hidden = !snapshot.error;
          $("error").textContent = snapshot.error || "";
          $("device").hidden = !!snapshot.error;
          $("failures").hidden = snapshot.failures.length === 0;
          $("failures").textContent = snapshot.failures.join("\\n");
          showLog(snapshot.log);
          const state = snapshot.state && snapshot.state.state;
          if (state && state.device) { $("device-kind").value = state.device; }
          if (pending) { clearTimeout(pending); pending = null; }
          showing = snapshot.svg;
          // Each movement of the change plays in turn (SMIL), then the final drawing stays.
          const movements = (snapshot.animations || []).filter(a => a.svg);
          const play = () => {
            const next = movements.shift();
            if (!next) { $("device").innerHTML = showing; pending = null; return; }
            $("device").innerHTML = next.svg;
            pending = setTimeout(play, next.milliseconds + 30);
          };
          play();
        }

        // The event log: each line compact (a JSON data source as its id or a short head), the
        // whole line on hover (title); it follows the newest event unless the reader scrolled up.
        function compactJSON(text) {
          try {
            const value = JSON.parse(text);
            if (value && typeof value === "object" && !Array.isArray(value)) {
              const name = value.id ?? value.source ?? value.target;
              if (typeof name === "string" && name) { return `{${name.length > 48 ? name.slice(0, 47) + "…" : name}}`; }
            }
          } catch (error) { /* not JSON: shortened below */ }
          return text.length > 40 ? text.slice(0, 39) + "…}" : text;
        }
        function compactLine(line) {
          // Each balanced {...} or [...] (strings skipped) is one JSON value.
          let out = "", depth = 0, start = -1, quoted = false, escaped = false;
          for (let i = 0; i < line.length; i++) {
            const c = line[i];
            if (depth > 0) {
              if (quoted) { if (escaped) escaped = false; else if (c === "\\\\") escaped = true; else if (c === '"') quoted = false; continue; }
              if (c === '"') quoted = true;
              else if (c === "{" || c === "[") depth++;
              else if (c === "}" || c === "]") { depth--; if (depth === 0) out += compactJSON(line.slice(start, i + 1)); }
            } else if (c === "{" || c === "[") { depth = 1; start = i; }
            else { out += c; }
          }
          if (depth > 0) out += compactJSON(line.slice(start));
          return out.length > 160 ? out.slice(0, 159) + "…" : out;
        }
        function showLog(lines) {
          const aside = $("log").closest("aside");
          const following = aside.scrollTop + aside.clientHeight >= aside.scrollHeight - 24;
          $("log").replaceChildren(...lines.map((line) => {
            const li = document.createElement("li");
            li.textContent = compactLine(line);
            li.title = line;
            return li;
          }));
          if (following) { aside.scrollTop = aside.scrollHeight; }
        }

        function connect() {
          const socket = new WebSocket(`ws://${location.host}/live`);
          socket.onmessage = (event) => apply(JSON.parse(event.data));
          socket.onopen = () => status("");
          socket.onclose = () => { status("disconnected from plugboard serve; reconnecting…"); setTimeout(connect, 1000); };
        }

        // Taps: a click on a numbered element; the back gesture: a drag that starts within the
        // edge zone of the screen's own left edge (PLUGBOARD_EDGE points of screen, as
        // plugboard/ext/gesture.h says), not on the bezel around it.
        const edgeZone = PLUGBOARD_EDGE;
        function screenX(event) {
          const area = $("device").querySelector("svg rect.window");
          if (!area) return null;
          const box = area.getBoundingClientRect(), width = area.width.baseVal.value || box.width;
          return { x: (event.clientX - box.left) * width / box.width, width };
        }
        let drag = null;
        $("device").addEventListener("pointerdown", (event) => {
          const at = screenX(event);
          if (at && at.x >= 0 && at.x < edgeZone) {
            drag = { start: at.x, width: at.width, time: event.timeStamp };
            event.preventDefault();
          }
        });
        $("device").addEventListener("pointerup", (event) => {
          if (!drag) return;
          const at = screenX(event), moved = at ? at.x - drag.start : 0;
          const seconds = Math.max((event.timeStamp - drag.time) / 1000, 0.001);
          const progress = Math.min(Math.max(moved / drag.width, 0), 1);
          const from = Number(drag.start.toFixed(1));
          drag = null;
          if (moved > 8) {
            post("/swipe", { direction: "back", from, progress: Number(progress.toFixed(3)), velocity: Math.round(moved / seconds) });
          }
        });
        $("device").addEventListener("click", (event) => {
          const target = event.target.closest("g[data-tap]");
          if (target) { post("/tap", { target: Number(target.dataset.tap) }); }
        });
        // Scrolling over the device scrolls the visible screen's content (a large title
        // collapses into the bar): the wheel's movement, gathered for a tenth of a second.
        let scrolled = 0, scrollTimer = null;
        $("device").addEventListener("wheel", (event) => {
          scrolled += event.deltaY;
          event.preventDefault();
          if (scrollTimer) return;
          scrollTimer = setTimeout(() => {
            const by = Math.round(scrolled);
            scrolled = 0;
            scrollTimer = null;
            if (by !== 0) { post("/command", { command: `scroll ${by > 0 ? "+" : ""}${by}` }); }
          }, 100);
        }, { passive: false });
        $("back").onclick = () => post("/back", {});
        $("close").onclick = () => post("/close", {});
        $("menu").onclick = () => post("/menu", {});
        $("device-kind").onchange = (event) => post("/device", { device: event.target.value });
        $("address").addEventListener("keydown", (event) => {
          if (event.key === "Enter") { post("/open", { url: event.target.value.trim() }); event.target.blur(); }
        });
        connect();
        </script>
        </body>
        </html>
        """
}
