"""CL 3 Operations: the Government's (govt.py: Train, Garrison, Sweep, Assault) and the
Insurgents' (insurgent.py: Rally, March, Attack, Terror, Construct), with what they share
(common.py). Each module exports `OPS` (coin.operations.OpSpec) and `PROCS` (its own procs)."""
