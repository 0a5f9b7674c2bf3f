"""Turn menus fit Discord's limits whatever the number of legal actions (issue 2, item 7)."""

from __future__ import annotations

from bot.menu import BUTTON_LIMIT, SELECT_SIZE, SELECTS_PER_PAGE, Choice, layout


def _choices(groups: dict[str, int]) -> list[Choice]:
    out: list[Choice] = []
    for group, n in groups.items():
        for i in range(n):
            out.append(Choice(index=len(out), group=group, label=f"{group} {i}"))
    return out


def test_few_actions_become_buttons() -> None:
    page = layout(_choices({"ship": 3, "end": 1}))
    assert [c.index for c in page.buttons] == [0, 1, 2, 3]
    assert page.selects == [] and page.pages == 1


def test_many_actions_become_grouped_selects_and_pages() -> None:
    choices = _choices({"ship": 60, "farm": 30, "pay": 40, "end": 1})
    seen: list[int] = []
    pages = layout(choices).pages
    for p in range(pages):
        page = layout(choices, p)
        assert len(page.selects) <= SELECTS_PER_PAGE
        for chunk in page.selects:
            assert 1 <= len(chunk.choices) <= SELECT_SIZE
            assert {c.group for c in chunk.choices} == {chunk.group}
            seen += [c.index for c in chunk.choices]
        assert [c.group for c in page.buttons] == ["end"], "a lone action is a button on every page"
    seen.append(choices[-1].index)
    assert sorted(seen) == list(range(len(choices))), "every action appears exactly once"
    assert len(choices) > BUTTON_LIMIT


def test_issue19_5_the_lone_turn_ending_action_is_a_button_on_the_first_page() -> None:
    """Ilos "end action" sat alone on page 2: a group of one action is a button on page 1,
    with room kept for the page buttons and for the caller's own buttons and selects."""
    choices = _choices({"ship": 30, "farm": 30, "pay": 30, "gold": 30, "end_turn": 1})
    first = layout(choices, 0)
    assert [c.group for c in first.buttons] == ["end_turn"]
    assert first.pages > 1
    assert len(first.buttons) + 2 <= 5 and len(first.selects) <= 4
    crowded = layout(choices, 0, extra_buttons=1, extra_rows=1)
    assert len(crowded.selects) + 1 + 1 <= 5, "buttons row + a multi-select + selects fit"
    assert len(crowded.buttons) + 1 + 2 <= 5


def test_page_number_is_clamped() -> None:
    choices = _choices({"a": 200})
    last = layout(choices, 999)
    assert last.page == last.pages - 1
