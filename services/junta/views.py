"""JuntaState -> tablero.junta.v1.JuntaView, by projection (DESIGN §2, JU 44).

Each field is copied in because the viewer may see it: never the order of the aid deck or
the political deck, another seat's hand, cash values, Swiss total or unrevealed location,
the values in another's budget stack, the drawn aid (but for the President), a trade offer's
contents (but for its parties), a draft (but for its maker), or a sealed answer before the
reveal.
"""

from __future__ import annotations

from collections import Counter

from tablero.junta.v1 import view_pb2 as pb

from services.kernel.sealed import open_round

from .constants import (
    BANK_IDS,
    CABINET,
    NO_LOCATION,
    NOBODY,
    PHASE_IDS,
    SIDE_IDS,
    STATUS_IDS,
    Side,
)
from .data import DATA
from .families import controller, offices_of, president, sees
from .hand import card_id
from .money import total, value
from .rollcall import totals
from .state import Family, JuntaState, Offer


def sees_private(st: JuntaState, f: int, viewer: int | None) -> bool:
    """JU 44: a family's hand, cash values and Swiss total."""
    return sees(st, f, viewer)


def build_view(st: JuntaState, viewer: int | None) -> pb.JuntaView:
    p = president(st)
    v = pb.JuntaView(turn=st.turn, phase=PHASE_IDS[st.phase], aid_deck=len(st.aid),
                     political_deck=len(st.deck), discard_pile=[card_id(c) for c in st.discard],
                     bank=BANK_IDS[st.bank], coup_excuse=st.excuse, budget_forced=st.forced,
                     secret_police_bank_blocked=st.sp_bank_last, resigned_this_turn=st.resigned,
                     church_looted=list(st.looted), game_over=st.over,
                     brother_in_law=DATA.office_ids[st.bil] if st.bil >= 0 else "",
                     locations_revealed=st.revealed)
    if viewer is not None:
        v.viewer = viewer
    if p != NOBODY:
        v.president = p
    if st.last_president != NOBODY:
        v.last_president = st.last_president
    if st.reform != NOBODY:
        v.demand_for_reform = st.reform
    for f, fam in enumerate(st.families):
        v.families.append(family_view(st, f, fam, viewer))
    for o in CABINET:
        h = pb.OfficeHolder(office=DATA.office_ids[o], name=DATA.office_names[o])
        if st.offices[o] != NOBODY:
            h.player = st.offices[o]
        v.offices.append(h)
    fill_budget(st, v, viewer)
    fill_rollcall(st, v)
    for a in st.attempts:
        v.attempts.append(pb.Attempt(
            by=a.by, target=a.target, source=a.source, cancelled=a.cancelled, outcome=a.outcome,
            location=DATA.location_ids[a.location] if a.location != NO_LOCATION else ""))
    fill_coup(st, v)
    fill_sealed(st, v, viewer)
    return v


def family_view(st: JuntaState, f: int, fam: Family, viewer: int | None) -> pb.Family:
    own = sees_private(st, f, viewer)
    fv = pb.Family(player=f, straw_man=fam.straw, status=STATUS_IDS[fam.status],
                   offices=[DATA.office_ids[o] for o in offices_of(st, f)],
                   hand_size=len(fam.hand), face_up=[card_id(c) for c in fam.face_up],
                   cash_bills=len(fam.cash), swiss_bills=len(fam.swiss),
                   transfers_used=fam.transfers, ready=is_ready_now(st, f))
    if own:
        fv.hand.extend(card_id(c) for c in sorted(fam.hand))
        fv.cash.extend(sorted((value(b) for b in fam.cash), reverse=True))
        fv.cash_total = total(fam.cash)
        fv.swiss_total = total(fam.swiss)
    if fam.location != NO_LOCATION and (st.revealed or (viewer is not None and
                                                       controller(st, f) == viewer)):
        fv.location = DATA.location_ids[fam.location]
    if fam.straw and fam.leader != NOBODY:
        fv.faction_leader = fam.leader
    if fam.offer is not None:
        fill_offer(st, fv.offer, f, fam.offer, viewer)
    if fam.draft is not None and viewer is not None and controller(st, f) == viewer:
        fill_offer(st, fv.draft, f, fam.draft, viewer)
    return fv


def is_ready_now(st: JuntaState, f: int) -> bool:
    from .phase1 import is_ready
    return is_ready(st, f)


def fill_offer(st: JuntaState, msg: pb.TradeOffer, maker: int, o: Offer,
               viewer: int | None) -> None:
    """JU 43.5: the parties see the contents; everyone else who offers what to whom."""
    msg.to = o.to
    msg.give_bill_count = len(o.give_bills)
    msg.give_card_count = len(o.give_cards)
    msg.want_card_count = len(o.want_cards)
    shown = sees(st, maker, viewer) or sees(st, o.to, viewer)
    msg.shown = shown
    if shown:
        msg.give_bills.extend(value(b) for b in o.give_bills)
        msg.give_cards.extend(card_id(c) for c in o.give_cards)
        msg.want_money = o.want_money
        msg.want_cards.extend(DATA.cards[i].id for i in o.want_cards)


def fill_budget(st: JuntaState, v: pb.JuntaView, viewer: int | None) -> None:
    b = st.budget
    if b is None:
        return
    v.budget.proposer = b.proposer
    v.budget.alternative = b.alternative
    proposer_sees = sees_private(st, b.proposer, viewer)
    for f, stack in enumerate(b.stacks):
        if not stack and b.announced[f] < 0:
            continue
        s = pb.Stack(player=f, bills=len(stack))
        if b.announced[f] >= 0:
            s.announced = b.announced[f]
        if proposer_sees:
            s.values.extend(sorted((value(x) for x in stack), reverse=True))
        v.budget.stacks.append(s)
    if proposer_sees and president(st) == b.proposer:
        v.drawn_aid.extend(sorted((value(x) for x in st.drawn), reverse=True))


def fill_rollcall(st: JuntaState, v: pb.JuntaView) -> None:
    vote = st.vote
    if vote is None:
        return
    r = v.roll_call
    r.kind, r.chair, r.round = vote.kind, vote.chair, max(vote.round, 1)
    r.options.extend(vote.options)
    r.withdrawn.extend(vote.withdrawn)
    r.excluded.extend(vote.excluded)
    for c in vote.commits:
        r.commits.append(pb.Commit(player=c.family, round=c.round, option=c.option,
                                   votes=c.votes, church=c.church,
                                   cards=[card_id(i) for i in c.cards + c.captured]))
    for o, n in totals(vote).items():
        r.totals.append(pb.Total(option=o, votes=n))


def fill_coup(st: JuntaState, v: pb.JuntaView) -> None:
    coup = st.coup
    if coup is None:
        return
    from .coup.sides import control
    from .coup.units import area_name, force_id
    c = v.coup
    c.leader, c.phase, c.combat = coup.leader, coup.phase, coup.combat
    c.rebels.extend(coup.rebels)
    for f, side in enumerate(coup.sides):
        if side != Side.NONE:
            c.sides.append(pb.PlayerSide(player=f, side=SIDE_IDS[side]))
    groups = Counter((u.pos, u.type, u.ctrl, u.fleeing) for u in coup.units)
    for (pos, t, ctrl, fleeing), n in sorted(groups.items()):
        c.units.append(pb.UnitGroup(area=DATA.area_ids[pos] if pos >= 0 else area_name(pos),
                                    unit=DATA.unit_types[t].id, force=force_id(ctrl),
                                    count=n, fleeing=fleeing))
    c.air_strikes_used, c.gunboat_used, c.air_strike_used = (coup.strikes, coup.gunboat_used,
                                                            coup.strike_used)
    c.marines_landed, c.paratroops_dropped = coup.marines_landed, coup.paratroops_dropped
    c.palace_bombardments.extend(coup.palace)
    c.police_response_areas.extend(DATA.area_ids[a] for a in coup.triggers)
    c.battles.extend(DATA.area_ids[a] for a in coup.battles)
    c.proposed.extend(coup.proposed)
    c.agreed = SIDE_IDS[coup.agreed] if coup.agreed != Side.NONE else ""
    c.winner = SIDE_IDS[coup.winner] if coup.winner != Side.NONE else ""
    for a, side in control(st).items():
        c.control.append(pb.PowerCentre(area=DATA.area_ids[a], held_by=SIDE_IDS[side]))


def fill_sealed(st: JuntaState, v: pb.JuntaView, viewer: int | None) -> None:
    rnd = open_round(st.stack)
    if rnd is None:
        return
    s = v.sealed
    s.kind = rnd.kind
    s.players.extend(rnd.seats)
    s.committed.extend(val is not None for val in rnd.values)
    for m, val in zip(rnd.seats, rnd.values, strict=True):
        mine = viewer is not None and controller(st, m) == viewer
        s.own.append(str(val) if mine and val is not None else "")
