"""Cuba Libre in the terminal client (issue 12): the board drawn from constructed views
(the exact lines a player reads: cards and their Events, the Sequence-of-Play record, the
tracks and victory totals, the factions, Capabilities, Momentum, Cash, the spaces), the `?`
lookups, and a few turns played by a person in a real 80x40 pseudo-terminal against a live
gateway, the board checked against a spectator's view at every prompt."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf import json_format
from tablero.cuba_libre.v1 import view_pb2
from tablero.v1 import common_pb2

from clients.cli import render
from services.cuba_libre import GAME

from ..support import game_gateway
from .ptyterm import terminals
from .test_cli_games import COLS, PROMPT, ROWS, Table, at_prompt, board_of, menu_below, send

VIEW_TYPE = "tablero.cuba_libre.v1.CubaLibreView"
NAMES = ["Ann", "bot 1"]


def data(msg: Any) -> dict[str, Any]:
    return json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                     always_print_fields_with_no_presence=True)


REFERENCE = data(GAME.reference())
CARDS = {c["number"]: c for c in REFERENCE["cards"]}


def card(number: int) -> view_pb2.CardView:
    return json_format.ParseDict(CARDS[number], view_pb2.CardView())


def pieces(**counts: int) -> list[view_pb2.PieceCount]:
    return [view_pb2.PieceCount(kind=k, count=n) for k, n in counts.items()]


def constructed() -> view_pb2.CubaLibreView:
    """A 2-seat table in mid game: Ann runs the Government, bot 1 runs 26July and the
    Directorio (CL 1.5), the Syndicate is a Non-player (no seat, CL 8.0: its `seat` is the
    code -4); Government acts as 2nd Eligible after 26July's Operation + Special Activity."""
    v = view_pb2.CubaLibreView(
        aid=12, us_alliance="reluctant", coin_op_cost=3, total_support=9, total_opposition=7,
        opposition_plus_bases=8, dr_pop_plus_bases=3, open_casinos=4, deck_remaining=21,
        propaganda_played=1, final_propaganda=4, markers_available=17, cash_in_box=3,
        current_card=card(4), upcoming_card=card(20), played_cards=[43, 49, 4])
    for info in REFERENCE["spaces"]:
        v.spaces.add(id=info["id"], name=info["name"], type=info["type"],
                     population=info["population"], econ=info["econ"],
                     terrain=info["terrain"], support="neutral", adjacent=info["adjacent"])
    by_id = {s.id: s for s in v.spaces}
    havana = by_id["havana"]
    havana.support, havana.control = "active_support", "govt"
    havana.pieces.extend(pieces(troops=4, police=3, syndicate_underground=1, casino_open=2))
    sierra = by_id["sierra_maestra"]
    sierra.support, sierra.control, sierra.terror = "active_opposition", "m26", 1
    sierra.pieces.extend(pieces(m26_underground=2, m26_active=1, m26_base=1))
    by_id["ec_east"].sabotage = True
    by_id["matanzas"].pieces.extend(pieces(directorio_underground=1, casino_closed=1))
    v.cash.add(space="havana", holder="syndicate_underground", owner="syndicate")
    rows = (("govt", "Government", 14, True, {"troops": 6, "police": 9, "govt_base": 2}, 0),
            ("m26", "26July", 5, False, {"m26_underground": 9, "m26_base": 3}, 1),
            ("directorio", "Directorio", 3, True, {"directorio_underground": 12}, 1),
            ("syndicate", "Syndicate", 31, True, {"syndicate_underground": 4,
                                                   "casino_open": 6}, -4))
    tracks = {"govt": (9, 18), "m26": (8, 15), "directorio": (3, 9), "syndicate": (4, 7)}
    for fid, name, res, eligible, avail, seat in rows:
        v.factions.add(id=fid, name=name, resources=res, eligible=eligible, seat=seat,
                       available=pieces(**avail), non_player=fid == "syndicate",
                       victory_margin=-9 if fid == "govt" else -3,
                       meets_condition=False, track=tracks[fid][0], goal=tracks[fid][1],
                       resources_goal=30 if fid == "syndicate" else 0)
    v.seats.add(seat=0, factions=["govt"])
    v.seats.add(seat=1, factions=["m26", "directorio"])
    v.capabilities.add(card=2, side="unshaded", title="Guantánamo Bay",
                       marker="cap_guantanamo_bay_unshaded")
    v.momentum.add(card=5, side="shaded", title="Rolando Masferrer",
                   marker="mom_rolando_masferrer_shaded")
    v.sequence.CopyFrom(view_pb2.SequenceView(acting="govt", role="second",
                                              first_action="op_sa", executed=["m26"],
                                              ineligible_next=["syndicate"]))
    return v


def context(view: view_pb2.CubaLibreView, height: int | None = None,
            decisions: list[common_pb2.Decision] = ()) -> render.RenderContext:
    render.load_games()
    seat_view = common_pb2.SeatView(seat=0, decisions=list(decisions))
    return render.RenderContext(GAME.id, seat_view, data(view), VIEW_TYPE, NAMES, REFERENCE,
                                {}, 76, height)


def shown(ctx: render.RenderContext) -> list[str]:
    board = render.renderer_for(GAME.id, VIEW_TYPE)(ctx)
    return [line.rstrip() for line in render.plain(board, ctx.width).splitlines()]


def test_board_lines_say_the_cards_record_tracks_factions_and_spaces():
    """CL 2.2 the current and upcoming cards with their Events (5.2-5.4), CL 2.3 the
    Sequence-of-Play boxes, CL 1.8 / 6.3.1 the tracks, CL 7.2 the victory totals and their
    thresholds, CL 1.5 who runs which faction, CL 1.3-1.7 the spaces by region."""
    lines = shown(context(constructed()))
    assert lines[0] == "Now #4 S.I.M. (Govt 26July Synd DR)"
    assert lines[1] == ("  Unshaded: Select one City or Province that is at Active or Passive "
                        "Support")
    assert "  Shaded: Government Momentum until the next Reset: in Sweep and Assault," in lines
    assert "Next #20 The Twelve (26July DR Synd Govt)" in lines
    i = lines.index("Card: Govt acts as 2nd Eligible · 1st did Op + Special Activity")
    assert lines[i + 1:i + 11] == [
        "executed: 26July · Ineligible next card: Synd",
        "Aid 12 · US Alliance reluctant: COIN Ops cost 3 a space · deck 21",
        "Propaganda 1/4 · markers 17",
        "Victory: Support 9 (>18) & Cities at AS 1/3 · Opp+26J Bases 8 (>15)",
        "DR Pop+Bases 3 (>9) · open Casinos 4 (>7) & Synd Res 31 (>30)",
        "Govt   (Ann, you)   14 Res eligible   margin -9 · avail T6 P9 Gb2",
        "26July (bot 1)      5 Res  ineligible margin -3 · avail Mu9 Mb3",
        "DR     (bot 1)      3 Res  eligible   margin -3 · avail Du12",
        "Synd   (Non-player) 31 Res eligible   margin -3 · avail Su4 Co6",
        "In force: #2 Guantánamo Bay (U, Capability)"]
    assert lines[i + 11:i + 20] == [
        "#5 Rolando Masferrer (S, Momentum)",
        "Cash: Synd in Havana · 3 in the box",
        "Cities    Havana 6 [AS G] T4 P3 Su1 Co2 $Su · Camagüey City 1",
        "          Santiago de Cuba 1",
        "Mountain  Las Villas 2 · Sierra Maestra 1 [AO 26J] Mu2 Ma1 Mb1 !1",
        "Grassland La Habana 1 · Matanzas 1 Du1 Cc1",
        "Forest    Pinar del Río 1 · Camagüey Prov. 1 · Oriente 2",
        "ECs       Cigar EC 3 · Textile EC 3 · Sugar Cane EC 2 sabotage",
        "T troops P police Gb base · M 26July D DR S Syndicate: u/a Guerrilla"]


def event_decision() -> common_pb2.Decision:
    d = common_pb2.Decision(id="d1", seat=0, kind="coin.eligible",
                            prompt="Government: 2nd Eligible: choose an action.")
    d.options.add(id="event:unshaded", label="Unshaded: S.I.M.").args.update(
        {"action": "event", "side": "unshaded", "card": "4"})
    d.options.add(id="pass", label="Pass").args.update({"action": "pass"})
    return d


def test_short_of_lines_the_board_keeps_the_card_text_an_event_choice_needs():
    """CL 5.1: while the viewer may choose the current card's Event its text stays on the
    board; the upcoming card's text, the legend and empty spaces go first."""
    full = shown(context(constructed()))
    short = shown(context(constructed(), height=26, decisions=[event_decision()]))
    assert len(short) <= 26 < len(full)
    assert short[1].startswith("  Unshaded: Select one City or Province")
    assert "Next #20 The Twelve (26July DR Synd Govt)" in short
    assert not any("The executing faction picks" in line for line in short)
    assert not any(line.startswith("T troops") for line in short)
    assert "Cities    Havana 6 [AS G] T4 P3 Su1 Co2 $Su · +2 empty" in short
    assert "Mountain  Sierra Maestra 1 [AO 26J] Mu2 Ma1 Mb1 !1 · +1 empty" in short
    assert "Forest    +3 empty" in short
    # Shorter still: factions, tracks and lasting effects in a line or two each.
    shorter = shown(context(constructed(), height=20, decisions=[event_decision()]))
    assert len(shorter) < len(short) and shorter[1] == short[1]
    i = shorter.index("Card: Govt acts as 2nd Eligible · 1st did Op + Special Activity")
    assert shorter[i + 1:i + 9] == [
        "executed: 26July · Ineligible next card: Synd",
        "Aid 12 · US reluctant: COIN Ops 3/space · deck 21 · Propaganda 1/4",
        "Win: Support 9 (>18) & Cities at AS 1/3 · Opp+26J Bases 8 (>15)",
        "DR Pop+Bases 3 (>9) · open Casinos 4 (>7) & Synd Res 31 (>30)",
        "Resources, margin: Govt Ann: 14 Res, -9 · 26July bot 1: 5 Res, -3 inelig.",
        "DR bot 1: 3 Res, -3 · Synd NP: 31 Res, -3",
        "In force: #2 (U) · #5 (S)",
        "Cash: Synd in Havana · 3 in the box"]
    assert "Cities    Havana [AS G] T4 P3 Su1 Co2 $Su · +2 empty" in shorter
    # Without an Event to choose, the current card's text goes too.
    assert not any("Select one City" in line for line in shown(context(constructed(), 26)))


def test_propaganda_round_phase_replaces_the_card_record():
    """CL 6: during a Propaganda Round the board says which phase is under way."""
    v = constructed()
    v.ClearField("sequence")
    v.propaganda_phase = "redeploy"
    v.control_fixed = True
    lines = shown(context(v))
    assert "Propaganda Round: Redeploy phase" in lines
    assert not any(line.startswith("Card: ") for line in lines)
    assert "Propaganda 1/4 · markers 17 · Control fixed" in lines


def test_a_met_victory_condition_is_marked():
    """CL 7.2: a faction whose condition holds now is marked beside its margin."""
    v = constructed()
    v.factions[3].victory_margin, v.factions[3].meets_condition = 1, True
    assert "Synd   (Non-player) 31 Res eligible   margin +1 met · avail Su4 Co6" in \
        shown(context(v))


def test_a_seat_running_two_factions_sees_both_as_its_own():
    """CL 1.5: a 2-seat table, Ann running the Government and the Syndicate: both rows are
    hers, in the full table and in the compact cells."""
    v = constructed()
    v.factions[3].seat, v.factions[3].non_player = 0, False
    lines = shown(context(v))
    assert "Govt   (Ann, you) 14 Res eligible   margin -9 · avail T6 P9 Gb2" in lines
    assert "Synd   (Ann, you) 31 Res eligible   margin -3 · avail Su4 Co6" in lines
    compact = shown(context(v, height=16))
    assert "DR bot 1: 3 Res, -3 · Synd Ann: 31 Res, -3" in compact


def test_deception_counters_show_what_the_viewer_may_see():
    """CL 7.3 option: the viewer's own counters by name, another player's only once revealed,
    and how many each holds."""
    v = constructed()
    mine = v.deception.add(seat=0, held=2)
    mine.counters.add(kind="secret_plan")
    mine.counters.add(kind="empty_threat", revealed=True)
    theirs = v.deception.add(seat=1, held=2)
    theirs.counters.add(kind="hidden_assets", revealed=True)
    v.short_game, v.game_over = True, True
    lines = shown(context(v))
    i = lines.index("Deception: Ann 2: Secret Plan, Empty Threat (revealed)")
    assert lines[i + 1] == "bot 1 2: Hidden Assets (revealed)"
    assert "Propaganda 1/4 · markers 17 · short game · game over" in lines


def lookup(term: str) -> str:
    ctx = context(constructed())
    found = render.lookup_for(GAME.id, VIEW_TYPE)(ctx, term)
    return "" if found is None else render.plain(found, 76)


def test_lookups_show_a_card_by_number_or_title_and_a_space_with_its_neighbours():
    """`? #13` a single-Event Capability card (CL 5.3), `? raul` a card by its title
    without accents, `? camaguey` both Camagüey spaces as printed (CL 1.3) and now."""
    che = lookup("#13").splitlines()
    assert che[0] == "Card #13 El Che (26July Govt DR Synd)"
    assert che[1].startswith("  Event: Insurgent Capability for the rest of the game: in ")
    raul = lookup("raul")
    assert raul.startswith("Card #22 Raúl (")
    assert "  Unshaded: Insurgent Capability " in raul
    assert "  Shaded: Government Momentum " in raul
    camaguey = lookup("camaguey").splitlines()
    assert camaguey[0] == "Camagüey (Province)  province, population 1, forest"
    assert camaguey[1] == "  now: Camagüey Prov. 1"
    assert camaguey[2].startswith("  adjacent: ")
    assert "Camagüey (City)  city, population 1" in camaguey
    ec = lookup("ec_east").splitlines()
    assert ec[:2] == ["Sugar Cane EC (Oriente / Sierra Maestra)  Economic Center, Econ 2",
                      "  now: Sugar Cane EC 2 sabotage"]
    assert ec[2] == "  adjacent: Oriente, Sierra Maestra"
    assert lookup("havana").splitlines()[1] == "  now: Havana 6 [AS G] T4 P3 Su1 Co2 $Su"
    assert lookup("nothing such") == ""


# -- A few turns in a real terminal -----------------------------------------------

PIECE = {"troops": "T", "police": "P", "govt_base": "Gb", "m26_underground": "Mu",
         "m26_active": "Ma", "m26_base": "Mb", "directorio_underground": "Du",
         "directorio_active": "Da", "directorio_base": "Db", "syndicate_underground": "Su",
         "syndicate_active": "Sa", "casino_open": "Co", "casino_closed": "Cc"}


@pytest.fixture(scope="module")
def cl_gateway(platform, log_dir) -> Iterator[str]:
    with game_gateway(platform.redis_url, "cuba_libre", db=6, log_dir=log_dir) as gateway:
        yield gateway.endpoint


class CubaLibreTable(Table):
    def settled_view(self, seat: int) -> tuple[object, dict]:
        view, _ = super().settled_view(seat)
        msg = view_pb2.CubaLibreView()
        assert view.view.Unpack(msg)
        return view, data(msg)


def check_board(board: list[str], d: dict) -> None:
    """The cards (CL 2.2), the tracks (CL 1.8, 6.3.1), every faction's Resources (CL 1.8) and
    victory track (CL 7.2), and every space with pieces (CL 1.4), as a spectator's view has
    them."""
    inner = [line.strip("│").strip() for line in board]
    text = "\n".join(inner)
    assert f"Now #{d['current_card']['number']} {d['current_card']['title']}" in text
    if d.get("upcoming_card"):
        assert f"Next #{d['upcoming_card']['number']} " in text
    assert re.search(rf"^Aid {d['aid']} · US ", text, re.M), text
    assert f"Propaganda {d['propaganda_played']}/{d['final_propaganda']}" in text
    tracks = {"govt": "Support", "m26": "Opp+26J Bases", "directorio": "DR Pop+Bases",
              "syndicate": "open Casinos"}
    for f in d["factions"]:
        assert re.search(rf"\b{f['resources']} Res\b", text), (f, text)
        # CL 7.2: the faction's victory track and the value it must exceed.
        assert f"{tracks[f['id']]} {f['track']} (>{f['goal']})" in text, (f, text)
    names = {s["id"]: s["name"].split(" (")[0] for s in REFERENCE["spaces"]}
    names.update(camaguey_city="Camagüey City", camaguey_province="Camagüey Prov.")
    for space in d["spaces"]:
        if space["pieces"]:
            tokens = " ".join(f"{PIECE[p['kind']]}{p['count']}" for p in space["pieces"])
            assert re.search(rf"{re.escape(names[space['id']])}( \d)?( \[[^]]*\])? "
                             rf"{tokens}\b", text), (space, text)


def menu_answer(screen: list[str], rng: random.Random) -> str:
    """A random option of the menu below the board, or the lowest amount asked."""
    menu = screen[max(i for i, line in enumerate(screen) if line.startswith("╰")):]
    for line in menu:
        m = re.search(r"Enter an amount from (\d+) to", line)
        if m:
            return m.group(1)
    numbers = [int(n) for line in menu for n in re.findall(r"^  ?(\d+)\. ", line)]
    assert numbers, "no menu on the screen:\n" + "\n".join(screen)
    return str(rng.randint(1, max(numbers)))


def test_cuba_libre_turns_with_board_menu_and_card_texts_on_one_80x40_screen(cl_gateway):
    with terminals(cl_gateway, ROWS, COLS) as spawn:
        p = spawn("play", "cuba_libre", "--bots", "--name", "Ann", "--seats", "4")
        p.expect(r"Table ([0-9a-f]{32}): cuba_libre, you are seat 0 \(Ann\)")
        table = CubaLibreTable(cl_gateway, p.match.group(1))
        screen = at_prompt(p, table)
        _, d = table.settled_view(0)
        board_of(screen, "cuba_libre")

        # `?` shows a card's Events and a space with its neighbours, below the menu.
        p.sendline("? #13")
        p.expect(r"Card #13 El Che \(26July Govt DR Synd\)\r?\n  Event: Insurgent Capability")
        p.sendline("? sierra")
        p.expect(r"Sierra Maestra  province, population 1, mountain\r?\n  now: Sierra Maestra")
        p.expect(r"adjacent: ")
        at_prompt(p)

        rng = random.Random(12)
        events_seen = 0
        # The table's seed is the gateway's own (random): play 30 prompts, and on until an
        # Event has been offered at least once (a few cards at most).
        for i in range(300):
            if i >= 30 and events_seen:
                break
            _, d = table.settled_view(0)
            if d["game_over"]:
                break
            board = board_of(screen, "cuba_libre")
            check_board(board, d)
            menu = menu_below(screen, "cuba_libre")
            if re.search(r"\d\. (Unshaded|Shaded|Event)", menu):
                events_seen += 1
                # The card's text is on the screen while its Event can be chosen (CL 5.1).
                words = (d["current_card"]["unshaded"]["text"].split()[:5])
                inner = " ".join(" ".join(line.strip("│").split()) for line in board)
                assert " ".join(words) in inner
            send(p, menu_answer(screen, rng))
            if p.expect([PROMPT, r"Game over"]) == 1:
                break
            screen = at_prompt(p, table, expected=False)
        assert events_seen >= 1
        p.sendline("q")
        p.expect(r"You left the table; a bot plays your seat from now on\.")
        assert p.finish() == 0
