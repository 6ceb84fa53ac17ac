# Pins: an undefined free variable inside a lambda body is reported at that name.
# EXIT: 1
# STDERR: {file}:6:23: error:
# STDERR-RE: error: .*scale_factor
def main():
    f = lambda x: x * scale_factor
    print(f(2.0))
