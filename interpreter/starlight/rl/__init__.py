"""Starlight as an RL environment: its action space and observation encoder (:mod:`.spec`),
handed to ``whitedwarf.rl`` by the engine's ``rl_spec``. Needs the ``rl`` extra (numpy)."""
