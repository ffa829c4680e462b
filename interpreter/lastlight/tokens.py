"""Exploration tokens' ids (000 "Exploration tokens"): what a token's ref says of it.

Setup puts a token on every planet and deep-space slot; a pack with too few tokens in a pile
gets placeholders with no effect (a planetary one yields its pile's resource). Setup makes
them, and the verbs, Command and the hooks read a ref to tell them from real tokens.
"""

#: The ref prefix of a placeholder token (``@blank_<pile>#<planet>``, ``@blank_deep#<n>``).
BLANK = "@blank_"
