"""Chapter 8 of the COIN games: factions nobody plays, run by the rulebook's procedures.

The shared machinery (AA 8.0-8.3, CL 8.0-8.3):
- `seats`: which factions are Non-players, and the seat code that marks them;
- `random_pick`: the Random Space chart walk, the Random LoC selection and the
  equal-chance roll, all drawn from the game's PRNG;
- `priorities`: the 8.1.2 priority guidelines as orderings of offered options;
- `choice`: the 8.1 Event-or-Operation choice (symbols, card instructions, 2nd Eligible);
- `driver`: runs a game's procedures inside the flow: every decision of a Non-player is
  answered by its procedure among the options the flow offers, so every rule check still
  runs and the choices are events like everyone's.
A game gives its tables (chart, card symbols, instructions) as data and its faction
procedures as a `Procedure`.
"""
