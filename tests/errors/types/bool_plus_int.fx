# Pins: arithmetic on bool is a type error even with an i64 (no bool→int promotion).
# EXIT: 1
# STDERR: {file}:6:14: error:
# STDERR-RE: error: .*bool
def main():
    n = True + 1
    print(n)
