"""The solver at the table: whether the deal can still be won, hints, Finish, the demo,
safe moves played by themselves, and deals that are known to be winnable.  What it knows
and decides is advice.py's (pure, tested under CPython); this drives it with searches,
timers and the page.

Every search runs in slices from timers (``Runner``, runner.py), each well under the 50
ms of a long task, so the page answers clicks while the solver works.  What the solver has
learnt is kept per position (its code): a winning line found once also tells that every
position along it is winnable, so following it costs nothing.
"""

from __future__ import annotations

from typing import Callable

from pyscript import document, window

from patience.errors import IllegalMoveError
from patience.game import Game, Move
from patience.session import Session
from patience.search import LOST, UNKNOWN, WON, Search
from patience.state import State

from . import pace
from .advice import (DIALOG_WAIT_MS, SAFE_STEP_MS, STEP_MS, VERDICT_WORDS, FinishRun, Indicator, Known, Verdict,
                     WinnableHunt, demo_step, finish_offered, home_now, pause_ms)
from .i18n import game_name, t
from .interaction import NO_HINT, HintMarks, hint_marks, loss_words, move_words, refusal
from .listed_lines import ListedLines
from .ports import Table
from .runner import BUDGETS, Runner, later, now_ms
from .view import pace_moves


class Assistant:
    """The solver at the table; ``app`` is the table it helps (ports.Table)."""

    def __init__(self, app: Table) -> None:
        self.app = app
        self.known = Known()  # what the solver has learnt, position by position (advice.py)
        self.task = Runner()  # a hint, the demo's next move, a winnable deal
        self.analysis = Runner(yield_to=self.task)  # the indicator's search, in the background
        self.playing = ""  # "finish" or "demo" while moves are being played by the app
        # Finish between two redraws: the position played but not shown yet, its line and the moves played of it
        self.unshown: tuple[State, list[Move], int] | None = None
        self.play_token = 0
        self.hint: Move | None = None
        self.hint_state: State | None = None  # the position the hint is for
        self.indicator = Indicator()  # when the indicator's search starts (advice.py)
        self.undecided_at: State | None = None  # the last position its search left unknown
        self.undecided: dict[str, int] = {}  # game and options → deals in a row neither won nor lost in time
        self.finding = False  # a search for a winnable deal is at work
        self.lines = ListedLines(self.line_found)  # the winning lines of listed deals

    @property
    def session(self) -> Session:
        """The session on the table (the assistant works while there is one)."""
        session = self.app.session
        assert session is not None
        return session

    # --- what is known of a position ----------------------------------------------------
    def verdict(self, state: State) -> Verdict | None:
        """What is known of a position of the session on the table (``Known.verdict``)."""
        return self.known.verdict(self.session, state)

    def learn(self, state: State, verdict: str, line: list[Move]) -> None:
        self.known.learn(self.session.game, state, verdict, line)

    # --- after every change of position -------------------------------------------------
    def changed(self) -> None:
        """The position changed (a move, undo, a new deal): show what is known, and start
        finding out what is not."""
        session = self.app.session
        if session is None:
            return
        state = session.state
        if self.hint is not None and self.hint_state is not state:
            self.hint = None
            document.getElementById("table").removeAttribute("data-hint")
        found = self.known.shown(session, state, self.undecided_at)
        what = self.indicator.changed(state, found is not None, self.analysis.busy)
        if found is not None:
            self.analysis.cancel()
            self.show(found[0])
            self.after_verdict(found[0])
            return
        self.show("checking")
        if self.known.get(session.game, session.states[0]) is None:
            self.lines.want(session)  # a listed deal: its line, on its way (self.line_found)
        if what == "keep":
            return
        self.analysis.cancel()  # (a search of the position before stops now)

        def begin() -> None:  # in a task of its own (bench/latency.py)
            now = self.app.session
            if self.indicator.begin(state, now.state if now is session else None, self.analysis.busy):
                self.analysis.start(Search(session.game, state, None, BUDGETS.analysis_s),
                                    lambda s: self.analysed(state, s))

        later(begin, 0)

    def line_found(self, session: Session, line: list[Move]) -> None:
        """A listed deal's winning line: what it tells is shown at once, any search of
        the position stops."""
        self.known.learn_line(session, line)
        if self.app.session is session:
            self.changed()

    def analysed(self, state: State, search: Search) -> None:
        result = search.result()
        self.learn(state, result.verdict, result.moves)
        if result.verdict == UNKNOWN:
            self.undecided_at = state
        session = self.app.session
        if session is not None and session.state is state:
            self.show(result.verdict)
            self.after_verdict(result.verdict)

    def show(self, verdict: str) -> None:
        box = document.getElementById("winnable")
        key = VERDICT_WORDS.get(verdict, "assist.checking")
        box.dataset.verdict = verdict
        box.textContent = t(key)
        box.title = t("assist.all_known")
        self.show_finish()

    def show_finish(self) -> None:
        """Finish is offered where the position is known winnable, and not while the app
        is playing already."""
        session = self.app.session
        verdict = str(document.getElementById("winnable").dataset.verdict)
        document.getElementById("finish").hidden = session is None or \
            not finish_offered(verdict, bool(self.playing), session.game.is_won(session.state))

    def after_verdict(self, verdict: str) -> None:
        if verdict == LOST:
            self.explain_loss()

    def explain_loss(self) -> None:
        """A position that can no longer be won: name the move that lost it, if a
        position before it is known winnable, and offer to undo to there; else say why,
        in cards, where the engine knows (``Known.lock``), once a deal and reason."""
        session = self.session
        k = self.known.blunder(session)
        if k is not None:
            before, move = session.states[k], session.moves[k]
            self.app.message(lambda: t("assist.blunder", n=k + 1, move=move_words(session.game, before, move)),
                             "blunder", lambda: t("assist.undo_to"), lambda: self.undo_to(k))
            return
        lock = self.known.lock(session)
        if lock is not None:
            self.app.message(lambda: loss_words(session.game, lock), "lost")

    def undo_to(self, k: int) -> None:
        session = self.session
        while session.at > k and session.undo():
            pass
        self.app.unpick()
        self.app.clear_message()
        self.app.announce(t("say.undo"))
        self.app.refresh()

    # --- hint -------------------------------------------------------------------------
    def ask_hint(self) -> None:
        self.stop()  # the hint's search takes the place of a demo's or a deal search's
        session = self.session
        state = session.state
        move = self.known.next_move(session, state)
        if move is not None:
            self.give_hint(move)
            return
        self.task.start(Search(session.game, state, None, BUDGETS.hint_s), lambda s: self.hinted(state, s))

    def hinted(self, state: State, search: Search) -> None:
        result = search.result()
        self.learn(state, result.verdict, result.moves)
        session = self.app.session
        if session is None or session.state is not state:
            return
        move = search.best_move()
        if move is None:
            self.app.message(lambda: t("assist.no_hint"), "hint")
            return
        self.give_hint(move)

    def give_hint(self, move: Move) -> None:
        session = self.session
        self.hint = move
        self.hint_state = state = session.state
        counted = session.hints
        session.hinted()  # counted once a position
        if session.hints != counted:
            self.app.save()  # at once: a reload right after a hint neither loses it nor counts it again
        self.app.message(lambda: t("assist.hint", move=move_words(session.game, state, move)), "hint")
        self.app.announce(t("assist.hint", move=move_words(session.game, state, move)))
        self.app.render()
        document.getElementById("table").dataset.hint = session.game.notation(move)

    def hint_marks(self) -> HintMarks:
        """What the current hint marks on the table (for the view and the toolbar): see
        ``interaction.hint_marks``; nothing when there is no hint for this position."""
        move = self.hint
        session = self.app.session
        if move is None or session is None:
            return NO_HINT
        state: State = session.state
        if self.hint_state is not state:
            return NO_HINT  # a hint is for the position it was given in
        return hint_marks(session.game, state, move)

    # --- moves the app plays: Finish, the demo, safe moves ------------------------------
    def forget(self) -> None:
        """Another game or deal: stop, and drop its hint (and the reading of its line)."""
        self.stop()
        self.task.cancel()
        self.lines.forget()
        self.hint = None
        self.hint_state = None
        document.getElementById("table").removeAttribute("data-hint")

    def stop(self) -> None:
        """Stop Finish or the demo, or a search for a winnable deal (the player took
        over, or asked)."""
        if self.finding:
            self.finding = False
            self.task.cancel()
            self.app.message(lambda: t("assist.search_cancelled"), "info")
        if self.playing:
            self.playing = ""
            self.play_token += 1
            self.task.cancel()
            pace_moves(document.getElementById("table"), None)  # the setting's own animation again
            self.show_unshown()
            self.update_buttons()

    def show_unshown(self) -> None:
        """Finish stopped between two redraws: show the position it played to (known
        winnable by the rest of its line)."""
        unshown, self.unshown = self.unshown, None
        session = self.app.session
        if unshown is not None and session is not None and session.state is unshown[0]:
            state, line, played = unshown
            self.learn(state, WON, line[played:])
            self.app.refresh()

    def finish(self) -> None:
        """Play out the winning line known for the position (``play_line``)."""
        self.start_playing("finish")

    def toggle_demo(self) -> None:
        if self.playing == "demo":
            self.stop()
        else:
            self.start_playing("demo")

    def start_playing(self, kind: str) -> None:
        self.stop()
        self.playing = kind
        self.play_token += 1
        self.update_buttons()
        token = self.play_token
        if kind == "finish":
            self.play_line(token)
        else:
            later(lambda: self.next_move(token), 0)

    def play_line(self, token: int) -> None:
        """Finish: play the winning line known for the position on the table, every move
        through the engine's checked play, within about ``pace.FINISH_MS`` with animation
        on and in one redraw with it off.

        The line is cut into steps (``pace.steps``: stock turns together, cards going
        home together), each shown by one redraw.  The last move of a redraw is played
        by the app, which redraws, announces it, counts and saves the game (and shows the
        win); the moves before it by the session alone.  With animation on the redraws
        follow ``pace.plan`` (the time left shared among the steps left, at most
        STEP_MS each), and the moves' animation is shortened to fit (``pace_moves``);
        with it off the whole line is one redraw.  Moves are played in slices of
        ``BUDGETS.slice_s`` (a move at least), so a long line makes no long task; between
        slices the table still shows the last redraw (``unshown``: a stop shows the
        position reached).  Finish waits while a dialog is open, and its time with it."""
        session = self.session
        found = self.verdict(session.state)
        if found is None or found[0] != WON or not found[1]:
            self.stop()
            return
        session.helped("finish")  # pressed before the rest is forced: solved with help
        run = FinishRun(session.game, list(found[1]), now_ms())
        table = document.getElementById("table")
        paced: list[float | None] = [None]  # the moves' animation set for the redraw under way

        def tick() -> None:
            if token != self.play_token or self.app.session is not session:
                return
            end = now_ms() + BUDGETS.slice_s * 1000
            while True:
                what, move, wait = run.next(now_ms(), self.motion_ms, self.app.dialog_open)
                if what == "wait":
                    later(tick, round(wait))
                    return
                if move is None:  # done
                    self.stop()
                    return
                if run.animation is not None and run.animation != paced[0]:
                    paced[0] = run.animation
                    pace_moves(table, run.animation)
                if what == "play":
                    try:
                        session.play(move)
                    except IllegalMoveError as err:
                        refused = err
                        self.stop()
                        self.app.message(lambda: refusal(refused), "warning")
                        return
                    self.unshown = (session.state, run.line, run.played)
                    if run.silent_left() and now_ms() >= end:
                        later(tick, 0)  # the rest of this redraw's moves in the next slice (a move a slice at least)
                        return
                    continue
                self.unshown = None
                self.learn(session.state, WON, [move, *run.rest()])  # the position after it follows from it
                if not self.app.play(move, by_app=True):
                    self.stop()
                    return
                if run.over:
                    self.stop()  # won (the last cards move at the setting's own pace)
                else:
                    later(tick, max(0, round(run.due - now_ms())))
                return

        tick()

    def next_move(self, token: int) -> None:
        """The demo's next move: from the winning line known for the position, else from
        a short search; one move every STEP_MS (a demonstration keeps a pace to watch)."""
        if token != self.play_token or not self.playing:
            return
        session = self.session
        state = session.state
        move = self.known.next_move(session, state)
        what = demo_step(session.game, state, move, self.app.dialog_open())
        if what == "wait":
            later(lambda: self.next_move(token), DIALOG_WAIT_MS)
            return
        if what == "stop":
            self.stop()
            return
        if move is not None:  # "play"
            self.play_then_continue(move, token)
            return

        def searched(search: Search) -> None:
            self.learn(state, search.result().verdict, search.result().moves)
            move = search.best_move()
            if move is None or token != self.play_token:
                self.stop()
                return
            self.play_then_continue(move, token)

        self.task.start(Search(session.game, state, None, BUDGETS.hint_s * 2), searched)

    def play_then_continue(self, move: Move, token: int) -> None:
        if token != self.play_token or not self.playing:
            return
        if self.app.dialog_open():  # opened while the move was being found: wait
            later(lambda: self.play_then_continue(move, token), DIALOG_WAIT_MS)
            return
        self.session.helped(self.playing)  # the demo: played with help (Finish is marked in play_line)
        if not self.app.play(move, by_app=True):
            self.stop()
            return
        later(lambda: self.next_move(token), self.pause(STEP_MS))

    def update_buttons(self) -> None:
        demo = document.getElementById("demo")
        document.getElementById("demo-word").textContent = t("assist.stop") if self.playing == "demo" else t("assist.demo")
        demo.setAttribute("aria-pressed", "true" if self.playing == "demo" else "false")
        self.show_finish()  # hidden while the app plays, back when it stops

    def play_safe(self) -> None:
        """Safe moves to the foundations, one after another (the setting)."""
        session = self.session
        moves = home_now(session.game, session.state)
        if not moves:
            return
        token = self.play_token
        state = session.state

        def one() -> None:
            if token != self.play_token or self.app.session is not session or session.state is not state:
                return
            self.app.play(moves[0], by_app=True)
            later(self.play_safe, self.pause(SAFE_STEP_MS))

        later(one, self.pause(SAFE_STEP_MS))

    @staticmethod
    def pause(ms: int) -> int:
        """Time between moves the app plays: shorter when moves are not animated."""
        return pause_ms(ms, Assistant.motion_ms())

    @staticmethod
    def motion_ms() -> float | None:
        """How long a move's animation takes by the setting (0: off; None: not a time)."""
        return pace.parse_ms(str(window.getComputedStyle(document.documentElement).getPropertyValue("--move-ms")))

    # --- winnable deals only ------------------------------------------------------------
    def find_winnable(self, game: Game, seeds: Callable[[], int], found: Callable[[int], None],
                      named: bool = False) -> None:
        """Try deals one after another until the solver proves one winnable.

        Under some rules (Frog in suit) the solver decides no deal within its budget, won
        or lost. A search stops after WINNABLE_GIVE_UP such deals in a row and offers a
        deal not checked; once WINNABLE_HOPELESS deals in a row under the same game and
        options were such, later searches offer it at once (for «Восемь тузов», whose deals
        are the next hardest to decide, about a third within the budget, that happens by
        chance about once in 800 runs of 16).  ``named``: the messages name the game (a
        search for another game than the one on the table)."""
        self.stop()
        rules = repr(game)
        hunt = WinnableHunt(self.undecided.get(rules, 0))

        def failed() -> None:  # a fault in the search (reported on the console): the table stays as it is
            self.finding = False
            self.app.message(lambda: t("error"), "error")

        def next_deal() -> None:
            why = hunt.next()
            if why is not None:
                self.finding = False
                n = hunt.tries
                self.app.message(lambda: f"{game_name(game.spec)}: {t(why, n=n)}" if named else t(why, n=n),
                                 "warning", lambda: t("assist.deal_any"), lambda: found(seeds()))
                return
            seed = seeds()
            start = game.deal(seed)
            n = hunt.tries
            self.app.message(lambda: t("assist.searching_game", game=game_name(game.spec), n=n) if named
                             else t("assist.searching", n=n),
                             "searching", lambda: t("assist.cancel"), self.stop)

            def done(search: Search) -> None:
                result = search.result()
                hunt.searched(result.verdict)
                self.undecided[rules] = hunt.undecided
                if result.verdict == WON:
                    self.known.learn(game, start, WON, list(result.moves))
                    self.finding = False
                    found(seed)
                else:
                    next_deal()

            self.task.start(Search(game, start, None, BUDGETS.winnable_s), done, failed=failed)

        self.finding = True
        next_deal()
