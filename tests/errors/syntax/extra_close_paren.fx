# Pins: an unbalanced closing parenthesis is reported at that parenthesis.
# EXIT: 1
# STDERR: {file}:6:16: error:
# STDERR-RE: error: .*(?i:unexpected|unmatched|unbalanced|expected)
def main():
    x = (1 + 2))
    print(x)
