# Pins: a nested def created in each iteration of a while loop and called after the loop
# sees the value captured in the last iteration (2), not the variable's final value (3,
# which Python's late binding would give: 30).
# EXPECT: 20
def main():
    i = 0
    while i < 3:
        def get():
            return i * 10
        i += 1
    print(get())
