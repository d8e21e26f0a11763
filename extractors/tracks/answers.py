"""Reading a JSON answer out of a reply: the value, the 0-100 confidence, and whether it declined.

Models wrap JSON in code fences or prose; the first JSON object that parses wins, with a
field-by-field fallback. A refusal follows the memorisation paper: "null", 0, or no usable answer.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?|-?\.\d+")
ANSWER_FIELD = re.compile(r'"?answer"?\s*[:=]\s*("(?:[^"\\]|\\.)*"|[^,}\n]+)', re.IGNORECASE)
CONFIDENCE_FIELD = re.compile(r'"?confidence"?\s*[:=]\s*"?(-?\d+(?:\.\d+)?)', re.IGNORECASE)
DIRECTIONS = ("up", "down")


@dataclass(frozen=True)
class ParsedAnswer:
    """`value` is a float (closes) or a word (directions), None when the reply declined."""

    value: float | str | None
    confidence: float | None

    @property
    def refused(self) -> bool:
        return self.value is None


def json_objects(text: str) -> list[dict]:
    """Every top-level `{...}` in the text that parses as a JSON object, in order."""
    found, depth, start = [], 0, None
    for index, char in enumerate(text):
        if char == "{":
            if depth == 0:
                start = index
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0 and start is not None:
                try:
                    value = json.loads(text[start:index + 1])
                except json.JSONDecodeError:
                    continue
                if isinstance(value, dict):
                    found.append(value)
    return found


def first_object(text: str) -> dict | None:
    objects = json_objects(text)
    return objects[0] if objects else None


def _fields(text: str) -> tuple[object, object]:
    obj = first_object(text)
    if obj is not None:
        lowered = {str(k).lower(): v for k, v in obj.items()}
        return lowered.get("answer"), lowered.get("confidence")
    answer = ANSWER_FIELD.search(text)
    confidence = CONFIDENCE_FIELD.search(text)
    raw = answer.group(1).strip().strip('"') if answer else None
    return raw, confidence.group(1) if confidence else None


def to_number(raw: object) -> float | None:
    if isinstance(raw, bool) or raw is None:
        return None
    if isinstance(raw, (int, float)):
        return float(raw)
    match = NUMBER.search(str(raw))
    return float(match.group().replace(",", "")) if match else None


def _confidence(raw: object) -> float | None:
    value = to_number(raw)
    return None if value is None else min(100.0, max(0.0, value))


def parse_numeric(text: str) -> ParsedAnswer:
    """A close: a positive number; "null", 0, negative or missing is a refusal."""
    raw, confidence = _fields(text)
    value = to_number(raw) if not (isinstance(raw, str) and raw.strip().lower() in ("null", "none", "")) else None
    return ParsedAnswer(value if value is not None and value > 0 else None, _confidence(confidence))


def parse_direction(text: str) -> ParsedAnswer:
    """A direction: "up" or "down" (first word that is one); anything else is a refusal."""
    raw, confidence = _fields(text)
    words = re.findall(r"[a-z]+", str(raw).lower()) if raw is not None else []
    value = next((w for w in words if w in DIRECTIONS), None)
    return ParsedAnswer(value, _confidence(confidence))
