"""How the board looks: formatting of figures (one place), HTML renderers, the stylesheet and script."""
