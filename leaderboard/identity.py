"""Who is submitting: the submitter half of a row's key (model, revision, release, submitter).

- On the Space, the Hugging Face account signed in with `gr.LoginButton` (Gradio passes it to the
  handler as a `gr.OAuthProfile`); a visitor who has not signed in cannot submit.
- On the command line (and a board served locally, where Gradio cannot sign anyone in), an explicit
  `--submitter NAME`, else the local Hub identity (`huggingface_hub.whoami` with the saved token),
  else the operating-system user as `local:NAME`. The `local:` prefix and the baselines' name hold
  characters no Hub username can, so neither can be mistaken for a Hub account.
"""

from __future__ import annotations

import getpass
import os
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from functools import cache

BASELINE_SUBMITTER = "market-claim-bench (baselines)"
"""Who the seeded baselines and canaries are stored as: not a possible Hub username."""
LOCAL_PREFIX = "local:"
WHOAMI_TIMEOUT_S = 5.0
SPACE_ENV = "SPACE_ID"
"""Set by Hugging Face on a running Space (what `gradio.utils.get_space` reads)."""


class NotSignedIn(ValueError):
    """A Space visitor tried to submit without signing in."""


def on_space() -> bool:
    return bool(os.environ.get(SPACE_ENV))


@cache
def hub_username() -> str | None:
    """The account of the saved Hub token, or None (offline, no token, or no answer in time); asked once."""
    if os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in ("1", "true", "yes", "on"):
        return None
    from huggingface_hub import get_token, whoami

    if not get_token():
        return None
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        info = pool.submit(whoami).result(timeout=WHOAMI_TIMEOUT_S)
    except (FutureTimeout, Exception):  # any failure to ask means "not known", never a crash
        return None
    finally:
        pool.shutdown(wait=False)
    name = info.get("name") if isinstance(info, dict) else None
    return name if isinstance(name, str) and name else None


def local_user() -> str:
    try:
        return f"{LOCAL_PREFIX}{getpass.getuser()}"
    except (KeyError, OSError):
        return f"{LOCAL_PREFIX}unknown"


def cli_submitter(explicit: str | None = None) -> str:
    """`--submitter` when given, else the Hub identity, else the local user."""
    if explicit is not None and explicit.strip():
        return explicit
    return hub_username() or local_user()


def space_submitter(profile: object | None, space: bool | None = None) -> str:
    """The signed-in account on a Space (NotSignedIn without one); off a Space, the profile when
    there is one, else the identity of whoever serves the board."""
    space = on_space() if space is None else space
    username = getattr(profile, "username", None) if profile is not None else None
    if isinstance(username, str) and username.strip():
        return username
    if space:
        raise NotSignedIn("sign in with Hugging Face (the button above) to submit: a row belongs to the account that submits it")
    return cli_submitter()
