# Pins: a comprehension's variable is bound inside it only (Python 3): reading it after the
# comprehension is an unknown name.
# EXIT: 1
# STDERR: {file}:8:11: error: unknown name 'i'
def main():
    y = [2.0 * i for i in range(3)]
    print(y)
    print(i)
