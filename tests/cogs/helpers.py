"""Small steps shared by the Discord flow tests (all through tests/harness.py)."""

from __future__ import annotations

import itertools
from typing import Any

from bot.i18n import tx
from tests.harness import Harness, Reply, custom_ids, select_options


async def open_table(h: Harness, kind: str, names: list[str], options: str = "") -> list[Any]:
    """Open a game, seat everyone and start it; returns the members in join order."""
    members = [h.member(n) for n in names]
    kwargs = {"kind": kind}
    if options:
        kwargs["options"] = options
    await h.slash(members[0], "game new", **kwargs)
    for m in members[1:]:
        await h.slash(m, "game join")
    started = await h.slash(members[0], "game start")
    assert started.ephemeral, started.content
    return members


def component_dicts(message: Any) -> list[dict[str, Any]]:
    """A message's components as Discord's JSON."""
    return [dict(c.to_dict()) for c in message.components]


def prompt(h: Harness) -> Any:
    """The latest channel message carrying a 'Take your turn' button."""
    for message in h.newest_first():
        ids = custom_ids(component_dicts(message))
        if any(i.startswith("rf:open:") for i in ids):
            return message
    raise AssertionError("no turn prompt in the channel")


def open_id(message: Any) -> str:
    return next(i for i in custom_ids(component_dicts(message)) if i.startswith("rf:open:"))


def acting_member(h: Harness, members: list[Any]) -> Any:
    """Whoever the latest prompt mentions."""
    text = prompt(h).content
    for m in members:
        if f"<@{m.id}>" in text.split("To act:")[-1]:
            return m
    raise AssertionError(f"no member is mentioned as acting in: {text}")


async def press_first_choice(h: Harness, member: Any, menu: Reply) -> Reply:
    """Choose the first offered action in an ephemeral menu (button or select)."""
    ids = menu.custom_ids
    act = next((i for i in ids if i.startswith("rf:act:")), None)
    if act is not None:
        return await h.click(member, menu, custom_id=act)
    sel = next(i for i in ids if i.startswith("rf:sel:"))
    value = select_options(menu.components)[sel][0]["value"]
    return await h.select(member, menu, sel, [value])


async def press_index(h: Harness, member: Any, menu: Reply, index: int) -> Reply:
    """Choose legal action number ``index`` in an ephemeral menu, paging as a player would."""
    for _ in range(50):
        ids = menu.custom_ids
        button = next((i for i in ids if i.startswith("rf:act:") and i.endswith(f":{index}")), None)
        if button is not None:
            return await h.click(member, menu, custom_id=button)
        for sel, options in select_options(menu.components).items():
            if any(o["value"] == str(index) for o in options):
                return await h.select(member, menu, sel, [str(index)])
        pages = sorted(i for i in ids if i.startswith("rf:page:"))
        forward = [p for p in pages if int(p.rsplit(":", 1)[1]) > _page_of(menu)]
        if not forward:
            break
        menu = await h.click(member, menu, custom_id=forward[0])
    raise AssertionError(f"action {index} is not offered in the menu")


def _page_of(menu: Reply) -> int:
    ids = [i for i in menu.custom_ids if i.startswith("rf:page:")]
    pages = sorted(int(i.rsplit(":", 1)[1]) for i in ids)
    if not pages:
        return 0
    if len(pages) == 2:
        return pages[0] + 1
    return pages[0] + 1 if "◀" in " ".join(menu.labels()) else pages[0] - 1


def is_menu(reply: Reply) -> bool:
    return any(i.startswith(("rf:act:", "rf:sel:", "rf:many:")) for i in reply.custom_ids)


async def type_number(h: Harness, member: Any, menu: Reply, number: Any, action: Any) -> Reply:
    """Play ``action`` of a number choice as a player does: its button, then the number."""
    value = next(n for n in range(number.low, number.high + 1) if number.build(n) == action)
    button = next(i for i in menu.custom_ids if i.startswith("rf:num:"))
    shown = await h.click(member, menu, custom_id=button)
    modal = shown.result.modal
    assert modal is not None, shown.content
    field = next(
        c for row in modal["components"] for c in row.get("components", [row]) if c["type"] == 4
    )
    return await h.submit_modal(member, shown, {field["custom_id"]: str(value)})


def offered_index(spec: Any, state: Any, seat: str, index: int) -> int:
    """The menu offers one choice per label (``bot.menu.choices_for``): the index of the
    first legal action that reads like action ``index`` (in either language)."""
    actions = spec.legal_actions(state, seat)
    for lang in ("en", "ko"):
        label = tx(spec.describe_action(state, seat, actions[index]), lang)
        for i in range(index):
            if tx(spec.describe_action(state, seat, actions[i]), lang) == label:
                return i
    return index


async def press_action(
    h: Harness, member: Any, menu: Reply, spec: Any, state: Any, index: int
) -> Reply:
    """Choose legal action ``index`` as a player would: by its menu entry, or, for a decision
    offered as one multi-select (``GameSpec.many_choice``), by picking the items naming it."""
    seat = next(s for s in state.seats if s in spec.to_act(state))
    actions = spec.legal_actions(state, seat)
    number = spec.number_choice(state, seat)
    if number is not None and spec.action_group(actions[index]) == number.group:
        return await type_number(h, member, menu, number, actions[index])
    many = spec.many_choice(state, seat)
    if many is None or spec.action_group(actions[index]) != many.group:
        return await press_index(h, member, menu, offered_index(spec, state, seat, index))
    if many.min_picks == 0 and actions[index] == many.build([]):
        return await press_index(h, member, menu, index)  # picking nothing is a button
    ids = [item for item, _ in many.items]
    for size in range(len(ids) + 1):
        for picked in itertools.combinations(ids, size):
            if (
                many.min_picks <= size <= many.max_picks
                and many.build(list(picked)) == actions[index]
            ):
                select = next(i for i in menu.custom_ids if i.startswith("rf:many:"))
                return await h.select(member, menu, select, list(picked))
    raise AssertionError(f"no pick of {ids} makes action {index}")
