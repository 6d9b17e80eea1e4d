"""The live table: players on other devices join a game hosted by one player's page, with no
server (`protocol`: the links and messages; `host`: the host's side; `guest`: the guest's)."""
