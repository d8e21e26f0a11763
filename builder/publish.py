"""Publishing to the Hugging Face Hub: a built dataset folder as an immutable version, or a Space.

Both go through one path: plan (list the files, name the operations), then either print the plan
(dry run: no network at all) or execute it with an `HfApi`. The token is huggingface_hub's
default (HF_TOKEN or the saved login), never an argument, so it cannot leak into shell history.
A dataset version is a tag; a tag that exists is never overwritten, because users pin it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pyarrow.parquet as pq

from builder.dataset import config_path
from builder.versions import VERSION_PATTERN, next_rerelease, validate_version

RepoType = Literal["dataset", "space"]
SPACE_SDK = "gradio"
# The Hub keeps its own `.gitattributes`; never upload or delete it from here.
HUB_MANAGED = ".gitattributes"
CHANGELOG_HEADING = "## Changelog"


class PublishError(RuntimeError):
    """A folder that must not be published as asked (wrong release, existing tag, missing files)."""


@dataclass(frozen=True)
class UploadFile:
    path: str  # relative, POSIX separators: the path in the repo
    size: int


@dataclass(frozen=True)
class UploadPlan:
    """Everything one publish does, decided before any network call."""

    repo_id: str
    repo_type: RepoType
    folder: Path
    files: tuple[UploadFile, ...]
    tag: str | None = None
    space_sdk: str | None = None

    @property
    def total_bytes(self) -> int:
        return sum(entry.size for entry in self.files)

    def operations(self) -> tuple[str, ...]:
        """The Hub calls, in order, as a reader would check them."""
        steps = []
        if self.tag:
            steps.append(f"list_repo_refs {self.repo_type} {self.repo_id}: refuse if tag {self.tag!r} exists")
        sdk = f" space_sdk={self.space_sdk}" if self.space_sdk else ""
        steps.append(f"create_repo {self.repo_type} {self.repo_id} (exist_ok=True{sdk})")
        steps.append(
            f"upload_folder {self.folder} -> {self.repo_type} {self.repo_id}@main: {len(self.files)} file(s), "
            f"{self.total_bytes} bytes; delete remote files not in the folder (except {HUB_MANAGED})"
        )
        if self.tag:
            steps.append(f"create_tag {self.tag!r} on the uploaded commit")
        return tuple(steps)

    def describe(self) -> str:
        lines = [f"publish plan: {self.repo_type} {self.repo_id}" + (f" version {self.tag}" if self.tag else "")]
        lines.append("operations:")
        lines += [f"  {index}. {step}" for index, step in enumerate(self.operations(), start=1)]
        lines.append(f"files ({len(self.files)}, {self.total_bytes} bytes):")
        width = max((len(str(entry.size)) for entry in self.files), default=1)
        lines += [f"  {entry.size:>{width}}  {entry.path}" for entry in self.files]
        return "\n".join(lines)


def folder_files(folder: Path) -> tuple[UploadFile, ...]:
    """Every file under `folder` except hidden ones (`.cache/`, `.git/`, editor files), sorted."""
    folder = Path(folder)
    if not folder.is_dir():
        raise PublishError(f"{folder} is not a folder")
    files = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.is_file() and not any(part.startswith(".") for part in relative.parts):
            files.append(UploadFile(relative.as_posix(), path.stat().st_size))
    if not files:
        raise PublishError(f"{folder} has no files to publish")
    return tuple(files)


def check_dataset_folder(folder: Path, version: str) -> None:
    """A folder publishes as `version` only if every prompt row says `version` and its card has that changelog entry."""
    folder = Path(folder)
    if VERSION_PATTERN.match(folder.name) and folder.name != version:
        raise PublishError(f"{folder} is the pinned folder of release {folder.name}, not {version}")
    if not (folder / "README.md").is_file():
        raise PublishError(f"{folder}/README.md is missing: is {folder} a dataset built by `mcb build`?")
    prompts = folder / config_path("prompts")
    if not prompts.is_file():
        raise PublishError(f"{prompts} is missing: is {folder} a dataset built by `mcb build`?")
    releases = sorted(set(pq.read_table(prompts, columns=["release"]).column("release").to_pylist()))
    if releases != [version]:
        raise PublishError(
            f"{prompts} carries release(s) {', '.join(map(str, releases)) or 'none'}, not {version}: "
            f"rebuild with `mcb build --release {version} --out {folder}` or publish as the release it carries"
        )
    changelog = (folder / "README.md").read_text(encoding="utf-8").partition(CHANGELOG_HEADING)[2]
    if f"\n### {version}\n" not in changelog:
        raise PublishError(
            f"{folder}/README.md has no changelog entry for {version}: add a [[release]] for it to "
            "cards/changelog.toml and rebuild, so the published card says what changed"
        )


def check_space_folder(folder: Path) -> None:
    """A packaged Space needs its README (with the Space's YAML header) and an app to run."""
    folder = Path(folder)
    if not (folder / "README.md").is_file():
        raise PublishError(f"{folder}/README.md is missing: package the Space first (`mcb space --out {folder}`)")
    if not any(folder.glob("*.py")):
        raise PublishError(f"{folder} has no Python app file: package the Space first (`mcb space --out {folder}`)")


def plan_dataset(folder: Path, repo_id: str, version: str) -> UploadPlan:
    version = validate_version(version)
    check_dataset_folder(folder, version)
    return UploadPlan(repo_id=repo_id, repo_type="dataset", folder=Path(folder), files=folder_files(folder), tag=version)


def plan_space(folder: Path, repo_id: str) -> UploadPlan:
    check_space_folder(folder)
    return UploadPlan(repo_id=repo_id, repo_type="space", folder=Path(folder), files=folder_files(folder),
                      space_sdk=SPACE_SDK)


def existing_tags(api, repo_id: str, repo_type: RepoType) -> frozenset[str]:
    """Tags of the repo; none if it does not exist yet."""
    from huggingface_hub.errors import RepositoryNotFoundError

    try:
        refs = api.list_repo_refs(repo_id, repo_type=repo_type)
    except RepositoryNotFoundError:
        return frozenset()
    return frozenset(tag.name for tag in refs.tags)


def refuse_existing_tag(api, plan: UploadPlan) -> None:
    """Check the Hub's tags before anything is written: a published version never changes."""
    if plan.tag and plan.tag in existing_tags(api, plan.repo_id, plan.repo_type):
        raise PublishError(
            f"{plan.repo_type} {plan.repo_id} already has tag {plan.tag!r}: a published version never changes. "
            f"Rebuild and publish a re-release instead (next: {next_rerelease(plan.tag)})."
        )


def execute(plan: UploadPlan, api, log: Callable[[str], None] = print) -> str | None:
    """Run the plan against the Hub; returns the uploaded commit id."""
    refuse_existing_tag(api, plan)
    log(f"create_repo {plan.repo_type} {plan.repo_id}")
    api.create_repo(plan.repo_id, repo_type=plan.repo_type, exist_ok=True, space_sdk=plan.space_sdk)
    log(f"upload_folder: {len(plan.files)} file(s), {plan.total_bytes} bytes")
    commit = api.upload_folder(
        repo_id=plan.repo_id,
        repo_type=plan.repo_type,
        folder_path=str(plan.folder),
        allow_patterns=[entry.path for entry in plan.files],
        delete_patterns=["*"],
        commit_message=f"market-claim-bench {plan.tag}" if plan.tag else "market-claim-bench leaderboard Space",
    )
    oid = getattr(commit, "oid", None)
    if plan.tag:
        log(f"create_tag {plan.tag} on {oid}")
        api.create_tag(plan.repo_id, tag=plan.tag, revision=oid, repo_type=plan.repo_type,
                       tag_message=f"market-claim-bench release {plan.tag}")
    return oid


def publish(plan: UploadPlan, *, dry_run: bool, api=None, log: Callable[[str], None] = print) -> str | None:
    """Print the plan; unless `dry_run`, execute it (with `api`, default `HfApi()` using the saved token)."""
    log(plan.describe())
    if dry_run:
        log("dry run: no network call made, nothing uploaded")
        return None
    if api is None:
        from huggingface_hub import HfApi

        api = HfApi()
    return execute(plan, api, log)
