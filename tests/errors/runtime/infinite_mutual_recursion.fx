# Pins: unbounded mutual recursion is a run-time error, not a crash; either of the two
# recursive calls may be the one that reaches the limit.
# EXIT: 2
# STDERR-RE: ^{file}:(6|9):16: error: .*(?i:depth|recursion)
def ping(n):
    return pong(n + 1)

def pong(n):
    return ping(n + 1)

def main():
    print(ping(0))
