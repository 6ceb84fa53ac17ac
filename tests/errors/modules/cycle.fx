# Pins: an import cycle (cycle_a.fx imports cycle_b.fx, which imports cycle_a.fx) is a compile
# error at the import that closes the cycle, listing the cycle.
# EXIT: 1
# STDERR-RE: modules_lib/errors/cycle_b\.fx:2:8: error: import cycle: \S*modules_lib/errors/cycle_a\.fx → \S*modules_lib/errors/cycle_b\.fx → \S*modules_lib/errors/cycle_a\.fx
import "../../modules_lib/errors/cycle_a.fx"

def main():
    print(a_value())
