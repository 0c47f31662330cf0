"""Small repairs to the HTML that Sphinx, docutils and furo write, so that every page
passes the WCAG 2 A and AA checks of axe-core (tests/test_accessibility.py).

- The captions of the toctrees (the sidebar's "The edition", "Reference"…) are
  ``<p class="caption" role="heading">``: a heading role needs an ``aria-level``.
- docutils puts bibliography entries in ``<div role="list">`` as
  ``role="doc-biblioentry"``, a role ARIA has deprecated, so the list reads as having
  no items; they become plain list items.
"""

from __future__ import annotations

REPAIRS = (
    ('<p class="caption" role="heading">', '<p class="caption" role="heading" aria-level="2">'),
    ('role="doc-biblioentry"', 'role="listitem"'),
)
#: The rendered fragments of a page's context that can hold them.
KEYS = ("body", "furo_navigation_tree")


def repair_html(app, pagename, templatename, context, doctree) -> None:
    """Run after furo's own handler (priority 500), which renders the sidebar."""
    for key in KEYS:
        html = context.get(key)
        if isinstance(html, str):
            for old, new in REPAIRS:
                html = html.replace(old, new)
            context[key] = html
