"""Pig (돼지 주사위): a sixth, test-only game written against the engine core (issue 22,
point 1): ``rules.core.engine.Engine`` for ``apply`` and the fast path, a stack of pending
decisions (``rules.core.decisions``) for who decides what, ``GameState.copied`` for copies."""
