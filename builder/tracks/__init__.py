"""The papers' own tests as tracks: direct recall, fake dates, masked identities.

Each track is one dataset config (its prompt rows carry the Cell columns, so a runner that reads
cells can answer them, plus the answer key its scorer needs) and one caveat the board must show.
"""
