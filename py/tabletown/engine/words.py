"""English lists and plurals, one way everywhere (the page, the log, the command line).

    and_list(["Ann"])                 -> "Ann"
    and_list(["Ann", "Bob", "Cy"])    -> "Ann, Bob and Cy"
    plural(1, "player")               -> "1 player"
    plural(3, "player")               -> "3 players"
    plural(2, "die", "dice")          -> "2 dice"
    verb(1, "is", "are")              -> "is"
"""

from __future__ import annotations

from typing import Iterable, Optional


def and_list(items: Iterable[str], word: str = "and") -> str:
    """"A", "A and B", "A, B and C"."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def or_list(items: Iterable[str]) -> str:
    return and_list(items, "or")


def noun(count: int, singular: str, plural_form: Optional[str] = None) -> str:
    """The noun alone in the right number: noun(2, "card") -> "cards"."""
    if count == 1:
        return singular
    return plural_form if plural_form is not None else singular + "s"


def plural(count: int, singular: str, plural_form: Optional[str] = None) -> str:
    """The count with its noun: plural(0, "move") -> "0 moves"."""
    return f"{count} {noun(count, singular, plural_form)}"


def verb(count: int, singular: str, plural_form: str) -> str:
    """The verb that agrees with `count` subjects: verb(2, "is", "are") -> "are"."""
    return singular if count == 1 else plural_form
