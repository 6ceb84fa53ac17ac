# Pins: loadtxt of a field that is not a number is a located run-time error naming the file's line.
# EXIT: 2
# STDERR: error: lang/io/data/bad_number.txt:2: could not convert 'x4' to a number
def main():
    print(loadtxt("lang/io/data/bad_number.txt"))
