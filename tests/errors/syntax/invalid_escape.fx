# Pins: an unknown escape in a string literal is a compile error at the backslash that
# lists the escapes there are (docs/language.md).
# EXIT: 1
# STDERR: {file}:7:13: error:
# STDERR-RE: error: .*(?i:escape).*'q'
def main():
    print("a\q")
