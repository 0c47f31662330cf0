"""Site search that stems each word by its script: Cyrillic words with the Russian
Snowball stemmer, Latin words with the English one.

Sphinx stems the whole index with one language. The edition is bilingual, so with
Russian alone ``tricks`` would not find ``trick``, and with English alone
``взятками`` would not find ``взятка``. The same choice is made in the browser,
where the query is stemmed by the JavaScript ports of the same two stemmers that
Sphinx ships.
"""

from __future__ import annotations

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
