# Pins: `for i range(3):` without `in` fails at `range`, where `in` was expected.
# EXIT: 1
# STDERR: {file}:6:11: error:
# STDERR-RE: error: .*(?i:expected|unexpected|'in'|"in"|`in`)
def main():
    for i range(3):
        print(i)
