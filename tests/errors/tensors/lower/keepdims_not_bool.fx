# Pins: keepdims must be written True or False.
# EXIT: 1
# STDERR: {file}:6:28: error: the keepdims of mean() must be True or False, found the integer 1
def main():
    x = [1.0, 2.0]
    print(mean(x, keepdims=1))
