# Pins: a basic while loop with a counter.
# EXPECT: 0
# EXPECT: 1
# EXPECT: 2
# EXPECT: end 3
def main():
    i = 0
    while i < 3:
        print(i)
        i += 1
    print("end", i)
