# Pins: a top-level definition whose name an imported file also defines is a compile error at
# the local definition, naming the imported one (also when the import comes after it).
# EXIT: 1
# STDERR-RE: {file}:5:5: error: 'area' is already defined at \S*shapes_a\.fx:2 \(imported at line 11\)
def area(w: f64) -> f64:
    return w * w

def main():
    print(area(2.0))

import "../../modules_lib/errors/shapes_a.fx"
