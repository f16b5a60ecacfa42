"""The COIN series layer shared by Andean Abyss and Cuba Libre (DESIGN §5, STYLE "services/coin").

Games describe their pieces, factions and procedures with small tables and hooks;
this package holds what the series rulebooks share:

- state.py      `CoinState`, the fields every COIN state carries (games subclass it);
- pieces.py     §1.4 `PieceTable`: the only code that writes piece arrays;
- board.py      `Board[S]`: the one board object (space ids, Population, piece table, words,
                adjacency, spaces in play, §1.4.2 stacking groups), passed once to the procs;
- spaces.py     §1.6-1.7 support shifts, totals, `ControlRule`, stacking room;
- sequence.py   §2 card flow and eligibility (`SequenceRules`, `DeckProc` with a next-card
                hook, `CardProc` with the `BonusLimOp` window of §2.3.6);
- operations.py §3-4 the operation loop (`OpSpec`, `SaSpec`, `OperationProc` with the
                first-SA, LimOp-SA and SA-proceeds hooks, `push_sa`);
- sa_lines.py   §3.1, 4.1 the lines of play of an SA begun before its Operation's first space;
- piece_procs.py §1.4.1, 3-5 remove / Activate / hide / replace / move each piece once,
                placement with the own-piece reclaim (`PieceRules` hooks: removal modes,
                what may be Activated, before/instead of/after a removal);
- every_space.py §5.1 "in every space where possible" free Operations (`FreeModes`);
- effects.py    §5 the event step vocabulary (`coin.effect`), `free_op`, `ineligible_next`;
- flags.py      §5.3-5.4 Capabilities and Momentum;
- propaganda.py §6 the Propaganda Round skeleton and `begin_round`;
- support.py    §6.3-6.4 Support-phase steps taken space by space, with costs;
- transfers.py  §1.5.1 standing Resources transfers (with a window hook);
- own_removal.py §1.4.1 (CL-R-04) own pieces removed at any step of one's own execution;
- words.py      the names a player reads.
"""
