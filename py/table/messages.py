"""The page's words in English and Russian, by key (``i18n.t`` fills them in): the
toolbar, dialogs, messages, what a screen reader is told, the statistics.  A game's own
words (its rules help, option labels, pile names, sentences) live in its declaration.
Pure data; tests/table/test_i18n.py checks that every key is in both languages.
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "skip": "Skip to the card table",
        "game": "Game",
        "options": "Options",
        "options.title": "Variants of this game's rules",
        "settings": "Settings",
        "settings.language": "Language",
        "settings.theme": "Theme",
        "settings.theme.system": "As the system",
        "settings.theme.light": "Light",
        "settings.theme.dark": "Dark",
        "settings.motion": "Animation",
        "settings.motion.system": "As the system",
        "settings.motion.normal": "Normal",
        "settings.motion.fast": "Fast",
        "settings.motion.off": "Off",
        "settings.faces": "Card faces",
        "settings.faces.plain": "Plain",
        "settings.faces.classic": "Classic, with pictures",
        "settings.back": "Card backs",
        "settings.back.blue": "Blue stripes",
        "settings.back.red": "Red stripes",
        "settings.back.green": "Green stripes",
        "settings.back.lattice": "Blue lattice",
        "settings.back.lattice-red": "Red lattice",
        "settings.credit": "Classic cards and lattice backs: SVG-cards by David Bellot and Huub de Beer (LGPL-2.1).",
        "settings.large": "Large print cards",
        "settings.left": "Left-handed layout",
        "settings.auto": "Safe moves to the foundations play by themselves",
        "settings.winnable": "New deals: only winnable ones",
        "assist.won": "Winnable",
        "assist.lost": "Not winnable",
        "assist.unknown": "Not known",
        "assist.checking": "Checking…",
        "assist.all_known": "Found by a solver that sees every card, face-down ones too (all cards known).",
        "assist.blunder": "Move {n} ({move}) lost this deal: it could be won before it.",
        "assist.lost.before_never_home": "This deal cannot be won: the {card} in {pile} can never go home, "
                                         "because no {over} can ever get there before it.",
        "assist.lost.rank_before_never_home": "This deal cannot be won: the {card} in {pile} can never go "
                                              "home, because no {rank} can ever get there before it.",
        "assist.lost.two_foundations": "This deal cannot be won: the {card} in {pile} can never go home. "
                                       "The {n|card|cards} of its suit over it ({over}) must go home first, and "
                                       "then both foundations of its suit are past it.",
        "assist.lost.buried_home": "This deal cannot be won: the {card} in {pile} can never go home. The {over} "
                                   "on it must move off first, and it can go neither home (the {under} under "
                                   "them must go there first) nor onto the {twin}, which is home already.",
        "assist.lost.buried_under": "This deal cannot be won: the {card} in {pile} can never go home. The {over} "
                                    "on it must move off first, and it can go neither home (the {under} under "
                                    "them must go there first) nor onto the {twin}, which lies under them too.",
        "assist.lost.buried_buried": "This deal cannot be won: the {card} in {pile} can never go home. The {over} "
                                     "on it must move off first, and it can go neither home (the {under} under "
                                     "them must go there first) nor onto the {twin}, which is buried the same way.",
        "assist.undo_to": "Undo to before it",
        "assist.hint_button": "Hint",
        "assist.hint_title": "Show a good move (H)",
        "assist.hint": "Hint: {move}.",
        "assist.no_hint": "No move is left to suggest.",
        "assist.demo": "Demo",
        "assist.demo_title": "Watch the solver play this deal",
        "assist.stop": "Stop",
        "assist.finish": "Finish",
        "assist.finish_title": "Play the rest of the winning line",
        "assist.move": "{cards} to {pile}",
        "assist.stock": "turn the stock",
        "assist.stock_action": "{action} — click the stock",
        "assist.button": "press “{label}”",
        "assist.remove": "remove {cards}",
        "assist.searching": "Looking for a winnable deal… (deal {n})",
        "assist.searching_game": "{game}: looking for a winnable deal… (deal {n})",
        "assist.cancel": "Cancel",
        "assist.search_cancelled": "The search is stopped; the deal on the table is unchanged.",
        "assist.search_failed": ("None of the {n} deals tried could be proven winnable in time; the deal on the "
                                 "table is unchanged. Play a deal that is not checked, or turn off "
                                 "“New deals: only winnable ones” in Settings."),
        "assist.search_undecided": ("The solver decided none of the {n} deals tried in time, won or lost: under "
                                    "these rules it seldom can. The deal on the table is unchanged. Play a deal "
                                    "that is not checked, or turn off “New deals: only winnable ones” in Settings."),
        "assist.search_hopeless": ("Under these rules the solver decides no deal of this game in time, so none "
                                   "can be proven winnable; the deal on the table is unchanged. Play a deal that "
                                   "is not checked, or turn off “New deals: only winnable ones” in Settings."),
        "assist.deal_any": "Deal one not checked",
        "rules": "Rules",
        "rules.title": "How to play this game",
        "deal": "Deal",
        "deal.title": "Deal number",
        "deal.no": "#{seed}",
        "moves": "Moves",
        "time": "Time",
        "time.title": "Time played",
        "score": "Score",
        "undo": "Undo",
        "undo.title": "Undo (Ctrl+Z)",
        "redo": "Redo",
        "redo.title": "Redo (Ctrl+Y)",
        "restart": "Restart",
        "restart.title": "Start this deal again",
        "new": "New deal",
        "new.title": "Deal a new game",
        "more": "More",
        "more.title": "Options, settings, rules, statistics, Restart and Demo",
        "message.close": "Close message",
        "table": "Card table",
        "table.keys": "Arrow keys move between piles and cards; Enter or Space picks up and puts down; "
                      "F sends a card to a foundation; D turns the stock; Ctrl+Z undoes.",
        "back": "Back to the game",
        "win.title": "Solved!",
        "win.text": "You won {game} #{seed} in {n} {n|move|moves}.",
        "win.close": "Look at the table",
        "help.setup": "Set-up",
        "help.goal": "Goal",
        "help.moves": "Moves",
        "help.stock": "Stock and redeals",
        "help.options": "Options",
        "help.option": "{label} (default: {value})",
        "help.source": "Where the rules come from",
        "help.keys": "Playing with the keyboard",
        "help.keys.text": "Tab reaches the card table; the arrow keys move between piles (left and right) and "
                          "along a pile's cards (up and down). Enter or Space picks up the cards from the one "
                          "in focus to the top, and puts them down on the pile in focus; on the stock it turns "
                          "it, on a gap or a card of a grid game it plays its move. F sends the card in focus "
                          "to a foundation, D turns the stock, Escape puts the cards back, Ctrl+Z and Ctrl+Y "
                          "undo and redo. In a row whose cards are removed, Enter on a card shows a removal "
                          "that takes it and Enter on another of its cards makes it; on a card that several "
                          "removals take, Enter on it again shows the next one (each is announced: «choice 2 "
                          "of 3»), and Enter once more on the last makes it. Each move is announced.",
        "error": "Something went wrong; the game is unchanged. Please report it.",
        "illegal": "That move is not allowed. {reason}",
        "illegal.plain": "That move is not allowed.",
        "stuck": "No moves left. Undo, restart or start a new deal.",
        "stuck.stock": "No moves left (turning the stock brings no card that can be played). "
                       "Undo, restart or start a new deal.",
        "stuck.deal": "No card of this deal can be played. Start a new deal.",
        "stuck.deal.stock": "No card of this deal can be played, however often the stock is turned. "
                            "Start a new deal.",
        "stuck.score": "Score: {score}.",
        "stuck.special": "No card can move: use {offers}.",
        "update": "A new version of the app is ready.",
        "update.reload": "Reload now",
        "save.broken": "Your saved game could not be resumed: {reason}. It was set aside (kept in this "
                       "browser) and a new deal is shown.",
        "resume": "Your game of {game} (deal #{seed}, {n} {n|move|moves}) is saved: resume it, or move here "
                  "and it is kept for later.",
        "resume.action": "Resume it",
        "kept": "Your game of {game} (deal #{seed}, {n} {n|move|moves}) is kept for later, as it was: Back, "
                "Forward or its address brings it back.",
        "kept.give_up": "Give it up (a loss)",
        "kept.given_up": "Your game of {game} (deal #{seed}) was given up: it counts as lost.",
        "kept.broken": "The list of games kept for later could not be read; it was set aside (kept in this "
                       "browser).",
        "tabs.updated": "This game was played on in another tab: here is its latest position.",
        "storage": "This browser does not let the page save your game; it will be lost if you close the tab.",
        "url.game": "Unknown game “{game}”: showing {default} instead.",
        "url.seed": "The deal number “{seed}” is not a whole number from 1 to {max}: it was left out.",
        "url.option": "The option {name} takes {values}, not “{value}”: using {default}.",
        "url.unknown_option": "{game} has no option “{name}”: it was left out.",
        "value.on": "on",
        "value.off": "off",
        "value.inf": "unlimited",
        "or": " or ",
        "stats.open": "Statistics",
        "stats.open.title": "Your results",
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
        "stats.assisted": "Solved with help",
        "stats.assisted_column": "With help",
        "stats.hints": "Hints used",
        "stats.assisted_note": "A game finished by Demo, or by Finish before the rest was forced, is solved "
                               "with help: not a win, it keeps the streak as it was and sets no record.",
        "stats.win_assisted": "{game} #{seed} solved with help in {n} {n|move|moves}: counted apart in the "
                              "statistics, not as a win.",
        "stats.win_hints": "Hints used: {n}.",
        "stats.help": "Statistics and help from the solver",
        "stats.help.text": "A game counts as played at its first move. Left unfinished for a new deal or other "
                           "options of the same game, it is kept for later, as it was (its moves, clock and undo "
                           "history): Back, Forward or its address brings it back. It counts as lost only when "
                           "you give it up (the button of the message that says it is kept), or when it is the "
                           "oldest of more than 20 games kept. A game finished by Demo, or by Finish before the rest was "
                           "forced, is solved with help and counted apart: it is not a win, it neither extends "
                           "nor resets your winning streak, and it sets no best time or fewest moves. The rest "
                           "is forced when nothing is left to decide: in a game built on foundations, no card "
                           "is face down, the stock is out and the cards can go home one after another; in the "
                           "Gaps games, what is left is putting cards into the places after the rows' runs; in "
                           "Bride and Groom, the stock is out (or holds only the king of hearts) and every way "
                           "on wins. Finish pressed from there keeps the win yours. Hints are counted (once a "
                           "position) and shown in the statistics; a game won after hints is still a win.",
        "stats.say_assisted": "Solved with help: not counted as a win.",
        "stats.chart": "Last {n} {n|game|games}: won (up), solved with help (short, up) and lost (down), "
                       "with the win rate so far",
        "stats.chart_label": "Results of the last {n} {n|game|games}: {won} won, {assisted} solved with help, "
                             "{lost} lost",
        "stats.chart_empty": "Results over time (none yet)",
        "stats.all": "All games",
        "stats.game": "Game and options",
        "stats.export": "Export…",
        "stats.import": "Import…",
        "stats.imported": "Statistics imported: {n} {n|record|records}. The previous ones are kept.",
        "stats.undo_import": "Undo the import",
        "stats.import_undone": "The statistics from before the import are back.",
        "stats.bad_import": "That file could not be imported: {reason}. Your statistics are unchanged.",
        "stats.unreadable": "Your statistics could not be read ({reason}); they were set aside and a new count begins.",
        "stats.partly": "Part of your statistics could not be read ({reason}); it was set aside, the rest is kept.",
        # cards and piles, for screen readers and announcements
        "card": "{rank} of {suit}",
        "card.up": "{card}, face up",
        "card.down": "face-down card",
        "card.where": "{card}, {pile}, {k} of {n}",
        "pile.empty": "{pile}, empty",
        "pile.count": "{pile}, {n} {n|card|cards}",
        "pile.t": "column {n}",
        "pile.f": "foundation {n}",
        "pile.stock": "stock",
        "pile.waste": "waste",
        "pile.reserve": "reserve",
        "pile.discard": "discard pile",
        "say.move": "{cards} to {pile}.",
        "say.cards": "{n} cards from {card}",
        "say.stock": "Stock turned.",
        "say.action": "{action}.",
        "say.turned": "Turned up: {cards}.",
        "say.picked": "Picked up {cards}. Choose where to put them.",
        "say.put_back": "Put back.",
        "say.undo": "Undone.",
        "say.redo": "Redone.",
        "say.won": "Solved! You won the game.",
        "say.nothing": "Nothing to pick up here.",
        "say.and": "{first} and {last}",
        "say.choice": "Removal of {cards}: choice {i} of {n}. Tap another of these cards to make it, "
                      "or this card again for the next choice.",
        "say.choice.last": "Removal of {cards}: choice {i} of {n}, the last. Tap this card again to make it.",
        "reason.save.unreadable": "the save is not readable (it may have been cut short)",
        "reason.save.not_save": "the save is not a saved game",
        "reason.save.version": "the save comes from another version of the app ({version})",
        "reason.save.damaged": "the save is incomplete or damaged ({error})",
        "reason.save.damaged_plain": "the save is incomplete or damaged",
        "reason.save.marks": "the save is damaged (its time or statistics mark is not valid)",
        "reason.save.count": "the save is damaged (its move count does not fit)",
        "reason.save.seed": "the save is damaged (its deal number is out of range)",
        "reason.save.replay": "the saved moves do not replay ({error})",
        "reason.stats.json": "the file is not JSON (it may be cut short)",
        "reason.stats.format": "the file does not hold Patience statistics",
        "reason.stats.version": "the statistics come from another version of the app ({version})",
        "reason.stats.records": "the statistics have no valid list of records",
        "reason.stats.game": "a record names no known game ({key})",
        "reason.stats.field": "the record {key} has no valid “{name}”",
        "reason.stats.record": "the record {key} is not a record",
        "reason.stats.history": "the record {key} has no valid history",
        "reason.stats.entry": "the record {key} has a damaged history entry",
        "reason.stats.sum": "the record {key} does not add up (more wins or losses than games)",
        "listed.unreadable": ("The record of the listed deals you played and of your days won could not be read "
                              "({reason}); it was set aside and a new one begins."),
        "reason.listed.json": "it is not JSON",
        "reason.listed.format": "it is not this page's record",
        "reason.listed.version": "its format is newer than this page",
        "winnable.listed": "{game}: {n} {n|deal|deals} proven winnable, dealt at once.",
        "winnable.search": ("{game} under these options has no list: each new deal is searched here until one is "
                            "proven winnable."),
        "winnable.none": ("{game} under these options has no list of winnable deals yet, and the solver can seldom "
                          "prove one of its deals winnable: new deals are not checked."),
        "winnable.unchecked": ("{game} under these options has no list of winnable deals yet, and the solver can "
                               "seldom prove one of its deals winnable: this deal is not checked."),
        "daily": "Deal of the day",
        "daily.title": "Today's deal of this game: the same for every player, and proven winnable",
        "daily.opened": "Deal of the day, {date}: {game} #{seed}, proven winnable.",
        "daily.none": "{game} has no deal of the day yet: none of its deals has been proven winnable.",
        "help.lists": "Winnable deals",
        "help.list": "{options}: {n} {n|deal|deals} proven winnable (of deals 1 to {last}).",
        "help.list_none": "{options}: no deal proven winnable yet.",
        "help.list_defaults": "The default options",
        "help.lists.text": ("With “New deals: only winnable ones” in Settings on, a new deal under these options "
                            "comes from the list at once, one you have not played; under other options each new deal "
                            "is searched in the page. The deal of the day comes from the first of these lists that holds deals. "
                            "On a listed deal the indicator says “Winnable” at once, and Hint and Finish follow its "
                            "winning line from the first move."),
        "stats.daily": "Deal of the day, today",
        "stats.daily.won": "won",
        "stats.daily.open": "not won yet",
        "stats.daily_streak": "Days won in a row",
    },
    "ru": {
        "skip": "Перейти к столу с картами",
        "game": "Пасьянс",
        "options": "Варианты",
        "options.title": "Варианты правил этого пасьянса",
        "settings": "Настройки",
        "settings.language": "Язык",
        "settings.theme": "Оформление",
        "settings.theme.system": "Как в системе",
        "settings.theme.light": "Светлое",
        "settings.theme.dark": "Тёмное",
        "settings.motion": "Анимация",
        "settings.motion.system": "Как в системе",
        "settings.motion.normal": "Обычная",
        "settings.motion.fast": "Быстрая",
        "settings.motion.off": "Выключена",
        "settings.faces": "Лицевая сторона карт",
        "settings.faces.plain": "Простая",
        "settings.faces.classic": "Классическая, с картинками",
        "settings.back": "Рубашка карт",
        "settings.back.blue": "Синяя в полоску",
        "settings.back.red": "Красная в полоску",
        "settings.back.green": "Зелёная в полоску",
        "settings.back.lattice": "Синяя с узором",
        "settings.back.lattice-red": "Красная с узором",
        "settings.credit": "Классические карты и рубашки с узором: SVG-cards, авторы Давид Белло и Хууб де Бер (LGPL-2.1).",
        "settings.large": "Крупные знаки на картах",
        "settings.left": "Для левши (зеркально)",
        "settings.auto": "Надёжные ходы в дом делаются сами",
        "settings.winnable": "Новые расклады — только решаемые",
        "assist.won": "Сходится",  # a patience «сходится»: comes out
        "assist.lost": "Не сходится",
        "assist.unknown": "Неизвестно",
        "assist.checking": "Проверяю…",
        "assist.all_known": "Проверено решателем, который видит все карты, и закрытые тоже (все карты известны).",
        "assist.blunder": "Ход {n} ({move}) погубил расклад: до него пасьянс ещё сходился.",
        "assist.lost.before_never_home": "Расклад не сойдётся: {card} ({pile}) никогда не уйдёт в дом: "
                                         "прежде неё там нужна карта «{over}», а такая туда уже не попадёт.",
        "assist.lost.rank_before_never_home": "Расклад не сойдётся: {card} ({pile}) никогда не уйдёт в дом: "
                                              "прежде неё там нужна карта «{rank}», а такая туда уже не попадёт.",
        "assist.lost.two_foundations": "Расклад не сойдётся: {card} ({pile}) никогда не уйдёт в дом. "
                                       "Сначала в дом {n|должна|должны|должны} уйти {n|лежащая|лежащие|лежащие} "
                                       "на ней {n|карта|карты|карты} её масти ({over}), а тогда оба дома этой "
                                       "масти будут уже выше неё.",
        "assist.lost.buried_home": "Расклад не сойдётся: {card} ({pile}) никогда не уйдёт в дом. Сначала с неё "
                                   "должна уйти карта «{over}», а ей некуда: в дом — только после карты "
                                   "«{under}», лежащей под ними, а карта «{twin}» уже в доме.",
        "assist.lost.buried_under": "Расклад не сойдётся: {card} ({pile}) никогда не уйдёт в дом. Сначала с неё "
                                    "должна уйти карта «{over}», а ей некуда: в дом — только после карты "
                                    "«{under}», лежащей под ними, а карта «{twin}» тоже лежит под ними.",
        "assist.lost.buried_buried": "Расклад не сойдётся: {card} ({pile}) никогда не уйдёт в дом. Сначала с неё "
                                     "должна уйти карта «{over}», а ей некуда: в дом — только после карты "
                                     "«{under}», лежащей под ними, а карта «{twin}» завалена так же.",
        "assist.undo_to": "Отменить до этого хода",
        "assist.hint_button": "Подсказка",
        "assist.hint_title": "Показать хороший ход (H)",
        "assist.hint": "Подсказка: {move}.",
        "assist.no_hint": "Подсказать нечего: ходов не осталось.",
        "assist.demo": "Показ",
        "assist.demo_title": "Посмотреть, как этот расклад решает компьютер",
        "assist.stop": "Стоп",
        "assist.finish": "Доиграть",
        "assist.finish_title": "Сыграть оставшиеся ходы решения",
        "assist.move": "{cards} — на {pile}",
        "assist.stock": "открыть карту из колоды",
        "assist.stock_action": "{action} — щелчок по колоде",
        "assist.button": "нажать «{label}»",
        "assist.remove": "снять {cards}",
        "assist.searching": "Ищу решаемый расклад… (расклад {n})",
        "assist.searching_game": "{game}: ищу решаемый расклад… (расклад {n})",
        "assist.cancel": "Отмена",
        "assist.search_cancelled": "Поиск остановлен; расклад на столе прежний.",
        "assist.search_failed": ("Ни один из {n} раскладов не удалось вовремя доказать решаемым; расклад на "
                                 "столе прежний. Сдайте расклад без проверки или отключите «Новые расклады — "
                                 "только решаемые» в настройках."),
        "assist.search_undecided": ("Решатель не успел решить ни одного из {n} раскладов — ни доказать, ни "
                                    "опровергнуть: при этих правилах это ему редко удаётся. Расклад на столе "
                                    "прежний. Сдайте расклад без проверки или отключите «Новые расклады — только "
                                    "решаемые» в настройках."),
        "assist.search_hopeless": ("При этих правилах решатель не успевает решить ни одного расклада этого "
                                   "пасьянса, поэтому доказать решаемость нельзя; расклад на столе прежний. "
                                   "Сдайте расклад без проверки или отключите «Новые расклады — только решаемые» "
                                   "в настройках."),
        "assist.deal_any": "Сдать без проверки",
        "rules": "Правила",
        "rules.title": "Правила этого пасьянса",
        "deal": "Расклад",
        "deal.title": "Номер расклада",
        "deal.no": "№ {seed}",
        "moves": "Ходы",
        "time": "Время",
        "time.title": "Время игры",
        "score": "Счёт",
        "undo": "Отменить",
        "undo.title": "Отменить ход (Ctrl+Z)",
        "redo": "Вернуть",
        "redo.title": "Вернуть ход (Ctrl+Y)",
        "restart": "Сначала",
        "restart.title": "Начать этот расклад заново",
        "new": "Новый расклад",
        "new.title": "Разложить новый пасьянс",
        "more": "Ещё",
        "more.title": "Варианты, настройки, правила, статистика, «Сначала» и «Показ»",
        "message.close": "Закрыть сообщение",
        "table": "Стол с картами",
        "table.keys": "Стрелки — переход между стопками и картами; Enter или пробел — взять и положить; "
                      "F — отправить карту в дом; D — открыть карту из колоды; Ctrl+Z — отменить ход.",
        "back": "Вернуться к игре",
        "win.title": "Пасьянс сошёлся!",
        "win.text": "Вы разложили «{game}» № {seed} за {n} {n|ход|хода|ходов}.",
        "win.close": "Посмотреть на стол",
        "help.setup": "Раскладка",
        "help.goal": "Цель",
        "help.moves": "Ходы",
        "help.stock": "Колода и пересдачи",
        "help.options": "Варианты правил",
        "help.option": "{label} (по умолчанию: {value})",
        "help.source": "Откуда правила",
        "help.keys": "Игра с клавиатуры",
        "help.keys.text": "Tab переводит фокус на стол; стрелки влево и вправо — переход между стопками, "
                          "вверх и вниз — по картам стопки. Enter или пробел берёт карты от выбранной до "
                          "верхней и кладёт их на выбранную стопку; на колоде — открывает карту, на пустом "
                          "месте или карте в раскладе-сетке — делает её ход. F отправляет выбранную карту в "
                          "дом, D открывает карту из колоды, Escape возвращает взятые карты, Ctrl+Z и Ctrl+Y "
                          "отменяют и возвращают ход. В ряду, из которого снимают карты, Enter на карте "
                          "показывает снятие с ней, а Enter на другой его карте делает его; если карту "
                          "забирают несколько снятий, Enter на ней ещё раз показывает следующее (каждое "
                          "объявляется: «вариант 2 из 3»), а на последнем Enter ещё раз делает его. Каждый "
                          "ход объявляется вслух.",
        "error": "Что-то пошло не так; партия не изменилась. Пожалуйста, сообщите нам об этом.",
        "illegal": "Так ходить нельзя. {reason}",
        "illegal.plain": "Так ходить нельзя.",
        "stuck": "Ходов больше нет. Отмените ход, начните сначала или разложите новый пасьянс.",
        "stuck.stock": "Ходов больше нет (из колоды не придёт ни одной карты, которую можно сыграть). "
                       "Отмените ход, начните сначала или разложите новый пасьянс.",
        "stuck.deal": "В этом раскладе не ходит ни одна карта. Разложите новый пасьянс.",
        "stuck.deal.stock": "В этом раскладе не ходит ни одна карта, сколько ни перебирай колоду. "
                            "Разложите новый пасьянс.",
        "stuck.score": "Счёт: {score}.",
        "stuck.special": "Ни одна карта не ходит: воспользуйтесь кнопкой {offers}.",
        "update": "Готова новая версия приложения.",
        "update.reload": "Перезагрузить",
        "save.broken": "Сохранённую партию не удалось продолжить: {reason}. Она отложена (хранится в этом "
                       "браузере), показан новый расклад.",
        "resume": "Ваша партия «{game}» (расклад № {seed}, {n} {n|ход|хода|ходов}) сохранена: продолжите её "
                  "или сделайте ход здесь, и она будет отложена.",
        "resume.action": "Продолжить её",
        "kept": "Ваша партия «{game}» (расклад № {seed}, {n} {n|ход|хода|ходов}) отложена как есть: «Назад», "
                "«Вперёд» или её адрес вернут её.",
        "kept.give_up": "Сдаться (проигрыш)",
        "kept.given_up": "Партия «{game}» (расклад № {seed}) сдана: она засчитана как проигрыш.",
        "kept.broken": "Список отложенных партий не удалось прочитать; он отложен (хранится в этом браузере).",
        "tabs.updated": "Эту партию продолжили в другой вкладке: вот её последняя позиция.",
        "storage": "Браузер не даёт странице сохранять партию; она пропадёт, если закрыть вкладку.",
        "url.game": "Пасьянса «{game}» нет: показан «{default}».",
        "url.seed": "Номер расклада «{seed}» — не целое число от 1 до {max}: он пропущен.",
        "url.option": "Правило {name} принимает значения {values}, а не «{value}»: взято {default}.",
        "url.unknown_option": "У пасьянса «{game}» нет правила «{name}»: оно пропущено.",
        "value.on": "да",
        "value.off": "нет",
        "value.inf": "без ограничения",
        "or": " или ",
        "stats.open": "Статистика",
        "stats.open.title": "Ваши результаты",
        "stats.title": "Статистика",
        "stats.this": "{game} — эти правила",
        "stats.played": "Сыг\u00adра\u00adно",  # (soft hyphens: the table's columns stay narrow on a phone)
        "stats.won": "Вы\u00adиг\u00adра\u00adно",
        "stats.rate": "Доля по\u00adбед",
        "stats.streak": "Серия побед сейчас",
        "stats.best_streak": "Самая длин\u00adная серия",
        "stats.best_time": "Луч\u00adшее вре\u00adмя",
        "stats.fewest": "Меньше всего ходов",
        "stats.score_total": "Очков всего",
        "stats.score_avg": "Очков в среднем",
        "stats.none": "С этими правилами ещё не сыграно ни одной партии: счёт начинается с первого хода.",
        "stats.assisted": "Решено с помощью",
        "stats.assisted_column": "С по\u00adмощью",  # (a soft hyphen: the column stays narrow on a phone)
        "stats.hints": "Подсказок взято",
        "stats.assisted_note": "Партия, доигранная «Показом» или кнопкой «Доиграть» до того, как остальное стало "
                               "очевидным, решена с помощью: это не победа, серия остаётся какой была, "
                               "рекордом она не считается.",
        "stats.win_assisted": "Партия «{game}» № {seed} решена с помощью за {n} {n|ход|хода|ходов}: в "
                              "статистике она учтена отдельно, не как победа.",
        "stats.win_hints": "Подсказок взято: {n}.",
        "stats.help": "Статистика и помощь программы",
        "stats.help.text": "Партия считается сыгранной с первого хода. Оставленная ради новой раздачи или "
                           "других правил того же пасьянса, она откладывается как есть (с ходами, временем и "
                           "отменой ходов): «Назад», «Вперёд» или её адрес вернут её. Проигранной она считается, "
                           "только если вы сдались (кнопка в сообщении о том, что партия отложена) или если она "
                           "самая старая из более чем 20 отложенных. Партия, доигранная «Показом» или кнопкой «Доиграть» "
                           "до того, как остальное стало очевидным, решена с помощью и учитывается отдельно: это "
                           "не победа, серия побед не растёт и не обрывается, рекордом лучшего времени или "
                           "наименьшего числа ходов она не считается. Остальное очевидно, когда решать уже "
                           "нечего: в пасьянсе с домами нет закрытых карт, колода кончилась и карты одна за "
                           "другой уходят в дома; в пасьянсах с пустыми местами осталось лишь ставить карты на "
                           "места за упорядоченным началом рядов; в «Женихе и невесте» колода кончилась (или в "
                           "ней остался только король червей) и любой путь ведёт к победе. «Доиграть» отсюда "
                           "оставляет победу вашей. Подсказки считаются (одна на позицию) и видны в "
                           "статистике; партия, выигранная после подсказок, — всё равно победа.",
        "stats.say_assisted": "Решено с помощью: победой не засчитано.",
        "stats.chart": "Последние {n} {n|партия|партии|партий}: выигрыш (вверх), решено с помощью (короткий "
                       "столбик вверх), проигрыш (вниз) и доля побед",
        "stats.chart_label": "Итоги последних {n} {n|партии|партий|партий}: выиграно {won}, решено с помощью "
                             "{assisted}, проиграно {lost}",
        "stats.chart_empty": "Итоги по времени (пока нет)",
        "stats.all": "Все пасьянсы",
        "stats.game": "Пасьянс и правила",
        "stats.export": "Сохранить в файл…",
        "stats.import": "Загрузить из файла…",
        "stats.imported": "Статистика загружена: {n} {n|запись|записи|записей}. Прежняя сохранена.",
        "stats.undo_import": "Отменить загрузку",
        "stats.import_undone": "Статистика возвращена к состоянию до загрузки.",
        "stats.bad_import": "Этот файл не загружен: {reason}. Ваша статистика не изменилась.",
        "stats.unreadable": "Статистику не удалось прочитать ({reason}); она отложена, счёт начинается заново.",
        "stats.partly": "Часть статистики не удалось прочитать ({reason}); она отложена, остальное сохранено.",
        "card": "{rank} {suit}",
        "card.up": "{card}, открыта",
        "card.down": "закрытая карта",
        "card.where": "{card}, {pile}, {k}-я из {n}",
        "pile.empty": "{pile}, пусто",
        "pile.count": "{pile}, {n} {n|карта|карты|карт}",
        "pile.t": "столбец {n}",
        "pile.f": "дом {n}",
        "pile.stock": "колода",
        "pile.waste": "отбой",
        "pile.reserve": "резерв",
        "pile.discard": "сброс",
        "say.move": "{cards} — на {pile}.",
        "say.cards": "{n} {n|карта|карты|карт} от карты {card}",
        "say.stock": "Открыта карта из колоды.",
        "say.action": "{action}.",
        "say.turned": "Открылась карта: {cards}.",
        "say.picked": "Взято: {cards}. Выберите, куда положить.",
        "say.put_back": "Карты возвращены.",
        "say.undo": "Ход отменён.",
        "say.redo": "Ход возвращён.",
        "say.won": "Пасьянс сошёлся! Вы выиграли.",
        "say.nothing": "Здесь нечего взять.",
        "say.and": "{first} и {last}",
        "say.choice": "Снятие: {cards} — вариант {i} из {n}. Нажмите другую из этих карт, чтобы убрать, "
                      "или эту карту ещё раз — следующий вариант.",
        "say.choice.last": "Снятие: {cards} — вариант {i} из {n}, последний. Нажмите эту карту ещё раз, "
                           "чтобы убрать.",
        "reason.save.unreadable": "сохранение не читается (возможно, оно обрезано)",
        "reason.save.not_save": "это не сохранённая партия",
        "reason.save.version": "сохранение сделано другой версией приложения ({version})",
        "reason.save.damaged": "сохранение неполное или повреждено ({error})",
        "reason.save.damaged_plain": "сохранение неполное или повреждено",
        "reason.save.marks": "сохранение повреждено (неверно время или отметка статистики)",
        "reason.save.count": "сохранение повреждено (не сходится число ходов)",
        "reason.save.seed": "сохранение повреждено (номер расклада вне допустимых)",
        "reason.save.replay": "сохранённые ходы не воспроизводятся ({error})",
        "reason.stats.json": "файл не в формате JSON (возможно, он обрезан)",
        "reason.stats.format": "в файле нет статистики «Пасьянсов»",
        "reason.stats.version": "статистика сделана другой версией приложения ({version})",
        "reason.stats.records": "в статистике нет правильного списка записей",
        "reason.stats.game": "запись называет неизвестный пасьянс ({key})",
        "reason.stats.field": "в записи {key} неверное поле «{name}»",
        "reason.stats.record": "{key} — не запись статистики",
        "reason.stats.history": "в записи {key} неверная история",
        "reason.stats.entry": "в записи {key} повреждена строка истории",
        "reason.stats.sum": "запись {key} не сходится (побед или проигрышей больше, чем партий)",
        "listed.unreadable": ("Запись о сыгранных раскладах из списков и о выигранных днях не удалось прочитать "
                              "({reason}); она отложена, запись начинается заново."),
        "reason.listed.json": "это не JSON",
        "reason.listed.format": "это не запись этой страницы",
        "reason.listed.version": "её формат новее этой страницы",
        "winnable.listed": "«{game}»: {n} {n|расклад|расклада|раскладов} с доказанным решением, сдаются сразу.",
        "winnable.search": ("У пасьянса «{game}» с этими вариантами нет списка: каждый новый расклад проверяется здесь, "
                            "пока не найдётся решаемый."),
        "winnable.none": ("У пасьянса «{game}» с этими вариантами пока нет списка решаемых раскладов, а доказать решаемость "
                          "его раскладов программе удаётся редко: новые расклады не проверяются."),
        "winnable.unchecked": ("У пасьянса «{game}» с этими вариантами пока нет списка решаемых раскладов, а доказать "
                               "решаемость его раскладов программе удаётся редко: этот расклад не проверен."),
        "daily": "Расклад дня",
        "daily.title": "Сегодняшний расклад этого пасьянса: один для всех игроков и решаемый",
        "daily.opened": "Расклад дня, {date}: «{game}» № {seed}, решаемый (доказано).",
        "daily.none": "У пасьянса «{game}» пока нет расклада дня: ни один его расклад ещё не доказан решаемым.",
        "help.lists": "Решаемые расклады",
        "help.list": "{options}: {n} {n|расклад|расклада|раскладов} с доказанным решением (из раскладов с 1 по {last}).",
        "help.list_none": "{options}: пока ни одного расклада с доказанным решением.",
        "help.list_defaults": "Варианты по умолчанию",
        "help.lists.text": ("Когда в настройках включено «Новые расклады — только решаемые», новый расклад с этими "
                            "вариантами сразу берётся из списка — тот, что вы ещё не играли; с другими вариантами "
                            "каждый новый расклад проверяется на странице. Расклад дня берётся из первого из этих списков, где есть расклады. "
                            "На раскладе из списка индикатор сразу показывает «Сходится», а «Подсказка» и «Доиграть» "
                            "с первого хода следуют его решению."),
        "stats.daily": "Расклад дня, сегодня",
        "stats.daily.won": "выигран",
        "stats.daily.open": "ещё не выигран",
        "stats.daily_streak": "Дней подряд с победой",
    },
}
