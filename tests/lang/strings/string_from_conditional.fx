# Pins: strings as results of conditional expressions and functions.
# EXPECT: yes
# EXPECT: no
def answer(b):
    return "yes" if b else "no"

def main():
    print(answer(True))
    print(answer(1 > 2))
