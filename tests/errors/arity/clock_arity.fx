# Pins: clock() takes no arguments; an argument is an error at the call's `(`.
# EXIT: 1
# STDERR: {file}:5:14: error:
def main():
    t = clock(1.0)
    print(t)
