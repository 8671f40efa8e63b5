#!/usr/bin/env python3
"""Build, serve and test Patience.  Standard library only; Python 3.11+.

    python3 build.py serve [--port 8000]   build what is missing, serve on 127.0.0.1
    python3 build.py test [pytest args]    install test needs, build, run every test
    python3 build.py site DIR              a deployable static folder
    python3 build.py reliability           the hardening and other long tests in their long size,
                                           then docs/reliability.md from their figures

The command line only: each job lives in a module of its own under tools/ (vendor:
the pinned runtimes from the npm registry, integrity checked; startup: the page's Python,
the start-up snapshot and standard library; website: the static site, with card_faces,
first_paint and the service worker; serve; icons; testenv: the test environment and
runs).  The page never loads anything from another origin.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tools.common import fail, say
from tools.icons import write_icons
from tools.serve import serve
from tools.testenv import reliability, test
from tools.vendor import fetch_runtime
from tools.website import build_site


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "serve":
        port = 8000
        if rest[:1] == ["--port"] and len(rest) > 1 and rest[1].isdigit():
            port = int(rest[1])
        serve(port)
        return 0
    if cmd == "test":
        return test(rest)
    if cmd == "site":
        if len(rest) != 1:
            fail("usage: python3 build.py site DIR")
        say(f"site written to {build_site(Path(rest[0]).resolve())}")
        return 0
    if cmd == "reliability":
        return reliability()
    if cmd == "icons":
        write_icons()
        return 0
    if cmd == "fetch":
        fetch_runtime()
        return 0
    print(f"build.py: unknown command {cmd!r}\n{__doc__}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

