"""`mcb publish` / `mcb publish-space`: dry runs list exactly what was built; existing tags are refused."""

from __future__ import annotations

import base64
import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import huggingface_hub.constants
import pytest
from huggingface_hub import HfApi
from typer.testing import CliRunner

from builder.dataset import BuildSpec, build_dataset
from builder.publish import PublishError, execute, existing_tags, plan_dataset, plan_space, publish
from mcb import app

MAIN_COMMIT = "1" * 40


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, list[str]]:
    out = tmp_path_factory.mktemp("publish") / "2026.07"
    report = build_dataset(out, [BuildSpec("us", "2026-07")], release="2026.07")
    return out, report.files


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a dry run opened a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


class FakeHub(BaseHTTPRequestHandler):
    """A stand-in for the Hub's HTTP API, answering as huggingface.co does the calls a publish makes:
    refs (tags), repo creation, the file tree, YAML validation, preupload, commit and tag. Every
    file is taken inline ("regular" upload mode), so a commit carries the exact bytes uploaded."""

    tags_by_repo: dict[str, list[str]] = {}
    remote_files: list[str] = []
    requests: list[str] = []
    commits: dict[str, dict] = {}
    tokens: set[str] = set()

    def do_GET(self):  # noqa: N802 (http.server's naming)
        if self.path.startswith("/api/agent-harnesses"):  # huggingface_hub's own lookup, not a publish call
            self._send(404, {"error": "not served by the stand-in"})
            return
        self.requests.append(f"GET {self.path}")
        self.tokens.add(self.headers.get("Authorization", ""))
        path = self.path.split("?")[0]
        repo, endpoint = self._repo_and_endpoint(path)
        if endpoint == "tree/main":
            self._send(200, [{"type": "file", "path": name, "oid": "4" * 40, "size": 1} for name in self.remote_files])
            return
        if endpoint != "refs" or repo not in self.tags_by_repo:
            self._send(404, {"error": "Repository not found"}, {"X-Error-Code": "RepoNotFound"})
            return
        tags = [{"name": t, "ref": f"refs/tags/{t}", "targetCommit": "2" * 40} for t in self.tags_by_repo[repo]]
        branches = [{"name": "main", "ref": "refs/heads/main", "targetCommit": MAIN_COMMIT}]
        self._send(200, {"branches": branches, "converts": [], "tags": tags})

    def do_POST(self):  # noqa: N802
        self.requests.append(f"POST {self.path}")
        self.tokens.add(self.headers.get("Authorization", ""))
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        path = self.path.split("?")[0]
        repo, endpoint = self._repo_and_endpoint(path)
        if path == "/api/repos/create":
            payload = json.loads(body)
            created = f"{payload['organization']}/{payload['name']}"
            self.tags_by_repo.setdefault(created, [])
            self._send(200, {"url": f"{self._base()}/datasets/{created}"})
        elif path == "/api/validate-yaml":
            self._send(200, {"errors": [], "warnings": []})
        elif endpoint == "preupload/main":
            files = json.loads(body)["files"]
            self._send(200, {"files": [{"path": f["path"], "uploadMode": "regular", "shouldIgnore": False} for f in files]})
        elif endpoint == "commit/main":
            added, deleted = {}, []
            for line in body.decode().splitlines():
                entry = json.loads(line)
                if entry["key"] == "file":
                    added[entry["value"]["path"]] = base64.b64decode(entry["value"]["content"])
                elif entry["key"] == "deletedFile":
                    deleted.append(entry["value"]["path"])
            self.commits[repo] = {"added": added, "deleted": deleted}
            self._send(200, {"commitUrl": f"{self._base()}/datasets/{repo}/commit/{'3' * 40}", "commitOid": "3" * 40})
        elif endpoint.startswith("tag/"):
            self.tags_by_repo.setdefault(repo, []).append(json.loads(body)["tag"])
            self._send(200, {})
        else:
            self._send(500, {"error": f"the stand-in does not answer {path}"})

    @staticmethod
    def _repo_and_endpoint(path: str) -> tuple[str | None, str]:
        """/api/datasets/ORG/NAME/ENDPOINT... -> ("ORG/NAME", "ENDPOINT...")."""
        prefix = "/api/datasets/"
        if not path.startswith(prefix):
            return None, ""
        org, name, *rest = path[len(prefix):].split("/")
        return f"{org}/{name}", "/".join(rest)

    def _base(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def _send(self, status: int, body: dict, headers: dict[str, str] | None = None) -> None:
        payload = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


@pytest.fixture
def hub_standin(monkeypatch):
    """The stand-in's base URL; huggingface_hub's default endpoint points at it."""
    # The suite runs with HF_HUB_OFFLINE=1; the stand-in on 127.0.0.1 is the only server reached.
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", False)
    FakeHub.tags_by_repo = {"org/market-claim-bench": ["2026.07", "2026.08"]}
    FakeHub.remote_files, FakeHub.requests, FakeHub.commits, FakeHub.tokens = [], [], {}, set()
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeHub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    monkeypatch.setattr(huggingface_hub.constants, "ENDPOINT", base)
    try:
        yield base
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def fake_hub(hub_standin):
    return HfApi(endpoint=hub_standin, token=False)


def dry_run_file_lines(output: str) -> list[str]:
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("files ("))
    listed = []
    for line in lines[start + 1:]:
        if not line.startswith("  "):
            break
        size, name = line.split(maxsplit=1)
        listed.append((name, int(size)))
    return listed


def test_dry_run_lists_exactly_the_files_built_with_sizes_and_makes_no_network_call(built, no_network):
    folder, files = built
    result = CliRunner().invoke(app, ["publish", "--repo", "org/market-claim-bench", "--version", "2026.07",
                                      "--folder", str(folder), "--dry-run"])
    assert result.exit_code == 0, result.output
    listed = dry_run_file_lines(result.output)
    assert sorted(name for name, _ in listed) == sorted(files)
    assert all(size == (folder / name).stat().st_size for name, size in listed)
    for operation in ("list_repo_refs", "create_repo dataset org/market-claim-bench", "upload_folder", "create_tag '2026.07'"):
        assert operation in result.output
    assert "no network call" in result.output


def test_a_folder_is_published_only_as_the_release_its_prompts_carry(built):
    folder, _ = built
    with pytest.raises(PublishError, match="pinned folder of release 2026.07"):
        plan_dataset(folder, "org/market-claim-bench", "2026.08")
    renamed = folder.parent / "latest"
    if not renamed.exists():
        renamed.symlink_to(folder, target_is_directory=True)
    with pytest.raises(PublishError, match="carries release\\(s\\) 2026.07, not 2026.08"):
        plan_dataset(renamed, "org/market-claim-bench", "2026.08")


def test_a_malformed_version_is_refused_before_anything_else(built):
    result = CliRunner().invoke(app, ["publish", "--repo", "org/x", "--version", "v2026.7", "--folder", str(built[0]), "--dry-run"])
    assert result.exit_code == 2
    assert "not YYYY.MM or YYYY.MM.N" in result.output


def test_an_existing_version_tag_is_refused_before_any_write(built, fake_hub):
    folder, _ = built
    plan = plan_dataset(folder, "org/market-claim-bench", "2026.07")
    with pytest.raises(PublishError, match="already has tag '2026.07'.*next: 2026.07.1"):
        execute(plan, fake_hub, log=lambda line: None)
    assert FakeHub.requests == ["GET /api/datasets/org/market-claim-bench/refs"]


def test_mcb_build_of_a_release_then_mcb_publish_sends_every_built_file_provenance_and_claims_included(
        tmp_path, hub_standin, monkeypatch):
    """The README's commands, end to end against the stand-in: what `mcb build` writes is what
    `mcb publish` sends, byte for byte, `PROVENANCE.md` and `claims.md` among it; a remote file
    the folder lacks is deleted (the Hub's `.gitattributes` kept), and the tag lands last."""
    out = tmp_path / "releases" / "2026.07"
    built = CliRunner().invoke(app, ["build", "--market", "us", "--month", "2026-07", "--release", "2026.07",
                                     "--out", str(out)])
    assert built.exit_code == 0, built.output
    assert "documents: README.md, claims.md, PROVENANCE.md" in built.output
    FakeHub.remote_files = ["stale.parquet", ".gitattributes"]
    monkeypatch.setenv("HF_TOKEN", "hf_standin_token")
    published = CliRunner().invoke(app, ["publish", "--repo", "org/new-bench", "--version", "2026.07", "--folder", str(out)])
    assert published.exit_code == 0, published.output
    commit = FakeHub.commits["org/new-bench"]
    on_disk = {path.relative_to(out).as_posix(): path.read_bytes() for path in out.rglob("*") if path.is_file()}
    assert commit["added"] == on_disk
    assert {"README.md", "claims.md", "PROVENANCE.md"} <= set(commit["added"])
    assert commit["deleted"] == ["stale.parquet"]
    assert FakeHub.tags_by_repo["org/new-bench"] == ["2026.07"]
    assert [r.split("?")[0] for r in FakeHub.requests][-1] == "POST /api/datasets/org/new-bench/tag/" + "3" * 40
    assert FakeHub.tokens == {"Bearer hf_standin_token"}


def test_tags_come_from_the_refs_answer_and_a_missing_repo_has_none(fake_hub):
    assert existing_tags(fake_hub, "org/market-claim-bench", "dataset") == {"2026.07", "2026.08"}
    assert existing_tags(fake_hub, "org/not-created-yet", "dataset") == frozenset()


class RecordingApi:
    """Records the Hub calls a real publish makes, in order."""

    def __init__(self, tags: tuple[str, ...] = ()) -> None:
        self.tags = tags
        self.calls: list[tuple[str, dict]] = []

    def list_repo_refs(self, repo_id, repo_type=None):
        self.calls.append(("list_repo_refs", {"repo_id": repo_id, "repo_type": repo_type}))
        return type("Refs", (), {"tags": [type("Ref", (), {"name": t})() for t in self.tags]})()

    def create_repo(self, repo_id, **kwargs):
        self.calls.append(("create_repo", {"repo_id": repo_id, **kwargs}))

    def upload_folder(self, **kwargs):
        self.calls.append(("upload_folder", kwargs))
        return type("Commit", (), {"oid": "3" * 40})()

    def create_tag(self, repo_id, **kwargs):
        self.calls.append(("create_tag", {"repo_id": repo_id, **kwargs}))


def test_publish_creates_the_repo_uploads_the_folder_then_tags_that_commit(built):
    folder, files = built
    api = RecordingApi(tags=("2026.06",))
    assert publish(plan_dataset(folder, "org/mcb", "2026.07"), dry_run=False, api=api, log=lambda line: None) == "3" * 40
    names = [name for name, _ in api.calls]
    assert names == ["list_repo_refs", "create_repo", "upload_folder", "create_tag"]
    create, upload, tag = api.calls[1][1], api.calls[2][1], api.calls[3][1]
    assert (create["repo_type"], create["exist_ok"]) == ("dataset", True)
    assert sorted(upload["allow_patterns"]) == sorted(files)
    assert upload["folder_path"] == str(folder)
    assert (tag["tag"], tag["revision"], tag["repo_type"]) == ("2026.07", "3" * 40, "dataset")


@pytest.fixture
def space_folder(tmp_path) -> Path:
    folder = tmp_path / "space"
    folder.mkdir()
    (folder / "README.md").write_text("---\nsdk: gradio\napp_file: app.py\n---\n# leaderboard\n")
    (folder / "app.py").write_text("print('leaderboard')\n")
    (folder / "requirements.txt").write_text("gradio\n")
    (folder / ".cache").mkdir()
    (folder / ".cache" / "junk").write_text("never uploaded")
    return folder


def test_publish_space_dry_run_lists_the_packaged_space_and_no_tag(space_folder, no_network):
    result = CliRunner().invoke(app, ["publish-space", "--repo", "org/mcb-leaderboard", "--folder", str(space_folder), "--dry-run"])
    assert result.exit_code == 0, result.output
    assert sorted(name for name, _ in dry_run_file_lines(result.output)) == ["README.md", "app.py", "requirements.txt"]
    assert "create_repo space org/mcb-leaderboard (exist_ok=True space_sdk=gradio)" in result.output
    assert "create_tag" not in result.output and "list_repo_refs" not in result.output


def test_publish_space_uses_the_same_upload_path_with_the_gradio_sdk(space_folder):
    api = RecordingApi()
    publish(plan_space(space_folder, "org/mcb-leaderboard"), dry_run=False, api=api, log=lambda line: None)
    assert [name for name, _ in api.calls] == ["create_repo", "upload_folder"]
    assert api.calls[0][1]["repo_type"] == "space" and api.calls[0][1]["space_sdk"] == "gradio"
    assert api.calls[1][1]["repo_type"] == "space"


def test_publish_space_refuses_a_folder_that_is_not_a_packaged_space(tmp_path):
    (tmp_path / "app.py").write_text("")
    with pytest.raises(PublishError, match="README.md is missing"):
        plan_space(tmp_path, "org/x")


def test_no_command_takes_a_token_flag():
    for command in ("publish", "publish-space"):
        result = CliRunner().invoke(app, [command, "--help"])
        assert result.exit_code == 0
        assert "--token" not in result.output


def test_a_release_without_a_changelog_entry_is_not_published(tmp_path):
    folder = tmp_path / "2026.07.1"
    build_dataset(folder, [BuildSpec("us", "2026-07")], release="2026.07.1")
    with pytest.raises(PublishError, match="no changelog entry for 2026.07.1"):
        plan_dataset(folder, "org/market-claim-bench", "2026.07.1")
