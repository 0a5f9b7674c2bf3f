"""Every option value a game does not accept is refused in the player's language, never an
exception (issue 18 point 7: ``/game new kind:renaissance options:preset=euro`` raised
KeyError). Random option strings go through the parsing ``/game new`` uses
(``parse_options`` then ``checked_options``) for every registered game."""

from __future__ import annotations

import logging
import re
from typing import get_args, get_origin

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import UserError
from bot.i18n import t
from bot.service import checked_options, parse_options
from rules.registry import GAMES

KINDS = sorted(GAMES)


def _known_values(kind: str, name: str) -> list[str]:
    annotation = GAMES[kind].Options.model_fields[name].annotation
    if annotation is bool:
        return ["true", "false", "yes", "off"]
    if get_origin(annotation) is not None:
        return [str(v) for v in get_args(annotation) if v is not None]
    return ["0", "1", "3", "-1", "99"]


VALUES = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="0123456789-+._eEx", max_size=25),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(["", "nan", "inf", "-0", "1e400", "None", "null", "[]", "{}", "😀", "٣"]),
)


@st.composite
def value_for(draw: st.DrawFn, kind: str, name: str) -> str:
    """A value for a known option: one it takes, one cut or changed from one it takes (the
    typo a player makes: ``preset=euro``), or anything at all."""
    known = _known_values(kind, name)
    how = draw(st.sampled_from(["known", "near", "near", "any"]))
    if how == "any":
        return draw(VALUES)
    value = draw(st.sampled_from(known))
    if how == "near":
        cut = draw(st.integers(0, len(value)))
        value = draw(st.sampled_from([value[:cut], value.upper(), value + "x", " " + value]))
    return value


@st.composite
def option_text(draw: st.DrawFn, kind: str) -> str:
    names = sorted(GAMES[kind].Options.model_fields)
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        name = (
            draw(st.sampled_from(names)) if draw(st.integers(0, 9)) else draw(st.text(max_size=10))
        )
        value = draw(value_for(kind, name)) if name in names else draw(VALUES)
        sep = "=" if draw(st.integers(0, 9)) else draw(st.sampled_from([":", "", "=="]))
        parts.append(f"{name}{sep}{value}")
    joiner = draw(st.sampled_from([" ", ",", ", ", "  "]))
    return joiner.join(parts)[:300]  # the slash option takes at most 300 characters


def _shown(error: UserError, lang: str) -> str:
    return t(error.key, lang, names=error.names, **error.args_)


def _check(kind: str, text: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.clear()
    spec = GAMES[kind]
    try:
        checked_options(spec, parse_options(spec, text))
    except UserError as error:
        for lang in ("en", "ko"):
            shown = _shown(error, lang)
            assert shown and shown != error.key and not re.search(r"\{\w+\}", shown), shown
        ko = _shown(error, "ko")
        assert re.search(r"[가-힣]", ko), ko
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text


@pytest.mark.parametrize("kind", KINDS)
def test_random_option_strings_are_accepted_or_refused_in_words(
    kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    @settings(
        max_examples=150,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(text=option_text(kind))
    def run(text: str) -> None:
        _check(kind, text, caplog)

    run()


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("renaissance", "preset=euro"),  # the KeyError of issue 18
        ("renaissance", "preset="),
        ("renaissance", "preset=Source"),
        *((kind, f"{name}=\x00") for kind in KINDS for name in GAMES[kind].Options.model_fields),
    ],
)
def test_each_option_refuses_a_value_it_does_not_take(
    kind: str, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    spec = GAMES[kind]
    if text.startswith("players="):
        with pytest.raises(UserError, match=r"error\.option_players"):
            parse_options(spec, text)
        return
    with pytest.raises(UserError) as refused:
        checked_options(spec, parse_options(spec, text))
    assert refused.value.key == "error.bad_options"
    ko = _shown(refused.value, "ko")
    assert re.search(r"[가-힣]", ko), ko
    _check(kind, text, caplog)


def test_an_unknown_preset_lists_the_presets(caplog: pytest.LogCaptureFixture) -> None:
    spec = GAMES["renaissance"]
    with pytest.raises(UserError) as refused:
        checked_options(spec, parse_options(spec, "preset=euro"))
    shown = _shown(refused.value, "en")
    # in the reader's words (issue 19 point 6), each accepted typed so
    assert "euro" in shown and "Eurogames 1999" in shown and "Avalon Hill 1996" in shown, shown
