"""Benchmarks: `make bench` runs bench.platform."""
