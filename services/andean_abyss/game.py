"""The Andean Abyss rules module: the kernel `Game` on the COIN flow (DESIGN §6)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final

from services.coin.bots.driver import NonPlayers
from services.coin.bots.seats import is_np, is_np_seat, np_faction
from services.coin.effects import EffectProc
from services.coin.sa_lines import Lines
from services.coin.transfers import ResourceTransfers
from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, decision_id, option
from services.kernel.errors import BadRequest, RulesBug
from services.kernel.flow import Flow, push
from services.kernel.game import FlowGame, GameOptionSpec, Role
from services.kernel.outcome import Outcome
from services.kernel.rng import RngState

from . import board as B
from . import data as D
from . import (
    deployment,
    operations,
    propaganda,
    reference,
    sequence,
    setup,
    victory,
    views,
    words,
    zones,
)
from .bots import PROCEDURE, policy
from .constants import FACTION_IDS, MAX_AID, MAX_BASES, MAX_RESOURCES, NKINDS
from .events import PROGRAMS, cards
from .events import lib as event_lib
from .state import AAState

FLOW: Final[Flow[AAState]] = Flow([*sequence.PROCS, *operations.PROCS, *propaganda.PROCS,
                                   *event_lib.PROCS, *deployment.PROCS,
                                   EffectProc(PROGRAMS, words.FACTIONS)])
_ = zones, cards
LINES: Final = Lines(FLOW, operations.OPERATION)  # AA 3.1, 4.1: an SA before 1st space
operations.OPERATION.first_sa_ok = LINES.first_sa_ok
LINES.quick = operations.quick_lines
NON_PLAYERS: Final = NonPlayers(FLOW, PROCEDURE, FACTION_IDS, words.FACTIONS)  # AA chapter 8
PROCEDURE.bind(NON_PLAYERS)


class AndeanAbyss(FlowGame[AAState]):
    id = "andean_abyss"
    title = "Andean Abyss"
    min_seats = 2  # a client's default table; AA 1.5 solo (1 seat) is asked for explicitly
    max_seats = 4
    # 0.2.0: the rules corrections of 2026-11-29 checked against seed 002 (Bribe, March,
    # Activation targets, 1.4.1 taking back, Events, Non-players, seats): git log, RULINGS
    rules_version = "0.2.0"
    format_version = 1
    state_type = AAState
    flow = FLOW
    policies = {policy.POLICY: policy.make}  # AA chapter 8 for a player
    view_type = "tablero.andean_abyss.v1.AndeanAbyssView"
    roles = tuple(Role(f, f.upper() if f != "govt" else "Government") for f in FACTION_IDS)
    option_specs = (
        GameOptionSpec(setup.NP_OPTION, setup.NP_CHOICES,
                       "AA 1.5, chapter 8: the factions run by the Non-player procedures: "
                       "chapter8 (by the seat count: the default for 1-3 seats, the factions "
                       "left over are Non-players), none (the No-Non-player practice option, "
                       "the default for 4 seats, where it changes nothing), or the named "
                       "Insurgents (one seat per remaining faction, the Government first)."),
        GameOptionSpec("deployment", ("standard", "open"),
                       "Setup: standard deployment, or open deployment (each faction places "
                       "its pieces: Cartels, AUC, FARC, Government)."),
        GameOptionSpec("short_game", ("false", "true"),
                       "AA 2.4.1: the 3rd Propaganda Round is the final one."),
        GameOptionSpec("hidden_next_card", ("false", "true"),
                       "AA 2.2: the upcoming card stays face down; 2.3.9 is not used."),
        GameOptionSpec("eligibility_option", ("standard", "A", "B"),
                       "AA 2.3.1 options: A = faction order from the upcoming card; B = as A, "
                       "and only Events make factions Ineligible."),
        GameOptionSpec("card_text_edition", ("first", "second"),
                       "Event texts: the first edition (the rulebook's) or the second edition's "
                       "revised cards 26, 30, 36, 55, 56, 64, 65, 67 (AA-D-03)."),
    )

    def check_setup(self, seats: int, options: Mapping[str, str]) -> dict[str, str]:
        if seats in (1, 2, 3):  # AA 1.5: the factions left over are Non-players (chapter 8)
            opts = super().check_setup(max(seats, 2), {setup.NP_OPTION: "chapter8", **options})
        else:  # 4 seats; any other count is refused here
            opts = super().check_setup(seats, options)
        check_seating(seats, opts[setup.NP_OPTION])
        if opts["hidden_next_card"] == "true" and opts["eligibility_option"] != "standard":
            raise BadRequest("AA 2.2: the hidden upcoming card does not combine with the "
                             "eligibility options A and B")
        return opts

    def initial(self, seats: int, options: dict[str, str], r: RngState) -> dict[str, Any]:
        return setup.initial(seats, options)

    def begin(self, ctx: Ctx, st: AAState, options: dict[str, str]) -> None:
        setup.prepare_deck(st)
        if options.get("deployment") == "open":
            # AA 2.2: the first card is revealed once the pieces are placed
            setup.standard_markers(st)
            setup.standard_pieces(st, [f for f in range(len(st.seat_of)) if is_np(st, f)])
            push(st, "coin.deck", ph="next")
            push(st, "aa.deploy", **deployment.open_deployment(st))
        else:
            setup.standard_deployment(st)
            setup.start(ctx, st)
            push(st, "coin.deck", ph="play")

    def advance(self, ctx: Ctx, st: AAState) -> None:
        self.advance_to(ctx, st, None)

    def advance_to(self, ctx: Ctx, st: AAState, serial: int | None) -> None:
        """The flow runs on; with Non-players, their decisions are made on the way (AA 8.0)."""
        if any(seat < 0 for seat in st.seat_of):
            NON_PLAYERS.advance(ctx, st)
        else:
            FLOW.advance(ctx, st, serial)

    def offered(self, st: AAState, flow_decisions: list[Decision]) -> list[Decision]:
        """AA 3.1, 4.1 lines of play kept; a Non-player decision left to a person (Insurgent
        Discord, AA 8.1 rule 3) asked of the Government player."""
        return [discord_decision(st, d) if d.seat < 0 else d
                for d in LINES.keep(st, flow_decisions)]

    def apply(self, ctx: Ctx, st: AAState, d: Decision, c: Choice) -> None:
        if d.kind != DISCORD:
            super().apply(ctx, st, d, c)
            return
        nd = next(x for x in FLOW.decisions(st) if x.seat < 0)
        f = np_faction(nd.seat)
        picked = PROCEDURE.discord_options(st, nd, f)[c.option_id or ""]
        NON_PLAYERS.decide(ctx, st, nd, Choice(nd.id, option_id=picked))
        self.advance(ctx, st)

    def standing(self, st: AAState) -> list[Decision]:
        return transfer_decisions(st)

    def apply_standing(self, ctx: Ctx, st: AAState, d: Decision, c: Choice) -> None:
        apply_transfer(ctx, st, d, c)

    def legacy_choice(self, choice: Choice) -> Choice | None:
        """A Resources transfer of a log stored before the offers were one per giver."""
        return TRANSFERS.legacy(choice)

    def in_play(self, st: AAState) -> bool:
        return not st.over and bool(st.stack)

    def score(self, st: AAState) -> Outcome:
        return victory.outcome(st)

    def view(self, st: AAState, seat: int | None) -> Any:
        return views.view(st, seat)

    def conceal(self, st: AAState, seat: int) -> None:
        policy.conceal(st, seat)

    def reference(self) -> Any:
        return reference.reference()

    def check_invariants(self, st: AAState) -> None:
        check_invariants(st)


DISCORD: Final = "aa.np_discord"


def discord_decision(st: AAState, nd: Decision) -> Decision:
    """AA 8.1 rule 3 (Insurgent Discord): the Government player decides whether the
    Non-player 2nd Eligible executes the (effective) Event or Operations."""
    f = np_faction(nd.seat)
    labels = {o.id: o.label for o in nd.options}
    picks = PROCEDURE.discord_options(st, nd, f)
    name = words.FACTIONS[f]
    opts = [option(oid, f"The {name} (Non-player): {labels[picked]}", faction=FACTION_IDS[f])
            for oid, picked in sorted(picks.items())]
    seat = st.seat_of[B.GOVT]
    return Decision(decision_id(st.serial, seat), seat, DISCORD,
                    f"Government: Insurgent Discord: the {name} Event or Operations?",
                    tuple(opts))


def check_seating(seats: int, value: str) -> None:
    """AA 1.5: the Government is a player; with Non-players each player runs one faction;
    the No-Non-player option needs 2-4 seats."""
    nps = setup.non_player_factions(seats, value)
    if value == "none" and seats < 2:
        raise BadRequest("AA 1.5: one player plays against the Non-players (non_players "
                         "cannot be none)")
    if nps and len(nps) != 4 - seats:
        raise BadRequest(f"AA 1.5: {seats} seat(s) leave {4 - seats} Non-player faction(s), "
                         f"not {len(nps)}")
    if nps and seats == 2 and nps != [B.AUC, B.CARTELS]:
        # setup sheet: 2人プレイ 政府、FARC (any two Insurgents only with 3 players)
        raise BadRequest("AA 1.5: with 2 players and Non-players, the players are the "
                         "Government and the FARC (non_players must be auc+cartels)")


TRANSFERS: Final = ResourceTransfers(B.BOARD, MAX_RESOURCES)
SHIP_PROMPTS: Final = tuple(f"{words.FACTIONS[g]}: give a Shipment to another faction's "
                            "Guerrilla in the same space (optional, at any time)."
                            for g in range(4))


def transfer_decisions(st: AAState) -> list[Decision]:
    """AA 1.5.1 (AA-R-04): Resources and Shipments may be handed over at any time, never
    between two factions of one seat. Standing optional decisions, one per giver of each:
    ids `t<serial>.<giver>` (coin.transfers) and `h<serial>.<giver>`."""
    out: list[Decision] = []
    serial, res, ships = str(st.serial), st.resources, st.ships
    held = any(c >= 0 for c in ships)
    for giver, seat, to in givers(tuple(st.seat_of)):
        if res[giver] > 0 and to:
            out.append(TRANSFERS.offer(serial, giver, seat, res[giver], to))
        if held and any(c >= 0 and B.ship_owner(c) == giver for c in ships):
            opts = shipment_options(st, giver)
            if opts:
                out.append(Decision(f"h{serial}.{giver}", seat, "aa.give_shipment",
                                    SHIP_PROMPTS[giver], tuple(opts), optional=True))
    return out


@functools.cache
def givers(seat_of: tuple[int, ...]) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """AA 1.5.1 by seating: each faction that may give Resources, its seat and the factions
    it may give them to (AA 8.1.2: a Non-player never transfers voluntarily)."""
    return tuple((g, seat, TRANSFERS.receivers(g, seat_of)) for g, seat in enumerate(seat_of)
                 if not is_np_seat(seat))


def shipment_options(st: AAState, giver: int) -> list[Option]:
    """AA 4.5.3: a Shipment goes to another faction's Guerrilla in its space."""
    seat = st.seat_of[giver]
    return [option(f"ship:{i}:{FACTION_IDS[g]}", f"Give the Shipment in "
                   f"{words.space(B.ship_space(c))} to a {words.faction(g)} Guerrilla there",
                   shipment=str(i), faction=FACTION_IDS[g])
            for i, c in enumerate(st.ships) if c >= 0 and B.ship_owner(c) == giver
            for g in range(1, 4)
            if st.seat_of[g] != seat and B.guerrillas(st, B.ship_space(c), g)]


def apply_transfer(ctx: Ctx, st: AAState, d: Decision, c: Choice) -> None:
    if d.kind == TRANSFERS.kind:
        TRANSFERS.apply(ctx, st, d, c)
        return
    _, i, to = (c.option_id or "").split(":")
    s = B.ship_space(st.ships[int(i)])
    st.ships[int(i)] = s * 4 + FACTION_IDS.index(to)
    ctx.emit("aa.transfer", f"The Shipment in {words.space(s)} goes to a "
             f"{words.faction_of(to)} Guerrilla.", {"space": D.NAMES[s], "to": to})


def check_invariants(st: AAState) -> None:
    """Conservation, stacking and track bounds (raised as RulesBug)."""
    totals = [0] * NKINDS
    pending = {f.proc for f in st.stack}
    for s in range(D.NS):
        for k in range(NKINDS):
            x = st.pieces[s * NKINDS + k]
            if x < 0:
                raise RulesBug(f"negative pieces in {D.NAMES[s]}")
            totals[B.PIECES.pool[k]] += x
        if B.PIECES.bases_in(st, s) > (0 if B.is_loc(s) else MAX_BASES):
            raise RulesBug(f"stacking broken in {D.NAMES[s]}")
        if B.is_zone(st, s) and B.pieces_of(st, s, B.GOVT) and "aa.zone" not in pending:
            raise RulesBug(f"Government pieces in the FARC Zone {D.NAMES[s]}")
        if s == D.ECUADOR and any(B.pieces_of(st, s, f) > 2 for f in range(4)):
            raise RulesBug("more than 2 pieces of a faction in Ecuador")
        if not B.in_play(st, s) and any(st.pieces[s * NKINDS:(s + 1) * NKINDS]):
            raise RulesBug(f"pieces in {D.NAMES[s]}, which is not a space")
        if (D.POP[s] == 0 or B.is_loc(s)) and st.support[s]:
            raise RulesBug(f"support level in {D.NAMES[s]}")
    for k in range(NKINDS):
        if B.PIECES.pool[k] == k and totals[k] + st.avail[k] + st.out_of_play[k] != \
                setup_total(k):
            raise RulesBug(f"{B.PIECES.names[k]} pieces not conserved")
    if not all(0 <= r <= MAX_RESOURCES for r in st.resources) or not 0 <= st.aid <= MAX_AID:
        raise RulesBug("Resources or Aid out of bounds")
    if B.markers_left(st) < 0:
        raise RulesBug("more than 40 Terror/Sabotage markers")
    for c in st.ships:
        if c >= 0 and not B.guerrillas(st, B.ship_space(c), B.ship_owner(c)) and \
                "aa.ship_loss" not in pending:
            raise RulesBug("a Shipment without a holding Guerrilla")


_TOTALS: Final[list[int]] = []


def setup_total(kind: int) -> int:
    if not _TOTALS:
        _TOTALS.extend(setup.initial(4, {})["avail"])
    return _TOTALS[kind]
