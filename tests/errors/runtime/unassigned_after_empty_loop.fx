# Pins: a variable assigned only inside a loop that ran zero times is unassigned after it:
# run-time error at the read.
# EXIT: 2
# STDERR: {file}:9:12: error:
# STDERR-RE: error: .*last_sq
def last_square(n):
    for i in range(n):
        last_sq = i * i
    return last_sq

def main():
    print(last_square(0))
