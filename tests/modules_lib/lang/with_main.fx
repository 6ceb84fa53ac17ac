# A library with its own driver: `fluxion run with_main.fx` runs this main; a file that imports
# this one does not (tests/lang/modules/imported_main.fx).
def scale(x):
    return 2.0 * x

def main():
    print("with_main's own main: must not run when imported")
    print(scale(1.0))
