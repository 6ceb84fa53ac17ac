# Pins: CRLF line endings are accepted as line ends.
# spec-silent: Python accepts Windows line endings.
# EXPECT: 3
# EXPECT: ok
def main():
    x = 1
    if x > 0:
        x = x + 2
    print(x)
    print("ok")
