# Pins: an argument given by position and again by keyword is a compile error at the keyword.
# EXIT: 1
# STDERR: {file}:6:21: error: sum() got 'axis' twice
def main():
    x = [1.0, 2.0]
    print(sum(x, 0, axis=0))
