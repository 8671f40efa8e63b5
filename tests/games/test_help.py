"""Rules help: the Russian reads as Russian and uses the table's words.  That every game has
its help, labels and words in both languages is checked by tests/games/test_registry.py."""

import re

import pytest

from patience import GAMES
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


def russian(spec: GameSpec) -> Help:
    assert spec.words.help_ru is not None, spec.id
    return spec.words.help_ru


@pytest.mark.parametrize("spec", GAMES, ids=IDS)
def test_russian_help_is_russian(spec: GameSpec):
    h = russian(spec)
    texts = sections(h) + list(h.options.values())
    assert cyrillic_share(" ".join(texts)) > 0.9
    for text in texts:  # a Latin name or two in a section, no more
        assert cyrillic_share(text) > 0.6, text
    assert spec.words.help is not None
    assert all(ru != en for ru, en in zip(texts, sections(spec.words.help) + list(spec.words.help.options.values())))


@pytest.mark.parametrize("spec", GAMES, ids=IDS)
def test_russian_labels_and_words_are_russian(spec: GameSpec):
    for opt in spec.options:
        assert cyrillic_share(opt.label_ru) > 0.9, (opt.name, opt.label_ru)
        for value, text in opt.value_labels_ru.items():
            assert cyrillic_share(text) > 0.9, (opt.name, value, text)
    for kind, name in spec.words.pile_names_ru.items():  # the words, not the {places} in them
        assert cyrillic_share(re.sub(r"\{\w+\}", "", name)) > 0.9, (kind, name)
    for english, text in spec.words.sentences_ru.items():
        assert cyrillic_share(re.sub(r"\{\w+\}", "", text)) > 0.9, (english, text)


def test_russian_help_reads_as_russian_words():
    """Usual Russian patience terms are there; no stray English word."""
    everything = " ".join(" ".join(sections(h) + list(h.options.values())) for h in map(russian, GAMES))
    for term in ("колода", "базов", "масть", "туз", "король", "дам", "по возрастанию"):
        assert term in everything.lower(), term
    for english in (" the ", " and ", " card", " pile", " stock", " foundation"):
        assert english not in everything.lower(), english


@pytest.mark.parametrize("spec", GAMES, ids=IDS)
def test_russian_help_calls_a_foundation_what_the_table_calls_it(spec: GameSpec):
    """The table labels a foundation «дом N»; the rules of a game with foundations use the
    same word (a player looking for "дом 3" finds it in them), the book's «базовая стопка»
    at most once beside it, and the options' words never."""
    h = russian(spec)
    rules = " ".join(sections(h)).lower()
    options = " ".join(list(h.options.values()) + [o.label_ru for o in spec.options]
                       + [v for o in spec.options for v in o.value_labels_ru.values()]).lower()
    layout = spec.layout({o.name: o.default for o in spec.options})
    has_foundations = any(p.role == "foundation" for p in layout.piles)
    assert bool(re.search(r"\bдом", rules)) == has_foundations, spec.id  # \b: not «рядом»
    assert rules.count("базов") <= 1, spec.id
    assert "базов" not in options, spec.id


@pytest.mark.parametrize("spec", GAMES, ids=IDS)
def test_the_help_names_its_book_not_a_file_of_ours(spec: GameSpec):
    """A player knows the books, not the project's excerpt files ("seed 004", «отрывок
    001»): the source names a book (or its author) in both languages."""
    for h, book in ((spec.words.help, ("book", "Mendelev")), (russian(spec), ("книг", "Менделев"))):
        assert h is not None
        assert not re.search(r"\bseeds?\b|отрыв|\b\d{3}\b", h.source, re.IGNORECASE), h.source
        assert any(word.lower() in h.source.lower() for word in book), h.source
