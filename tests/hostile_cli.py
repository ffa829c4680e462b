"""What the hostile-input tests share: running the CLI on a stranger's input.

Bad input must end in a located message and an exit status, never a traceback (the brief:
"bad input gets a clear, located error"), so any exception but ``SystemExit`` fails the
test, with the output that came before it.
"""

from __future__ import annotations

from click.testing import CliRunner
from whitedwarf.tools.cli import main


def run(*args: str) -> tuple[int, str]:
    """Run ``whitedwarf ARGS`` in-process: (exit code, output); a traceback fails the test."""
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output
