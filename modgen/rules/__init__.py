"""Rules: the engine that replays a game and the rule-system plugins it asks questions of."""
