# Pins: two binary operators in a row: the error is at the second one.
# EXIT: 1
# STDERR: {file}:6:13: error:
# STDERR-RE: error: .*(?i:expected|unexpected|expression)
def main():
    x = 1 + * 2
    print(x)
