"""The classic card faces: svg-cards keeps every card as a group in one file's <defs>;
the page shows a card as the background image of its element, which needs a file of its
own: one small SVG a card (the card's group and the groups it uses), and a stylesheet
naming each card's file."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from .common import VENDOR, fail
from .vendor import RUNTIMES

SVG_NS, XLINK_NS = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"
CARD_SUITS = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
CARD_RANKS = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king", **{str(n): str(n) for n in range(2, 10)}}
CARD_BACKS = {"lattice": ("back", "#1d4f9c"), "lattice-red": ("back", "#a3162c")}  # file: (group, fill)
CARD_BOX = ("169.075", "244.64")  # svg-cards' card size


def card_svgs(source: bytes) -> dict[str, bytes]:
    """Each card of svg-cards (by our face code, "Ks") and each back (CARD_BACKS) as an
    SVG of its own: the groups it draws, found through its references, and a <use>."""
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    defs = ET.fromstring(source).find(f"{{{SVG_NS}}}defs")
    if defs is None:
        fail("svg-cards.svg has no <defs>")
    assert defs is not None
    top = {el.get("id"): child for child in defs for el in child.iter() if el.get("id")}
    url = re.compile(r"url\(#([^)]+)\)")

    def uses(el: ET.Element) -> list[str]:
        out = []
        for e in el.iter():
            for key, value in e.attrib.items():
                if key in (f"{{{XLINK_NS}}}href", "href") and value.startswith("#"):
                    out.append(value[1:])
                out += url.findall(value)
        return out

    def one(group: str, fill: str | None) -> bytes:
        if group not in top:
            fail(f"svg-cards.svg has no card {group!r}")
        parts: list[ET.Element] = []
        todo = [top[group]]
        while todo:
            part = todo.pop()
            if any(part is p for p in parts):
                continue
            parts.append(part)
            todo += [top[ref] for ref in uses(part) if ref in top]
        svg = ET.Element(f"{{{SVG_NS}}}svg", {"viewBox": f"0 0 {CARD_BOX[0]} {CARD_BOX[1]}",
                                              "width": CARD_BOX[0], "height": CARD_BOX[1]})
        ET.SubElement(svg, f"{{{SVG_NS}}}defs").extend(parts)
        attrs = {f"{{{XLINK_NS}}}href": f"#{group}", **({"fill": fill} if fill else {})}
        ET.SubElement(svg, f"{{{SVG_NS}}}use", attrs)
        return ET.tostring(svg)

    faces = {r + s: one(f"{suit}_{rank}", None) for s, suit in CARD_SUITS.items() for r, rank in CARD_RANKS.items()}
    faces.update({f"back-{name}": one(group, fill) for name, (group, fill) in CARD_BACKS.items()})
    return faces


def write_card_faces(dest: Path) -> None:
    """static/cards/: a file a card of svg-cards (card_svgs); and the rules that show them
    on the table when the classic faces are chosen (html[data-faces="classic"]) and its
    backs when one of them is (html[data-back="lattice"] …), added to the site's
    static/app.css (no stylesheet more to wait for before the page shows)."""
    out = dest / "static" / "cards"
    out.mkdir(parents=True, exist_ok=True)
    rules = ["", "/* the classic card set: added by the build (tools/card_faces.py) from svg-cards "
             + RUNTIMES[2][1] + ", LGPL-2.1 */"]
    for name, data in card_svgs((VENDOR / "svg-cards" / "svg-cards.svg").read_bytes()).items():
        (out / f"{name}.svg").write_bytes(data)
        if name.startswith("back-"):
            rules.append(f'html[data-back="{name[5:]}"] .card.down {{ background-image: url("cards/{name}.svg"); }}')
        else:
            rules.append(f'html[data-faces="classic"] .card[data-card="{name}"] '
                         f'{{ background-image: url("cards/{name}.svg"); }}')
    css = dest / "static" / "app.css"
    text = css.read_text()
    css.unlink()  # a hard link to the project's own (build_site): replaced, never written through
    css.write_text(text + "\n".join(rules) + "\n")
