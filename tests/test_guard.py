"""The guard of the root conftest.py fails a test that ran no assertion (see tests/README.md)."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SAMPLE = '''
import pytest

def test_asserts():
    assert 1 + 1 == 2

def test_raises():
    with pytest.raises(ZeroDivisionError):
        1 / 0

def test_guarded_branch_never_taken():
    for seed in []:
        assert seed

@pytest.mark.no_assertion_needed
def test_declared():
    pass
'''


def test_a_test_that_runs_no_assertion_fails(tmp_path: Path) -> None:
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_sample.py").write_text(SAMPLE, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    out = run.stdout
    assert "1 failed, 3 passed" in out, out
    assert "test_guarded_branch_never_taken ran no assertion" in out
