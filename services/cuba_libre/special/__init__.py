"""CL 4 Special Activities: the Government's (govt.py: Transport, Air Strike, Reprisal) and the
Insurgents' (insurgent.py: Infiltrate, Ambush, Kidnap; Subvert, Ambush, Assassinate; Profit,
Cash, Muscle, Bribe). Each module exports `SAS` (coin.operations.SaSpec) and `PROCS`."""
