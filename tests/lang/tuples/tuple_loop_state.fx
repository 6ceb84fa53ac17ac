# Pins: a tuple-valued variable carried and replaced through a loop.
# EXPECT: (55, 89)
def main():
    state = (0, 1)
    for i in range(10):
        state = (state[1], state[0] + state[1])
    print(state)
