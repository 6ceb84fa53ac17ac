# Pins: empty ranges run the body zero times: range(0), range(5, 2), range(2, 5, -1), range(-3).
# EXPECT: 0
def main():
    count = 0
    for i in range(0):
        count += 1
    for i in range(5, 2):
        count += 1
    for i in range(2, 5, -1):
        count += 1
    for i in range(-3):
        count += 1
    for i in range(4, 4):
        count += 1
    print(count)
