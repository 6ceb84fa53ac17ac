# Pins: strings stored in variables and passed to functions.
# EXPECT: hello Ada
# EXPECT: hello Grace
def greet(name):
    print("hello", name)

def main():
    who = "Ada"
    greet(who)
    greet("Grace")
