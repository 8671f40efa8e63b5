"""The card table: the only code that touches the DOM (run by PyScript in the page).

``geometry`` and ``urlstate`` are pure and tested under CPython; ``view`` draws a
State into the DOM; ``app`` wires the toolbar, the pointer and the keyboard to a
``patience.Session`` and plays only through the engine's checked path.
"""
