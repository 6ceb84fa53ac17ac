# Pins: `fluxion check` type-checks the imported files too (their annotated functions) and
# this file's functions that use them, without running anything.
# RUN: check
import "../../modules_lib/lang/geometry.fx"
import "../../modules_lib/lang/settings.fx"

def scaled_norm(p: Point) -> f64:
    return SCALE * norm(p)
