"""The COIN series layer shared by Andean Abyss and Cuba Libre (DESIGN §5, STYLE "services/coin").

Games describe their pieces, factions and procedures with small tables and hooks;
this package holds what the series rulebooks share: the card sequence and
eligibility (§2), piece arrays (§1.4), control and support (§1.6-1.7), the
operation framework (§3-4) and the propaganda-round skeleton (§6).
"""
