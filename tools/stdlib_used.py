#!/usr/bin/env python3
"""The standard-library files the page loads, measured in headless Chromium; writes
tools/stdlib.txt, which build.py keeps in the site's trimmed python_stdlib.zip.

    .venv/bin/python tools/stdlib_used.py

The page gets Pyodide's whole python_stdlib.zip and no start-up snapshot (so Python
starts the ordinary way and everything it loads comes from the archive); it starts every
game, asks for a hint, runs the demo for a while, opens the statistics and the rules; then
the archive's files among Python's loaded modules are listed.  Run it after a change
that imports a new standard-library module outside the engine and the table's own
imports (which the build follows by itself), e.g. a new PyScript version.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from tools import common, serve, startup, testenv, website  # noqa: E402
from patience import GAMES  # noqa: E402

LOADED = """import sys
archive = next(p for p in sys.path if p.endswith(".zip"))
sorted({m.__spec__.origin.removeprefix(archive + "/") for m in list(sys.modules.values())
        if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(archive + "/")})"""


def main() -> int:
    from playwright.sync_api import sync_playwright

    site = website.build_site(common.BUILD / "site")
    server = serve.serve_in_thread(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    loader = (site / "static/boot/pyodide.mjs").read_text()
    hooked = loader.replace('stage("python");', 'stage("python"); window.__py = py;')
    assert hooked != loader, "static/boot/pyodide.mjs no longer says stage(\"python\")"
    full = (common.VENDOR / "pyodide" / "python_stdlib.zip").read_bytes()
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=testenv.ensure_chromium(), args=["--headless", "--no-sandbox"])
        page = browser.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.route("**/static/boot/pyodide.mjs", lambda r: r.fulfill(body=hooked, content_type="text/javascript"))
        page.route("**/python.snapshot.gz", lambda r: r.fulfill(status=404))
        page.route("**/python_stdlib.zip", lambda r: r.fulfill(body=full, content_type="application/zip"))
        page.goto(base + "?game=klondike&seed=3")
        page.wait_for_selector('body[data-ready="1"]', timeout=120_000)
        for spec in GAMES:
            page.select_option("#game", spec.id)
            page.wait_for_function(f"() => document.getElementById('table').dataset.game === '{spec.id}'")
            page.click("#hint")
            page.wait_for_timeout(1500)
            page.click("#demo")
            page.wait_for_timeout(3000)
            page.click("#demo")
        for dialog in ("#stats-open", "#rules"):
            page.click(dialog)
            page.wait_for_timeout(500)
            page.keyboard.press("Escape")
        loaded = page.evaluate("(s) => window.__py.runPython(s).toJs()", LOADED)
        browser.close()
    server.shutdown()
    errors = [e for e in errors if "snapshot" not in e and "404" not in e]
    if errors:
        print("tools/stdlib_used.py: the page reported errors:", *errors, sep="\n  ", file=sys.stderr)
        return 1
    head = [line for line in startup.STDLIB_KEEP.read_text().splitlines() if line.startswith("#")]
    startup.STDLIB_KEEP.write_text("\n".join(head + loaded) + "\n")
    print(f"tools/stdlib.txt: {len(loaded)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
