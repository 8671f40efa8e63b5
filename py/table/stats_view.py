"""The statistics dialog: the figures of the current game and options, a chart of the
last results, a table of every record, what became of an import, and the file export and
import (the statistics themselves are keeper.py's and stats.py's).

DOM elements and events are pyodide ``JsProxy`` objects, opaque to the type checker.
"""

from __future__ import annotations

from typing import Callable

from pyodide.ffi import JsProxy, create_once_callable, to_js
from pyscript import document, window

from patience.game import Game
from patience.registry import BY_ID
from patience.winnable import daily_list

from .dialogs import Dialogs, words
from .i18n import game_name, t
from .keeper import Keeper
from .ports import Table, Words
from .settings import option_label, value_label
from .stats import Record, Stats, StatsError, clock

SVG_NS = "http://www.w3.org/2000/svg"


def record_title(key: str) -> str:
    """A statistics record's name for a person: the game, and its options that differ from
    the defaults by their labels ("Klondike (Cards turned from the stock: 1)"); an option
    this version does not know stays as it is written in the key."""
    game_id, *pairs = key.split(" ")
    spec = BY_ID[game_id]
    known = {opt.name: opt for opt in spec.options}
    parts = []
    for pair in pairs:
        name, _, value = pair.partition("=")
        opt = known.get(name)
        if opt is not None and value == opt.default:
            continue
        try:
            parts.append(f"{option_label(opt)}: {value_label(opt, value)}" if opt is not None else pair)
        except KeyError:  # a value this version does not know
            parts.append(pair)
    return game_name(spec) + (f" ({'; '.join(parts)})" if parts else "")


class StatsView:
    """The statistics of the keeper, for the game on the table."""

    def __init__(self, dialogs: Dialogs, keeper: Keeper, table: Table) -> None:
        self.dialogs = dialogs
        self.keeper = keeper
        self.table = table
        self.note_words: tuple[Words, str, bool] = ("", "info", False)

    @staticmethod
    def shown() -> bool:
        return not document.getElementById("stats").hidden

    def show(self) -> None:
        """Open (or draw again) the statistics, for the game and options on the table."""
        session = self.table.session
        assert session is not None
        self.draw(self.keeper.stats, session.game, self.daily(session.game))
        self.dialogs.open("stats", "stats-close")

    def daily(self, game: Game) -> tuple[bool, int] | None:
        """The game's deal of the day: today's won, and the days won in a row (None: the
        game has none)."""
        if daily_list(game.id) is None:
            return None
        self.keeper.read_listed()  # (another tab may have won it)
        today = self.keeper.today()
        return self.keeper.listed.won_on(game.id, today), self.keeper.listed.streak(game.id, today)

    @staticmethod
    def draw(stats: Stats, game: Game, daily: tuple[bool, int] | None = None) -> None:
        rec = stats.get(game)
        document.getElementById("stats-this").textContent = t("stats.this", game=game_name(game.spec))
        figures = document.getElementById("stats-figures")
        figures.replaceChildren()
        rows: list[tuple[str, object]] = [
            ("played", rec.played), ("won", rec.won), ("assisted", rec.assisted), ("rate", f"{100 * rec.win_rate:.0f}%"),
            ("streak", rec.streak), ("best_streak", rec.best_streak),
            ("best_time", clock(rec.best_time_ms)), ("fewest", rec.fewest_moves if rec.fewest_moves else "—"),
            ("hints", rec.hints)]
        if game.spec.scored:
            rows += [("score_total", rec.score_total), ("score_avg", f"{rec.average_score:.1f}")]
        if daily is not None:  # (the game's, whatever the options)
            rows += [("daily", t("stats.daily.won" if daily[0] else "stats.daily.open")), ("daily_streak", daily[1])]
        for name, value in rows:
            term = document.createElement("dt")
            term.textContent = t(f"stats.{name}")
            item = document.createElement("dd")
            item.textContent = str(value)
            item.dataset.stat = name
            figures.appendChild(term)
            figures.appendChild(item)
        document.getElementById("stats-none").hidden = rec.played > 0
        document.getElementById("stats-note").hidden = True
        draw_chart(rec)
        list_records(stats)

    def redraw(self) -> None:
        """Drawn again (in a new language): what became of an import stays."""
        noted = not document.getElementById("stats-note").hidden
        self.show()
        if noted:
            self.note(*self.note_words)

    def imported(self, text: str) -> None:
        """A chosen statistics file: checked, then it replaces the statistics (the old ones
        are kept and the import can be undone)."""
        try:
            count = self.keeper.import_stats(text)
        except StatsError as err:
            refused = err  # worded when said: in the language of the moment
            self.note(lambda: t("stats.bad_import", reason=str(refused)), "warning")
            return
        self.show()
        self.note(lambda: t("stats.imported", n=count), "info", undo=True)

    def undo_import(self) -> None:
        if self.keeper.undo_import():
            self.show()
            self.note(lambda: t("stats.import_undone"), "info")

    def export(self) -> None:
        """The statistics as a JSON file, downloaded."""
        export(self.keeper.stats.encode())

    def close(self) -> None:
        self.dialogs.close("stats")

    def note(self, text: Words, kind: str, undo: bool = False) -> None:
        """What became of an import, told inside the statistics view (it is modal)."""
        self.note_words = (text, kind, undo)
        note = document.getElementById("stats-note")
        note.dataset.kind = kind
        document.getElementById("stats-note-text").textContent = words(text)
        document.getElementById("stats-undo-import").hidden = not undo
        note.hidden = False


def draw_chart(rec: Record) -> None:
    """The last games as bars (won up, solved with help a short bar up, lost down) and the
    running win rate as a line (a game solved with help is not a win)."""
    chart = document.getElementById("stats-chart")
    chart.replaceChildren()
    entries = rec.history[-60:]
    caption = document.getElementById("stats-chart-caption")
    caption.hidden = chart.hidden = not entries
    if not entries:
        return
    won = sum(e.won for e in entries)
    assisted = sum(e.assisted for e in entries)
    caption.textContent = t("stats.chart", n=len(entries))
    chart.setAttribute("aria-label", t("stats.chart_label", n=len(entries), won=won, assisted=assisted,
                                       lost=len(entries) - won - assisted))
    width, height, mid = 300.0, 100.0, 50.0
    step = width / max(len(entries), 1)

    def element(tag: str, **attrs: object) -> JsProxy:
        el = document.createElementNS(SVG_NS, tag)
        for name, value in attrs.items():
            el.setAttribute(name.rstrip("_").replace("_", "-"), str(value))
        chart.appendChild(el)
        return el

    element("line", x1=0, y1=mid, x2=width, y2=mid, class_="axis")
    points = []
    wins = 0
    for k, entry in enumerate(entries):
        wins += entry.won
        x = k * step
        result = "won" if entry.won else "assisted" if entry.assisted else "lost"
        tall = 20 if entry.assisted else 40
        bar = element("rect", x=f"{x + step * 0.15:.1f}", width=f"{step * 0.7:.1f}",
                      y=f"{mid if result == 'lost' else mid - tall:.1f}", height=tall, class_=result)
        bar.dataset.result = result
        points.append(f"{x + step / 2:.1f},{height - 5 - (height - 10) * wins / (k + 1):.1f}")
    element("polyline", points=" ".join(points), class_="rate")


def list_records(stats: Stats) -> None:
    body = document.getElementById("stats-all")
    body.replaceChildren()
    # no records yet: no table of them (a header row over nothing)
    for part in ("stats-all-title", "stats-all-box"):
        document.getElementById(part).hidden = not stats.records
    for key, rec in sorted(stats.records.items()):
        row = document.createElement("tr")
        for value in (record_title(key), rec.played, rec.won, rec.assisted, f"{100 * rec.win_rate:.0f}%",
                      rec.best_streak, clock(rec.best_time_ms)):
            cell = document.createElement("td")
            cell.textContent = str(value)
            row.appendChild(cell)
        body.appendChild(row)


def export(text: str) -> None:
    """The statistics as a JSON file, downloaded."""
    blob = window.Blob.new([text], to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = "patience-statistics.json"
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


def read_file(event: JsProxy, then: Callable[[str], None]) -> None:
    """The text of the file chosen in a file input, handed to ``then`` when read (the
    input is emptied, so the same file can be chosen again)."""
    files = event.target.files
    if not files or not files.length:
        return
    files.item(0).text().then(create_once_callable(lambda text: then(str(text))))
    event.target.value = ""
