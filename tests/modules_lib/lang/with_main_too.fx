# A second library with a main of its own (tests/lang/modules/imported_main.fx).
import "with_main.fx"

def shift(x):
    return scale(x) + 1.0

def main():
    print("with_main_too's own main: must not run when imported")
