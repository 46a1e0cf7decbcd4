"""Cups: counters drawn at random (CoH 15.2 vehicle hit counters) as a VASSAL Deck (``DrawPile``) on the holding map.

A rule system names the counters drawn from a cup (:meth:`~modgen.systems.base.RuleSystem.cup`). The module puts a
DrawPile of that name in the box the scenario sets those counters up in (its first slot); the set-up (.vsav) holds
the Deck as VASSAL's ``GameState`` writes it (an AddPiece of type ``deck;…`` whose state lists the cards' ids) and each
card at the Deck's point, with the face the scenario sets it up on. Face down: the scenario puts the cards on their
back face (the counter's own back art, the Face layer; Storms of Steel's Kolkhoz Road: ``"face": "back"``), which is
how a real cup hides them; the Deck's own face-down option is off because VASSAL hides a card through it only when
the card has a Mask (Obscurable) trait, which these counters do not have. The Deck is shuffled
(``shuffle="Always"``: every draw takes a random card, ``Deck.drawCards``), one card a draw, no choosing: a player
drags the top card onto the unit. The set-up also carries ``SETUP_STACK`` (the game is not new), else the DrawPile
would start an empty Deck over the saved one (``SetupStack.setup``).

A card dragged out of the Deck is an ordinary MovePiece of that piece: the log adapter reads it like a hit counter
dragged from the pool (:mod:`.markerlog`); the Deck itself is a container, not a piece (:mod:`.reader`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from modgen.vassal import sequence as se


@dataclass
class DeckSpec:
    """One DrawPile: its name, the map and board point of its centre, its size in pixels."""

    name: str
    map_id: str
    x: int
    y: int
    width: int
    height: int
    #: placement indices (into the set-up's placements) of the cards, top card last
    cards: list[int] = field(default_factory=list)


def drawpile_attrs(d: DeckSpec) -> dict[str, object]:
    """The ``VASSAL.build.module.map.DrawPile`` attributes (``getAttributeNames``, read by 3.6 and 3.7)."""
    return {"name": d.name, "owningBoard": d.map_id, "x": d.x, "y": d.y, "width": d.width, "height": d.height,
            "allowMultiple": False, "allowSelect": False, "faceDown": "Never", "drawFaceUp": False,
            "shuffle": "Always", "reversible": False, "draw": True, "color": "0,0,0", "reshufflable": False,
            "canSave": False, "maxStack": 10, "expressionCounting": False, "hotkeyOnEmpty": False,
            "restrictOption": False, "deckRestrictAccess": False}


def deck_type(d: DeckSpec) -> str:
    """The Deck's type (``Deck.getType`` as a DrawPile with :func:`drawpile_attrs` writes it, up to ``drawFaceUp`` and
    ``persistable``; ``Deck.myRefreshType`` gives every later field its default)."""
    fields: list[str | int | bool] = [True, "0,0,0", d.width, d.height, "Never", "Always", False, False, False,
                                      "", "", "", d.name, "", "", "", False, False]
    return "deck;" + se.encode(fields, ";")


def deck_state(d: DeckSpec, ids: list[str]) -> str:
    """The Deck's state (``Deck.getState``): map, point, face down, the cards' ids (bottom first)."""
    tokens: list[str | int | bool] = [d.map_id, d.x, d.y, False]
    if ids:
        tokens.append(se.encode(ids, ","))
    return se.encode(tokens, ";")
