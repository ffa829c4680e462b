"""The ``whitedwarf`` command line."""

import click


@click.group()
@click.version_option(package_name="whitedwarf")
def main() -> None:
    """whitedwarf: author, validate, simulate and play Last Light content packs."""
