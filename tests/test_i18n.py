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


def test_russian_text_is_russian():
    for key, text in MESSAGES["ru"].items():
        letters = [c for c in re.sub(r"\{[^}]*\}", "", text) if c.isalpha()]
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
