# Pins: a tuple can only be indexed by a constant integer; a variable index is a type error.
# EXIT: 1
# STDERR: {file}:5:13: error: a tuple index must be a constant integer (tuples may hold different types, so the index must be known at compile time)
def get(t, i):
    return t[i]

def main():
    print(get((1, 2.0), 0))
