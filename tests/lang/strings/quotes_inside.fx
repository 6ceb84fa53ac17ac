# Pins: a single quote inside a double-quoted string is ordinary text.
# EXPECT: it's fine
def main():
    print("it's fine")
