"""The compiled path is optional: without numba the engine, its clause registry and the
benchmark's import of ``cardrules.fast`` still work (these tests run with or without the extra)."""

import subprocess
import sys

WITHOUT_NUMBA = "import sys; sys.modules['numba'] = None\n"


def run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", WITHOUT_NUMBA + code], capture_output=True, text=True, timeout=300)


def test_engine_loads_without_numba():
    r = run("from cardrules.rules import load_engine\nprint(len(load_engine()) > 100)")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "True"


def test_bench_rows_say_why_without_numba():
    r = run("import cardrules.fast\ntry:\n    cardrules.fast.bench_rows()\nexcept ImportError as e:\n    print('ImportError', e)")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ImportError")
