"""Builds the benchmark: real panels, perturbation arms, contexts, prompts, facts and the dataset repo."""
