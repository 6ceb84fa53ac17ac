# Pins: `;` does not separate statements (docs/language.md): it is an unexpected character,
# reported where it stands.
# spec-silent: Python accepts `x = 1; y = 2`; Fluxion keeps one statement per line.
# EXIT: 1
# STDERR: {file}:8:10: error:
# STDERR-RE: error: unexpected character ';'
def main():
    x = 1; y = 2
    print(x, y)
