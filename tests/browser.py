"""A headless Chromium for tests that open the HTML whitedwarf writes (reports, viewers).

It uses Debian's ``chromium`` and ``chromium-driver`` packages (nothing is downloaded from
outside the package registries); ``.ci/run`` installs them. Where they are missing the tests
that need them are skipped with the reason, except under CI (``CI=true``), where a missing
browser is an error: CI must never pass by skipping them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def _executable(names: tuple[str, ...]) -> str | None:
    return next((path for name in names if (path := shutil.which(name))), None)


@pytest.fixture
def browser() -> Iterator[Any]:
    """A headless selenium Chrome driver that keeps the page's console log."""
    binary = _executable(CHROMIUM_NAMES)
    driver_path = _executable(("chromedriver",))
    if binary is None or driver_path is None:
        message = "headless Chromium missing: apt-get install chromium chromium-driver"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    webdriver = pytest.importorskip("selenium.webdriver")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.add_argument("--window-size=1280,900")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = webdriver.ChromeService(executable_path=driver_path)
    driver = webdriver.Chrome(options=options, service=service)
    try:
        yield driver
    finally:
        driver.quit()


def console_errors(driver: Any) -> list[str]:
    """The page's console messages of level SEVERE (JavaScript errors, failed loads)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
