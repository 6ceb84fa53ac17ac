# Pins: the value None (result of print, of a function without return) prints as `None`.
# spec-silent: §9 does not list None; Python prints `None`.
# EXPECT: x
# EXPECT: None
# EXPECT: None
def nothing():
    pass

def main():
    r = print("x")
    print(r)
    print(nothing())
