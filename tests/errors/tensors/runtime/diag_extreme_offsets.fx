# Pins: diag with the most negative offset (which has no negation in i64) is a located run-time
# error, for the checker and for the run time alike; huge offsets of a matrix give empty diagonals.
# EXIT: 2
# EXPECT: [] [] []
# STDERR: {file}:11:15: error: diag: offset -9223372036854775808 is too large

def main():
    m = zeros((3, 3))
    print(diag(m, -9223372036854775807 - 1), diag(m, 9223372036854775807), diag(m, -9223372036854775807))
    k = len(m) - 9223372036854775807 - 4
    print(diag(arange(3), k))
