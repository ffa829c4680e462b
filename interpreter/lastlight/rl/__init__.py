"""Last Light as an RL environment: its action space and observation encoder (:mod:`.spec`)
and the vector read from the state itself (:mod:`.vector`), handed to ``whitedwarf.rl`` by
the engine's ``rl_spec``. Needs the ``rl`` extra (numpy)."""
