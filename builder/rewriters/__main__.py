"""`python -m builder.rewriters`: rewrite the generated corpora under data/corpora/."""

from builder.rewriters import write_generated

for path in write_generated():
    print(path)
