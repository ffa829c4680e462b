"""The ``whitedwarf`` command line and designer tools."""
