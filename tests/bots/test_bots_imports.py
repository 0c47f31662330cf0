"""The bots and the engines they drive import no site or record library: they run in the
reader's browser under Pyodide, where those are not installed."""

import subprocess
import sys
import textwrap

BLOCKED = ("yaml", "pydantic", "sphinx", "myst_parser", "docutils", "sybil", "furo", "sphinx_design", "jinja2",
           "playwright", "hypothesis", "numba", "numpy")

SCRIPT = textwrap.dedent(f"""
    import sys
    for name in {BLOCKED!r}:
        sys.modules[name] = None          # an import of it now raises ImportError
    import importlib, pkgutil, random
    import cardrules.bots
    from cardrules.bots import choose
    from cardrules.games import GAMES
    for info in pkgutil.iter_modules(cardrules.bots.__path__, "cardrules.bots."):
        importlib.import_module(info.name)
    for game in GAMES:
        for part in ("variants", "deal", "state"):
            importlib.import_module(f"cardrules.games.{{game}}.{{part}}")
        variants = importlib.import_module(f"cardrules.games.{{game}}.variants").PRESETS
        v = next(iter(variants.values()))
        st = importlib.import_module(f"cardrules.games.{{game}}.state").State(
            v, importlib.import_module(f"cardrules.games.{{game}}.deal").deal(v, 1, 0))
        rnd = random.Random(1)
        while not st.is_terminal():
            st.apply(choose(game, st, rnd).action)
    loaded = sorted(n for n in sys.modules if n.split(".")[0] in {BLOCKED!r} and sys.modules[n] is not None)
    print("loaded:", loaded)
""")


def test_bots_import_without_site_libraries():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "loaded: []"


def test_the_check_catches_a_blocked_import():
    """The same script fails when a bot module would import a blocked library."""
    bad = SCRIPT.replace("import cardrules.bots\n", "import cardrules.bots\nimport yaml\n", 1)
    out = subprocess.run([sys.executable, "-c", bad], capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and "import of yaml halted" in out.stderr, out.stderr[-500:]
