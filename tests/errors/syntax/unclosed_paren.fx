# Pins: a parenthesis still open at the end of the file is reported at that parenthesis
# (Python: "'(' was never closed").
# EXIT: 1
# STDERR: {file}:7:10: error:
# STDERR-RE: error: .*(?i:never closed|unclosed|not closed|unbalanced|unmatched|end of file)
def main():
    print((1 + 2)
