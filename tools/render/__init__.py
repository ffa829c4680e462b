"""The board picture: one model of what is where, drawn as SVG, PNG and the replay viewer."""
