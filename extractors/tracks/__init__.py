"""Scoring, canaries and CLI for the papers' tracks (recall, relabeled, masked); see builder/tracks."""
