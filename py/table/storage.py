"""Where the table keeps things (saved games, statistics, settings): a backend behind a
small protocol, so that the code that keeps them runs under CPython with a dict.

``Storage`` wraps a backend as the table uses it: a read or write the backend refuses
(private mode, full or disabled storage) gives None, and the first failure is told once
(``on_failure``); play goes on unsaved.  Pure: no ``js``/``pyodide``/``pyscript`` here;
the browser's localStorage comes in as an object with ``getItem``/``setItem``/
``removeItem`` (``WebStorage``).
"""

from __future__ import annotations

from typing import Callable, Protocol


class Backend(Protocol):
    """Text by key; any method may raise when the storage refuses."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class WebStorage(Protocol):
    """What is read of the browser's ``localStorage``."""

    def getItem(self, key: str) -> object: ...  # noqa: N802 (the browser's names)
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802


class LocalStorage:
    """The browser's localStorage.  ``store`` fetches it at each use: reading
    ``window.localStorage`` itself raises where storage is disabled."""

    def __init__(self, store: Callable[[], WebStorage]) -> None:
        self.store = store

    def get(self, key: str) -> str | None:
        got = self.store().getItem(key)
        return got if isinstance(got, str) else None  # JS null arrives as jsnull, not None

    def set(self, key: str, value: str) -> None:
        self.store().setItem(key, value)

    def remove(self, key: str) -> None:
        self.store().removeItem(key)


class Refused(Exception):
    """A dict backend told to refuse (as a full or disabled storage does)."""


class DictStorage:
    """A backend in a dict, for tests; two tables sharing one dict are two tabs.
    ``refuse`` makes every use fail, ``refuse_writes`` only writes (a full storage)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = {} if data is None else data
        self.refuse = False
        self.refuse_writes = False

    def get(self, key: str) -> str | None:
        if self.refuse:
            raise Refused(key)
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.refuse or self.refuse_writes:
            raise Refused(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        if self.refuse or self.refuse_writes:
            raise Refused(key)
        self.data.pop(key, None)


class Storage:
    """A backend as the table uses it: a failure gives None and is told once."""

    def __init__(self, backend: Backend, on_failure: Callable[[], None]) -> None:
        self.backend = backend
        self.on_failure = on_failure
        self.warned = False

    def get(self, key: str) -> str | None:
        try:
            return self.backend.get(key)
        except Exception:  # the browser refuses storage
            self.failed()
            return None

    def set(self, key: str, value: str) -> str | None:
        """Write; the text written, or None when refused."""
        try:
            self.backend.set(key, value)
            return value
        except Exception:
            self.failed()
            return None

    def remove(self, key: str) -> None:
        try:
            self.backend.remove(key)
        except Exception:
            self.failed()

    def failed(self) -> None:
        if not self.warned:
            self.warned = True
            self.on_failure()
