"""Korean particles (조사) after words known only at run time.

A Korean catalog entry writes a particle that depends on the word before it in both forms:
``{who}이(가)``, ``{card}을(를)``, ``{place}(으)로``. Once the sentence is filled in, each pair
is settled by the last sound of the word it follows: ``민지가``, ``베네치아를``, ``하린이``,
``서울로``. Digits are read as Sino-Korean numbers (3 삼 → ``3을``, 2 이 → ``2를``). Where the
word ends in something unreadable (Latin letters, a mention), both forms stay, as printed.
"""

from __future__ import annotations

import re

# each pair: (form after a final consonant, form after a vowel)
_PAIRS: dict[str, tuple[str, str]] = {
    "이(가)": ("이", "가"),
    "가(이)": ("이", "가"),
    "을(를)": ("을", "를"),
    "를(을)": ("을", "를"),
    "은(는)": ("은", "는"),
    "는(은)": ("은", "는"),
    "과(와)": ("과", "와"),
    "와(과)": ("과", "와"),
    "(이)나": ("이나", "나"),
    "(이)라": ("이라", "라"),
    "(이)다": ("이다", "다"),
}
_RO = "(으)로"
_PATTERN = re.compile(
    "(" + "|".join(re.escape(p) for p in sorted([*_PAIRS, _RO], key=len, reverse=True)) + ")"
)
# characters a particle may follow without them deciding its form (markup, closing marks)
_TRANSPARENT = set("*_~`'\")]」』》")
# the final sound of each digit read in Sino-Korean: None = a vowel, "ㄹ", or another consonant
_DIGIT_END = {
    "0": "c",  # 영, and 십/백/천/만 for round numbers
    "1": "ㄹ",
    "2": None,
    "3": "c",
    "4": None,
    "5": None,
    "6": "c",
    "7": "ㄹ",
    "8": "ㄹ",
    "9": None,
}
_RIEUL = 8  # the index of ㄹ among Hangul final consonants
_UNKNOWN = "?"


def _final_sound(text: str, end: int) -> str | None:
    """How the word ending just before ``end`` ends: ``None`` (a vowel), ``"ㄹ"``, ``"c"``
    (another final consonant) or ``_UNKNOWN``."""
    i = end - 1
    while i >= 0 and text[i] in _TRANSPARENT:
        i -= 1
    if i < 0:
        return _UNKNOWN
    ch = text[i]
    if "가" <= ch <= "힣":
        final = (ord(ch) - ord("가")) % 28
        if final == 0:
            return None
        return "ㄹ" if final == _RIEUL else "c"
    if ch in _DIGIT_END:
        return _DIGIT_END[ch]
    return _UNKNOWN


def settle_particles(text: str) -> str:
    """Choose each two-form particle of ``text`` by the sound of the word before it."""
    if "(" not in text:
        return text

    def choose(match: re.Match[str]) -> str:
        form = match.group(1)
        sound = _final_sound(match.string, match.start())
        if sound == _UNKNOWN:
            return form
        if form == _RO:
            return "로" if sound in (None, "ㄹ") else "으로"
        after_consonant, after_vowel = _PAIRS[form]
        return after_vowel if sound is None else after_consonant

    return _PATTERN.sub(choose, text)
