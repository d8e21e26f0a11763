"""The About text is written once (cards/about.md) and shown on the About page and in the README
(tests/test_card.py checks the dataset card includes it)."""

from __future__ import annotations

from builder.paths import PROJECT_ROOT
from leaderboard.pages.about import README_END, README_START, about_markdown, about_text


def readme_copy() -> str:
    readme = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count(README_START) == 1 and readme.count(README_END) == 1, "the README carries one About block"
    return readme.split(README_START, 1)[1].split(README_END, 1)[0].lstrip("\n")


def test_the_readme_carries_the_about_text_unchanged():
    assert readme_copy() == about_text(), "cards/about.md changed: copy it between the README's about markers"


def test_the_about_page_shows_the_text_and_every_verdict_and_detail():
    from contracts.vocabulary import DETAILS

    page = about_markdown()
    assert about_text() in page
    for detail in DETAILS:
        assert f" | {detail} | " in page, detail
