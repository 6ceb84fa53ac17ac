# Pins: a constant index outside an extent the checker knows is a compile error with the run
# time's wording, for reads and for updates, negative indices included.
# EXIT: 1
# STDERR: {file}:8:12: error: index 5 is out of range for axis 0 of size 2

def main():
    x = ones((2, 2))
    print(x[5])
