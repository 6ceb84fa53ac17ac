# Pins: `break` in a for loop stops the iteration.
# EXPECT: 0
# EXPECT: 1
# EXPECT: 2
# EXPECT: found 7
def main():
    for i in range(10):
        if i == 3:
            break
        print(i)
    found = -1
    for i in range(2, 100):
        if i * i > 40:
            found = i
            break
    print("found", found)
