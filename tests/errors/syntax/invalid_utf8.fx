# Pins: source text must be UTF-8 (LANGUAGE.md Â§1): an invalid byte is a compile error at
# that byte, not passed through to the output.
# spec-silent: Python rejects such a file ("can't decode byte"); chosen likewise.
# EXIT: 1
# STDERR: {file}:8:14: error:
# STDERR-RE: error: .*(?i:utf-8|utf8|encoding|byte|invalid)
def main():
    print("abÿþcd")
