# Pins: calling an undefined function is a compile error at the callee name.
# EXIT: 1
# STDERR: {file}:6:9: error:
# STDERR-RE: error: .*frobnicate
def main():
    y = frobnicate(2.0)
    print(y)
