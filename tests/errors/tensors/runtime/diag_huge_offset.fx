# Pins: diag of a vector with an offset near i64's maximum: the checker leaves the extent unknown
# (3 + k would overflow) and the run time reports the offset.
# EXIT: 2
# STDERR: {file}:7:15: error: diag: offset 9223372036854775807 is too large

def main():
    print(diag(arange(3), 9223372036854775807))
