"""What each Maracaibo board part reads of the public view (``render.part_inputs``).

A part's picture is redrawn only when its slice changes. The header of every part names the
part and the round (or the phase), not who acts: the post's text mentions the acting player
and the caption (``part_caption``, written again for every post) says whose turn it is, so a
part the turn did not touch keeps its picture. Each function below returns every field its
part's picture is drawn from (the seat styles come from the seats in order, Jean's included);
the reader's language and names are keyed apart by the bot. ``tests/render/test_part_inputs.py``
checks, over random games of every registered game, that equal slices draw equal pictures.
``private_inputs`` is the same for a seat's private panel.
"""

from __future__ import annotations

from rules.core import View
from rules.maracaibo.view import MaracaiboView


def header(view: MaracaiboView) -> tuple[str, int]:
    """What a part's header band shows besides the part's name (``picture_status``)."""
    return view.phase, view.round


def _seats(view: MaracaiboView) -> tuple[list[str], bool]:
    """The seats in the order their styles are dealt, and whether Jean plays."""
    return list(view.players), view.jean is not None


def map_inputs(view: MaracaiboView) -> object:
    """The Caribbean map and the route schematic: ships, ownership markers (the Silver Fleet's
    too), market spaces, city tiles, quests (how many per place), assistants, legacy
    tiles."""
    b = view.board
    return (
        header(view),
        _seats(view),
        [p.ship for p in view.players.values()],
        view.jean.ship if view.jean is not None else None,
        b.markers,
        b.markets,
        b.city_tiles,
        {loc: len(quests) for loc, quests in b.quests.items()},
        b.assistants,
        view.legacy_tiles,
    )


def tracks_inputs(view: MaracaiboView) -> object:
    """The explorer track, the table of VP, income and influence, the display, prestige
    buildings, piles, the combat in progress, the round's start player and Jean's board."""
    b = view.board
    return (
        header(view),
        _seats(view),
        [(p.explorer, p.vp, p.inc_d, p.inc_vp, p.influence) for p in view.players.values()],
        view.jean,
        b.explorer_done,
        b.explorer_quests,
        b.deck_size,
        len(b.discard),
        b.display,
        b.prestige,
        b.quest_pile_top,
        b.quest_pile_size,
        b.pile_sizes,
        view.combat,
        view.start_player,
    )


def ships_inputs(view: MaracaiboView) -> object:
    """Each player's ship board: VP, supplies, counts, upgrade sections, planned and bought
    cards, career and tasks done."""
    return (
        header(view),
        _seats(view),
        [
            (
                p.vp,
                p.doubloons,
                p.cp,
                p.personal,
                p.hand_count,
                p.quest_count + p.card_quest_count,
                p.token_count,
                len(p.synergies),
                p.discs,
                p.plan,
                p.tableau,
                p.career,
                len(p.tasks),
            )
            for p in view.players.values()
        ],
    )


def private_inputs(view: View) -> object:
    """The slice of a seat's view its private panel is drawn from (picture and summary): the
    seat, its hidden things (hand, tokens, quest tiles, career choices, setup discards), its
    planning area and career, whether the setup hint shows, and the story tiles its quests'
    texts read. Other seats' moves rarely touch it, so a DM after them reuses the panel."""
    if not isinstance(view, MaracaiboView):
        raise TypeError(f"render.maracaibo needs a MaracaiboView, got {type(view).__name__}")
    seat = view.viewer
    p = view.players.get(seat) if seat is not None else None
    if view.you is None or p is None:
        return seat, view.you is not None
    hint = view.phase == "setup" and not p.setup_done
    quests = bool(view.you.quests or view.you.card_quests)
    return seat, view.you, p.plan, p.career, hint, view.story_tiles if quests else None


def part_inputs(view: View, part: str) -> object:
    """The slice of ``view`` board part ``part`` is drawn from."""
    if not isinstance(view, MaracaiboView):
        raise TypeError(f"render.maracaibo needs a MaracaiboView, got {type(view).__name__}")
    if part in ("map", "route"):
        return map_inputs(view)
    if part == "tracks":
        return tracks_inputs(view)
    if part == "ships":
        return ships_inputs(view)
    raise KeyError(f"no Maracaibo board part {part!r}")
