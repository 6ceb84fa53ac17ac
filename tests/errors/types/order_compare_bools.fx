# Pins: `<` compares numbers only (docs/ir.md); on bools it is an error at the operator.
# EXIT: 1
# STDERR: {file}:6:14: error:
# STDERR-RE: error: .*bool
def main():
    b = True < False
    print(b)
