"""Last Light: vocabulary, board, rules of each action, combat and setup."""
