"""Extraction tests grouped by construction: one module per way a text states a claim (numbers, tables, lists
and headings, paths and ranges, "respectively", subjects, dates and sessions, levels and anchors, ranks,
relations, counts, directions, drawdowns and volatility, causes and refusals, other periods), plus whole
documents end to end and the never-raises property test. Every sentence is a shape written here, never a
corpus text; expectations follow shared/claims.md and the labelling conventions of commentary_dev."""
