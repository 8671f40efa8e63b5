"""The project as shipped: the page's config and archive, the site the build writes, the
README's examples, the page's security policy, the licences and the card faces.  (The
code's structure is tests/project/test_structure.py's; each game's wholeness,
tests/games/test_registry.py's.)"""

import os
import re
import tomllib
import zipfile
from pathlib import Path

from tools import card_faces, common, serve, startup, vendor

ROOT = Path(__file__).resolve().parents[2]


def test_pyscript_config_loads_the_python_archive_and_the_snapshot_loader(tmp_path):
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["interpreter"] == "./static/boot/pyodide.mjs"
    assert config["files"] == {"./static/boot/py.zip": "./*"}
    startup.write_py_zip(tmp_path / "py.zip")
    with zipfile.ZipFile(tmp_path / "py.zip") as z:
        names = set(z.namelist())
    assert "patience/game.py" in names and "table/app.py" in names
    assert names == {str(p.relative_to(ROOT / "py")) for d in ("patience", "table")
                     for p in (ROOT / "py" / d).rglob("*.py")}


def test_snapshot_imports_only_pure_python():
    modules = startup.snapshot_modules()
    assert "patience.game" in modules and "patience.registry" in modules
    assert not [m for m in modules if m.split(".")[0] in ("js", "pyodide", "pyscript", "table")]


def test_site_command_writes_a_complete_static_folder(tmp_path):
    import subprocess
    import sys

    out = tmp_path / "site"
    subprocess.run([sys.executable, str(ROOT / "build.py"), "site", str(out)], check=True, capture_output=True)
    for f in ["index.html", "pyscript.toml", "py/main.py", "static/app.css",
              "static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/pyscript/core.js"]:
        assert (out / f).is_file(), f
    for f in tomllib.loads((out / "pyscript.toml").read_text())["files"]:
        assert (out / f).is_file(), f
    # the standard library trimmed to what the page loads (tools/stdlib.txt and what the
    # build sees Python load), each module compiled to bytecode without its source (an
    # unchecked hash-based .pyc: Python uses it as it is); Pyodide's own archive in
    # static/vendor (hard-linked into the site) untouched and not in the site
    full = zipfile.ZipFile(ROOT / startup.STDLIB)
    assert not (out / startup.STDLIB).exists()
    with zipfile.ZipFile(out / startup.SITE_STDLIB) as trimmed:
        names = set(trimmed.namelist())
        sources = {n.removesuffix("c") for n in names if n.endswith(".pyc")}
        assert not [n for n in names if n.endswith(".py")]
        assert set(startup.stdlib_keep()) <= sources | names
        assert {"encodings/__init__.py", "asyncio/__init__.py", "_pyodide/__init__.py", "random.py"} <= sources
        assert not {"unittest/__init__.py", "email/__init__.py", "tkinter/__init__.py"} & sources
        assert sources <= set(full.namelist())
        magic = {trimmed.read(n)[:4] for n in names if n.endswith(".pyc")}
        assert len(magic) == 1, magic  # one Python's bytecode
        for name in names:
            if name.endswith(".pyc"):
                assert int.from_bytes(trimmed.read(name)[4:8], "little") == 0b01, name  # hash-based, unchecked
            else:
                assert trimmed.read(name) == full.read(name), name
    assert "unittest/__init__.py" in full.namelist()
    # nothing outside the site's own origin is named by the page
    html = (out / "index.html").read_text()
    assert "http://" not in html and "https://" not in html


def test_readme_examples_run(monkeypatch):
    import doctest

    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.attempted >= 4 and result.failed == 0


def test_the_page_has_a_strict_content_security_policy():
    """Only the page's own origin; scripts from files only (no inline script); eval only
    as PyScript and Pyodide need it (their loaders and WebAssembly)."""
    import re

    html = (ROOT / "index.html").read_text()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    rules = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}
    assert rules["default-src"] == ["'self'"]
    assert rules["script-src"] == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
    assert "'unsafe-inline'" not in policy and "*" not in policy and "http" not in policy
    assert rules["object-src"] == ["'none'"]
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
    assert not re.search(r"\son[a-z]+=", html)  # no inline event handlers


def test_no_code_writes_markup():
    """Text from the address, storage or a file only ever becomes text: no code of ours
    writes HTML (innerHTML and its kin), so nothing can become markup."""
    import re

    sources = [*(ROOT / "py").rglob("*.py"), *(ROOT / "static").glob("*.js"), *(ROOT / "static" / "boot").glob("*.js"),
               *(ROOT / "static" / "boot").glob("*.mjs"), ROOT / "index.html"]
    for path in sources:
        text = path.read_text()
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment", text), path


def test_the_project_has_a_licence_and_the_readme_names_every_bundled_part():
    """LICENSE exists, and the README's licence table names every runtime tools/vendor.py
    bundles into the site, at the version it pins."""
    assert "Permission is hereby granted" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Licences"):].split("\n## ", 1)[0]
    for name, version, _integrity, _files in vendor.RUNTIMES:
        short = name.rsplit("/", 1)[-1]
        assert short.lower() in table.lower() and version in table, f"{name}@{version} is not credited in the README"


def test_the_classic_card_set_has_every_card_and_back_each_a_whole_svg():
    """card_faces.card_svgs splits svg-cards into one file a card: 52 faces and the lattice
    backs, each an SVG whose every reference is drawn in the file itself (a card that
    lost a part, a court figure or a suit, would show a hole), and the site's stylesheet
    and service worker name every one of them (offline play)."""
    import xml.etree.ElementTree as ET

    from patience.cards import deck

    source = common.VENDOR / "svg-cards" / "svg-cards.svg"
    faces = card_faces.card_svgs(source.read_bytes())
    assert set(faces) == {c.face for c in deck(1)} | {f"back-{b}" for b in card_faces.CARD_BACKS}
    href = f"{{{card_faces.XLINK_NS}}}href"
    for name, data in faces.items():
        root = ET.fromstring(data)
        ids = {el.get("id") for el in root.iter() if el.get("id")}
        refs = {v[1:] for el in root.iter() for k, v in el.attrib.items() if k in (href, "href") and v.startswith("#")}
        refs |= {m for el in root.iter() for v in el.attrib.values() for m in re.findall(r"url\(#([^)]+)\)", v)}
        assert refs and refs <= ids, (name, refs - ids)
        assert len(data) < 120_000, name  # the card's own parts, not the whole deck's
    site = Path(os.environ.get("PATIENCE_SITE", common.BUILD / "site"))
    css = (site / "static" / "app.css").read_text()
    worker = (site / "sw.js").read_text()
    for name in faces:
        assert f'url("cards/{name}.svg")' in css and f"./static/cards/{name}.svg" in worker, name
    assert 'url("cards/' not in (common.ROOT / "static" / "app.css").read_text()  # the project's own untouched


def test_the_server_is_quiet_when_a_browser_leaves_mid_file(tmp_path, capsys):
    """A browser that leaves while a file is being sent (a reload, a closed page) gives no
    traceback in the server's output; any other error in a request still does."""
    server = serve.make_server(tmp_path, 0)
    try:
        for error in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset"), ValueError("bad")):
            try:
                raise error
            except (OSError, ValueError):
                server.handle_error(None, ("127.0.0.1", 1))
    finally:
        server.server_close()
    printed = capsys.readouterr().err
    assert "BrokenPipeError" not in printed and "ConnectionResetError" not in printed
    assert "ValueError: bad" in printed
