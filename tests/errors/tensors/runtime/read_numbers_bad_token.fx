# Pins: read_numbers of a file with a token that is not a number is a located run-time error that
# names the file's line and the token.
# EXIT: 2
# STDERR: error: lang/io/data/bad_number.txt:2: could not convert 'x4' to a number
def main():
    print(read_numbers("lang/io/data/bad_number.txt"))
