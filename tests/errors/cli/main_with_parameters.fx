# Pins: `fluxion run` needs a main() without parameters: one with parameters is a compile
# error at the def.
# spec-silent: the spec runs `main()`; it says nothing about parameters.
# EXIT: 1
# STDERR: {file}:7:1: error:
# STDERR-RE: error: main\(\) must take no parameters
def main(argv):
    print(argv)
