"""JU 43 Deals and transfers [G 40], and every other standing decision (cards played in open
windows, coup agreements, the straw-man card swap of JU 45.6).

Standing decisions are never waited on; one of each kind per family that may take it now:
- `junta.gift` (`g<serial>.<family>`): give a bill of a value, or a hand card, to a player;
- `junta.offer_trade` (`o<serial>.<family>`): build a trade offer (the addressee, the bills and
  cards given, the money and card designs asked), send it, drop it, or withdraw the one sent;
- `junta.accept_trade` (`a<serial>.<maker>`, put to the addressee): accept (paying the money
  asked as JU 17.4) or decline;
- `junta.play_card` (`p<serial>.<family>`): a card whose window is open now;
- `junta.propose_agreement` (`c<serial>.<family>`): JU 40.3;
- `junta.swap_cards` (`w<serial>.<family>`): JU 45.6.
Parties see what moves; everyone else sees who gave how many bills or cards to whom.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option
from services.kernel.errors import RulesBug

from .constants import NOBODY, TRANSFERS_PER_PHASE, Phase, Status
from .coup.sides import may_propose, proposal_options, propose
from .data import DATA
from .decide import option, parts
from .families import AUTO, controller, is_real, leader_of, name, parties, president
from .hand import design, designs, find
from .money import payments, take, total, value, values_text
from .phase1 import in_open_window, ready_round
from .state import JuntaState, Offer

MAX_ASK_CARDS: Final = 6


def new_phase(ctx: Ctx, st: JuntaState) -> None:
    """JU 43.6: transfer actions count per phase; pending offers and drafts lapse."""
    lapse_offers(ctx, st)
    for fam in st.families:
        fam.transfers = 0
        fam.draft = None


def lapse_offers(ctx: Ctx, st: JuntaState) -> None:
    for f, fam in enumerate(st.families):
        if fam.offer is not None:
            fam.offer = None
            ctx.emit("junta.offer_lapsed", f"{name(st, f)}'s trade offer lapses.", {"player": f})


def transfers_open(st: JuntaState) -> bool:
    """JU 43.2: not in Phases 6 and 9 (and not once the game is over)."""
    return not st.over and st.phase not in (Phase.ASSASSINATION, Phase.AFTERMATH, Phase.OVER)


def busy(st: JuntaState) -> set[int]:
    """Families in the middle of paying for a card, or of naming the units a bribe card
    tries: they cannot give away what they are paying with until that is done (JU-R-10)."""
    return {fr.vars["fam"] for fr in st.stack if fr.proc in ("pay", "bribe_units")}


def blocked(st: JuntaState) -> set[int]:
    """Families that may make no standing move but answers: busy, or ready in Phase 1
    (JU 14.3)."""
    out = busy(st)
    rnd = ready_round(st)
    if rnd is not None:
        out |= {m for m, v in zip(rnd.seats, rnd.values, strict=True) if v is not None}
    return out


def may_give(st: JuntaState, f: int, stuck: set[int] | None = None) -> bool:
    """JU 43.1, 43.6, 14.3: a living real family with transfer actions left, not ready."""
    fam = st.families[f]
    return (transfers_open(st) and is_real(st, f) and fam.status != Status.DEAD
            and fam.transfers < TRANSFERS_PER_PHASE
            and f not in (blocked(st) if stuck is None else stuck))


def bills_blocked(st: JuntaState, a: int, b: int) -> bool:
    """JU 17.3 [G 18]: from the aid draw until the budget is settled no bill moves between
    the President and another player."""
    return st.budget is not None and president(st) in (a, b)


def recipients(st: JuntaState, f: int) -> list[int]:
    return [g for g in range(st.seats) if g != f and st.families[g].status != Status.DEAD]


# -- gifts ------------------------------------------------------------------------------------

@cache
def bill_gift(v: int, g: int) -> Option:
    return option(f"bill:{v}:{g}", f"Give a {v} million bill to Player {g}", value=str(v),
                  player=str(g))


@cache
def card_gift(c: str, g: int) -> Option:
    return option(f"card:{c}:{g}", f"Give {DATA.card(c).name} to Player {g}", card=c,
                  player=str(g))


def gift_options(st: JuntaState, f: int, them: tuple[int, ...]) -> list[Option]:
    """Gifts go to living real players `them` (JU 43.1; straw men receive nothing, JU 45)."""
    fam = st.families[f]
    values = tuple(sorted({value(b) for b in fam.cash}, reverse=True))
    return list(gift_list(values, tuple(designs(fam.hand)), them,
                          tuple(g for g in them if not bills_blocked(st, f, g))))


@lru_cache(maxsize=8192)
def gift_list(values: tuple[int, ...], cards: tuple[str, ...], them: tuple[int, ...],
              bills_to: tuple[int, ...]) -> tuple[Option, ...]:
    """The gift options for these holdings and recipients (the same again and again)."""
    opts: list[Option] = []
    for g in them:
        if g in bills_to:
            opts += [bill_gift(v, g) for v in values]
        opts += [card_gift(c, g) for c in cards]
    return tuple(opts)


def give(ctx: Ctx, st: JuntaState, f: int, option_id: str) -> None:
    p = parts(option_id)
    g = int(p[2])
    st.families[f].transfers += 1
    if p[0] == "bill":
        [bill] = take(st.families[f].cash, [int(p[1])])
        st.families[g].cash.append(bill)
        what, secret = "a bill", f"a {value(bill)} million bill"
    else:
        inst = find(st.families[f].hand, p[1])
        assert inst is not None
        st.families[f].hand.remove(inst)
        st.families[g].hand.append(inst)
        what, secret = "a card", design(inst).name
    ctx.emit("junta.gift", f"{name(st, f)} gives {name(st, g)} {what}.",
             {"player": f, "to": g, "bills": int(p[0] == "bill"), "cards": int(p[0] == "card")})
    ctx.emit("junta.gift_contents", f"{name(st, f)} gives {name(st, g)} {secret}.",
             {"player": f, "to": g, "item": p[1]}, seats=parties(st, f, g))


# -- trade offers -----------------------------------------------------------------------------

def offer_options(st: JuntaState, f: int, them: tuple[int, ...]) -> list[Option]:
    fam = st.families[f]
    if fam.offer is not None:
        return [option("withdraw", f"Withdraw your offer to {name(st, fam.offer.to)}")]
    d = fam.draft
    if d is None:
        return [start_offer(g) for g in them]
    money_ok = not bills_blocked(st, f, d.to)
    opts = [option("drop", "Drop this draft (counts as a transfer action)")]
    if d.give_bills or d.give_cards or d.want_money or d.want_cards:
        opts.insert(0, option("send", f"Send the offer to {name(st, d.to)}: {describe(st, d)}"))
    if money_ok:
        free = [b for b in fam.cash if b not in d.give_bills]
        opts += [option(f"give_bill:{v}", f"Offer a {v} million bill", value=str(v))
                 for v in sorted({value(b) for b in free}, reverse=True)]
        if d.want_money < 3 * len(st.families[d.to].cash):
            opts.append(option("ask_money", f"Ask 1 million more (now {d.want_money})"))
    opts += [option(f"give_card:{c}", f"Offer {DATA.card(c).name}", card=c)
             for c in designs([i for i in fam.hand if i not in d.give_cards])]
    if len(d.want_cards) < MAX_ASK_CARDS:
        opts += [ask_card(c.index) for c in DATA.cards if c.index not in d.want_cards]
    return opts


@cache
def ask_card(c: int) -> Option:
    card = DATA.cards[c]
    return option(f"ask_card:{card.id}", f"Ask for {card.name}", card=card.id)


@cache
def start_offer(g: int) -> Option:
    return option(f"to:{g}", f"Start a trade offer to Player {g}", player=str(g))


def describe(st: JuntaState, o: Offer) -> str:
    gives = [f"{value(b)} million" for b in o.give_bills] + \
        [design(i).name for i in o.give_cards]
    wants = ([f"{o.want_money} million"] if o.want_money else []) + \
        [DATA.cards[i].name for i in o.want_cards]
    return f"{', '.join(gives) or 'nothing'} for {', '.join(wants) or 'nothing'}"


def edit_offer(ctx: Ctx, st: JuntaState, f: int, option_id: str) -> None:
    fam = st.families[f]
    p = parts(option_id)
    if p[0] == "withdraw":
        assert fam.offer is not None
        ctx.emit("junta.offer_withdrawn", f"{name(st, f)} withdraws his trade offer.",
                 {"player": f})
        fam.offer = None
        return
    if p[0] == "to":
        fam.draft = Offer(int(p[1]))
        return
    d = fam.draft
    assert d is not None
    if p[0] == "drop":
        fam.transfers += 1
        fam.draft = None
    elif p[0] == "send":
        fam.transfers += 1
        fam.offer, fam.draft = d, None
        ctx.emit("junta.offer", f"{name(st, f)} offers {name(st, d.to)} a trade.",
                 {"player": f, "to": d.to, "bills": len(d.give_bills),
                  "cards": len(d.give_cards), "asked_cards": len(d.want_cards)})
        ctx.emit("junta.offer_contents", f"{name(st, f)} offers {name(st, d.to)} "
                 f"{describe(st, d)}.", {"player": f, "to": d.to,
                                          "money": d.want_money}, seats=parties(st, f, d.to))
    elif p[0] == "give_bill":
        d.give_bills.append(min(b for b in fam.cash if b not in d.give_bills
                                and value(b) == int(p[1])))
    elif p[0] == "give_card":
        inst = find([i for i in fam.hand if i not in d.give_cards], p[1])
        assert inst is not None
        d.give_cards.append(inst)
    elif p[0] == "ask_money":
        d.want_money += 1
    else:
        d.want_cards.append(DATA.card_index[p[1]])


def deliverable(st: JuntaState, maker: int, o: Offer) -> bool:
    """JU 43.5: both sides still hold the items (and the budget rule allows the bills)."""
    a, b = st.families[maker], st.families[o.to]
    if b.status == Status.DEAD or a.status == Status.DEAD:
        return False
    if not set(o.give_bills) <= set(a.cash) or not set(o.give_cards) <= set(a.hand):
        return False
    if (o.give_bills or o.want_money) and bills_blocked(st, maker, o.to):
        return False
    hand = list(b.hand)
    for i in o.want_cards:
        inst = find(hand, DATA.cards[i].id)
        if inst is None:
            return False
        hand.remove(inst)
    return total(b.cash) >= o.want_money


def accept_options(st: JuntaState, maker: int, o: Offer) -> list[Option]:
    opts = [option("decline", f"Decline {name(st, maker)}'s offer: {describe(st, o)}")]
    if not deliverable(st, maker, o):
        return opts
    if not o.want_money:
        return opts + [option("accept", f"Accept: {describe(st, o)}")]
    return opts + [option(f"accept:{values_text(p)}", f"Accept, paying {values_text(p)} "
                          "million", bills=values_text(p))
                   for p in payments(st.families[o.to].cash, o.want_money)]


def answer(ctx: Ctx, st: JuntaState, maker: int, option_id: str) -> None:
    o = st.families[maker].offer
    assert o is not None
    st.families[maker].offer = None
    p = parts(option_id)
    if p[0] == "decline":
        ctx.emit("junta.offer_declined", f"{name(st, o.to)} declines {name(st, maker)}'s "
                 "offer.", {"player": o.to, "from": maker})
        return
    a, b = st.families[maker], st.families[o.to]
    for bill in o.give_bills:
        a.cash.remove(bill)
        b.cash.append(bill)
    for inst in o.give_cards:
        a.hand.remove(inst)
        b.hand.append(inst)
    paid = take(b.cash, [int(x) for x in p[1].split("+")]) if len(p) > 1 else []
    a.cash.extend(paid)
    for i in o.want_cards:
        wanted = find(b.hand, DATA.cards[i].id)
        assert wanted is not None
        b.hand.remove(wanted)
        a.hand.append(wanted)
    ctx.emit("junta.trade", f"{name(st, o.to)} accepts {name(st, maker)}'s offer.",
             {"player": o.to, "from": maker, "bills": len(o.give_bills) + len(paid),
              "cards": len(o.give_cards) + len(o.want_cards)})
    ctx.emit("junta.trade_contents", f"Traded: {describe(st, o)}"
             + (f", paid with {values_text([value(x) for x in paid])}" if paid else "") + ".",
             {"player": o.to, "from": maker}, seats=parties(st, maker, o.to))


def prune_offers(ctx: Ctx, st: JuntaState) -> None:
    """JU 43.5: an offer lapses when either side can no longer deliver."""
    for f, fam in enumerate(st.families):
        if fam.offer is not None and not deliverable(st, f, fam.offer):
            fam.offer = None
            ctx.emit("junta.offer_lapsed", f"{name(st, f)}'s trade offer lapses.",
                     {"player": f})


# -- cards in open windows (DATA.md §3) ------------------------------------------------------

def open_windows(st: JuntaState, f: int, stuck: set[int]) -> list[str]:
    """The standing windows open to `f` now (JU 8.4, DATA.md §3)."""
    fam = st.families[f]
    if fam.status != Status.ACTIVE or st.over or st.vote is not None or f in stuck:
        return []
    coup = st.coup
    if coup is not None and coup.phase == 0 and f == president(st):
        return []  # JU 30.2
    out = []
    in_coup_combat = coup is not None and coup.combat
    if transfers_open(st) and not in_coup_combat:
        out.append("any_open")
    if st.phase == Phase.DRAW and in_open_window(st):
        out.append("phase1_play")
    if st.phase in (Phase.DRAW, Phase.CABINET, Phase.AID, Phase.BUDGET, Phase.LOCATIONS,
                    Phase.BANK) or (st.phase == Phase.COUP and not st.offered):
        out.append("excuse_window")
    if Phase.DRAW <= st.phase <= Phase.LOCATIONS:
        out.append("before_phase7")
    return out


TARGETS: Final[tuple[str, ...]] = ("evt_spy_in_switzerland", "evt_coalition_breakup")


def card_options(st: JuntaState, f: int, stuck: set[int]) -> list[Option]:
    windows = tuple(open_windows(st, f, stuck))
    if not windows or not st.families[f].hand:
        return []
    fam = st.families[f]
    targets = tuple(tuple((t, name(st, t)) for t in card_targets(st, f, c)) for c in TARGETS)
    return list(card_list(tuple(designs(fam.hand)), frozenset(designs(fam.face_up)), windows,
                          targets))


@lru_cache(maxsize=8192)
def card_list(hand: tuple[str, ...], face_up: frozenset[str], windows: tuple[str, ...],
              targets: tuple[tuple[tuple[int, str], ...], ...]) -> tuple[Option, ...]:
    """The cards of `hand` playable in `windows` (JU 8.4.1: requirements met; no standing card
    has a forbidden office), as options."""
    opts: dict[str, Option] = {}
    for card_id in hand:
        c = DATA.card(card_id)
        if not c.windows & set(windows) or (c.requires and c.requires not in face_up):
            continue
        if c.kind == "influence":
            opts[c.id] = option(f"place:{c.id}", f"Place {c.name} face up ({c.votes} votes)",
                                card=c.id)
        elif c.id in TARGETS:
            for t, who in targets[TARGETS.index(c.id)]:
                o = option(f"play:{c.id}:{t}", f"Play {c.name} on {who}", card=c.id,
                           player=str(t))
                opts[o.id] = o
        elif c.effect not in ("bribe_units", "new_units"):
            opts[c.id] = option(f"play:{c.id}", f"Play {c.name}: {c.text}", card=c.id)
    return tuple(opts.values())


def card_targets(st: JuntaState, f: int, card: str) -> list[int]:
    if card == "evt_spy_in_switzerland":
        return [t for t in range(st.seats) if t != f]
    return [t for t in range(len(st.families)) if t != f and st.families[t].face_up]


def play_card(ctx: Ctx, st: JuntaState, f: int, option_id: str) -> None:
    from .cards.registry import play_from_hand
    p = parts(option_id)
    play_from_hand(ctx, st, f, p[1], {"player": p[2]} if len(p) > 2 else {})


# -- JU 45.6 straw-man card swap --------------------------------------------------------------

def swap_options(st: JuntaState, f: int, stuck: set[int]) -> list[Option]:
    if not transfers_open(st) or not is_real(st, f) or st.families[f].status != Status.ACTIVE \
            or f in stuck:
        return []
    opts = []
    for s in range(st.seats, len(st.families)):
        straw = st.families[s]
        if straw.status != Status.ACTIVE or leader_of(st, s) != f or f in straw.swapped \
                or s in stuck:
            continue
        opts += [option(f"swap:{s}:{mine}:{theirs}", f"Swap your {DATA.card(mine).name} for "
                        f"{name(st, s)}'s {DATA.card(theirs).name}", player=str(s), card=mine,
                        other=theirs)
                 for mine in designs(st.families[f].hand) for theirs in designs(straw.hand)]
    return opts


def swap(ctx: Ctx, st: JuntaState, f: int, option_id: str) -> None:
    _, s, mine, theirs = parts(option_id)
    a, b = st.families[f], st.families[int(s)]
    i, j = find(a.hand, mine), find(b.hand, theirs)
    assert i is not None and j is not None
    a.hand.remove(i)
    b.hand.remove(j)
    a.hand.append(j)
    b.hand.append(i)
    b.swapped.append(f)
    ctx.emit("junta.swap", f"{name(st, f)} swaps {DATA.card(mine).name} for "
             f"{name(st, int(s))}'s {DATA.card(theirs).name}.",
             {"player": f, "with": int(s), "card": mine, "other": theirs})


# -- all standing decisions -------------------------------------------------------------------

def deal_options(st: JuntaState, f: int, stuck: set[int]) -> list[Option]:
    """Everything family `f` may do out of turn now (one decision per giver, JU-R-03). For a
    seat's own family it is offered exactly when public facts allow a gift or trade, an offer
    is pending, or a coup agreement may be proposed, so that no seat learns from its presence what
    another holds (JU 44); card plays and straw-man swaps ride along then, and count against
    the same per-phase bound as transfers [G 45]."""
    fam = st.families[f]
    them = tuple(recipients(st, f))
    giving = bool(them) and may_give(st, f, stuck)
    opts: list[Option] = []
    if giving:
        opts += gift_options(st, f, them) + offer_options(st, f, them)
        opts += card_options(st, f, stuck)
        if st.seats < len(st.families):
            opts += swap_options(st, f, stuck)
    elif fam.offer is not None:
        opts.append(option("withdraw", f"Withdraw your offer to {name(st, fam.offer.to)}"))
    elif fam.straw and fam.transfers < TRANSFERS_PER_PHASE:
        opts += card_options(st, f, stuck)  # straw men's hands are public (JU 45.2)
    if st.coup is not None and may_propose(st, f):
        opts += proposal_options(st, f)
    return opts


def deal_prompt(st: JuntaState, f: int, seat: int) -> str:
    """JU 43: what the standing deal decision offers now, ending in its one-word name (a
    client lists it as "... o1 deals"); a straw man's says whose it is."""
    what = "give, trade, play a card" + (", propose an end to the coup" if st.coup else "")
    whose = "" if f == seat else f" for {name(st, f)}"
    return f"Out of turn{whose} ({what}): deals."


def standing(st: JuntaState) -> list[Decision]:
    out = []
    stuck = blocked(st)
    for f in range(len(st.families)):
        seat = controller(st, f)
        if seat == AUTO or st.families[f].status == Status.DEAD:
            continue
        opts = deal_options(st, f, stuck)
        if opts:
            out.append(Decision(f"g{st.serial}.{f}", seat, "junta.deal",
                                deal_prompt(st, f, seat), tuple(opts), optional=True))
    for maker, fam in enumerate(st.families):
        o = fam.offer
        if o is not None and controller(st, o.to) != AUTO:
            out.append(Decision(f"a{st.serial}.{maker}", controller(st, o.to),
                                "junta.accept_trade", f"{name(st, maker)} offers you a trade: "
                                f"{describe(st, o)}.", tuple(accept_options(st, maker, o)),
                                optional=True))
    return out


GIFTS: Final = frozenset({"bill", "card"})
OFFERS: Final = frozenset({"to", "give_bill", "give_card", "ask_money", "ask_card", "send", "drop",
                           "withdraw"})
PLAYS: Final = frozenset({"place", "play"})


def apply(ctx: Ctx, st: JuntaState, d: Decision, c: Choice) -> None:
    f = int(d.id.rsplit(".", 1)[1])
    oid = c.option_id or ""
    verb = parts(oid)[0]
    if d.kind == "junta.accept_trade":
        answer(ctx, st, f, oid)
    elif verb in GIFTS:
        give(ctx, st, f, oid)
    elif verb in OFFERS:
        edit_offer(ctx, st, f, oid)
    elif verb in PLAYS:
        st.families[f].transfers += 1
        play_card(ctx, st, f, oid)
    elif verb == "propose":
        propose(ctx, st, f, parts(oid)[1])
    elif verb == "swap":
        st.families[f].transfers += 1
        swap(ctx, st, f, oid)
    else:
        raise RulesBug(f"unknown standing choice {oid!r}")
    prune_offers(ctx, st)


__all__ = ["NOBODY", "apply", "lapse_offers", "new_phase", "prune_offers", "standing"]
