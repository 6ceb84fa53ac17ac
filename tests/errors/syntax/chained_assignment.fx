# Pins: chained assignment `a = b = 1` is a syntax error at the second `=`
# (docs/language.md).
# spec-silent: Python accepts it; Fluxion has one target per assignment.
# EXIT: 1
# STDERR: {file}:8:11: error:
# STDERR-RE: error: .*(?i:expected|unexpected).*'='
def main():
    a = b = 1
    print(a, b)
