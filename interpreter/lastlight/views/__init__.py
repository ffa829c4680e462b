"""Last Light as people see it: the board picture of ``render`` and ``replay --html``
(:mod:`.drawing`, drawn from the ring model of :mod:`.model` by :mod:`.svg`, with the public
panels of :mod:`.public`), the terminal interface's views (:mod:`.terminal`: the board in
text, the panels, card notes, costs and rule citations) and the printed cards
(:mod:`.cards`). The engine (``engine.py``) hands them to the commands, importing each only
when it is asked for."""
