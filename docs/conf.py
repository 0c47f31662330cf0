"""Sphinx configuration of the cardrules edition."""

project = "cardrules"
author = "the cardrules editors"
copyright = "2026, the cardrules editors"

extensions = [
    "myst_parser",
    "sphinx_design",
    "sphinxcontrib.bibtex",
    "cardrules.sphinxext",
]

# The interface speaks English; the edition is bilingual, and each clause marks
# its Russian and English columns with their own lang attributes.
language = "en"
# Search stems Cyrillic words as Russian and Latin words as English
# (cardrules.sphinxext.search), so "взятками" finds "взятка" and "tricks" "trick".
html_search_language = "ru_en"

myst_enable_extensions = ["deflist", "fieldlist", "attrs_inline", "attrs_block"]
myst_heading_anchors = 3
suppress_warnings = []
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

bibtex_bibfiles = ["references.bib"]
bibtex_reference_style = "author_year"
bibtex_default_style = "plain"

html_theme = "furo"
html_title = "cardrules: Russian card games, an annotated edition"
html_static_path: list[str] = []
html_favicon = "favicon.svg"
html_show_sourcelink = False
# Faster builds: no API objects copied into every page's sidebar.
toc_object_entries = False
