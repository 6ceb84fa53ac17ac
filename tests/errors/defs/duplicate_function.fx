# Pins: two top-level defs of one name are a compile error at the second name.
# spec-silent: Python silently rebinds; a statically checked file reports the clash.
# EXIT: 1
# STDERR: {file}:9:5: error:
# STDERR-RE: error: .*(?i:duplicate|already|redefin|twice)
def twice(x):
    return 2 * x

def twice(x):
    return x + x

def main():
    print(twice(1))
