"""Which advance letter carries which effect (AOR-D5; letters J/K swap with AOR-A1, EU-8).

Apart from the state so that the state itself can tell who holds an effect (the order of
play of a phase depends on it, ``model.RenaissanceState.order_of_play``).
"""

from __future__ import annotations

LETTER: dict[str, str] = {
    "heavens": "A",
    "human_body": "B",
    "laws_of_matter": "C",
    "enlightenment": "D",
    "patronage": "E",
    "holy_indulgence": "F",
    "proselytism": "G",
    "cathedral": "H",
    "caravan": "I",
    "wind_watermill": "J",
    "improved_agriculture": "K",
    "interest_profit": "L",
    "industry": "M",
    "written_record": "N",
    "printed_word": "O",
    "master_art": "P",
    "renaissance": "Q",
    "overland_east": "R",
    "seaworthy": "S",
    "ocean_navigation": "T",
    "new_world": "U",
    "urban_ascendancy": "V",
    "nationalism": "W",
    "institutional_research": "X",
    "cosmopolitan": "Y",
    "middle_class": "Z",
}


SWAPPED: dict[str, str] = {
    effect: {"J": "K", "K": "J"}.get(letter, letter) for effect, letter in LETTER.items()
}
"""The letters with the Euro J/K swap (AOR-A1, EU-8): J and K trade places."""
