"""Submit: upload a JSONL submission; validated before anything is stored, then scored onto the board."""

from __future__ import annotations

from pathlib import Path

import gradio as gr

from leaderboard.identity import NotSignedIn, on_space, space_submitter
from leaderboard.service import LeaderboardService, submissions_table
from leaderboard.store import StoreError
from leaderboard.submit import MAX_SUBMISSION_BYTES, make_meta, submit


def build(demo: gr.Blocks, service: LeaderboardService) -> None:
    releases = service.datasets.releases
    gr.Markdown(f"## Submit\nUpload a JSONL submission, e.g. the file `mcb run` writes (one object per line: "
                f"`cell_id`, `commentary`, optional `sample`, `status` ok|failed, `error`, plus the run metadata "
                f"`mcb run` adds). At most {MAX_SUBMISSION_BYTES // (1024 * 1024)} MB, UTF-8, at least "
                "95% of the version's cells answered. Validation runs before anything is stored; a scored "
                "submission appears on the Leaderboard page.")
    if on_space():  # the signed-in account owns the row; off a Space Gradio cannot sign anyone in
        gr.LoginButton(elem_id="login")
    upload = gr.File(label="submission.jsonl", file_types=[".jsonl"], type="filepath", elem_id="upload")
    with gr.Row():
        name = gr.Textbox(label="model name", elem_id="meta-name")
        revision = gr.Textbox(label="revision or API version", elem_id="meta-revision")
        knowledge = gr.Textbox(label="knowledge cutoff (YYYY-MM)", elem_id="meta-cutoff")
        params = gr.Textbox(label="parameters (billions)", elem_id="meta-params")
        link = gr.Textbox(label="link", elem_id="meta-link")
        release = gr.Dropdown(releases, value=releases[0] if releases else None, label="dataset version",
                              elem_id="meta-release")
    lenient = gr.Checkbox(False, label="keep fields outside the contract and the run metadata (lenient)",
                          elem_id="meta-lenient")
    send = gr.Button("Submit", variant="primary", elem_id="submit-button")
    status = gr.Textbox(label="status", interactive=False, lines=4, elem_id="submit-status")
    # Full on first view: the stored submissions as of launch, refreshed when the page opens.
    queue = gr.Dataframe(submissions_table(service), interactive=False, label="stored submissions", elem_id="queue",
                         datatype="str")

    def on_submit(path, model_name, model_revision, cutoff_text, params_text, link_text, version_name, keep_unknown,
                  profile: gr.OAuthProfile | None = None):
        return submit_from_form(service, path, model_name, model_revision, cutoff_text, params_text, link_text,
                                version_name, keep_unknown, profile)

    send.click(on_submit, [upload, name, revision, knowledge, params, link, release, lenient], [status, queue],
               show_progress="minimal")
    demo.load(lambda: submissions_table(service), None, queue, show_progress="hidden")


def submit_from_form(service: LeaderboardService, path, model_name, model_revision, cutoff_text, params_text, link_text,
                     version_name, keep_unknown, profile) -> tuple[str, object]:
    """The Submit page's handler: (status text, stored submissions). The status is never empty: a
    refusal says why, and an error after the file was stored says it was stored."""
    if not path:
        return "rejected: choose a JSONL file first", gr.skip()
    try:
        submitter = space_submitter(profile)
        raw = Path(path).read_bytes()
        meta = make_meta(model_name, model_revision, cutoff_text, params_text, link_text)
        outcome = submit(raw, meta, service.store, service.datasets, release=version_name, scorer=service.scorer,
                         lenient=bool(keep_unknown), submitter=submitter)
    except NotSignedIn as error:
        return f"rejected: {error}", gr.skip()
    except (OSError, StoreError) as error:
        return f"error: nothing was stored ({error})", gr.skip()
    except Exception as error:  # a UI boundary: the status box says what went wrong, never nothing
        return (f"error: the submission could not be processed ({type(error).__name__}: {error}); "
                "the list below shows whether it was stored"), gr.skip()
    status = f"{outcome.status}: {outcome.reason}"
    try:
        return status, submissions_table(service)
    except Exception as error:  # the status must still reach the page: the file is stored
        return f"{status} (the list of stored submissions could not be refreshed: {error})", gr.skip()
