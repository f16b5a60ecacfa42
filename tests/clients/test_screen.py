"""The terminal client's pieces that need no server: answers parsed against a
decision, menus (standing optional decisions included), and the renderer registry
with its generic fallback."""

from __future__ import annotations

from rich.console import Console
from tablero.v1 import common_pb2, gateway_pb2

from clients.cli import prompt, render
from services.andean_abyss import GAME as ANDEAN_ABYSS
from services.kernel import engine
from services.runtime.convert import decision_pb


def decision(**kw) -> common_pb2.Decision:
    return common_pb2.Decision(id="d7.1", seat=1, kind="cuba.play_character",
                               prompt="Play a character.", **kw)


OPTS = decision(options=[common_pb2.Option(id="character:mayor", label="Mayor"),
                         common_pb2.Option(id="character:architect", label="Architect"),
                         common_pb2.Option(id="done", label="done")])
AMOUNT = decision(amount=common_pb2.AmountRange(min=2, max=9))
TRANSFER = common_pb2.Decision(id="t1", seat=1, kind="coin.transfer", optional=True,
                               prompt="Give resources to another faction.",
                               options=[common_pb2.Option(id="to:farc", label="FARC")])


def screen(renderable) -> str:
    c = Console(width=100, record=True, color_system=None, force_terminal=False)
    c.print(renderable)
    return c.export_text()


def test_answers_by_number_id_or_amount():
    assert prompt.parse("2", OPTS).option_id == "character:architect"
    assert prompt.parse(" done ", OPTS).option_id == "done"
    assert prompt.parse("7", AMOUNT).amount == 7
    assert prompt.parse("2", AMOUNT).amount == 2
    assert all(c.decision_id == "d7.1" for c in (prompt.parse("1", OPTS),
                                                 prompt.parse("9", AMOUNT)))


def test_bad_answers_say_what_is_expected():
    assert prompt.parse("4", OPTS) == "Choose a number from 1 to 3."
    assert prompt.parse("mayor", OPTS) == "'mayor' is not one of the options (? for help)."
    assert prompt.parse("1", AMOUNT) == "The amount must be from 2 to 9."
    assert prompt.parse("ten", AMOUNT) == "Type a whole number from 2 to 9."
    assert prompt.parse("", OPTS) == "Please answer the decision (? for help)."


def test_commands_and_optional_decisions():
    assert prompt.parse("v", OPTS) == prompt.Command("view")
    assert prompt.parse("?", OPTS) == prompt.Command("help")
    assert prompt.parse("? sugar mill", OPTS) == prompt.Command("lookup", term="sugar mill")
    assert prompt.parse("?2", OPTS) == prompt.Command("lookup", term="2")
    assert prompt.parse("q", OPTS) == prompt.Command("leave")
    assert prompt.parse("o1", OPTS, n_optional=1) == prompt.Command("optional", 0)
    # Without that many optional decisions "o2" is just a wrong answer.
    assert prompt.parse("o2", OPTS, n_optional=1) == "'o2' is not one of the options (? for help)."


def test_menu_numbers_options_and_lists_optional_decisions():
    text = screen(prompt.menu(OPTS, [TRANSFER]))
    assert "Play a character." in text
    assert "1. Mayor" in text and "[character:mayor]" in text
    assert "3. done" in text and "[done]" not in text  # label == id: shown once
    assert "also, any time: o1 Give resources to another faction" in text
    assert "Enter an amount from 2 to 9." in screen(prompt.menu(AMOUNT))


def give(seat: int, faction: str, to: str) -> common_pb2.Decision:
    return common_pb2.Decision(id=f"g{seat}{to}", seat=seat, optional=True,
                               prompt=f"{faction}: give Resources to {to}.",
                               amount=common_pb2.AmountRange(min=1, max=5))


def test_optional_decisions_differing_in_their_last_word_share_one_line():
    line = prompt.optional_line([give(0, "govt", "farc"), give(0, "govt", "auc"),
                                 give(0, "auc", "farc")])
    assert line.plain == ("  also, any time: govt: give Resources to o1 farc · o2 auc; "
                          "o3 auc: give Resources to farc")


def test_an_optional_decision_alone_reads_whole_after_its_number():
    """Cuba Libre's Cash prompt (CL 4.5.2) alone: its number leads, the sentence stays whole."""
    cash = common_pb2.Decision(id="c7.3", seat=1, optional=True, prompt=(
        "Syndicate: move your Cash to another piece in its space (optional)."),
        options=[common_pb2.Option(id="cash:0:syn_u", label="Move Cash 1")])
    assert prompt.optional_line([cash]).plain == (
        "  also, any time: o1 Syndicate: move your Cash to another piece in its space")


def test_a_closing_remark_in_brackets_does_not_split_the_optional_decisions():
    """Andean Abyss's prompts end "(optional, at any time)": grouped by the word before it."""
    said = [common_pb2.Decision(id=f"t1.{g}.{to}", seat=0, optional=True,
                                prompt=f"{g}: give Resources to the {to} (optional, at any time).",
                                amount=common_pb2.AmountRange(min=1, max=5))
            for g, to in (("Government", "FARC"), ("Government", "Cartels"), ("AUC", "FARC"))]
    assert prompt.optional_line(said).plain == (
        "  also, any time: Government: give Resources to the o1 FARC · o2 Cartels; "
        "o3 AUC: give Resources to the FARC")


def test_long_option_lists_go_in_columns_of_at_most_12_rows():
    many = decision(options=[common_pb2.Option(id=f"space:s{i}", label=f"March into {i}")
                             for i in range(1, 37)])
    rows = screen(prompt.menu(many, width=80)).splitlines()
    assert len(rows) == 1 + 12
    assert rows[1].split() == ["1.", "March", "into", "1", "13.", "March", "into", "13",
                               "25.", "March", "into", "25"]
    assert max(len(r) for r in rows) <= 80
    assert prompt.parse("36", many).option_id == "space:s36"
    shown = prompt.option_text(many, "36")
    assert shown is not None and shown.plain == "36. March into 36\n    id space:s36"
    assert prompt.option_text(many, "37") is None


def give_resources(most: int) -> common_pb2.Decision:
    """A COIN "give Resources" decision as Andean Abyss offers it (one per giver)."""
    step = engine.setup(ANDEAN_ABYSS, 4, {}, 4)
    (d,) = [d for d in step.decisions if d.id == "t0.0"]
    assert len(d.options) == 3 * 40  # 3 receivers, 1..40 Resources
    pb = decision_pb(d)
    kept = [o for o in pb.options if int(o.args["amount"]) <= most]
    del pb.options[:]
    pb.options.extend(kept)
    return pb


def test_amount_options_show_once_per_receiver_and_take_a_number_and_an_amount():
    """AA/CL 1.5.1 "give Resources": 120 options `give:<faction>:<n>` read as three lines,
    one per receiver, answered '<line> <amount>'."""
    d = give_resources(40)
    text = screen(prompt.menu(d))
    assert "1. Give 1..40 Resources to the FARC" in text
    assert "3. Give 1..40 Resources to the Cartels" in text and "[3 <1-40>]" in text
    assert len(text.splitlines()) == 5  # prompt, hint, three receivers
    assert prompt.parse("2 7", d).option_id == "give:auc:7"
    assert prompt.parse("give:farc:3", d).option_id == "give:farc:3"
    assert prompt.parse("2", d) == "Type 2 and an amount from 1 to 40 (e.g. '2 1')."
    assert prompt.parse("2 41", d) == "Type 2 and an amount from 1 to 40 (e.g. '2 1')."
    assert prompt.parse("4 1", d).startswith("Choose a number from 1 to 3")
    assert "ids give:auc:1 .. give:auc:40" in prompt.option_text(d, "2").plain
    small = give_resources(4)  # 12 options: a plain list, one per line
    assert prompt.amount_groups(small) is None
    assert prompt.parse("5", small).option_id == "give:auc:1"


def test_long_labels_wrap_only_while_the_menu_stays_short():
    long = ("Move to r0c1 (citrus field): get 1 stone, 1 water; pick 2 of 3 crop fields "
            "(1 citrus, 1 sugar cane, 1 tobacco), more for 1 water each")
    few = decision(options=[common_pb2.Option(id=f"field:f{i}", label=long) for i in range(2)])
    shown = screen(prompt.menu(few, width=80))
    assert shown.count("more for 1 water each") == 2 and "…" not in shown  # wrapped whole
    more = decision(options=[common_pb2.Option(id=f"field:f{i}", label=long) for i in range(9)])
    rows = screen(prompt.menu(more, width=80)).splitlines()
    assert len(rows) == 1 + 9  # one line each, cut: '? N' shows a label whole
    assert all("…" in r for r in rows[1:])


def context(data: dict, game: str = "somegame", seat: int = 1) -> render.RenderContext:
    view = common_pb2.SeatView(seat=seat, version=12)
    return render.RenderContext(game, view, data, "google.protobuf.Struct",
                                ["Ann", "Bob (left, bot played)", "Cy"], width=100)


def rows_of(text: str) -> list[list[str]]:
    return [line.strip("│ ").split() for line in text.splitlines()]


def test_generic_renderer_puts_per_seat_lists_in_a_seats_table():
    ctx = context({"money": [3, 5, 8], "round": 4.0, "market": {"sugar": 2, "rum": 0},
                   "deck": [1, 2]})
    text = screen(render.view_panel(ctx))
    assert "somegame · seat 1: Bob (left, bot played)" in text
    assert "version" not in text  # the board changes only when the game does
    rows = rows_of(text)
    assert ["0:", "Ann", "1:", "Bob", "(left,", "bot", "played)", "(you)", "2:", "Cy"] in rows
    assert ["money", "3", "5", "8"] in rows
    assert ["round", "4"] in rows and ["market", "sugar", "2"] in rows  # empty entries left out
    assert ["deck", "1,", "2"] in rows  # not per seat: two entries, three seats


def test_generic_renderer_spreads_per_seat_records_and_tabulates_other_records():
    players = [{"seat": 0, "vp": 1, "yard": {"wood": 2}, "farm": [{"id": "r0c0", "t": "lake"}]},
               {"seat": 1, "vp": 2, "yard": {}, "farm": []},
               {"seat": 2, "vp": 0, "yard": {"stone": 1}, "farm": []}]
    harbor = [{"pos": "berth_1", "ship": "s3", "slots": {"rum": 2}}, {"pos": "sea"}]
    rows = rows_of(screen(render.view_panel(context({"players": players, "harbor": harbor}))))
    assert ["vp", "1", "2", "0"] in rows and ["yard", "wood", "2", "—", "stone", "1"] in rows
    assert ["seat", "0", "1", "2"] not in rows  # the seat is the column itself
    assert ["seat", "0", "farm:", "r0c0", "lake"] in rows
    assert ["pos", "ship", "slots"] in rows
    assert ["berth_1", "s3", "rum", "2"] in rows and ["sea"] in rows


def test_a_registered_renderer_wins_over_the_generic_one():
    @render.register("somegame-registered")
    def mine(ctx: render.RenderContext) -> str:
        return f"custom board, round {ctx.data['round']}"

    assert "custom board, round 2" in screen(render.view_panel(
        context({"round": 2}, game="somegame-registered")))
    assert render.renderer_for("othergame", "x.y.View") is render.render_generic


def test_seat_names_tell_bots_from_players_who_left():
    table = gateway_pb2.TableInfo(seats=[
        gateway_pb2.SeatInfo(seat=0, player_id="p1", display_name="Ann"),
        gateway_pb2.SeatInfo(seat=1, display_name="bot", bot=True),
        gateway_pb2.SeatInfo(seat=2, display_name="Cy", bot=True),
        gateway_pb2.SeatInfo(seat=3)])
    assert render.seat_names(table, 4) == ["Ann", "bot 1", "Cy (left, bot played)", "seat 3"]
    result = common_pb2.Outcome(finished=True, results=[
        common_pb2.SeatResult(seat=2, rank=1, winner=True, score=9)])
    assert "Cy (left, bot played)" in screen(render.outcome_table(result,
                                                                  render.seat_names(table, 4)))


def event(text: str, **data) -> common_pb2.Event:
    ev = common_pb2.Event(kind="cuba.played", text=text)
    ev.data.update(data)
    return ev


def test_events_name_the_seats_their_data_names():
    names = ["Ann", "bot 1", "Cy"]
    assert render.event_text(event("Seat 2 plays the Mayor.", seat=2), names) == \
        "Cy plays the Mayor."
    assert render.event_text(event("Seat 1's worker yields 2 wood.", seat=1), names) == \
        "bot 1's worker yields 2 wood."
    # A seat the data does not name stays as written; an event without text is told
    # from its data, never as a Python repr.
    assert render.event_text(event("Seat 1 waits; seat 2 leads.", seat=1), names) == \
        "bot 1 waits; seat 2 leads."
    told = render.event_text(event("", seat=0, yard={"wood": 2, "stone": 1}), names)
    assert told == "played: seat 0 · yard: stone 1, wood 2" and "{" not in told
    # Junta numbers its players, who are the seats; a straw man (player 3 at a table of
    # three) is not a seat and keeps his number.
    assert render.event_text(event("Player 0 tries to kill Player 2 at the Bank.", player=0,
                                   target=2), names) == "Ann tries to kill Cy at the Bank."
    assert render.event_text(event("Player 3 votes yes.", player=3), names) == \
        "Player 3 votes yes."
    marker = gateway_pb2.TableEvent(version=3, event=common_pb2.Event(kind="tablero.committed"))
    assert marker.event.kind in render.QUIET_KINDS


def test_options_cut_to_fit_columns_say_their_shared_words_once():
    """Junta's paratroop drops differ only in their last words: cut to a column's width
    they would all read "Drop the paratroops into P…"."""
    areas = ["Plaza North", "Plaza South", "Presidential Palace", "Parliament",
             "Police Precinct North", "Police Precinct South"] * 3
    many = decision(options=[common_pb2.Option(id=f"drop:{i}",
                                               label=f"Drop the paratroops of the 1st "
                                                     f"Brigade into {a} now")
                             for i, a in enumerate(areas)])
    rows = screen(prompt.menu(many, width=80)).splitlines()
    assert rows[1].strip() == "each: Drop the paratroops of the 1st Brigade into … now"
    assert rows[2].split()[:3] == ["1.", "Plaza", "North"]
    assert "Police Precinct South" in screen(prompt.menu(many, width=80))
    assert max(len(r) for r in rows) <= 80


def test_shared_words_leave_each_label_a_word_of_its_own():
    assert prompt.shared_words(["Move 1 Troops", "Move 2 Troops"]) == (
        ["Move"], ["1", "2"], ["Troops"])
    assert prompt.shared_words(["done", "done twice"]) == ([], ["done", "done twice"], [])
