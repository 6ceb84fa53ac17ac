# Pins: a keyword cannot be assigned to: `for = 1` fails at `=`, where a loop target was
# expected.
# EXIT: 1
# STDERR: {file}:7:9: error:
# STDERR-RE: error: .*(?i:expected|unexpected|invalid|keyword)
def main():
    for = 1
