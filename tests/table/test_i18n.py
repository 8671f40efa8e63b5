"""The page's words: every key in both languages, plurals, the choice of language."""

import re

import pytest

from table.i18n import LANGUAGES, MESSAGES, pick_language, plural_form, t


def test_every_key_exists_in_both_languages():
    keys = {lang: set(MESSAGES[lang]) for lang in LANGUAGES}
    assert keys["ru"] == keys["en"], (keys["ru"] ^ keys["en"])


def test_placeholders_agree_between_languages():
    for key, english in MESSAGES["en"].items():
        names = set(re.findall(r"\{(\w+)", english))
        assert set(re.findall(r"\{(\w+)", MESSAGES["ru"][key])) == names, key


KEY_NAMES = {"Ctrl", "Z", "Y", "Enter", "Tab", "Escape", "F", "D", "JSON", "Python"}


def test_russian_text_is_russian():
    for key, text in MESSAGES["ru"].items():
        words = re.sub(r"\{[^}]*\}", "", text).replace("+", " ")
        letters = [c for w in re.findall(r"\w+", words) if w not in KEY_NAMES for c in w if c.isalpha()]
        assert not letters or sum("а" <= c.lower() <= "я" or c in "ёЁ" for c in letters) / len(letters) > 0.8, key


@pytest.mark.parametrize("n, form", [(1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (12, 2), (21, 0), (22, 1), (111, 2),
                                     (0, 2)])
def test_russian_plurals(n, form):
    assert plural_form(n, "ru") == form


def test_plural_in_text():
    assert t("stats.imported", "ru", n=1).startswith("Статистика загружена: 1 запись.")
    assert "3 записи" in t("stats.imported", "ru", n=3)
    assert "5 записей" in t("stats.imported", "ru", n=5)
    assert "1 record." in t("stats.imported", "en", n=1)
    assert "2 records." in t("stats.imported", "en", n=2)


def test_language_choice():
    assert pick_language("ru", ["en-US"]) == "ru"
    assert pick_language(None, ["ru-RU", "en"]) == "ru"
    assert pick_language(None, ["de-DE", "en-GB"]) == "en"
    assert pick_language("xx", ["fr"]) == "en"


def engine_templates() -> set[str]:
    """Every Text("…") template in the engine's sources."""
    import ast
    from pathlib import Path

    found = set()
    for path in (Path(__file__).resolve().parents[2] / "py" / "patience").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Text":
                arg = node.args[0]
                if isinstance(arg, ast.IfExp):
                    found |= {arg.body.value, arg.orelse.value}
                else:
                    found.add(arg.value)
    return found


def test_every_engine_sentence_has_its_russian():
    """The table's shared sentences and the games' own (gathered from their declarations)
    together say every sentence of the engine; tests/games/test_registry.py checks game by game."""
    from table.i18n import ENGINE_RU, GAME_SENTENCES_RU

    russian = {**GAME_SENTENCES_RU, **ENGINE_RU}
    templates = engine_templates()
    assert len(templates) >= 10 and len(GAME_SENTENCES_RU) >= 10
    assert templates <= set(russian), templates - set(russian)
    for key in templates:
        assert set(re.findall(r"\{(\w+)", key)) == set(re.findall(r"\{(\w+)", russian[key])), key


def test_a_game_sentence_and_a_game_pile_are_said_through_its_declaration():
    """Frog's refusal, the Gaps cells, Bride and Groom's row: words the games declare."""
    from patience import get_game
    from patience.game import Move
    from table.i18n import ENGINE_RU, MESSAGES, pile_name, say

    frog = get_game("frog")
    refusal = frog.explain(frog.deal(2), Move("recycle"))
    assert str(refusal) not in ENGINE_RU
    assert say(refusal, "ru") == "В «Лягушке» пересдачи нет: колода проходится один раз."
    assert say(refusal, "en") == "Frog has no redeal: the stock is turned only once."
    assert "pile.g" not in MESSAGES["en"] and "pile.row" not in MESSAGES["ru"]
    assert pile_name("g8-13", "ru") == "ряд 8, место 13" and pile_name("row", "en") == "the row"
    assert pile_name("kings", "ru") == "короли" and pile_name("removed", "ru") == "снятые карты"
    assert pile_name("discard", "en") == "discard pile"  # a role's name: the table's own word
    assert pile_name("g8", "en") == "g8" and pile_name("t1-2", "en") == "t1-2"  # numbers the words do not name
    assert pile_name("nowhere", "ru") == "nowhere" and pile_name("T-1", "ru") == "T-1"


def test_engine_sentences_read_naturally_in_both_languages():
    from patience import get_game
    from patience.game import Move
    from table.i18n import card_name, pile_name, say

    game = get_game("cross")
    state = game.deal(3)
    assert say(game.spec.describe(game, state), "ru").startswith("Тур 1 из 3 · в колоде")
    assert say(game.spec.describe(game, state), "en").startswith("Round 1 of 3 · stock")
    refill = game.action("refill")
    assert refill is not None and refill.label is not None
    label = refill.label(game, state, Move("refill", game.index["t4"]))
    assert say(label, "en") == "Refill column 4 from the stock" and say(label, "ru") == "Пополнить столбец 4 из колоды"
    assert card_name(12, 1, "ru") == "дама червей" and card_name(1, 0, "en") == "ace of spades"
    assert card_name(10, 2, "ru") == "десятка бубён" and card_name(13, 3, "en") == "king of clubs"
    assert pile_name("g3-12", "en") == "row 3, place 12" and pile_name("f8", "ru") == "дом 8"


def test_stock_labels_under_the_stock_are_said_in_russian():
    """The label under the stock («Змей», «Исчезнувший крест», Bride and Groom) is an engine
    sentence: the table shows it through say(), so it reads in the player's language."""
    from patience import get_game
    from table.i18n import say

    for game_id in ("zmey", "cross", "bride"):
        game = get_game(game_id)
        label = game.stock_label(game.deal(4))
        assert label, game_id
        russian = say(label, "ru")
        assert re.search("[а-я]", russian) and not re.search("[a-z]", russian), (game_id, russian)
