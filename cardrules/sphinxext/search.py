"""Site search that stems each word by its script: Cyrillic words with the Russian
Snowball stemmer, Latin words with the English one.

Sphinx stems the whole index with one language. The edition is bilingual, so with
Russian alone ``tricks`` would not find ``trick``, and with English alone
``взятками`` would not find ``взятка``. The same choice is made in the browser,
where the query is stemmed by the JavaScript ports of the same two stemmers that
Sphinx ships.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import snowballstemmer
import sphinx.search
from sphinx.search import SearchLanguage
from sphinx.search._stopwords.en import ENGLISH_STOPWORDS
from sphinx.search._stopwords.ru import RUSSIAN_STOPWORDS

_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_JS = Path(sphinx.search.__file__).parent / "minified-js"

_DISPATCH_JS = """
window.Stemmer = function () {
  const ru = new RussianStemmer();
  const en = new EnglishStemmer();
  this.stemWord = (w) => {
    w = w.replace(/ё/g, "е");
    return (/[\\u0400-\\u04ff]/.test(w) ? ru : en).stemWord(w);
  };
};
"""


class SearchRussianEnglish(SearchLanguage):
    lang = "ru_en"
    language_name = "Russian and English"
    stopwords = RUSSIAN_STOPWORDS | ENGLISH_STOPWORDS
    js_stemmer_rawcode = ""  # the code is inlined below, both stemmers in one file

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self.ru = snowballstemmer.stemmer("russian")
        self.en = snowballstemmer.stemmer("english")

    def stem(self, word: str) -> str:
        word = word.lower().replace("ё", "е")
        return (self.ru if _CYRILLIC.search(word) else self.en).stemWord(word)

    @property
    def js_stemmer_code(self) -> str:  # type: ignore[override]
        parts = [(_JS / name).read_text(encoding="utf-8") for name in
                 ("base-stemmer.js", "russian-stemmer.js", "english-stemmer.js")]
        return "\n".join(parts) + _DISPATCH_JS


def keep_clause_anchors(app, *args) -> None:
    """Make a clause's search hit link to the clause itself.

    The search index stores an object's anchor only when it differs from the
    object's name, and the search page rebuilds a missing anchor from the display
    name. A clause's name and anchor are both its id while its display name is its
    titles (:func:`cardrules.sphinxext.domain.display_name`), so the index would send
    the reader to an anchor made of the titles. This writes the id in as the anchor
    of every clause hit. Connected to ``html-page-context``: the indexer exists
    from the first page written on.
    """
    indexer = getattr(app.builder, "indexer", None)
    if indexer is None or getattr(indexer, "_cardrules_anchors", False):
        return
    from cardrules.sphinxext.domain import display_name

    original = indexer.get_objects

    def get_objects(fn2index):
        found = original(fn2index)
        kind = indexer._objtypes.get(("clause", "rule"))
        if kind is None:
            return found
        ids = {}
        for clause in app.env.get_domain("clause").clauses.values():
            if clause.docname in fn2index:
                prefix, _, name = html.escape(display_name(clause)).rpartition(".")
                ids[fn2index[clause.docname], prefix, name] = clause.id
        for prefix, entries in found.items():
            for i, (doc, typeindex, prio, anchor, name) in enumerate(entries):
                if typeindex == kind and anchor == "":
                    entries[i] = (doc, typeindex, prio, ids.get((doc, prefix, name), anchor), name)
        return found

    indexer.get_objects = get_objects
    indexer._cardrules_anchors = True
