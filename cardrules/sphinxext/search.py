"""Site search that stems each word by its script: Cyrillic words with the Russian
Snowball stemmer, Latin words with the English one.

Sphinx stems the whole index with one language. The edition is bilingual, so with
Russian alone ``tricks`` would not find ``trick``, and with English alone
``взятками`` would not find ``взятка``. The same choice is made in the browser,
where the query is stemmed by the JavaScript ports of the same two stemmers that
Sphinx ships.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import snowballstemmer
import sphinx.search
from docutils import nodes
from sphinx import addnodes
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


# --- the edition's own best matches, on the search page --------------------------------
#
# Sphinx's search ranks pages by the words they contain. A reader who types a clause id or
# a Russian term wants the clause or the glossary entry first, with its text. The build
# writes a small index of the clauses (id, title, text) and of the glossary's terms (every
# inflected form listed in an entry's "Forms:" line, with the clause the entry links to),
# as a script loaded only by the search page (so it works from file:// too); cardrules.js
# puts the exact matches at the top of the results and shows the clauses' text.

SEARCH_DATA = "cardrules-search-data.js"
_SNIPPET = 220


def _text(node: nodes.Node) -> str:
    return re.sub(r"\s+", " ", node.astext()).strip()


def _clip(text: str, limit: int = _SNIPPET) -> str:
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + " …"


def _terms(app, doctree: nodes.document, docname: str) -> dict[str, list]:
    """Each inflected form of each glossary entry: [headword, page, anchor, clause id]."""
    found: dict[str, list] = {}
    for item in doctree.findall(nodes.definition_list_item):
        terms = [t for t in item.children if isinstance(t, nodes.term)]
        if not terms or not item.children or not isinstance(item[-1], nodes.definition):
            continue
        definition = item[-1]
        clause = next((ref.get("reftarget") for ref in definition.findall(addnodes.pending_xref)
                       if ref.get("refdomain") == "clause"), None)
        if clause is None:  # the reference may already be resolved into a link
            clause = next((ref.get("refuri", "").rpartition("#")[2] for ref in definition.findall(nodes.reference)
                           if "#" in ref.get("refuri", "") and "." in ref.get("refuri", "").rpartition("#")[2]), None)
        forms_par = next((p for p in definition.findall(nodes.paragraph) if p.astext().startswith("Forms:")), None)
        forms = [f.strip().rstrip(".") for f in forms_par.astext()[len("Forms:"):].split(",")] if forms_par else []
        for term in terms:
            headword = term.astext().strip()
            anchor = term["ids"][0] if term["ids"] else ""
            for form in [headword, *forms]:
                key = form.lower().replace("ё", "е")
                if key and key not in found:
                    found[key] = [headword, docname, anchor, clause]
    return found


def write_search_data(app, exception) -> None:
    """Write the clause and term index that the search page reads (see above)."""
    if exception is not None or app.builder.format != "html":
        return
    env = app.env
    domain = env.get_domain("clause")
    clauses = domain.clauses
    rows, terms, pages = [], {}, {}
    docs = sorted({c.docname for c in clauses.values()} | ({"glossary"} & set(env.all_docs)))
    for docname in docs:
        doctree = env.get_doctree(docname)
        for box in doctree.findall(lambda n: isinstance(n, nodes.container) and "clause" in n["classes"]):
            cid = box["ids"][0] if box["ids"] else ""
            clause = clauses.get(cid)
            if clause is None:
                continue
            texts = {lang: next((_text(c) for c in box.findall(nodes.container) if f"clause-{lang}" in c["classes"]), "")
                     for lang in ("ru", "en")}
            uri = app.builder.get_target_uri(docname)
            rows.append([cid, uri, clause.title_ru, clause.title_en, _clip(texts["ru"]), _clip(texts["en"])])
        if docname == "glossary":
            terms.update(_terms(app, doctree, docname))
    for docname in env.all_docs:
        doctree = env.get_doctree(docname)
        first = next((p for p in doctree.findall(nodes.paragraph)
                      if not isinstance(p.parent, (nodes.title, nodes.list_item)) and len(p.astext()) > 40), None)
        if first is not None:
            pages[docname] = _clip(_text(first))
    for term in terms.values():
        term[1] = app.builder.get_target_uri(term[1])
    data = {"clauses": rows, "terms": terms, "pages": pages}
    out = Path(app.outdir) / "_static" / SEARCH_DATA
    out.write_text("window.CARDRULES_SEARCH = " + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + ";\n",
                   encoding="utf-8")


def search_page_scripts(app, pagename, templatename, context, doctree) -> None:
    """The clause and term index is loaded by the search page only."""
    if pagename == "search":
        app.add_js_file(SEARCH_DATA)
