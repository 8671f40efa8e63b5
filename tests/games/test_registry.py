"""Every registered game is whole: what a new game needs besides its rules, checked game by
game, each lack named with the game and where to mend it (README, "Adding a game").

A game is one file, ``py/patience/games/<id>.py``, whose ``SPEC`` is listed in
``patience/registry.py``: its rules help in English and Russian (``help``, ``help_ru``), a
label of every option and of every value in both languages, a name in both languages of
every kind of pile it lays out that the table does not name itself (``pile_names``,
``pile_names_ru``), the Russian of every sentence its files say (``sentences_ru``), a few
deals the solver wins quickly (``quick_wins``), its rules tests, its line in the README
and its survey in docs/winnability.md.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import itertools
import re
from pathlib import Path

import pytest

from patience import GAMES
from patience.registry import BY_ID
from patience.spec import GameSpec, Help, Wins
from table.i18n import ENGINE_RU, MESSAGES, pile_kind

ROOT = Path(__file__).resolve().parents[2]
GAMES_DIR = ROOT / "py" / "patience" / "games"
IDS = [spec.id for spec in GAMES]
SECTIONS = ("setup", "goal", "moves", "stock", "source")
SHARED_VALUES = ("on", "off", "inf")  # the table's own words for these (value.on, ...)


# --- what a game's files are and say -------------------------------------------------------
def sources(game_id: str) -> list[Path]:
    """The game's file and the files of the games package it imports (``from .gaps import
    Grid``), followed through theirs: where its rules and sentences are written."""
    found: list[Path] = []
    todo = [GAMES_DIR / f"{game_id}.py"]
    while todo:
        path = todo.pop()
        if path in found or not path.exists():
            continue
        found.append(path)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                todo.append(GAMES_DIR / f"{node.module}.py")
    return found


def sentences(path: Path) -> tuple[set[str], list[str]]:
    """The templates of the ``Text("…")`` sentences a file says, and the ones that cannot
    be read from the source (not a string literal)."""
    found: set[str] = set()
    unreadable: list[str] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Text" and node.args:
            arg = node.args[0]
            parts = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
            for part in parts:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    found.add(part.value)
                else:
                    unreadable.append(f"{path.name}:{node.lineno}")
    return found, unreadable


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)", text))


def option_sets(spec: GameSpec) -> list[dict[str, str]]:
    names = [o.name for o in spec.options]
    return [dict(zip(names, values)) for values in itertools.product(*(o.values for o in spec.options))]


def pile_names(spec: GameSpec) -> set[str]:
    """Every pile name the game lays out, under any of its options."""
    return {pile.name for opts in option_sets(spec) for pile in spec.layout(opts).piles}


def shared_pile_kind(kind: str) -> bool:
    return f"pile.{kind}" in MESSAGES["en"] and f"pile.{kind}" in MESSAGES["ru"]


# --- the checks: each returns what the game lacks, as sentences naming the game ------------
def lacks_registration(spec: GameSpec) -> list[str]:
    path = GAMES_DIR / f"{spec.id}.py"
    if not path.exists():
        return [f"{spec.id}: its declaration is not py/patience/games/{spec.id}.py (a game's file is named by its id)"]
    module = importlib.import_module(f"patience.games.{spec.id}")
    problems = []
    declared = getattr(module, "SPEC", None)
    if not isinstance(declared, GameSpec) or declared.id != spec.id:
        problems.append(f"{spec.id}: py/patience/games/{spec.id}.py declares no SPEC = GameSpec(id={spec.id!r}, ...)")
    elif BY_ID.get(spec.id) is not declared:
        problems.append(f"{spec.id}: not registered: add games.{spec.id}.SPEC to GAMES in patience/registry.py")
    if not spec.words.name.strip() or not spec.words.name_ru.strip():
        problems.append(f"{spec.id}: Words needs name (English) and name_ru (Russian), the chooser shows them")
    return problems


def lacks_help(spec: GameSpec) -> list[str]:
    problems = []
    for field, h in (("help", spec.words.help), ("help_ru", spec.words.help_ru)):
        if h is None:
            problems.append(f"{spec.id}: no rules help in {'Russian' if field == 'help_ru' else 'English'}: "
                            f"give Words({field}=Help(...)) every section")
            continue
        for section in SECTIONS:
            if len(getattr(h, section).strip()) <= 40:
                problems.append(f"{spec.id}: {field}.{section} is empty or too short to explain anything")
        declared = {o.name for o in spec.options}
        for name in sorted(declared - set(h.options)):
            problems.append(f"{spec.id}: {field}.options does not describe the option {name!r}")
        for name in sorted(set(h.options) - declared):
            problems.append(f"{spec.id}: {field}.options describes {name!r}, which is no option of the game")
        for name, text in h.options.items():
            if len(text.strip()) <= 20:
                problems.append(f"{spec.id}: {field}.options[{name!r}] is empty or too short")
    return problems


def lacks_labels(spec: GameSpec) -> list[str]:
    problems = []
    for opt in spec.options:
        where = f"{spec.id}: option {opt.name!r}"
        if not opt.label.strip():
            problems.append(f"{where} has no English label (Option label)")
        if not opt.label_ru.strip():
            problems.append(f"{where} has no Russian label (Option label_ru)")
        for value in opt.values:
            if not opt.value_labels_ru.get(value, "").strip():
                problems.append(f"{where}: the value {value!r} has no Russian label (Option value_labels_ru)")
            if not (opt.value_labels.get(value, "").strip() or value in SHARED_VALUES or value.isdigit()):
                problems.append(f"{where}: the value {value!r} has no English label (Option value_labels; "
                                f"only {', '.join(SHARED_VALUES)} and numbers go without)")
        for field, labels in (("value_labels", opt.value_labels), ("value_labels_ru", opt.value_labels_ru)):
            for value in sorted(set(labels) - set(opt.values)):
                problems.append(f"{where}: {field} labels {value!r}, which is no value of the option")
    return problems


def lacks_pile_names(spec: GameSpec) -> list[str]:
    problems = []
    kinds: dict[str, set[str]] = {}  # kind → the numbers its names carry
    for name in sorted(pile_names(spec)):
        found = pile_kind(name)
        if found is None:
            problems.append(f"{spec.id}: the pile name {name!r} is not a kind and numbers (like t3, g2-5, stock)")
            continue
        kinds.setdefault(found[0], set()).update(found[1])
    for kind, numbers in sorted(kinds.items()):
        if shared_pile_kind(kind):
            if kind in spec.words.pile_names or kind in spec.words.pile_names_ru:
                problems.append(f"{spec.id}: pile_names declares {kind!r}, which the table names itself "
                                f"(pile.{kind} in table/i18n.py): leave it out")
            continue
        for field, names in (("pile_names", spec.words.pile_names), ("pile_names_ru", spec.words.pile_names_ru)):
            template = names.get(kind, "")
            if not template.strip():
                problems.append(f"{spec.id}: its piles {kind!r} have no name for a person in "
                                f"{'Russian' if field.endswith('_ru') else 'English'}: add {kind!r} to {field}")
            elif placeholders(template) != numbers:
                problems.append(f"{spec.id}: {field}[{kind!r}] names {sorted(placeholders(template))}, but the "
                                f"pile names carry {sorted(numbers)} ({{n}} for one number, {{row}} and {{place}} for two)")
    for field, names in (("pile_names", spec.words.pile_names), ("pile_names_ru", spec.words.pile_names_ru)):
        for kind in sorted(set(names) - set(kinds)):
            problems.append(f"{spec.id}: {field} names {kind!r}, a kind of pile the game never lays out")
    return problems


def lacks_sentences(spec: GameSpec) -> list[str]:
    problems = []
    said: set[str] = set()
    for path in sources(spec.id):
        found, unreadable = sentences(path)
        said |= found
        problems += [f"{spec.id}: Text(...) at {where} is not a string literal, so its Russian cannot be "
                     f"checked: write the English template there" for where in unreadable]
    for template in sorted(said):
        russian = ENGINE_RU.get(template) or spec.words.sentences_ru.get(template)
        if not russian:
            problems.append(f"{spec.id}: the sentence {template!r} has no Russian: add it to the game's "
                            f"sentences_ru (or to ENGINE_RU in table/i18n.py if several games say it)")
        elif placeholders(russian) != placeholders(template):
            problems.append(f"{spec.id}: the Russian of {template!r} fills {sorted(placeholders(russian))}, "
                            f"the English {sorted(placeholders(template))}")
    for template in sorted(spec.words.sentences_ru):
        if template in ENGINE_RU:
            problems.append(f"{spec.id}: sentences_ru repeats {template!r}, which table/i18n.py's ENGINE_RU "
                            f"already says: leave it out")
        elif template not in said:
            problems.append(f"{spec.id}: sentences_ru has {template!r}, which the game's files never say")
    return problems


def lacks_quick_wins(spec: GameSpec) -> list[str]:
    how = (f"give GameSpec(quick_wins=Wins((seed, ...))) deals that "
           f"`python3 -m patience solve {spec.id} --seed N --budget-nodes 3000` wins (run from py/)")
    wins = spec.quick_wins
    if wins is None or not wins.seeds:
        return [f"{spec.id}: declares no deals the solver wins quickly: {how}"]
    problems = []
    known = {o.name: o for o in spec.options}
    for name, value in wins.options.items():
        if name not in known or value not in known[name].values:
            problems.append(f"{spec.id}: quick_wins is under {name}={value}, which is no option value of the game")
    if not all(1 <= seed <= 999_999_999_999 for seed in wins.seeds):
        problems.append(f"{spec.id}: quick_wins holds a deal number out of 1..999 999 999 999")
    return problems


def lacks_tests_and_docs(spec: GameSpec) -> list[str]:
    problems = []
    tests = [ROOT / "tests" / "games" / f"test_{path.stem}.py" for path in sources(spec.id)]
    if not any(path.exists() for path in tests):
        problems.append(f"{spec.id}: has no rules tests: add tests/games/test_{spec.id}.py (a golden deal, every rule "
                        f"and option), or tests for the module its rules come from")
    if f"**{spec.words.name_ru}" not in " ".join((ROOT / "README.md").read_text().split()):
        problems.append(f"{spec.id}: README.md does not name «{spec.words.name_ru}» in its list of games "
                        f"(**{spec.words.name_ru} — {spec.words.name}**)")
    if f"survey {spec.id} " not in (ROOT / "docs" / "winnability.md").read_text():
        problems.append(f"{spec.id}: docs/winnability.md has no survey of the game (`python3 -m patience "
                        f"survey {spec.id} --seeds 1-500 --budget-s 2`, its row and its section)")
    return problems


CHECKS = (lacks_registration, lacks_help, lacks_labels, lacks_pile_names, lacks_sentences, lacks_quick_wins,
          lacks_tests_and_docs)


def lacks(spec: GameSpec) -> list[str]:
    return [problem for check in CHECKS for problem in check(spec)]


def reworded(spec: GameSpec, **words: object) -> GameSpec:
    """A game declared with other words (its Words with ``words`` replaced)."""
    return dataclasses.replace(spec, words=dataclasses.replace(spec.words, **words))  # type: ignore[arg-type]


# --- the tests ---------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", GAMES, ids=IDS)
def test_every_registered_game_is_whole(spec: GameSpec):
    problems = lacks(spec)
    assert not problems, "\n".join(problems)


def test_every_game_file_is_registered_and_so_in_the_chooser():
    """The chooser lists the registry's games in order: a game file left out of it is missing."""
    problems = []
    for path in sorted(GAMES_DIR.glob("*.py")):
        module = importlib.import_module(f"patience.games.{path.stem}")
        spec = getattr(module, "SPEC", None)
        if spec is None:
            continue  # a file of shared pieces
        if spec.id != path.stem:
            problems.append(f"py/patience/games/{path.name}: its SPEC's id is {spec.id!r}; name the file by the id")
        elif BY_ID.get(spec.id) is not spec:
            problems.append(f"{spec.id}: not registered: add games.{spec.id}.SPEC to GAMES in patience/registry.py "
                            f"(its place there is its place in the game chooser)")
    assert not problems, "\n".join(problems)
    assert len(BY_ID) == len(GAMES), "two registered games share an id"


def test_no_two_games_give_a_pile_kind_or_a_sentence_other_words():
    """The table looks these up by pile kind and by English template, whatever the game: two
    games that word the same one differently would get one of the two."""
    problems = []
    for field in ("pile_names", "pile_names_ru", "sentences_ru"):
        seen: dict[str, tuple[str, str]] = {}
        for spec in GAMES:
            for key, words in getattr(spec.words, field).items():
                if key in seen and seen[key][1] != words:
                    problems.append(f"{spec.id}: {field}[{key!r}] is {words!r}, but {seen[key][0]} says {seen[key][1]!r}")
                seen.setdefault(key, (spec.id, words))
    assert not problems, "\n".join(problems)


# --- the checks themselves tell what a game lacks ------------------------------------------------
def klondike() -> GameSpec:
    return BY_ID["klondike"]


def test_a_game_without_its_russian_help_is_told_so():
    assert klondike().words.help is not None
    spec = reworded(klondike(), help_ru=None)
    assert lacks(spec) == ["klondike: no rules help in Russian: give Words(help_ru=Help(...)) every section"]
    assert klondike().words.help_ru is not None
    short = dataclasses.replace(klondike().words.help_ru, goal="", options={"draw": "Три или одну карту сразу."})
    problems = lacks(reworded(klondike(), help_ru=short))
    assert "klondike: help_ru.goal is empty or too short to explain anything" in problems
    assert "klondike: help_ru.options does not describe the option 'runs'" in problems


def test_a_game_without_an_option_label_is_told_so():
    opts = list(klondike().options)
    runs = next(i for i, o in enumerate(opts) if o.name == "runs")
    opts[runs] = dataclasses.replace(opts[runs], label_ru="", value_labels={"whole": "the whole face-up run"},
                                     value_labels_ru={"whole": "вся открытая последовательность"})
    problems = lacks(dataclasses.replace(klondike(), options=tuple(opts)))
    assert problems == [
        "klondike: option 'runs' has no Russian label (Option label_ru)",
        "klondike: option 'runs': the value 'any' has no Russian label (Option value_labels_ru)",
        "klondike: option 'runs': the value 'any' has no English label (Option value_labels; only on, off, inf "
        "and numbers go without)",
    ]


def test_a_game_without_a_name_for_its_own_piles_is_told_so():
    bride = BY_ID["bride"]
    spec = reworded(bride, pile_names_ru={"row": "ряд"})
    assert lacks(spec) == ["bride: its piles 'removed' have no name for a person in Russian: add 'removed' to "
                           "pile_names_ru"]
    spec = reworded(bride, pile_names={**bride.words.pile_names, "stock": "the deck"})
    assert lacks(spec) == ["bride: pile_names declares 'stock', which the table names itself (pile.stock in "
                           "table/i18n.py): leave it out"]


def test_a_game_without_the_russian_of_its_sentences_is_told_so():
    cross = BY_ID["cross"]
    words = {k: v for k, v in cross.words.sentences_ru.items() if k != "Deal a new row"}
    assert lacks(reworded(cross, sentences_ru=words)) == [
        "cross: the sentence 'Deal a new row' has no Russian: add it to the game's sentences_ru (or to ENGINE_RU "
        "in table/i18n.py if several games say it)"]
    words = {**cross.words.sentences_ru, "Round {round}": "Тур {round}"}
    assert lacks(reworded(cross, sentences_ru=words)) == [
        "cross: sentences_ru has 'Round {round}', which the game's files never say"]


def test_a_game_without_quick_wins_is_told_so():
    assert lacks(dataclasses.replace(klondike(), quick_wins=None)) == [
        "klondike: declares no deals the solver wins quickly: give GameSpec(quick_wins=Wins((seed, ...))) deals "
        "that `python3 -m patience solve klondike --seed N --budget-nodes 3000` wins (run from py/)"]
    assert lacks(dataclasses.replace(klondike(), quick_wins=Wins((5,), {"draw": "2"}))) == [
        "klondike: quick_wins is under draw=2, which is no option value of the game"]


def test_a_gaps_game_reads_the_sentences_of_the_module_it_builds_on():
    """«Восемь тузов» says what gaps.py's rules say; without that module's Russian it lacks them."""
    gaps8 = BY_ID["gaps8"]
    assert [p.name for p in sources("gaps8")][:2] == ["gaps8.py", "gaps.py"]
    problems = lacks(reworded(gaps8, sentences_ru={}))
    assert "gaps8: the sentence 'No reshuffles' has no Russian: add it to the game's sentences_ru " \
           "(or to ENGINE_RU in table/i18n.py if several games say it)" in problems
    assert isinstance(gaps8.words.help_ru, Help)


def test_every_game_file_is_registered():
    """The other way round from the checks above: every game file of games/ is registered."""
    specs = set()
    for path in GAMES_DIR.glob("*.py"):
        module = importlib.import_module(f"patience.games.{path.stem}")
        if hasattr(module, "SPEC"):  # a game file (others hold shared pieces)
            assert module.SPEC.id == path.stem
            specs.add(module.SPEC.id)
    assert specs == {g.id for g in GAMES}
    assert len(BY_ID) == len(GAMES)


def test_options_have_valid_defaults():
    for spec in GAMES:
        for opt in spec.options:
            assert opt.default in opt.values, (spec.id, opt.name)
