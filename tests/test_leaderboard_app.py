"""App helpers without a browser (escaping, spans), Space packaging and the CLI wiring."""

from __future__ import annotations

from typer.testing import CliRunner

from leaderboard.display.html import highlight_html, locate_spans
from leaderboard.space import SpaceConfig, package_space, requirements


def test_claims_are_marked_by_verdict_and_everything_is_escaped():
    text = "NVDA fell 8.2% <script>alert(1)</script> and AAPL rose 4.5%."
    claims = [
        {"text": "fell 8.2%", "detail": "supported", "shown_value": -8.16, "true_value": 8.44},
        {"text": "rose 4.5%", "detail": "fabricated", "shown_value": "<b>", "true_value": None},
    ]
    out = highlight_html(text, claims)
    assert '<mark class="mcb-claim" data-verdict="supported"' in out
    assert 'data-verdict="fabricated"' in out
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert "<b>" not in out and "shown &lt;b&gt;" in out
    assert "shown -8.16 · true 8.44" in out


def test_each_highlighted_claim_names_the_rules_that_made_it_on_hover():
    text = "NVDA fell 8.2%."
    claims = [{"text": "fell 8.2%", "detail": "supported", "shown_value": -8.2, "true_value": 8.4,
               "rules": ["attach.sign.down", "sign.down", "subject.clause_subject"]}]
    out = highlight_html(text, claims)
    assert "· rules: attach.sign.down, sign.down, subject.clause_subject\">fell 8.2%" in out


def test_scorer_offsets_win_and_text_is_found_in_order_otherwise():
    text = "up 1% then up 1% again"
    spans = locate_spans(text, [{"text": "up 1%"}, {"text": "up 1%"}])
    assert [(s, e) for s, e, _ in spans] == [(0, 5), (11, 16)]
    assert locate_spans(text, [{"text": "ignored", "start": 11, "end": 16}])[0][:2] == (11, 16)


def test_space_folder_has_app_requirements_and_a_gradio_header(tmp_path):
    out = tmp_path / "space"
    package_space(out, SpaceConfig("org/results", "org/bench", "2026.08"))
    readme = (out / "README.md").read_text()
    assert readme.startswith("---\n") and "\nsdk: gradio\n" in readme and "app_file: app.py" in readme
    assert "org/results" in (out / "app.py").read_text()
    reqs = (out / "requirements.txt").read_text().splitlines()
    import gradio

    assert reqs == requirements(gradio.__version__) and f"gradio=={gradio.__version__}" in reqs
    assert (out / "leaderboard" / "app.py").is_file() and (out / "data" / "universes.toml").is_file()
    assert (out / "contracts" / "submission.py").is_file(), "the contract layer every package imports ships too"
    from extractors.version import fingerprint, scorer_files

    assert fingerprint(scorer_files(out, out / "data")) == fingerprint(scorer_files()), "the Space scores as this checkout does"
    assert not list(out.rglob("__pycache__"))


def test_space_refuses_a_non_empty_folder(tmp_path):
    from mcb import app

    (tmp_path / "keep.txt").write_text("x")
    result = CliRunner().invoke(app, ["space", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "not empty" in result.output


def test_demo_is_the_leaderboard_one_and_prints_the_ranking(tmp_path, monkeypatch):
    from mcb import app

    monkeypatch.chdir(tmp_path)
    demos = [c for c in app.registered_commands if (c.name or c.callback.__name__) == "demo"]
    assert len(demos) == 1 and demos[0].callback.__module__ == "leaderboard.cli"
    result = CliRunner().invoke(app, ["demo", "--no-serve", "--out", str(tmp_path / "ds"), "--results", str(tmp_path / "res")])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "baseline: " in line and "│" in line]
    assert "faithful" in lines[0]
    # Each canary line names the canary once, then its track; every long step had its bar.
    assert "canary: reciter (recall track): stored, verdict fail (expected fail)" in result.output
    assert "canary canary" not in result.output
    for step in ("loading the datasets", "baseline faithful: loading the claim extractor (spaCy and the rule files)",
                 "baseline faithful: extracting and checking claims (cells)",
                 "baseline blender on the sweep: extracting and checking claims (sweep cells)", "track recall: canary reciter"):
        assert step in result.output, step
    assert "model SmolLM2-135M-Instruct: scored" in result.output
    assert any("SmolLM2-135M-Instruct" in line and "│" in line for line in result.output.splitlines()), "ranked"
    again = CliRunner().invoke(app, ["demo", "--no-serve", "--out", str(tmp_path / "ds"), "--results", str(tmp_path / "res")])
    from extractors.baselines import BASELINES

    assert again.exit_code == 0 and again.output.count("duplicate") == len(BASELINES) + 1  # and the real row
    assert again.output.count("on the sweep: already stored") == len(BASELINES)
    assert "dose-response sweep" in again.output
