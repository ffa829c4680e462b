"""``python -m whitedwarf``: the same command line as the ``whitedwarf`` script."""

from whitedwarf.tools.cli import main

if __name__ == "__main__":
    main(prog_name="whitedwarf")
