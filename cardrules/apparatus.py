"""The historian's apparatus, generated from the clauses of the edition.

Everything here reads the edition's pages (:func:`cardrules.edition.scan`), the engine's
registry and the games' presets, and never a copy kept by hand, so it cannot fall behind:

- :func:`citations` cuts a clause's ``:source:`` into (BibTeX key, place) pairs;
- :func:`register` lists the textual problems: every ``ambiguous`` clause and every clause
  whose ``:problem:`` names a damaged, missing or contradictory place, with the engine
  options that play the readings (:func:`options_for`);
- :func:`source_map` lays each seed's sections (declared in ``docs/edition/seeds.yaml``)
  beside the clauses that cite them, and flags the sections that none does;
- :func:`comparison` sets every game of the edition on the same rows;
- :func:`export` is the whole edition as one JSON document (``cardrules export --json``),
  described by ``docs/edition/edition.schema.json``;
- :func:`check_ledger` holds the clause ids to the committed ledger ``docs/edition/ids.yaml``.

>>> [(c.key, c.place) for c in citations("rozaliev1991, «Терц», сдача; cavendish1882, law 4; law 9")]
[('rozaliev1991', '«Терц», сдача'), ('cavendish1882', 'law 4'), ('cavendish1882', 'law 9')]
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import yaml

from cardrules import rules
from cardrules.edition import ClauseText, scan

#: What a ``:problem:`` option may say about the place of the source a clause rests on.
PROBLEMS = ("damaged", "missing", "contradictory", "ambiguous")
PROBLEM_LABELS = {
    "damaged": ("испорчено", "damaged: the text is there but garbled"),
    "missing": ("утрачено", "missing: the source refers to or breaks off before what the rule needs"),
    "contradictory": ("противоречиво", "contradictory: two places of the source disagree"),
    "ambiguous": ("неоднозначно", "ambiguous: the words allow more than one reading"),
}
SEEDS = Path("edition") / "seeds.yaml"  #: the seeds' sections, relative to the docs folder
LEDGER = Path("edition") / "ids.yaml"  #: the ledger of clause ids, relative to the docs folder
SCHEMA = Path("edition") / "edition.schema.json"  #: the JSON Schema of the export
_KEY = re.compile(r"^[a-z][a-z0-9_]*$")
_FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$")
_RETIRED = re.compile(r"^(`{3,}|~{3,})\{retired\}\s+(\S+)\s*$")


# --- citations ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Citation:
    """One place a clause cites: a BibTeX key and the place in that source."""

    key: str
    place: str


def citations(source: str) -> list[Citation]:
    """The citations of a ``:source:``: parts split at ``;``, each opening with a key and
    a comma, or continuing the previous key (``law 4; law 9``)."""
    found: list[Citation] = []
    for part in (p.strip() for p in _split_outside_brackets(source)):
        if not part:
            continue
        head, comma, rest = part.partition(",")
        if _KEY.match(head.strip()) and (comma or " " not in part):
            found.append(Citation(head.strip(), rest.strip()))
        elif found:
            found.append(Citation(found[-1].key, part))
        else:
            found.append(Citation("", part))
    return found


def _split_outside_brackets(text: str, sep: str = ";") -> list[str]:
    """``text`` cut at ``sep`` except inside brackets: a remark in parentheses stays whole.

    >>> _split_outside_brackets("a, x (b; c); d")
    ['a, x (b; c)', ' d']
    """
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "([" and 1 or ch in ")]" and -1 or 0
        if ch == sep and depth <= 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


# --- the seeds and their sections --------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """A section of a seed, in the seed's order, as ``seeds.yaml`` declares it."""

    id: str
    paragraphs: str  #: the excerpt's paragraphs (its non-empty lines, counted from 1)
    ru: str
    en: str
    cites: tuple[str, ...]  #: patterns (regular expressions) of the places that cite it
    narrative: str = ""  #: why the section carries no rule (history, quotations), if so


@dataclass(frozen=True)
class Seed:
    """A seed source (an excerpt in the shared sources) and its sections."""

    id: str
    file: str
    key: str  #: the BibTeX key its clauses cite
    claims: str  #: a pattern: the places of ``key`` that belong to this seed ("" = all)
    title: str
    sections: tuple[Section, ...]
    outside: str = ""  #: what the excerpt leaves out of the book, in a few words

    def owns(self, citation: Citation) -> bool:
        return citation.key == self.key and (not self.claims or re.search(self.claims, citation.place) is not None)


def load_seeds(docs: Path) -> list[Seed]:
    """The seeds declared in ``docs/edition/seeds.yaml``, in order."""
    data = yaml.safe_load((docs / SEEDS).read_text(encoding="utf-8"))
    seeds = []
    for s in data["seeds"]:
        sections = tuple(Section(x["id"], str(x.get("paragraphs", "")), x["ru"], x["en"], tuple(x.get("cites", ())),
                                 x.get("narrative", "")) for x in s["sections"])
        seeds.append(Seed(str(s["id"]), s["file"], s["key"], s.get("claims", ""), s["title"], sections,
                          s.get("outside", "")))
    return seeds


def seed_of(citation: Citation, seeds: Iterable[Seed]) -> Seed | None:
    """The seed a citation points into, if any (the first that owns it)."""
    return next((s for s in seeds if s.owns(citation)), None)


@dataclass
class SectionRow:
    section: Section
    clauses: list[ClauseText]

    @property
    def flagged(self) -> bool:
        """A section that should carry rules and that no clause cites."""
        return not self.clauses and not self.section.narrative


@dataclass
class SourceMap:
    seed: Seed
    rows: list[SectionRow]
    unplaced: list[tuple[ClauseText, Citation]]  #: citations of the seed that match no section


def source_map(seed: Seed, clauses: Iterable[ClauseText], seeds: Iterable[Seed] = ()) -> SourceMap:
    """The seed's sections in order, each with the clauses whose ``:source:`` cites it
    (a citation that an earlier seed of ``seeds`` owns is that seed's)."""
    seeds = list(seeds) or [seed]
    rows = [SectionRow(section, []) for section in seed.sections]
    unplaced: list[tuple[ClauseText, Citation]] = []
    for clause in clauses:
        for citation in citations(clause.source):
            if seed_of(citation, seeds) is not seed:
                continue
            hits = [row for row in rows if any(re.search(p, citation.place) for p in row.section.cites)]
            for row in hits:
                if clause not in row.clauses:
                    row.clauses.append(clause)
            if not hits:
                unplaced.append((clause, citation))
    return SourceMap(seed, rows, unplaced)


# --- engine options ------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """A variant parameter of a game and its value in each preset."""

    game: str
    name: str
    clause_id: str
    doc: str
    choices: tuple[Any, ...] | None
    values: tuple[tuple[str, str], ...]  #: (preset, value as shown)


def options() -> list[Option]:
    """Every clause-carrying parameter of every game, with its value in each preset."""
    from cardrules.games import GAMES, module

    found: list[Option] = []
    for game in GAMES:
        presets = module(game, "variants").PRESETS
        by_class: dict[type, dict[str, Any]] = {}
        for name, variant in presets.items():
            by_class.setdefault(type(variant), {})[name] = variant
        for cls, group in by_class.items():
            for f in dataclasses.fields(cls):
                if "clause" not in f.metadata:
                    continue
                values = tuple((p, rules.show_value(getattr(v, f.name))) for p, v in group.items())
                found.append(Option(game, f.name, f.metadata["clause"], f.metadata.get("doc", ""),
                                    f.metadata.get("choices"), values))
    return found


def options_for(clause_id: str, every: list[Option] | None = None) -> list[Option]:
    """The engine options whose ``param(..., clause=...)`` is ``clause_id``."""
    return [o for o in (options() if every is None else every) if o.clause_id == clause_id]


# --- the register of textual problems -------------------------------------------------------


def plain(text: str) -> str:
    """MyST reduced to plain words: roles to their targets, markup and code dropped.

    >>> plain("See {rule}`fortuna.play.trick` and {cite:p}`lesnoy1994`: *two* readings.")
    'See fortuna.play.trick and lesnoy1994: two readings.'
    """
    text = re.sub(r"^(`{3,}|~{3,}).*?^\1\s*$", "", text, flags=re.S | re.M)
    text = re.sub(r"\{[\w:.-]+\}`([^`<]*?)(?:\s*<([^>]*)>)?`", lambda m: m.group(1) or m.group(2) or "", text)
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"(\*\*|\*|__)(.+?)\1", r"\2", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return " ".join(text.split())


def first_paragraph(text: str, limit: int = 600) -> str:
    """The first paragraph of a commentary, as plain words, cut at ``limit`` characters."""
    for para in re.split(r"\n\s*\n", text):
        words = plain(para)
        if words and not para.lstrip().startswith((">>>", "```")):
            return words if len(words) <= limit else words[:limit - 1].rsplit(" ", 1)[0] + " …"
    return ""


@dataclass
class Problem:
    """One entry of the register: a clause resting on a troubled place of its source."""

    clause: ClauseText
    kind: str  #: one of :data:`PROBLEMS`
    seed: Seed | None  #: the seed its first citation points into
    source_key: str  #: the BibTeX key of its first citation
    options: list[Option]

    @property
    def game(self) -> str:
        return self.clause.id.split(".", 1)[0]

    @property
    def source_label(self) -> str:
        return f"{self.seed.id} {self.seed.key}" if self.seed else (self.source_key or "the edition")

    @property
    def summary(self) -> str:
        return first_paragraph(self.clause.commentary)


def problem_kind(clause: ClauseText) -> str:
    """The kind of textual problem a clause records: its ``:problem:``, else ``ambiguous``
    for an ambiguous clause, else ``""``."""
    words = clause.options.get("problem", "").split()
    return words[0] if words else ("ambiguous" if clause.status == "ambiguous" else "")


def problem_seed(clause: ClauseText) -> str:
    """The seed a ``:problem:`` names after its kind (``:problem: missing 003``): the place
    is in that seed although the clause's rule is cited from elsewhere."""
    words = clause.options.get("problem", "").split()
    return words[1] if len(words) > 1 else ""


def check_problem(value: str, seed_ids: Iterable[str] = ()) -> str:
    """A ``:problem:`` value, checked: a kind of :data:`PROBLEMS`, then optionally a seed id.

    >>> check_problem("missing 003", ["003"])
    'missing 003'
    >>> check_problem("lost")
    Traceback (most recent call last):
    ...
    ValueError: :problem: 'lost': say damaged, missing, contradictory or ambiguous, then optionally a seed (e.g. 003)
    """
    words = value.split()
    seeds = list(seed_ids)
    if not words or words[0] not in PROBLEMS or len(words) > 2 or (len(words) == 2 and seeds and words[1] not in seeds):
        raise ValueError(f":problem: {value!r}: say {', '.join(PROBLEMS[:-1])} or {PROBLEMS[-1]}, "
                         "then optionally a seed (e.g. 003)")
    return value


def register(clauses: Iterable[ClauseText], seeds: list[Seed]) -> list[Problem]:
    """Every clause that marks a textual problem, ordered by source, then page order."""
    every = options()
    found = []
    for clause in clauses:
        kind = problem_kind(clause)
        if not kind:
            continue
        cited = citations(clause.source)
        named = problem_seed(clause)
        seed = (next((s for s in seeds if s.id == named), None) if named
                else next((s for c in cited for s in [seed_of(c, seeds)] if s), None))
        key = cited[0].key if cited else ""
        found.append(Problem(clause, kind, seed, key, options_for(clause.id, every)))
    order = {s.id: i for i, s in enumerate(seeds)}
    return sorted(found, key=lambda p: (order.get(p.seed.id, len(order)) if p.seed else len(order), p.source_key))


# --- the games side by side ------------------------------------------------------------------

#: The rows of the comparison, in order: (key, Russian, English).
ROWS = (
    ("players", "Игроки", "Players"),
    ("pack", "Колода и старшинство", "Pack and ranks"),
    ("deal", "Сдача и прикуп", "Deal and talon"),
    ("bidding", "Торговля", "Bidding"),
    ("trumps", "Козыри", "Trumps"),
    ("obligations", "Обязанности в игре", "Obligations in play"),
    ("unit", "Единица счёта", "Scoring unit"),
    ("end", "Конец игры", "End of a game"),
    ("settlement", "Расчёт", "Settlement"),
)

#: The preset each game is compared by.
MAIN_PRESETS = {"fortuna": "four", "preferans": "sochi", "preference": "austrian", "piquet": "russian",
                "semerik": "semerik", "terts": "rozaliev"}


def _v(x: Any) -> str:
    return rules.show_value(x)


def _facts_fortuna(v: Any) -> dict[str, tuple[str, str]]:
    return {
        "players": (f"{v.players}, each for himself", "fortuna.players.count"),
        "pack": (f"two packs ({v.deck}): one dealt, the other cut for the senior suits; they change roles "
                 "each deal; A high", "fortuna.cards.packs"),
        "deal": ("the whole pack, equally" + (f"; a talon of {v.talon}" if v.talon else "; no talon"),
                 "fortuna.deal.deal"),
        "bidding": ("«играю» or pass, in turn; a player may force «неволя»" if v.bidding else "no bidding",
                    "fortuna.bidding.order"),
        "trumps": ("the senior suits «сюры» and «преферансы», cut from the second pack", "fortuna.surs.cut"),
        "obligations": ("follow suit; " + ("must trump" if v.must_trump else "need not trump"),
                        "fortuna.play.no-must-trump"),
        "unit": (f"tricks above the quota («леве») and honours; a declarer must take {v.base_quota} "
                 "and one more per passer", "fortuna.bidding.quota"),
        "end": (f"the partie: first to {v.partie_points} points", "fortuna.partie.target"),
        "settlement": (f"chips in every deal ({v.prefs_rate} or {v.surs_rate} a point), then the pool shared",
                       "fortuna.settlement.rate"),
    }


def _facts_preferans(v: Any) -> dict[str, tuple[str, str]]:
    return {
        "players": (f"{v.players}; with four the dealer sits out", "preferans.players.count"),
        "pack": ("32 cards, A high … 7 low; suits ♠ ♣ ♦ ♥ rank for the bidding", "preferans.cards.pack"),
        "deal": (f"ten each in pairs; a talon of two, laid after round {v.talon_round}",
                 "preferans.deal.talon-placement"),
        "bidding": ("a ladder of contracts six to ten, misère" + ("; jumps allowed" if v.allow_jumps else "; no jumps"),
                    "preferans.bidding.ladder"),
        "trumps": ("named by the declarer's contract (or none)", "preferans.bidding.ladder"),
        "obligations": (f"follow suit, else trump; the defenders must take {_v(v.whist_obligations)} "
                        "against six to ten", "preferans.whist.obligation"),
        "unit": (f"pool, mountain and whists; contracts worth {_v(v.contract_values)}",
                 "preferans.scoring.contract-values"),
        "end": (f"the pulka: every pool at {v.pool_target}", "preferans.sheet.pool-size"),
        "settlement": ("once, at the end: the mountains turned into whists and the whists netted",
                       "preferans.settlement.conversion"),
    }


def _facts_preference(v: Any) -> dict[str, tuple[str, str]]:
    return {
        "players": (f"{v.players}; with four the dealer sits out", "preference.austrian.players"),
        "pack": ("32 cards, A high … 7 low; suits numbered 1–4 for the bidding", "preference.austrian.suit-numbers"),
        "deal": ("ten each, a talon of two", "preference.austrian.deal"),
        "bidding": ("calls 1–4, «игра», «червы»; the contract is always six tricks", "preference.austrian.calls"),
        "trumps": ("the suit the declarer names, not lower than his call", "preference.austrian.trumps"),
        "obligations": ("follow suit; " + ("must trump" if v.must_trump else "need not trump")
                        + f"; each defender who plays takes {v.defender_quota}", "preference.austrian.trumping"),
        "unit": ("money: the stake and trick money a tenth of it", "preference.austrian.stake"),
        "end": ("no partie: play goes on while the players wish; an empty pot is filled again",
                "preference.austrian.refill"),
        "settlement": (f"in every deal, from and into a pot (each pays in {v.buy_in})", "preference.austrian.payoff"),
    }


def _facts_piquet(v: Any) -> dict[str, tuple[str, str]]:
    return {
        "players": (f"{v.players}", "piquet.players.count"),
        "pack": ("32 cards, A high … 7 low", "piquet.cards.pack"),
        "deal": (f"{v.hand_size} each; a stock of {32 - v.players * v.hand_size} to exchange from",
                 "piquet.deal.deal"),
        "bidding": ("none: declarations of point, sequences and sets instead", "piquet.declarations.order"),
        "trumps": ("none", "piquet.play.follow-suit"),
        "obligations": ("follow suit if able", "piquet.play.follow-suit"),
        "unit": (f"points: declarations, leads and tricks; the cards {v.cards_bonus}, capot {v.capot_bonus}",
                 "piquet.play.points"),
        "end": (f"the partie ({v.partie}): {v.royaliks} royaliks of two games" if v.partie == "royalik"
                else f"the partie ({v.partie})", "piquet.variants.partie"),
        "settlement": (f"differences of the games, {v.royalik_bonus} to the winner of a royalik",
                       "piquet.royalik.royalik"),
    }


def _facts_semerik(v: Any) -> dict[str, tuple[str, str]]:
    return {
        "players": ("4, two against two", "semerik.players.partners"),
        "pack": ("40 cards; 3 2 A K Q J 7 6 5 4", "semerik.cards.rank"),
        "deal": (f"ten each in packets of {v.packet}; no talon", "semerik.deal.packets"),
        "bidding": ("none: declarations of trios and «баба» before the lead", "semerik.declarations.before-lead"),
        "trumps": (f"always the same suit ({'♠♣♦♥'[v.trump]})", "semerik.cards.trumps"),
        "obligations": ("follow suit; need not trump", "semerik.play.no-must-trump"),
        "unit": (f"points: declarations and counting cards in tricks; all ten tricks {v.capot}",
                 "semerik.tricks.counting-cards"),
        "end": (f"a game to {v.target}", "semerik.game.target"),
        "settlement": (f"each loser pays a winner the game's value ({v.target}, ×{v.double_factor} if the losers "
                       f"have under {v.double_below})", "semerik.game.settlement"),
    }


def _facts_terts(v: Any) -> dict[str, tuple[str, str]]:
    return {
        "players": (f"{v.players}, each for himself", "terts.players.count"),
        "pack": ("32 cards; trumps J 9 A 10 K Q 8 7" if v.card_order == "jass" else "32 cards, A high",
                 "terts.play.card-order"),
        "deal": (f"{v.hand_size} each in packets {v.packets}; the stock " + ("drawn from" if v.stock == "draw"
                                                                            else "out of play"),
                 "terts.deal.by-threes"),
        "bidding": ("none: the dialogue of declarations («хвалёж»)", "terts.dialogue.announce"),
        "trumps": ("the turned card's suit", "terts.deal.trump"),
        "obligations": (f"play duties: {v.duties}", "terts.play.duties"),
        "unit": (f"points: declarations and card points, last trick {v.last_trick}", "terts.play.card-points"),
        "end": (f"the game to {v.target}", "terts.scoring.target"),
        "settlement": ("the source sets out none: the game is won or lost", "terts.scoring.end"),
    }


FACTS = {"fortuna": _facts_fortuna, "preferans": _facts_preferans, "preference": _facts_preference,
         "piquet": _facts_piquet, "semerik": _facts_semerik, "terts": _facts_terts}


def comparison(games: Iterable[str] | None = None) -> list[tuple[str, str, dict[str, tuple[str, str]]]]:
    """``(game, preset, {row: (text, clause id)})`` for each game, from its preset's parameters."""
    from cardrules.games import GAMES, module

    out = []
    for game in games or GAMES:
        preset = MAIN_PRESETS.get(game) or next(iter(module(game, "variants").PRESETS))
        facts = FACTS.get(game)
        variant = module(game, "variants").PRESETS[preset]
        out.append((game, preset, facts(variant) if facts else {}))
    return out


# --- the JSON export ---------------------------------------------------------------------------


def _examples(text: str) -> list[str]:
    """The doctest blocks of a clause's text (python fences that start with ``>>>``)."""
    blocks = re.findall(r"^(`{3,})python\s*\n(.*?)^\1\s*$", text, flags=re.S | re.M)
    return [body.rstrip("\n") for _, body in blocks if body.lstrip().startswith(">>>")]


def docname(clause: ClauseText, docs: Path) -> str:
    return clause.path.relative_to(docs).with_suffix("").as_posix()


def retired_ids(docs: Path) -> dict[str, tuple[str, str]]:
    """Every ``{retired}`` block of the pages: old id -> (successor, page)."""
    found: dict[str, tuple[str, str]] = {}
    for page in sorted(p for p in docs.rglob("*.md") if "_build" not in p.parts):
        lines = page.read_text(encoding="utf-8").splitlines()
        fence = ""  # the fence of the block we are in: a {retired} inside an example block is no block
        for i, line in enumerate(lines):
            m = _FENCE.match(line)
            if fence:
                if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not m.group(2).strip():
                    fence = ""
                continue
            if not m:
                continue
            fence = m.group(1)
            retired = _RETIRED.match(line)
            if retired:
                successor = next((ln.split(":", 2)[2].strip() for ln in lines[i + 1:i + 6]
                                  if ln.startswith(":successor:")), "")
                found[retired.group(2)] = (successor, page.relative_to(docs).with_suffix("").as_posix())
    return found


def version() -> str:
    """The edition's version: the package's."""
    from importlib.metadata import PackageNotFoundError, version as pkg_version

    try:
        return pkg_version("cardrules")
    except PackageNotFoundError:  # pragma: no cover - a checkout that is not installed
        return "0.0.0"


def export(docs: Path) -> dict[str, Any]:
    """The whole edition as one JSON-ready document (see ``edition.schema.json``)."""
    rules.load_engine()
    root = docs.resolve().parent
    every = options()
    clauses = []
    for c in scan(docs):
        impls = [{"module": i.module, "qualname": i.qualname,
                  "path": (Path(i.path).resolve().relative_to(root).as_posix()
                           if Path(i.path).resolve().is_relative_to(root) else i.path),
                  "line": i.line} for i in rules.implementations(c.id)]
        page = docname(c, docs)
        clauses.append({
            "id": c.id,
            "status": c.status,
            "source": c.source,
            "citations": [{"key": x.key, "place": x.place} for x in citations(c.source)],
            "title": {"ru": c.title_ru, "en": c.title_en},
            "text": {"ru": c.russian, "en": c.english},
            "commentary": c.commentary,
            "problem": problem_kind(c) or None,
            "not_executable": c.options.get("not-executable") or None,
            "page": page,
            "url": f"{page}.html#{c.id}",
            "implementations": impls,
            "parameters": [{"game": o.game, "name": o.name, "doc": o.doc,
                            "values": {p: val for p, val in o.values}} for o in options_for(c.id, every)],
            "examples": _examples(c.commentary),
        })
    retired = [{"id": old, "successor": succ, "page": page, "url": f"{page}.html#{old}"}
               for old, (succ, page) in sorted(retired_ids(docs).items())]
    return {"edition": "cardrules", "version": version(), "clauses": clauses, "retired": retired}


def schema(docs: Path) -> dict[str, Any]:
    return json.loads((docs / SCHEMA).read_text(encoding="utf-8"))


# --- the ledger of ids ---------------------------------------------------------------------------


def ledger_entry(clause: ClauseText) -> dict[str, str]:
    """What the ledger holds of a clause's meaning: its status and its two titles."""
    return {"status": clause.status, "title-ru": clause.title_ru, "title-en": clause.title_en}


def load_ledger(docs: Path) -> dict[str, Any]:
    data = yaml.safe_load((docs / LEDGER).read_text(encoding="utf-8")) or {}
    return {"clauses": data.get("clauses") or {}, "retired": data.get("retired") or {}}


def check_ledger(docs: Path, ledger: dict[str, Any] | None = None) -> list[str]:
    """What the pages and the ledger disagree on, one line each (empty: they agree).

    An id that disappeared without being retired, an id the ledger lacks, a status or a
    title changed without the ledger saying so, a retired id used again or without its
    anchor, a successor that is no clause.
    """
    ledger = load_ledger(docs) if ledger is None else ledger
    clauses = {c.id: c for c in scan(docs)}
    anchors = retired_ids(docs)
    found = []
    for cid, entry in ledger["clauses"].items():
        clause = clauses.get(cid)
        if clause is None:
            if cid not in ledger["retired"]:
                found.append(f"{cid}: in the ledger but no page defines it; an id is never dropped: "
                             "retire it (a {retired} block and a 'retired:' entry naming its successor)")
            continue
        now = ledger_entry(clause)
        for field in ("status", "title-ru", "title-en"):
            if str(entry.get(field, "")) != now[field]:
                found.append(f"{cid}: {field} is now {now[field]!r}, the ledger says {entry.get(field)!r}; "
                             "acknowledge the change in docs/edition/ids.yaml (cardrules ids --acknowledge)")
    for cid in clauses:
        if cid not in ledger["clauses"]:
            found.append(f"{cid}: a new id the ledger lacks; add it (cardrules ids --acknowledge)")
    for cid, entry in ledger["retired"].items():
        successor = (entry or {}).get("successor", "")
        if cid in clauses:
            found.append(f"{cid}: retired in the ledger but defined again; a retired id is never reused")
        if cid not in anchors:
            found.append(f"{cid}: retired, but no page keeps its anchor with a {{retired}} block")
        if successor and successor not in clauses:
            found.append(f"{cid}: its successor {successor} is no clause of the edition")
        if cid in anchors and anchors[cid][0] != successor:
            found.append(f"{cid}: the {{retired}} block names successor {anchors[cid][0]!r}, "
                         f"the ledger {successor!r}")
    for cid in anchors:
        if cid not in ledger["retired"]:
            found.append(f"{cid}: a {{retired}} block the ledger's 'retired:' does not list")
    return found


def acknowledge(docs: Path) -> tuple[list[str], str]:
    """The ledger rewritten to the pages' statuses and titles: ``(changes, new text)``.

    Ids that disappeared are kept (they must be retired by hand); retired entries stay.
    """
    ledger = load_ledger(docs)
    clauses = {c.id: c for c in scan(docs)}
    changes = []
    new: dict[str, dict[str, str]] = {}
    for cid, entry in ledger["clauses"].items():
        if cid in clauses:
            now = ledger_entry(clauses[cid])
            if now != {k: str(entry.get(k, "")) for k in now}:
                changes.append(f"changed {cid}")
            new[cid] = now
        else:
            new[cid] = entry
    for cid, clause in clauses.items():
        if cid not in new:
            changes.append(f"added {cid}")
            new[cid] = ledger_entry(clause)
    return changes, dump_ledger(new, ledger["retired"])


LEDGER_HEAD = """\
# The ledger of clause ids (docs/edition/ids.yaml).
#
# Every id the edition has ever published, with what it meant: its status and its two
# titles. tests/apparatus/test_ledger.py fails when a page drops an id, or changes a
# status or a title that this file does not acknowledge. To acknowledge a change, edit the
# entry (or run `cardrules ids --acknowledge` and read the diff). An id is never removed:
# a withdrawn clause moves to `retired:` with its `successor:`, and a {retired} block on
# its old page keeps its anchor and links to the successor.
"""


def dump_ledger(clauses: dict[str, dict[str, str]], retired: dict[str, Any]) -> str:
    body = yaml.safe_dump({"clauses": dict(sorted(clauses.items())), "retired": dict(sorted(retired.items()))},
                          allow_unicode=True, sort_keys=False, width=200)
    return LEDGER_HEAD + body


__all__ = [
    "PROBLEMS", "Citation", "check_problem", "problem_seed", "Option", "Problem", "Seed", "Section", "SourceMap", "acknowledge", "check_ledger",
    "citations", "comparison", "export", "load_ledger", "load_seeds", "options", "options_for", "plain",
    "problem_kind", "register", "retired_ids", "schema", "seed_of", "source_map", "version",
]
