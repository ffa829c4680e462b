"""The engine: game state as plain data, decisions, hooks and the effect virtual machine."""
