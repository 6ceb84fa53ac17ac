# Pins: `else` with no preceding if is a syntax error at the `else`.
# EXIT: 1
# STDERR: {file}:7:5: error:
# STDERR-RE: error: .*(?i:else|unexpected)
def main():
    x = 1
    else:
        x = 2
    print(x)
