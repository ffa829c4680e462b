"""Human seats in ``whitedwarf play``: the full-screen terminal interface (textual)."""
