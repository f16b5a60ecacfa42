"""The thin gRPC side of a rules service: one generic Rules servicer for any game module."""
