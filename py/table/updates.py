"""The service worker (offline play) and updates: a new version installs in the
background and is offered (*Reload now*), again with each deal until taken; taken, the
waiting version takes over and the page reloads into it.

DOM and service-worker objects are pyodide ``JsProxy`` objects, opaque to the type checker.
"""

from __future__ import annotations

from typing import Callable

from pyodide.ffi import JsProxy, create_once_callable
from pyscript import window

from .dialogs import MessageBar
from .i18n import t

Listen = Callable[[JsProxy, str, Callable[[JsProxy], None]], None]  # addEventListener, guarded


class Updates:
    def __init__(self, listen: Listen, bar: MessageBar) -> None:
        self.listen = listen
        self.bar = bar
        self.worker: JsProxy | None = None  # the service worker's registration
        self.updating = False

    def register(self) -> None:
        """Install the service worker (offline play, updates); a page without one still plays."""
        workers = getattr(window.navigator, "serviceWorker", None)
        if not workers:
            return
        self.listen(workers, "controllerchange", lambda e: self.reload())
        workers.register("./sw.js").then(create_once_callable(self.registered))

    def reload(self) -> None:
        if self.updating:
            window.location.reload()

    def registered(self, registration: JsProxy) -> None:
        self.worker = registration
        if registration.waiting and window.navigator.serviceWorker.controller:
            self.offer()
        self.listen(registration, "updatefound", lambda e: self.watch_install(registration.installing))

    def watch_install(self, worker: JsProxy) -> None:
        def changed(event: JsProxy) -> None:
            if worker.state == "installed" and window.navigator.serviceWorker.controller:
                self.offer()

        if worker:
            self.listen(worker, "statechange", changed)

    def waiting(self) -> bool:
        """A new version is installed and waits."""
        return bool(self.worker is not None and self.worker.waiting and window.navigator.serviceWorker.controller)

    def offer(self) -> None:
        """Offer a new version, unless something else is being said (a stuck deal, notes
        about the address): then it waits for the next deal, which offers it again."""
        if not self.bar.shown() or self.bar.kind() == "update":
            self.bar.show(lambda: t("update"), "update", lambda: t("update.reload"), self.apply)

    def apply(self) -> None:
        """The waiting version takes over; the page reloads into it (the game is saved)."""
        waiting = self.worker.waiting if self.worker else None
        if waiting:
            self.updating = True
            waiting.postMessage("update")
