"""Rules help: every registered game has it in English and Russian, describing every option."""

import re

import pytest

from patience import GAMES
from patience.help_ru import HELP_RU, OPTION_LABELS_RU, VALUE_LABELS_RU
from patience.spec import GameSpec, Help

IDS = [spec.id for spec in GAMES]


def sections(h: Help) -> list[str]:
    return [h.setup, h.goal, h.moves, h.stock, h.source]


def cyrillic_share(text: str) -> float:
    """The share of the letters of ``text`` that are Cyrillic (1.0 for no letters)."""
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return 1.0
    return sum("\u0400" <= ch <= "\u04ff" for ch in letters) / len(letters)


def test_russian_data_covers_exactly_the_registered_games():
    assert set(HELP_RU) == set(IDS)
    assert set(OPTION_LABELS_RU) == set(IDS)
    assert set(VALUE_LABELS_RU) == set(IDS)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("spec", GAMES, ids=IDS)
def test_help_is_whole_in_both_languages(spec: GameSpec, lang: str):
    h = spec.help if lang == "en" else HELP_RU[spec.id]
    assert h is not None
    for text in sections(h):
        assert len(text.strip()) > 40, text
    assert set(h.options) == {o.name for o in spec.options}
    for text in h.options.values():
        assert len(text.strip()) > 20, text


@pytest.mark.parametrize("spec", GAMES, ids=IDS)
def test_russian_help_is_russian(spec: GameSpec):
    h = HELP_RU[spec.id]
    texts = sections(h) + list(h.options.values())
    assert cyrillic_share(" ".join(texts)) > 0.9
    for text in texts:  # a Latin name or two in a section, no more
        assert cyrillic_share(text) > 0.6, text
    assert spec.help is not None
    assert all(ru != en for ru, en in zip(texts, sections(spec.help) + list(spec.help.options.values())))


@pytest.mark.parametrize("spec", GAMES, ids=IDS)
def test_every_option_and_value_has_labels_in_both_languages(spec: GameSpec):
    labels = OPTION_LABELS_RU[spec.id]
    values = VALUE_LABELS_RU[spec.id]
    assert set(labels) == {o.name for o in spec.options}
    assert set(values) == {o.name for o in spec.options}
    for opt in spec.options:
        assert opt.label, opt.name  # the English label
        assert labels[opt.name].strip() and cyrillic_share(labels[opt.name]) > 0.9, opt.name
        assert set(values[opt.name]) == set(opt.values), opt.name
        for value in opt.values:
            text = values[opt.name][value]
            assert text.strip() and cyrillic_share(text) > 0.9, (opt.name, value, text)
        assert set(opt.value_labels) <= set(opt.values), opt.name


def test_russian_help_reads_as_russian_words():
    """Usual Russian patience terms are there; no stray English word."""
    everything = " ".join(" ".join(sections(h) + list(h.options.values())) for h in HELP_RU.values())
    for term in ("колода", "базов", "масть", "туз", "король", "дам", "по возрастанию"):
        assert term in everything.lower(), term
    for english in (" the ", " and ", " card", " pile", " stock", " foundation"):
        assert english not in everything.lower(), english


@pytest.mark.parametrize("spec", GAMES, ids=IDS)
def test_russian_help_calls_a_foundation_what_the_table_calls_it(spec: GameSpec):
    """The table labels a foundation «дом N»; the rules of a game with foundations use the
    same word (a player looking for "дом 3" finds it in them), the book's «базовая стопка»
    at most once beside it, and the options' words never."""
    h = HELP_RU[spec.id]
    rules = " ".join(sections(h)).lower()
    options = " ".join(list(h.options.values()) + list(OPTION_LABELS_RU[spec.id].values())
                       + [v for values in VALUE_LABELS_RU[spec.id].values() for v in values.values()]).lower()
    layout = spec.layout({o.name: o.default for o in spec.options})
    has_foundations = any(p.role == "foundation" for p in layout.piles)
    assert bool(re.search(r"\bдом", rules)) == has_foundations, spec.id  # \b: not «рядом»
    assert rules.count("базов") <= 1, spec.id
    assert "базов" not in options, spec.id
