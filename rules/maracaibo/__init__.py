"""Maracaibo (마라카이보): rules engine, under construction; ``spec.SPEC`` is not exported yet."""
