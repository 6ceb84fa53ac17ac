# Pins: loadtxt reads rectangular tables: a row with another number of fields is a located
# run-time error naming the file's line (NumPy: "the number of columns changed").
# EXIT: 2
# STDERR: error: lang/io/data/bad_columns.txt:3: the number of columns changed from 3 (line 1) to 2
def main():
    print(loadtxt("lang/io/data/bad_columns.txt"))
