"""Cuba Libre (GMT COIN II): data, state, board queries, setup and view.

The rules of play (sequence, operations, events, propaganda) come next, on the shared COIN
layer (services/coin); until then this package registers no game and no service.
"""
