"""Quintet: five fast card and tile games with exact rules, bots and a simulator."""

__version__ = "0.1.0"
