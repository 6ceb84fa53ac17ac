# Pins: reading an undefined variable is a compile error at the name's first character.
# EXIT: 1
# STDERR: {file}:6:11: error:
# STDERR-RE: error: .*frobnitz
def main():
    print(frobnitz + 1)
