# Pins: `fluxion run` of a file without main() is a compile error (exit 1) that says so.
# spec-silent: the location is the file (no line); the message must mention main.
# EXIT: 1
# STDERR: {file}
# STDERR-RE: error: .*main
def helper(x):
    return x + 1
