# Pins: a string argument of print is written as its text, without quotes.
# EXPECT: hello, world
# EXPECT: value: 3
def main():
    print("hello, world")
    print("value:", 3)
