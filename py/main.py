"""Entry point of the page (PyScript runs this file).

Python has started when this runs (static/boot/pyodide.mjs moved the loading bar through
the runtime and Python stages); the engine and the table are the last two stages.
"""

from pyscript import document, window


def stage(name: str) -> None:
    window.performance.mark(name)
    document.getElementById("loading").dataset.stage = name


stage("engine")
import patience.registry  # noqa: E402,F401  (in the start-up snapshot: usually already loaded)

stage("table")
from table.app import main  # noqa: E402

main()
