"""A chat completion reply, read and judged here: bytes in, a `CallResult` out, whatever was sent.

The official client parses a 200 body into its models without validating them: an HTML page
comes back as a str, `message: null` as None, integer content as an int, and the first attribute
access crashes the run. So the runner asks for the raw response (`with_streaming_response`), reads
the body itself within the request's deadline, and checks it field by field:

- anything that is not a usable chat completion (not UTF-8, not JSON, truncated, not an object, a
  `choices` or `message` of the wrong shape, content that is not text, token counts that are not
  counts) is a failed line of kind `bad_reply`, its error saying which field and what came;
- a reply cut at the token budget (`finish_reason: "length"`) is a failed line of kind `length`:
  its text goes to the line's `partial` field, never to `commentary`, so it is never scored as a
  complete answer;
- `--timeout` is a deadline for the whole request, headers and body: a body dripped one byte at a
  time is cut at the deadline, a `timeout` like any other.

Written by hand because no library validates an OpenAI-compatible reply without also refusing
the extra fields real servers add (Ollama's `prompt_eval_count`, vLLM's `max_model_len`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass

import httpx
import openai

from contracts.limits import MAX_COMMENTARY_CHARS
from contracts.submission import RUN_METADATA_FIELDS, decode_line, text_problem
from contracts.text import storable, unstorable_char

MAX_REPLY_BYTES = 4 * 1024 * 1024
"""A body larger than this is not a chat completion of at most MAX_COMMENTARY_CHARS characters."""
SNIPPET_CHARS = 80
"""How much of an unreadable body the error quotes."""
_SPECS = {spec.name: spec for spec in RUN_METADATA_FIELDS}


class DeadlineExceeded(Exception):
    """The whole request (headers and body) took longer than --timeout."""


class BadReply(ValueError):
    """A 200 reply that is not a usable chat completion; the message says which field and why."""


@dataclass(frozen=True)
class Reply:
    """What a well-formed reply said, before the runner's verdict on it."""

    text: str
    finish_reason: str | None
    refusal: str | None
    server_model: str | None
    prompt_tokens: int | None
    completion_tokens: int | None
    no_choices: bool = False


def read_body(open_response: Callable[[], AbstractContextManager], deadline_s: float) -> bytes:
    """The body of the response `open_response()` opens, read in a worker thread, within `deadline_s`.

    The worker checks the deadline between chunks, so a dripping server is dropped at the next
    byte after it; the caller stops waiting at the deadline itself (DeadlineExceeded). The
    client's own errors (status, connection, its per-read timeout) are raised here as they are."""
    cancelled = threading.Event()
    done = threading.Event()
    outcome: dict[str, object] = {}

    def work() -> None:
        try:
            outcome["body"] = _read_all(open_response, cancelled)
        except BaseException as error:  # handed to the caller, which classifies it
            outcome["error"] = error
        finally:
            done.set()

    threading.Thread(target=work, name="mcb-reply", daemon=True).start()
    if not done.wait(deadline_s):
        cancelled.set()
        raise DeadlineExceeded(f"no complete reply within {deadline_s:g} s")
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["body"]  # type: ignore[return-value]


def _read_all(open_response: Callable[[], AbstractContextManager], cancelled: threading.Event) -> bytes:
    chunks: list[bytes] = []
    size = 0
    with open_response() as response:
        request = response.http_response.request
        try:
            for chunk in response.iter_bytes():
                if cancelled.is_set():
                    raise DeadlineExceeded("cancelled at the deadline")
                size += len(chunk)
                if size > MAX_REPLY_BYTES:
                    raise BadReply(f"the body is larger than {MAX_REPLY_BYTES:,} bytes")
                chunks.append(chunk)
        except httpx.TimeoutException as error:
            raise openai.APITimeoutError(request=request) from error
        except httpx.TransportError as error:
            raise openai.APIConnectionError(message=f"the reply broke off: {error}", request=request) from error
    return b"".join(chunks)


def _snippet(text: str) -> str:
    text = " ".join(storable(text).split())
    return repr(text if len(text) <= SNIPPET_CHARS else text[:SNIPPET_CHARS] + "…")


def _kind(value: object) -> str:
    return {str: "text", bool: "a boolean", int: "an integer", float: "a number", list: "an array",
            dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)


def _field(container: dict, key: str, where: str, spec: str) -> object:
    """A run-metadata value from the reply, checked against the contract's own field spec."""
    value = container.get(key)
    why = _SPECS[spec].problem(value) or text_problem(value)
    if why is not None:
        raise BadReply(f"{where} {why}")
    return value


def _content_text(content: object) -> str:
    """`message.content`: text, null, or a list of text parts (some servers send parts)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(p, dict) and isinstance(p.get("text"), str) for p in content):
        return "".join(p["text"] for p in content)
    raise BadReply(f"choices[0].message.content is {_kind(content)} ({_snippet(json.dumps(content))}), not text")


def parse_reply(body: bytes) -> Reply:
    """The fields the runner uses, each checked; BadReply naming the first one that is wrong."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadReply(f"the body is not UTF-8 (byte {error.start})") from error
    if not text.strip():
        raise BadReply("the body is empty")
    payload, why = decode_line(text)
    if why is not None:
        raise BadReply(f"the body is {why.replace('not valid JSON', 'not JSON')}: {_snippet(text)}")
    if not isinstance(payload, dict):
        raise BadReply(f"the body is {_kind(payload)}, not a chat completion object: {_snippet(text)}")
    usage = payload.get("usage")
    if usage is not None and not isinstance(usage, dict):
        raise BadReply(f"usage is {_kind(usage)}, not an object")
    usage = usage or {}
    prompt_tokens = _field(usage, "prompt_tokens", "usage.prompt_tokens", "prompt_tokens")
    if prompt_tokens is None and payload.get("prompt_eval_count") is not None:  # Ollama's native name
        prompt_tokens = _field(payload, "prompt_eval_count", "prompt_eval_count", "prompt_tokens")
    completion_tokens = _field(usage, "completion_tokens", "usage.completion_tokens", "completion_tokens")
    server_model = _field(payload, "model", "model", "server_model")
    common = dict(server_model=server_model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)
    choices = payload.get("choices")
    if choices is None or choices == []:
        return Reply("", None, None, no_choices=True, **common)
    if not isinstance(choices, list):
        raise BadReply(f"choices is {_kind(choices)}, not an array")
    choice = choices[0]
    if not isinstance(choice, dict):
        raise BadReply(f"choices[0] is {_kind(choice)}, not an object")
    finish_reason = _field(choice, "finish_reason", "choices[0].finish_reason", "finish_reason")
    message = choice.get("message")
    if not isinstance(message, dict):
        raise BadReply(f"choices[0].message is {_kind(message)}, not an object")
    refusal = message.get("refusal")
    if refusal is not None and not isinstance(refusal, str):
        raise BadReply(f"choices[0].message.refusal is {_kind(refusal)}, not text")
    reply_text = _content_text(message.get("content")).strip()
    if len(reply_text) > MAX_COMMENTARY_CHARS:
        raise BadReply(f"the reply is {len(reply_text):,} characters; the submission contract's limit is "
                       f"{MAX_COMMENTARY_CHARS:,} (contracts.limits.MAX_COMMENTARY_CHARS)")
    if (why := unstorable_char(reply_text)) is not None:
        raise BadReply(f"choices[0].message.content {why}")
    return Reply(reply_text, finish_reason, storable(refusal) if refusal else None, **common)


def classify(body: bytes, latency_s: float, attempts: int):
    """A 200 reply is an answer only if it is a well-formed completion with text that finished."""
    from runner.client import CallResult, short

    try:
        reply = parse_reply(body)
    except BadReply as error:
        return CallResult(None, "bad_reply", f"bad_reply: {error}", latency_s=round(latency_s, 3), attempts=attempts)
    common = dict(server_model=reply.server_model, prompt_tokens=reply.prompt_tokens,
                  completion_tokens=reply.completion_tokens, latency_s=round(latency_s, 3), attempts=attempts)
    if reply.no_choices:
        return CallResult(None, "empty", "empty: the reply had no choices", **common)
    common["finish_reason"] = reply.finish_reason
    if reply.refusal:
        return CallResult(None, "refusal", f"refusal: {short(reply.refusal)}", **common)
    if reply.finish_reason == "content_filter":
        return CallResult(None, "refusal", "refusal: finish_reason content_filter", **common)
    if reply.finish_reason == "length":
        tokens = f" after {reply.completion_tokens} tokens" if reply.completion_tokens is not None else ""
        return CallResult(None, "length", f"length: the reply stopped at the token budget{tokens} (finish_reason "
                          "length) before it finished; its text is kept in 'partial', never scored; raise --max-tokens",
                          partial=reply.text or None, **common)
    if not reply.text:
        return CallResult(None, "empty", f"empty: the reply had no text (finish_reason {reply.finish_reason})", **common)
    return CallResult(reply.text, None, None, **common)
