# Pins: a string literal without its closing quote is reported at the opening quote.
# EXIT: 1
# STDERR: {file}:6:11: error:
# STDERR-RE: error: .*(?i:unterminated|unclosed|end of line|missing)
def main():
    print("hello)
