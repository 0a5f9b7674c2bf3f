"""Benchmarks (``python -m bench``); not part of the test run and never asserted."""
