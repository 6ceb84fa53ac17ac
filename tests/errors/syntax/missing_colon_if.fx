# Pins: an if header without its colon is reported at the end of that line.
# EXIT: 1
# STDERR: {file}:7:13: error:
# STDERR-RE: error: .*(?i:expected|missing|colon)
def main():
    x = 2
    if x > 1
        print(x)
