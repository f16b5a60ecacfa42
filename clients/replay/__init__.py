"""The replay verifier: re-run finished tables through the rules service."""
