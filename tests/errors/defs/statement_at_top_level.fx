# Pins: a statement other than a definition or `NAME = expr` at top level is a compile
# error at the statement that tells where statements go (docs/language.md).
# EXIT: 1
# STDERR: {file}:7:1: error:
# STDERR-RE: error: .*(?i:top level).*main
limit = 3
print(limit)

def main():
    print(limit)
