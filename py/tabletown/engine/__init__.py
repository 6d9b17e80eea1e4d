"""Game-agnostic core: the rules contract, PRNG, session, codec and generic bots."""
