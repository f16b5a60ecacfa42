"""The pure engine kernel: decisions, flow stack, PRNG, codec, visibility, bots.

Imports neither grpc nor redis (DESIGN §5). Rules modules build on it; the
runtime serves any rules module over gRPC through `engine`.
"""
