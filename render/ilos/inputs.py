"""What each Ilos board part reads of the public view (``render.part_inputs``).

A part's picture is drawn again only when its slice changes (``bot.rendering.PartPictures``).
The map's header names the game, the round and the phase, not who acts: the table part (its
header and the acting player's row), the post's text and every part's caption (the summary,
written again for every post) say whose turn it is, so a hand-over that moved nothing on the
archipelago keeps the map's picture. Each function returns every field its part's picture is
drawn from; the reader's language and names are keyed apart by the bot.
``tests/render/test_part_inputs.py`` checks, over random games of every registered game, that
equal slices draw equal pictures, and ``tests/render/test_ilos_render.py`` that a changed
field the picture shows changes the slice.
"""

from __future__ import annotations

from rules.ilos.view import IlosView


def header(view: IlosView) -> tuple[int, str, bool]:
    """What every part's header band shows besides its title (``render.ilos._header``)."""
    return view.round, view.phase, view.last_round


def seats(view: IlosView) -> list[tuple[str, str]]:
    """The seats in the order their styles are dealt, with their colours."""
    return [(p.seat, p.colour) for p in view.players]


def map_inputs(view: IlosView) -> object:
    """The archipelago: every placed tile (pose, number, spots with their owners and
    buildings, ships on each coast, pirates), whose ship is whose, and the header."""
    return (
        header(view),
        seats(view),
        view.board,
        [(s.id, s.owner) for s in view.ships],
    )


def table_inputs(view: IlosView) -> object:
    """Exploration (face-up tiles, stack, deck, discards, buildings left), the price tracks
    and markers, each player's row (counters, production, first player, who acts, draws; the
    screen and wealth once the game is over), and the header with who is to act."""
    finished = view.phase == "finished"
    return (
        header(view),
        view.active,
        seats(view),
        [
            (
                p.is_first,
                p.is_active,
                p.hand_size,
                p.ships_in_play,
                p.ships_in_supply,
                p.colonists_used,
                p.colonists_in_supply,
                p.forts,
                p.trading_posts,
                p.production,
                p.draw_count,
                p.screen if finished else None,
            )
            for p in view.players
        ],
        exploration(view),
        prices(view),
    )


def exploration(view: IlosView) -> object:
    """The exploration panel: face-up tiles, the stack, deck, discards, buildings left."""
    return (
        view.face_up,
        view.stack_size,
        view.deck_size,
        view.discard_size,
        view.building_tokens_left,
    )


def prices(view: IlosView) -> object:
    """The price panel: each resource's track and step, and the markers left."""
    return view.prices, view.markers_left, view.markers_total
