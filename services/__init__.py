"""The rules services: the kernel, the COIN machinery, one package per game."""

from .native import guard

guard()  # a compiled build only while it matches its sources (decision 0015)
