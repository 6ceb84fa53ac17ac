# Pins: strings take part in no arithmetic: `"a" + 1` is an error at the operator.
# EXIT: 1
# STDERR: {file}:6:13: error:
# STDERR-RE: error: .*str
def main():
    s = "a" + 1
    print(s)
