"""The page's words in Russian and English.  Pure, tested under CPython: a test fails
when a key is missing in either language.

``t(key, **values)`` gives the text of a key (messages.py holds them) in the current language, with ``{name}``
places filled in.  Russian plurals: ``{n} {n|ход|хода|ходов}`` picks the form for n.
The words of one game alone (its own kinds of pile, the Russian of its own sentences)
live in that game's declaration and are looked up here through the registry.
"""

from __future__ import annotations

import datetime
import re

from patience.registry import GAMES
from patience.game import Game
from patience.spec import GameSpec

from .messages import MESSAGES

LANGUAGES = ("ru", "en")
_current = "en"


def set_language(lang: str) -> str:
    global _current
    _current = lang if lang in LANGUAGES else "en"
    return _current


def language() -> str:
    return _current


def pick_language(stored: str | None, browser: list[str]) -> str:
    """The remembered choice, else the browser's first language we have, else English."""
    if stored in LANGUAGES:
        return str(stored)
    for tag in browser:
        base = tag.lower().split("-")[0]
        if base in LANGUAGES:
            return base
    return "en"


_PLURAL = re.compile(r"\{(\w+)\|([^|}]*)\|([^|}]*)(?:\|([^|}]*))?\}")


def plural_form(n: int, lang: str) -> int:
    """0, 1 or 2: English one/other (as 0/1), Russian one/few/many."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 1


def t(key: str, lang: str | None = None, /, **values: object) -> str:
    lang = lang or _current
    text = MESSAGES[lang].get(key) or MESSAGES["en"][key]

    def plural(m: re.Match[str]) -> str:
        forms = [f for f in m.group(2, 3, 4) if f is not None]
        n = values.get(m.group(1), 0)
        return forms[min(plural_form(int(n) if isinstance(n, int) else 0, lang), len(forms) - 1)]

    return _PLURAL.sub(plural, text).format(**values)


class Worded(ValueError):
    """An error for the player, given as a message key and its values and worded in the
    language of the moment each time it is read: a message that holds it is said again in
    a newly chosen language."""

    def __init__(self, key: str, /, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def __str__(self) -> str:
        # an engine error among the values says its sentence in the language too
        return t(self.key, **{k: say(v.args[0]) if isinstance(v, BaseException) and v.args else v
                              for k, v in self.values.items()})


RANK_NAMES = {
    "en": ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"),
    "ru": ("туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка",
           "десятка", "валет", "дама", "король"),
}
RANK_NAMES_ACCUSATIVE = {  # a card as the object of a verb: «снять тройку бубён», «снять туза пик»
    "en": RANK_NAMES["en"],
    "ru": ("туза", "двойку", "тройку", "четвёрку", "пятёрку", "шестёрку", "семёрку", "восьмёрку", "девятку",
           "десятку", "валета", "даму", "короля"),
}
MONTH_NAMES = {  # a day of the month: "5 December 2026", «5 декабря 2026»
    "en": ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"),
    "ru": ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
           "ноября", "декабря"),
}


def say_date(day: datetime.date, lang: str | None = None) -> str:
    """A calendar day in words: "5 December 2026", «5 декабря 2026»."""
    return f"{day.day} {MONTH_NAMES[lang or _current][day.month - 1]} {day.year}"


SUIT_NAMES = {  # in the order of patience.cards: spades, hearts, diamonds, clubs
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "ru": ("пик", "червей", "бубён", "треф"),
}


def rank_word(rank: int, lang: str | None = None) -> str:
    """A rank alone: «шестёрка», "six"."""
    return RANK_NAMES[lang or _current][rank - 1]


def card_name(rank: int, suit: int, lang: str | None = None, accusative: bool = False) -> str:
    """«дама червей», "queen of hearts"; ``accusative``: as the object of a verb («даму червей»)."""
    lang = lang or _current
    ranks = RANK_NAMES_ACCUSATIVE if accusative else RANK_NAMES
    return t("card", lang, rank=ranks[lang][rank - 1], suit=SUIT_NAMES[lang][suit])


_PILE_KIND = re.compile(r"([a-z_]+)(?:(\d+)(?:-(\d+))?)?")


def pile_kind(name: str) -> tuple[str, dict[str, int]] | None:
    """A pile's kind (its name without its numbers) and the numbers, named as a pile name's
    words name them: t3 → ("t", {n: 3}), g2-5 → ("g", {row: 2, place: 5}), stock → ("stock", {})."""
    m = _PILE_KIND.fullmatch(name)
    if m is None:
        return None
    kind, first, second = m.groups()
    if first is None:
        return kind, {}
    return kind, {"n": int(first)} if second is None else {"row": int(first), "place": int(second)}


def pile_name(name: str, lang: str | None = None) -> str:
    """A pile's name for a person: t3 → "column 3", f2 → "foundation 2", g2-5 → "row 2, place 5".
    The kinds of pile named after their role (columns, foundations, stock, waste, reserve,
    discard) are named here (``pile.<kind>``), any other by the game that has it
    (``Words.pile_names``); a name of no known kind stays as it is."""
    lang = lang or _current
    found = pile_kind(name)
    if found is None:
        return name
    kind, numbers = found
    try:
        if f"pile.{kind}" in MESSAGES["en"]:
            return t(f"pile.{kind}", lang, **numbers)
        template = GAME_PILE_NAMES[lang].get(kind)
        return name if template is None else template.format(**numbers)
    except KeyError:  # numbers that the kind's words do not name
        return name


# What the engine says (patience.text.Text), in Russian, keyed by the English template: the
# sentences of patience/game.py and those several games say.  A game's own sentences have
# their Russian in its declaration (Words.sentences_ru), gathered in GAME_SENTENCES_RU.
ENGINE_RU: dict[str, str] = {
    "An empty pile takes only a king or an ace.": "На пустое место кладут только короля или туза.",
    "Here a card goes on a card of the same suit, one rank higher or lower (a king and an ace are neighbours).":
        "Здесь карту кладут на карту той же масти, на одно достоинство старше или младше (король и туз — соседи).",
    "A card moves only into a gap.": "Карту переносят только на пустое место.",
    "Nothing goes into a gap after a king or after another gap.":
        "На пустое место после короля или после другого пустого места ничего не кладут.",
    "A head takes only an ace.": "В начало ряда кладут только туза.",
    "The first place of a row takes only a two.": "На первое место ряда кладут только двойку.",
    "A gap takes only the card of the same suit one rank above the card to its left.":
        "На пустое место кладут только карту той же масти, на одно достоинство старше карты слева.",
    "No card can be taken from here now.": "Отсюда сейчас нельзя взять карту.",
    "Only the top card moves from here.": "Отсюда берут только верхнюю карту.",
    "Only cards in sequence move together.": "Вместе переносят только карты, лежащие по порядку.",
    "Under these rules a run moves whole, from its first face-up card.":
        "По этим правилам открытую последовательность переносят только целиком, от первой открытой карты.",
    "From here only the top card or the whole pile moves.": "Отсюда берут только верхнюю карту или всю стопку.",
    "From here only the top card or the whole run moves.":
        "Отсюда берут только верхнюю карту или всю последовательность.",
    "Under these rules a card does not leave a foundation.": "По этим правилам карта из дома не уходит.",
    "A card from here cannot go there.": "Отсюда туда карту не кладут.",
    "Only one card at a time goes there.": "Туда кладут только по одной карте.",
    "Nothing is laid on this pile.": "На эту стопку ничего не кладут.",
    "This place takes no card.": "Сюда карту не кладут.",
    "Here a card goes on a card one rank higher, of the other colour.":
        "Здесь карту кладут на карту другого цвета, на одно достоинство старше.",
    "Here a card goes on a card one rank higher, of the other colour (and a king on an ace).":
        "Здесь карту кладут на карту другого цвета, на одно достоинство старше (и короля на туза).",
    "Here a card goes on a card one rank higher, of the same suit.":
        "Здесь карту кладут на карту той же масти, на одно достоинство старше.",
    "Here a card goes on a card one rank lower, of the same suit.":
        "Здесь карту кладут на карту той же масти, на одно достоинство младше.",
    "Here a card goes on a card one rank lower, of the same suit (and an ace on a king).":
        "Здесь карту кладут на карту той же масти, на одно достоинство младше (и туза на короля).",
    "Here a card goes on a card one rank lower, of any suit.":
        "Здесь карту кладут на карту любой масти, на одно достоинство младше.",
    "Only a king goes to an empty column.": "На пустое место в столбце кладут только короля.",
    "An empty pile here is filled from the waste only.": "Пустое место здесь заполняют только из отбоя.",
    "A foundation starts with an ace.": "Дом начинают с туза.",
    "A foundation starts with a card of the base rank, the rank of the card dealt to the first foundation.":
        "Дом начинают с карты базового достоинства — того же, что у карты, открытой в первый дом при раздаче.",
}


def _gather() -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """The words every registered game declares: its kinds of pile (language → kind → name)
    and the Russian of its own sentences (English template → Russian)."""
    piles: dict[str, dict[str, str]] = {"en": {}, "ru": {}}
    sentences: dict[str, str] = {}
    for spec in GAMES:
        piles["en"].update(spec.words.pile_names)
        piles["ru"].update(spec.words.pile_names_ru)
        sentences.update(spec.words.sentences_ru)
    return piles, sentences


GAME_PILE_NAMES, GAME_SENTENCES_RU = _gather()


def say(text: str, lang: str | None = None) -> str:
    """An engine sentence (a ``Text``) in the current language, its piles named for a
    person; plain text as it is."""
    lang = lang or _current
    key = getattr(text, "key", None)
    if key is None:
        return str(text)
    values = {k: (pile_name(v, lang) if k == "pile" and isinstance(v, str) else v)
              for k, v in getattr(text, "values", {}).items()}
    template = (ENGINE_RU.get(str(key)) or GAME_SENTENCES_RU.get(str(key), str(key))) if lang == "ru" else str(key)
    return template.format(**values)


def game_name(spec: GameSpec[Game], lang: str | None = None) -> str:
    """A game's name in the language (its words' name or name_ru)."""
    return spec.words.name_ru if (lang or _current) == "ru" else spec.words.name
