"""Test-wide settings."""

import pytest


@pytest.fixture(autouse=True)
def _private_validate_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch) -> None:
    """Keep `whitedwarf validate`'s report cache out of the user's home during tests."""
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))
    # Agents use the card values shipped for the bundled packs and never learn a fixture
    # pack's (interpreter/agents/values.py): the tests of learning turn it on themselves.
    monkeypatch.setenv("WHITEDWARF_CARD_VALUES", "cached")


# The headless browser fixture for tests of the HTML whitedwarf writes (tests/browser.py).
from tests.browser import browser  # noqa: E402,F401
