"""Malformed addresses: one table for the unit test of the address parser
(tests/table/test_table_pure.py) and the browser test of the page (tests/e2e/test_faults.py).

Each entry is a query (percent-encoded as a browser sends it) and words the English
message about it says.  Every one is told, and a valid deal takes its place."""

BAD_ADDRESSES: list[tuple[str, str]] = [
    ("?game=chess&seed=5", "Unknown game"),
    ("?game=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "Unknown game"),
    ("?game=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "Unknown game"),
    ("?game=klondike&seed=abc", "is not a whole number"),
    ("?game=klondike&seed=-4", "is not a whole number"),
    ("?game=klondike&seed=0", "is not a whole number"),
    ("?game=klondike&seed=1e9", "is not a whole number"),
    ("?game=klondike&seed=99999999999999999999999999999999", "is not a whole number"),
    ("?game=klondike&seed=%EF%BC%91%EF%BC%92", "is not a whole number"),  # full-width digits
    ("?game=frog&seed=" + "9" * 500, "is not a whole number"),
    ("?game=frog&seed=" + "9" * 5000, "is not a whole number"),  # more digits than int() reads
    ("?game=klondike&seed=" + "0" * 5000 + "1x", "is not a whole number"),
    ("?game=klondike&draw=7", "takes 3 or 1"),
    ("?game=klondike&draw=%3Cb%3E3%3C%2Fb%3E", "takes 3 or 1"),
    ("?game=klondike&colour=blue", "has no option"),
    ("?game=klondike&%3Cscript%3E=1", "has no option"),
    ("?game=canfield&seed=7&runs=any", "has no option"),  # a Klondike option in Canfield
]

# short test ids (some queries run to thousands of characters)
IDS = [query if len(query) <= 48 else f"{query[:40]}…({len(query)})" for query, _ in BAD_ADDRESSES]
