# Pins: literal patterns on an i64 cannot be exhaustive without `case _`: compile error at
# `match`.
# EXIT: 1
# STDERR: {file}:7:5: error:
# STDERR-RE: error: .*(?i:exhaustive|not covered|missing|unhandled)
def name(n):
    match n:
        case 0:
            return "zero"
        case 1:
            return "one"

def main():
    print(name(0))
