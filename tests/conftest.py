"""Test-wide settings."""

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_caches(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keep `whitedwarf validate`'s report cache and the learned card values out of the
    user's home during tests. Session-wide, so module fixtures (a tuning played once for a
    module's tests) run under it too; a test that changes either sets it with monkeypatch."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WHITEDWARF_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))
        # Agents use the card values shipped for the bundled packs and never learn a fixture
        # pack's (interpreter/agents/values.py): the tests of learning turn it on themselves.
        patch.setenv("WHITEDWARF_CARD_VALUES", "cached")
        yield


# The headless browser fixture for tests of the HTML whitedwarf writes (tests/browser.py).
from tests.browser import browser  # noqa: E402,F401
