# Pins: a def nested in a function body, called several times.
# EXPECT: 25
def main():
    def square(x):
        return x * x
    print(square(3) + square(4))
