"""Names at a table (issue 32): kept in Unicode NFC; invisible and line-breaking characters, and
those that are no characters at all, refused with a message that names them."""

from __future__ import annotations

import unicodedata

import pytest

from hanse.server.errors import ApiError
from hanse.server.names import clean_name


def test_a_name_is_kept_in_nfc_without_spaces_around_it() -> None:
    decomposed = "Ju\u0308rgen"  # u + combining diaeresis
    assert clean_name(f"  {decomposed} ") == "J\u00fcrgen"
    assert clean_name("Anna (A) — 🐟 Lübeck") == "Anna (A) — 🐟 Lübeck"


@pytest.mark.parametrize(
    ("char", "category", "said"),
    [
        ("\u0007", "Cc", "a control character"),  # bell
        ("\u0085", "Cc", "a control character"),  # next line (C1)
        ("\u202e", "Cf", "an invisible formatting character"),  # right-to-left override
        ("\u200b", "Cf", "an invisible formatting character"),  # zero-width space
        ("\u2028", "Zl", "a line separator"),
        ("\u2029", "Zp", "a paragraph separator"),
        ("\ue000", "Co", "a private-use character"),
        ("\ud800", "Cs", "a surrogate"),
    ],
)
def test_characters_of_refused_categories_are_named(char: str, category: str, said: str) -> None:
    assert unicodedata.category(char) == category
    with pytest.raises(ApiError) as refused:
        clean_name(f"An{char}na")
    assert refused.value.status == 422
    assert said in refused.value.message
    assert f"U+{ord(char):04X}" in refused.value.message


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, 7, None])
def test_an_empty_long_or_missing_name_is_refused(name: object) -> None:
    with pytest.raises(ApiError) as refused:
        clean_name(name)
    assert refused.value.status == 422


def test_forty_characters_after_normalising_are_accepted() -> None:
    assert clean_name("u\u0308" * 40) == "\u00fc" * 40  # 80 code points typed, 40 kept
