# Pins: integer factorial with an if statement; 20! fits in i64.
# EXPECT: 1
# EXPECT: 120
# EXPECT: 2432902008176640000
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)

def main():
    print(fact(1))
    print(fact(5))
    print(fact(20))
