"""What the hostile-input tests share: running the CLI on a stranger's input.

Bad input must end in a located message and an exit status, never a traceback (the brief:
"bad input gets a clear, located error"), so any exception but ``SystemExit`` fails the
test, with the output that came before it; so does exit status 3, the top-level handler's
"internal error" (README "Exit codes"), which a bug now ends in instead of a traceback.
"""

from __future__ import annotations

from click.testing import CliRunner
from whitedwarf.tools.cli import main


def run(*args: str) -> tuple[int, str]:
    """Run ``whitedwarf ARGS`` in-process: (exit code, output); a traceback fails the test."""
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code != 3 and "internal error" not in result.output, result.output
    return result.exit_code, result.output
