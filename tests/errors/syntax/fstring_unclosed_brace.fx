# Pins: an f-string whose '{' is not closed before the end of the string is a compile error at
# the '{'.
# EXIT: 1
# STDERR: {file}:7:15: error: expected '}' to close this '{' of the f-string
def main():
    x = 1
    print(f"a {x + 1")
