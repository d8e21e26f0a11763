"""The packaged Space runs from its own folder: `python app.py` there serves the board.

`mcb space` writes a folder the Hub builds as it is: `pip install -r requirements.txt`, then
`python app.py`. A fresh install is too slow for the suite (the requirements are checked line by
line here, and a real fresh environment was run by hand, see the README); what is run here is the
folder's own app with this environment's packages, no `PYTHONPATH`, cwd the folder, so every
project module it imports is the folder's copy, against a local results store and a local dataset
(`MCB_RESULTS_REPO` / `MCB_DATASET_REPO` naming folders instead of repos).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import gradio
import pytest
from typer.testing import CliRunner

from builder.paths import PROJECT_ROOT
from leaderboard.space import ENV_DATASET, ENV_RESULTS
from leaderboard.store import LocalStore, ModelMeta
from leaderboard.submit import load_datasets, submit
from mcb import app
from tests.test_leaderboard_support import faithful, submission_bytes, tagged_scorer

PROBE_MODEL = "space-probe-model"
START_TIMEOUT_S = 300


@pytest.fixture(scope="module")
def space(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("space") / "space"
    result = CliRunner().invoke(app, ["space", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "run it with `python app.py` there" in result.output
    return out


def test_requirements_pin_cpu_torch_behind_its_index_and_the_space_s_gradio(space):
    lines = (space / "requirements.txt").read_text(encoding="utf-8").splitlines()
    tool = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["market-claim-bench"]
    assert tool["cpu-torch"] == "torch==2.13.0"
    assert lines[0] == f"--extra-index-url {tool['cpu-torch-index']}" == "--extra-index-url https://download.pytorch.org/whl/cpu"
    assert [line for line in lines if line.startswith("torch")] == ["torch==2.13.0"]
    assert f"gradio=={gradio.__version__}" in lines
    readme = (space / "README.md").read_text(encoding="utf-8")
    assert f"\nsdk_version: {gradio.__version__}\n" in readme and '\npython_version: "3.11"\n' in readme
    declared = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    assert len(lines) == 1 + len(declared), "every runtime dependency of the project, and only those, plus the index"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _space_env(space: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    return {**env, "GRADIO_ANALYTICS_ENABLED": "False", **extra}


def test_the_folder_s_modules_are_its_own_copies(space):
    code = ("import json, contracts, builder, extractors, leaderboard; "
            "print(json.dumps([m.__file__ for m in (contracts, builder, extractors, leaderboard)]))")
    done = subprocess.run([sys.executable, "-c", code], cwd=space, env=_space_env(space), capture_output=True,
                          text=True, check=True)
    assert all(Path(path).resolve().is_relative_to(space.resolve()) for path in json.loads(done.stdout))


def test_python_app_py_in_the_folder_serves_the_board(space, default_build, tmp_path):
    store = LocalStore(tmp_path / "results")
    datasets = load_datasets([default_build])
    dataset = datasets.get(datasets.latest)
    outcome = submit(submission_bytes(dataset, faithful), ModelMeta(PROBE_MODEL, "v1"), store, datasets, scorer=tagged_scorer)
    assert outcome.status == "scored", outcome.reason
    port = _free_port()
    env = _space_env(space, **{ENV_RESULTS: str(store.root), ENV_DATASET: str(default_build),
                               "GRADIO_SERVER_NAME": "127.0.0.1", "GRADIO_SERVER_PORT": str(port)})
    log = tmp_path / "app.log"
    with open(log, "wb") as output:
        process = subprocess.Popen([sys.executable, "app.py"], cwd=space, env=env, stdout=output, stderr=subprocess.STDOUT)
    try:
        page = _wait_for(f"http://127.0.0.1:{port}/config", PROBE_MODEL, process, log)
        assert "read rate" in page.lower()
    finally:
        process.terminate()
        process.wait(timeout=30)


def _wait_for(url: str, needle: str, process: subprocess.Popen, log: Path) -> str:
    """The body of `url` once it holds `needle`; fails with the app's log if it exits or never does."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"`python app.py` exited with {process.returncode}:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                body = response.read().decode("utf-8", errors="replace")
            if needle in body:
                return body
        except OSError:
            pass
        time.sleep(1)
    pytest.fail(f"{url} did not show {needle!r} within {START_TIMEOUT_S} s:\n{log.read_text(errors='replace')[-3000:]}")
