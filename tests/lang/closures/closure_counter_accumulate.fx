# Pins: closures created and used inside a loop, each capturing that iteration's value.
# EXPECT: 30
def main():
    total = 0
    for i in range(1, 5):
        times_i = lambda x: x * i
        total += times_i(3)
    print(total)
