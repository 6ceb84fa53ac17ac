# Pins: a function without return, and a bare `return`, give None.
# spec-silent: printing None gives `None`, as Python.
# EXPECT: hello
# EXPECT: None
# EXPECT: None
def greet():
    print("hello")

def early(x):
    if x > 0:
        return
    print("not positive")

def main():
    print(greet())
    print(early(1))
