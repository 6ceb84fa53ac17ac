# Pins: nested while loops with independent counters.
# EXPECT: 12
def main():
    count = 0
    i = 0
    while i < 3:
        j = 0
        while j < 4:
            count += 1
            j += 1
        i += 1
    print(count)
