"""Campaign (spec 12): what persists between games of a channel, story cards read as data.

The rulebook prints no story-card text except card 75 (standalone), so the shipped data has
no campaign cards; a club that owns the box enters them as ``story_cards.json`` through
``REFEREE_DATA_DIR``. The legacy tiles' rules are in ``legacy.py``.
"""

from __future__ import annotations

from rules.core import Event, Text, decisions, term
from rules.core.models import Arg
from rules.maracaibo import legacy, quests
from rules.maracaibo.components import StoryInstruction, data
from rules.maracaibo.model import (
    CampaignPlay,
    CampaignState,
    MaracaiboState,
    Pending,
    Stacked,
    Vote,
)

FIRST_CARD = "01"
SKULLS = ("L3", "L20", "L21", "L22", "L23")
STORY_TILES = ["S1", "S2", "S3", "S4"]


def story_term(card_id: str) -> Text:
    return term("maracaibo.story.card", number=card_id)


def campaign_cards() -> list[str]:
    return sorted(c.id for c in data().stories.values() if not c.standalone)


def has_campaign_data() -> bool:
    return FIRST_CARD in data().stories


def first_card(chapter: int) -> str:
    """12.1: card 01 starts the campaign; cards 80-89 start a later chapter."""
    for card in data().stories.values():
        if chapter > 1 and card.chapter_start == chapter:
            return card.id
    return FIRST_CARD


def start(raw: dict[str, object] | None, chapter: int = 1) -> CampaignPlay:
    """Read the channel's campaign state (a fresh one for the first game)."""
    before = CampaignState.model_validate(raw or {"chapter": chapter})
    play = CampaignPlay(before=before, chapter=before.chapter)
    play.legacy_box = list(before.legacy_tiles_in_box)
    if not before.story_cards_in_archive and not before.pending_story_cards:
        first = first_card(before.chapter)
        play.deck = [c for c in campaign_cards() if c != first]
        play.tile_stack = list(STORY_TILES)
    else:
        play.deck = list(before.story_cards_in_deck)
        play.tile_stack = list(before.story_tile_stack)
    play.legacy = dict(before.legacy_tiles_on_board)
    play.legacy_source = dict(before.incomplete_disc_tiles)
    play.c_cards = [c for c in before.c_cards_in_pool if c in data().cards]
    play.decisions = dict(before.decisions)
    return play


def setup_reading(s: MaracaiboState, ev: list[Event]) -> None:
    """12.1: the first game reads card 01; later games read every archived and pending card."""
    play = s.campaign
    assert play is not None
    before = play.before
    cards = sorted(set(before.story_cards_in_archive) | set(before.pending_story_cards))
    for card in cards or [first_card(play.chapter)]:
        read(s, ev, card, None)
    legacy.arrive(s, ev)


def read(s: MaracaiboState, ev: list[Event], card_id: str, reader: str | None) -> None:
    """Place a story card and follow its instructions."""
    play = s.campaign
    assert play is not None
    if card_id not in data().stories:
        return
    if card_id in play.deck:
        # Cards skipped while searching go to the bottom of the story deck.
        i = play.deck.index(card_id)
        play.deck = play.deck[i + 1 :] + play.deck[:i]
    if card_id not in play.in_play:
        play.in_play.append(card_id)
    ev.append(Event(key="maracaibo.event.story_read", args={"story": story_term(card_id)}))
    for ins in data().stories[card_id].instructions:
        if ins.when == "setup":
            follow(s, ev, card_id, ins, reader)


def follow(
    s: MaracaiboState, ev: list[Event], card_id: str, ins: StoryInstruction, reader: str | None
) -> None:
    play = s.campaign
    assert play is not None
    if ins.kind == "quests":
        quests.add_tiles(s, ev, ins.at.get(quests.story_column(len(s.seats)), []))
    elif ins.kind == "story_tile" and play.tile_stack:
        tile = play.tile_stack.pop(0)
        play.story_tiles[tile] = card_id
        s.board.quests[ins.location] = [*s.board.quests.get(ins.location, []), tile]
    elif ins.kind == "add_cards":
        for c in ins.cards:
            if c in data().cards and c not in play.c_cards:
                play.c_cards.append(c)
                if c in s.board.box:
                    s.board.box.remove(c)
                if ins.to == "discard":
                    s.board.discard.append(c)
                else:
                    s.board.deck.append(c)
                    s.rng.shuffle(s.board.deck)
    elif ins.kind == "read":
        if s.phase == "scoring" and s.scoring is not None and s.scoring.kind == "final":
            play.revealed_in_final.append(ins.story)
            if ins.story in play.deck:
                play.deck.remove(ins.story)
        else:
            read(s, ev, ins.story, reader)
    elif ins.kind == "legacy_tile":
        for tile in ins.tiles:
            rules = data().legacy.get(tile, [])
            owner = play.legacy_source.get(tile)
            if owner is not None and owner != card_id:
                # Two cards need the same tile: the higher-numbered card wins (12.3).
                loser = min(owner, card_id)
                play.removed.append(loser)
                if loser == card_id:
                    continue
            play.legacy[tile] = ins.location or (rules[0].location if rules else "")
            play.legacy_source[tile] = card_id
        legacy.arrive(s, ev)
    elif ins.kind == "remove_skull" and reader is not None:
        skulls = [t for t in SKULLS if t in play.legacy]
        if skulls:
            s.stack.append(Pending(kind="remove_skull", seat=reader, items=skulls))
    elif ins.kind == "reward" and reader is not None and ins.ops:
        s.stack.append(Pending(kind="ops", seat=reader, ops=list(ins.ops), cat="quests"))


def claimer(s: MaracaiboState, tile: str) -> str | None:
    for seat, p in s.players.items():
        if tile in p.quests:
            return seat
    if s.jean is not None and tile in s.jean.quests:
        return s.seats[0]  # MAR-J11: the human reads what Jean fulfilled
    return None


def check_stories(s: MaracaiboState) -> None:
    """12.2 / scoring step 6: cards whose story tile was claimed are read back (ascending)."""
    play = s.campaign
    assert play is not None
    due: list[tuple[str, str]] = []
    for tile, card_id in play.story_tiles.items():
        reader = claimer(s, tile)
        if reader is not None and card_id not in play.resolved:
            due.append((card_id, reader))
    trigger = s.scoring.trigger if s.scoring is not None else s.seats[0]
    ender = trigger if trigger in s.players else s.seats[0]
    for card_id in play.in_play:
        tile = data().stories[card_id].requires_full_tile
        rules = [t for t in data().legacy.get(tile, []) if t.kind == "disc"]
        full = bool(rules) and play.tile_discs.get(tile, 0) >= rules[0].capacity
        if full and card_id not in play.resolved:
            due.append((card_id, ender))  # the player who ended the round reads it
    for card_id, reader in sorted(due, reverse=True):
        play.resolved.append(card_id)
        s.stack.append(Pending(kind="story_back", seat=reader, card=card_id))


def resolve_back(s: MaracaiboState, ev: list[Event], top: Pending) -> None:
    """Push the vote (if the back has options), then the back's instructions."""
    back = data().stories[top.card].back
    if back is None:
        return
    s.stack.append(Pending(kind="story_apply", seat=top.seat, card=top.card))
    if len(back.options) > 1:
        # D20: one vote decision for every player at once (``seat`` is the reader).
        items = [o.id for o in back.options]
        s.stack.append(Vote(seat=top.seat, card=top.card, items=items, waiting=voters_left(s)))


def voting(s: MaracaiboState) -> bool:
    """A story back's vote is open (the decision on top of the stack)."""
    return isinstance(decisions.top(s.stack), Vote)


def voters_left(s: MaracaiboState) -> list[str]:
    """D20: the players who have not voted yet (every seated player votes; Jean does not)."""
    votes = s.campaign.votes if s.campaign is not None else {}
    return [seat for seat in s.seats if seat not in votes]


def apply_back(s: MaracaiboState, ev: list[Event], top: Pending) -> None:
    """D20: majority of the votes; a tie goes to the reader."""
    play = s.campaign
    assert play is not None
    back = data().stories[top.card].back
    assert back is not None
    chosen = ""
    if back.options:
        ids = [o.id for o in back.options]
        if top.what in ids:  # v2: the reader broke a tie
            chosen = top.what
            number = ids.index(chosen) + 1
            args: dict[str, Arg] = {
                "story": story_term(top.card),
                "seat": top.seat,
                "number": number,
            }
            ev.append(Event(key="maracaibo.event.story_tie_decided", args=args))
        elif play.votes:
            counted = _count_votes(s, ev, top, ids)
            if counted is None:  # v2: a tie waits for the reader's decision
                return
            chosen = counted
        else:
            chosen = ids[0]
            ev.append(
                Event(
                    key="maracaibo.event.story_decision",
                    args={"story": story_term(top.card), "number": 1},
                )
            )
        play.decisions[top.card] = chosen
        play.votes = {}
    steps = list(back.instructions)
    for option in back.options:
        if option.id == chosen:
            steps += option.instructions
    # 12.2: the back is carried out in printed order. What acts at once (a story tile, a card
    # read, quests) acts in that order; what waits for the reader (rewards, a skull to remove)
    # is stacked so that it, too, is decided in printed order, after the rest.
    base = len(s.stack)
    waiting: list[list[Stacked]] = []
    for ins in steps:
        follow(s, ev, top.card, ins, top.seat)
        waiting.append(s.stack[base:])
        del s.stack[base:]
    for frames in reversed(waiting):
        s.stack.extend(frames)


def _count_votes(s: MaracaiboState, ev: list[Event], top: Pending, ids: list[str]) -> str | None:
    """D20 (12.2, "다수결 ... 동률일 경우 이야기 카드를 읽는 사람이 결정"): the option with the
    most votes; on a tie the reader decides, and the reader's own vote is that decision (with
    at most four voters a tie always includes the reader's option). One public event shows
    every option's count and the result; who voted what stays unsaid."""
    play = s.campaign
    assert play is not None
    tally = {option: 0 for option in ids}
    for vote in play.votes.values():
        if vote:  # "" abstained
            tally[vote] += 1
    best = max(tally.values())
    leaders = [o for o in ids if tally[o] == best]
    tie = len(leaders) > 1
    if tie and s.rules_version >= 2:
        _ask_reader(s, ev, top, ids, leaders, tally)
        return None
    own = play.votes.get(top.seat, "")
    # a tie the reader abstained from goes to the first tied option as printed (a ruling)
    abstained = tie and own not in leaders
    chosen = leaders[0] if not tie or abstained else own
    counts = [term("maracaibo.vote_count", number=i + 1, count=tally[o]) for i, o in enumerate(ids)]
    args: dict[str, Arg] = {
        "story": story_term(top.card),
        "votes": counts,
        "number": ids.index(chosen) + 1,
    }
    if tie:
        args["seat"] = top.seat
    key = "maracaibo.event.story_vote"
    if tie:
        key += "_tie_abstained" if abstained else "_tie"
    ev.append(
        Event(
            key=key,
            args=args,
            reveals=True,
        )
    )
    return chosen


def _ask_reader(
    s: MaracaiboState,
    ev: list[Event],
    top: Pending,
    ids: list[str],
    leaders: list[str],
    tally: dict[str, int],
) -> None:
    """v2, D20: a tie is the reader's to decide (「동률이 발생할 경우, 이야기 카드를 읽는 사람이
    결정합니다」), asked among the tied options, also when the reader abstained. The story back
    waits beneath; the reader's answer is kept in its ``what`` (``engine``), then it applies."""
    counts = [term("maracaibo.vote_count", number=i + 1, count=tally[o]) for i, o in enumerate(ids)]
    ev.append(
        Event(
            key="maracaibo.event.story_vote_tie_ask",
            args={"story": story_term(top.card), "votes": counts, "seat": top.seat},
            reveals=True,
        )
    )
    assert s.campaign is not None
    s.campaign.votes = {}  # counted and shown; who voted what stays unsaid
    s.stack.append(top)
    s.stack.append(Pending(kind="tie_break", seat=top.seat, card=top.card, items=leaders))
    return None


def after(s: MaracaiboState) -> dict[str, object] | None:
    """12.4: what persists, written once when the game is over (never mid-game)."""
    play = s.campaign
    if play is None or s.phase != "over" or not s.options.campaign:
        return None
    before = play.before
    archive = sorted(set(before.story_cards_in_archive) | set(play.in_play))
    scores = {seat: p.vp for seat, p in s.players.items()}
    out = CampaignState(
        schema_version=before.schema_version,
        player_count_history=[*before.player_count_history, len(s.seats)],
        story_cards_in_archive=archive,
        pending_story_cards=sorted(set(play.revealed_in_final)),
        story_cards_in_deck=list(play.deck),
        story_tile_stack=list(play.tile_stack),
        legacy_tiles_on_board=dict(play.legacy),
        incomplete_disc_tiles={
            t.id: play.legacy_source.get(t.id, "")
            for t in legacy.active(s)
            if t.kind == "disc" and play.tile_discs.get(t.id, 0) < t.capacity
        },
        legacy_tiles_in_box=sorted(set(play.legacy_box) - set(play.legacy)),
        c_cards_in_pool=list(play.c_cards),
        removed_story_cards=sorted(set(before.removed_story_cards) | set(play.removed)),
        decisions=dict(play.decisions),
        chapter=play.chapter,
        history=[*before.history, scores],
    )
    return out.model_dump(mode="json")


def remove_skull(s: MaracaiboState, ev: list[Event], tile: str) -> None:
    """Story reward: a skull tile leaves the board (back to the box); without L3 Cartagena
    gets a random city tile for the player count."""
    play = s.campaign
    assert play is not None
    rules = data().legacy.get(tile, [])
    play.legacy.pop(tile, None)
    play.legacy_source.pop(tile, None)
    play.legacy_box.append(tile)  # removed legacy tiles go to the box and may return (12.3)
    ev.append(
        Event(key="maracaibo.event.legacy_removed", args={"tile": term(f"maracaibo.legacy.{tile}")})
    )
    for rule in rules:
        if rule.kind == "plague" and rule.location not in s.board.city_tiles:
            count = 2 if len(s.seats) <= 2 else len(s.seats)
            pool = [
                t
                for t in s.board.tiles_box
                if count in data().city_tiles[t].player_counts
                and not data().city_tiles[t].maracaibo
            ]
            if pool:
                chosen = pool[s.rng.randbelow(len(pool))]
                s.board.tiles_box.remove(chosen)
                s.board.city_tiles[rule.location] = chosen
                s.board.markets[rule.location] = ["" for _ in data().city_tiles[chosen].market]
