# Pins: an assignment without a right-hand side is an error where the expression should start
# (the end of the line).
# EXIT: 1
# STDERR: {file}:7:8: error:
# STDERR-RE: error: .*(?i:expected|unexpected|expression)
def main():
    x =
    print(x)
