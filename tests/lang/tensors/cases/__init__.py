"""The tensor test programs, one module per topic; importing this package registers them all."""

from cases import (  # noqa: F401
    construction, random_keys, inspection, indexing, updates, broadcasting, dtypes,
    reductions, linalg, nn, comprehensions, loops, structs, functions, files, grads,
)
