"""Tabletown: five small-town tabletop games in one static web page."""

__version__ = "1.0.0"
