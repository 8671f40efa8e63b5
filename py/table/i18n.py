"""The page's words in Russian and English.  Pure, tested under CPython: a test fails
when a key is missing in either language.

``t(key, **values)`` gives the text of a key in the current language, with ``{name}``
places filled in.  Russian plurals: ``{n} {n|ход|хода|ходов}`` picks the form for n.
"""

from __future__ import annotations

import re

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


def t(key: str, lang: str | None = None, **values: object) -> str:
    lang = lang or _current
    text = MESSAGES[lang].get(key) or MESSAGES["en"][key]

    def plural(m: re.Match[str]) -> str:
        forms = [f for f in m.group(2, 3, 4) if f is not None]
        n = values.get(m.group(1), 0)
        return forms[min(plural_form(int(n) if isinstance(n, int) else 0, lang), len(forms) - 1)]

    return _PLURAL.sub(plural, text).format(**values)


MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "time": "Time",
        "stats.open": "Statistics",
        "stats.title": "Statistics",
        "stats.this": "{game} — these options",
        "stats.played": "Played",
        "stats.won": "Won",
        "stats.rate": "Win rate",
        "stats.streak": "Current streak",
        "stats.best_streak": "Longest streak",
        "stats.best_time": "Best time",
        "stats.fewest": "Fewest moves",
        "stats.score_total": "Total score",
        "stats.score_avg": "Average score",
        "stats.none": "No games played with these options yet: the count starts at your first move.",
        "stats.chart": "Last {n} {n|game|games}: won (up) and lost (down), with the win rate so far",
        "stats.chart_label": "Results of the last {n} {n|game|games}: {won} won, {lost} lost",
        "stats.all": "All games",
        "stats.game": "Game and options",
        "stats.export": "Export…",
        "stats.import": "Import…",
        "stats.close": "Back to the game",
        "stats.imported": "Statistics imported: {n} {n|record|records}. The previous ones are kept.",
        "stats.undo_import": "Undo the import",
        "stats.import_undone": "The statistics from before the import are back.",
        "stats.bad_import": "That file could not be imported: {reason}. Your statistics are unchanged.",
        "stats.unreadable": "Your statistics could not be read ({reason}); they were set aside and a new count begins.",
        "stats.yes": "yes",
    },
    "ru": {
        "time": "Время",
        "stats.open": "Статистика",
        "stats.title": "Статистика",
        "stats.this": "{game} — эти правила",
        "stats.played": "Сыграно",
        "stats.won": "Выиграно",
        "stats.rate": "Доля побед",
        "stats.streak": "Серия побед сейчас",
        "stats.best_streak": "Самая длинная серия",
        "stats.best_time": "Лучшее время",
        "stats.fewest": "Меньше всего ходов",
        "stats.score_total": "Очков всего",
        "stats.score_avg": "Очков в среднем",
        "stats.none": "С этими правилами ещё не сыграно ни одной партии: счёт начинается с первого хода.",
        "stats.chart": "Последние {n} {n|партия|партии|партий}: выигрыш (вверх), проигрыш (вниз) и доля побед",
        "stats.chart_label": "Итоги последних {n} {n|партии|партий|партий}: выиграно {won}, проиграно {lost}",
        "stats.all": "Все игры",
        "stats.game": "Игра и правила",
        "stats.export": "Сохранить в файл…",
        "stats.import": "Загрузить из файла…",
        "stats.close": "Вернуться к игре",
        "stats.imported": "Статистика загружена: {n} {n|запись|записи|записей}. Прежняя сохранена.",
        "stats.undo_import": "Отменить загрузку",
        "stats.import_undone": "Статистика возвращена к состоянию до загрузки.",
        "stats.bad_import": "Этот файл не загружен: {reason}. Ваша статистика не изменилась.",
        "stats.unreadable": "Статистику не удалось прочитать ({reason}); она отложена, счёт начинается заново.",
        "stats.yes": "да",
    },
}
