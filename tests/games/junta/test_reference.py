"""Junta's static reference (GameInfo.reference, decision 0007): the card designs (JU 47),
the capital's areas (JU 28), offices (JU 5), unit types (JU 29) and locations (JU 19)."""

from __future__ import annotations

from services.junta.game import Junta


def test_reference_lists_every_card_design_area_office_unit_and_location():
    ref = Junta().reference()
    assert [c.number for c in ref.cards] == list(range(1, 57))
    assert sum(c.count for c in ref.cards) == 67  # JU 4: the political deck
    assert {c.kind for c in ref.cards} == {"assassin", "bribe", "event", "influence",
                                           "secret_contribution", "vote"}
    assert all(c.text for c in ref.cards)
    assert sum(a.power_centre for a in ref.areas) == 5  # JU 39: five power centres
    adjacent = {a.id: set(a.adjacent) for a in ref.areas}
    assert all(a in adjacent[b] for a, near in adjacent.items() for b in near)
    assert [o.id for o in ref.offices][0] == "president"
    assert "palace_guard" in next(o for o in ref.offices if o.id == "president").controls
    guard = next(u for u in ref.unit_types if u.id == "palace_guard")
    assert (guard.count, guard.dice, guard.palace_dice, guard.office) == (4, 1, 2, "president")
    assert [x.id for x in ref.locations] == ["home", "mistress", "nightclub", "bank",
                                             "headquarters"]
