"""Starlight as people see it: the board picture of ``render`` and ``replay --html``
(:mod:`.drawing`, with the public panels of :mod:`.public`), the terminal interface's views
(:mod:`.terminal`, with :mod:`.board_text` and :mod:`.panels`) and the printed cards
(:mod:`.cards`). The engine (``engine.py``) hands them to the commands, importing each only
when it is asked for."""
