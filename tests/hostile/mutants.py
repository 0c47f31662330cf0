"""Hostile records: every example record damaged in the ways an outside probe found harmful
(issue 8), and the check that each one ends as a verified record or a one-line RecordError
within a time and memory bound.

Used by the suite's fuzz test (``tests/hostile/test_fuzz.py``, a few hundred cases) and by
the long run (``python -m tests.hostile.fuzz --minutes 10``). The examples are found on disk
(``examples/**/*.yaml``), so a game folder added later is fuzzed by construction.
"""

from __future__ import annotations

import dataclasses
import random
import re
import resource
import signal
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import yaml

from cardrules import records

ROOT = Path(__file__).resolve().parent.parent.parent
#: Every example record of every game (a new game's examples join on their own).
EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*.yaml"))
#: The longest a RecordError's text may be: file, line, field, message cut short, clause.
MAX_ERROR = 600
#: Generous bounds per case: real cases take milliseconds; these only catch a blow-up.
SECONDS = 20.0
MEMORY = 1 << 30  # bytes of address space a case may add

KINDS = ("alias", "tag", "nesting", "bignum", "options", "field", "markup", "junk", "long", "truncate", "lines")


# --- the mutations -----------------------------------------------------------------------


def _value_spans(text: str) -> list[tuple[int, int]]:
    """Where the values of ``key: value`` lines and ``- item`` lines are in ``text``."""
    spans = []
    for m in re.finditer(r"(?m)^(\s*(?:-\s+|[\w.-]+:\s+))(\S[^\n#]*)", text):
        spans.append((m.start(2), m.end(2)))
    return spans or [(len(text), len(text))]


def _replace_value(text: str, rng: random.Random, new: str) -> str:
    start, end = rng.choice(_value_spans(text))
    return text[:start] + new + text[end:]


def _prefix_value(text: str, rng: random.Random, prefix: str) -> str:
    start, _ = rng.choice(_value_spans(text))
    return text[:start] + prefix + text[start:]


def _laughs(levels: int, width: int) -> str:
    out = [f"l0: &l0 [{', '.join(['x'] * width)}]"]
    out += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * width)}]" for i in range(1, levels)]
    return "\n".join(out) + "\n"


def _alias(text: str, rng: random.Random) -> str:
    choice = rng.randrange(5)
    if choice == 0:  # the billion laughs, before or after the record's fields
        block = _laughs(rng.randint(2, 10), rng.randint(2, 10))
        return block + text if rng.random() < 0.5 else text + block
    if choice == 1:  # a list that contains itself
        return text + "zz: &r [*r]\n"
    if choice == 2:  # a mapping that contains itself, as a value of a real field
        return _replace_value(text, rng, "&m {a: *m}")
    if choice == 3:  # an anchor on a real value, its alias further on
        return _prefix_value(text, rng, "&a ") + "again: *a\n"
    return _replace_value(text, rng, "*nowhere")


TAGS = ("!!int x", "!!bool maybe", "!!timestamp x", "!!float x", "!!python/object/apply:os.system [ls]",
        "!!binary AAAA", "!!set {a, b}", "!!omap [a: 1]", "!!str 7", "!custom x", "! 7", "!!null x",
        "!!python/name:os.system", "!<tag:yaml.org,2002:int> 7")


def _tag(text: str, rng: random.Random) -> str:
    tag = rng.choice(TAGS)
    return _replace_value(text, rng, tag) if rng.random() < 0.5 else _prefix_value(text, rng, tag.split()[0] + " ")


def _nesting(text: str, rng: random.Random) -> str:
    depth = rng.choice([rng.randint(1, 40), rng.randint(40, 3000)])
    choice = rng.randrange(3)
    if choice == 0:
        new = "[" * depth + "]" * depth
    elif choice == 1:
        new = "{a: " * depth + "1" + "}" * depth
    else:  # block nesting, one level per line
        return text + "deep:\n" + "".join("  " * i + "- \n" for i in range(min(depth, 400)))
    return _replace_value(text, rng, new)


def _bignum(text: str, rng: random.Random) -> str:
    digits = rng.choice([rng.randint(15, 25), rng.randint(4290, 4310), rng.randint(1, 20000)])
    new = rng.choice([
        "9" * digits, "-" + "9" * digits, "0x" + "f" * digits, "0o" + "7" * digits, "0b" + "1" * digits,
        "1" + "_0" * min(digits, 500), "1e308", "-1e309", ".inf", "-.inf", ".nan", "1:" * 30 + "1",
        str(rng.randint(-10**9, 10**9)), str(2**63), "-0", "0.5", "1e-400",
    ])
    spans = [(s, e) for s, e in _value_spans(text) if re.fullmatch(r"-?\d+", text[s:e].strip())]
    start, end = rng.choice(spans or _value_spans(text))
    return text[:start] + new + text[end:]


def _hostile_value(rng: random.Random, depth: int = 0) -> Any:
    choice = rng.randrange(12 if depth < 3 else 9)
    if choice == 0:
        return rng.choice([0, -1, 1, 2, 3, 4, 5, 13, 52, 100, 100_000, 10**6, 10**9, 10**17, -10**17])
    if choice == 1:
        return rng.randint(-10**18 + 1, 10**18 - 1)
    if choice == 2:
        return rng.choice([True, False, None])
    if choice == 3:
        return rng.choice(["", "x", "[/]", "[bold]x", "full", "mountain", "greedy", "hand", "deal", "clubs",
                           "♠", "пас", "a" * rng.randint(60, 5000)])
    if choice == 4:
        return rng.choice([0.5, -1.5, 1e300, 3.0])
    if choice == 5:
        return []
    if choice in (6, 7, 8):
        return rng.randint(-3, 20)
    if choice in (9, 10):
        return [_hostile_value(rng, depth + 1) for _ in range(rng.choice([1, 2, 5, 6, 70]))]
    return {str(_hostile_value(rng, depth + 1))[:20]: _hostile_value(rng, depth + 1)}


def _parameters(game: str) -> list[tuple[str, Any]]:
    """The game's variant parameters and their defaults, found from the game's own presets."""
    try:
        preset = next(iter(records.game_records(game).presets.values()))
    except (KeyError, StopIteration):
        return []
    return [(f.name, f.default) for f in dataclasses.fields(preset) if "clause" in f.metadata]


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:  # a value used twice is written twice
        return True


def _dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=10**6)


def _options(text: str, rng: random.Random) -> str:
    data, _ = records.load_yaml(text)
    params = _parameters(str(data.get("game")))
    options = dict(data.get("options") or {})
    for _ in range(rng.choice([1, 1, 2, 3])):
        if params and rng.random() < 0.85:
            name, default = rng.choice(params)
            if rng.random() < 0.3 and isinstance(default, int) and not isinstance(default, bool):
                value: Any = default + rng.choice([-10**6, -100, -1, 1, 2, 100, 10**5])
            elif rng.random() < 0.2 and isinstance(default, tuple):
                value = [_hostile_value(rng) for _ in default] if rng.random() < 0.5 else list(default) * 2
            else:
                value = _hostile_value(rng)
        else:
            name, value = rng.choice(["playerz", "[/]", "x" * 300, "", "__class__", "name"]), _hostile_value(rng)
        options[name] = value
    data = {**data, "options": options}
    return _dump(data)


def _field(text: str, rng: random.Random) -> str:
    """A field of the record given a value of another shape (a seat that is none, a list of lists…)."""
    data, _ = records.load_yaml(text)
    target = data
    deals = [d for d in data.get("deals") or [] if isinstance(d, dict)] if isinstance(data.get("deals"), list) else []
    if deals and rng.random() < 0.5:
        target = rng.choice(deals)
    keys = list(target) + ["dealer", "seats", "seed", "hands", "actions", "expect"]
    key = rng.choice(keys)
    value = _hostile_value(rng)
    if key in ("seed", "hands", "talon", "turned", "cut") and isinstance(target.get("deal"), dict):
        target["deal"] = {**target["deal"], key: value}
    elif key == "actions" and isinstance(target.get("actions"), list) and target["actions"] and rng.random() < 0.7:
        actions = list(target["actions"])
        actions[rng.randrange(len(actions))] = value if rng.random() < 0.5 else str(value)
        target["actions"] = actions
    else:
        target[key] = value
    return _dump(data)


MARKUP = ("[/]", "[bold red]x", "[link=javascript:alert(1)]x[/link]", ":thumbs_up:", "[/bold]", "\\[/]",
          "[", "]", "[red", "<script>alert(1)</script>", "&amp;", "%s%n", "{0}", "\x1b[31m", "`x`")


def _markup(text: str, rng: random.Random) -> str:
    mark = rng.choice(MARKUP)
    start, end = rng.choice(_value_spans(text))
    at = rng.randint(start, end)
    quoted = '"' + mark.replace("\\", "\\\\").replace('"', '\\"').replace("\x1b", "\\e") + '"'
    return text[:start] + quoted + text[end:] if rng.random() < 0.4 else text[:at] + mark + text[at:]


JUNK = "♠♣♦♥AKQJT1098765432ТКДВ :-[]{}#&*!|>'\"x\n\t\r\x00\x07\x85\u2028\ufeff\ud800%@`,?"


def _junk(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        at = rng.randint(0, len(text))
        junk = "".join(rng.choice(JUNK) for _ in range(rng.randint(1, 8)))
        cut = rng.randint(0, 3)
        text = text[:at] + junk + text[at + cut:]
    return text


def _long(text: str, rng: random.Random) -> str:
    size = rng.choice([1000, 100_000, 2_000_000])
    piece = rng.choice(["♠A ", "x", "[/]", "pass ", "a\\n"])
    long = (piece * (size // len(piece) + 1))[:size]
    return _replace_value(text, rng, '"' + long + '"' if "\\" in piece else long)


def _truncate(text: str, rng: random.Random) -> str:
    return text[:rng.randint(0, len(text))]


def _lines(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True)
    if not lines:
        return text
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    op = rng.randrange(4)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    elif op == 2:
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines[i] = " " * rng.randint(1, 4) + lines[i]
    return "".join(lines)


MUTATORS = {"alias": _alias, "tag": _tag, "nesting": _nesting, "bignum": _bignum, "options": _options,
            "field": _field, "markup": _markup, "junk": _junk, "long": _long, "truncate": _truncate,
            "lines": _lines}


def mutant(path: Path, kind: str, seed: int) -> str:
    """The record at ``path`` damaged one way (``kind``), reproducibly from ``seed``."""
    rng = random.Random(f"{path.name}:{kind}:{seed}")
    text = path.read_text(encoding="utf-8")
    for _ in range(rng.choice([1, 1, 1, 2])):
        text = MUTATORS[kind](text, rng)
    return text


# --- one case, guarded -----------------------------------------------------------------------


class Blowup(AssertionError):
    """A case that took too long or too much memory."""


def _address_space() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * resource.getpagesize()


@contextmanager
def guard(seconds: float = SECONDS, memory: int = MEMORY) -> Iterator[None]:
    """Stop a case that runs longer than ``seconds`` (an alarm) or maps ``memory`` bytes more
    than the process had (an address-space limit that makes the allocation fail)."""

    def alarm(signum, frame):
        raise Blowup(f"the case ran longer than {seconds} s")

    old_handler = signal.signal(signal.SIGALRM, alarm)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _address_space() + memory
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except MemoryError:
        raise Blowup(f"the case needed more than {memory >> 20} MB") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        signal.signal(signal.SIGALRM, old_handler)


def outcome(text: str, file: str = "mutant.yaml") -> tuple[str, str]:
    """Verify ``text``: ``("verified", "")`` or ``("record-error", field kind)``. Anything else —
    another exception, an error of more than one line or without its location — fails."""
    try:
        records.verify(text, file)
    except records.RecordError as err:
        message = str(err)
        assert "\n" not in message and "\r" not in message, message[:300]
        assert len(message) <= MAX_ERROR, (len(message), message[:300])
        assert err.file == file and err.field, message
        assert 1 <= err.line <= text.count("\n") + 1, message
        assert message.startswith(f"{file}:{err.line}: "), message
        return "record-error", _kind_of(err)
    return "verified", ""


def _kind_of(err: records.RecordError) -> str:
    field = err.field
    if field.startswith("options."):
        return "options"
    head = re.split(r"[.\[]", field, maxsplit=1)[0]
    return head if head in ("(yaml)", "(record)", "(file)", "actions", "deal", "deals", "expect", "game", "variant",
                            "dealer", "seats", "source", "title") else "other"


def run_case(path: Path, kind: str, seed: int) -> tuple[str, str, float]:
    """One guarded case: the outcome, the kind of field that failed, the seconds it took."""
    text = mutant(path, kind, seed)
    start = time.perf_counter()
    with guard():
        result, where = outcome(text)
    return result, where, time.perf_counter() - start
