"""The ``whitedwarf`` command line."""

import click
from whitedwarf.tools.doc import doc
from whitedwarf.tools.play import play
from whitedwarf.tools.replay import replay
from whitedwarf.tools.schema import schema
from whitedwarf.tools.validate import validate


@click.group()
@click.version_option(package_name="whitedwarf")
def main() -> None:
    """whitedwarf: author, validate, simulate and play Last Light content packs."""


main.add_command(doc)
main.add_command(play)
main.add_command(replay)
main.add_command(schema)
main.add_command(validate)
