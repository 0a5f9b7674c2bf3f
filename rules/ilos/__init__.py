"""Ilos (일로스): rules engine."""
