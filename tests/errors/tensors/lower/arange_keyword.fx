# Pins: arange takes its arguments by position (arange(stop), arange(start, stop[, step])).
# EXIT: 1
# STDERR: {file}:5:18: error: arange() takes its arguments by position: arange(stop), arange(start, stop) or arange(start, stop, step)
def main():
    print(arange(stop=3))
