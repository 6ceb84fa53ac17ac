# Pins: if/elif/else in a loop printing strings or ints (print takes any value).
# EXPECT: 1
# EXPECT: 2
# EXPECT: Fizz
# EXPECT: 4
# EXPECT: Buzz
# EXPECT: Fizz
# EXPECT: 7
# EXPECT: 8
# EXPECT: Fizz
# EXPECT: Buzz
# EXPECT: 11
# EXPECT: Fizz
# EXPECT: 13
# EXPECT: 14
# EXPECT: FizzBuzz
def main():
    for i in range(1, 16):
        if i % 15 == 0:
            print("FizzBuzz")
        elif i % 3 == 0:
            print("Fizz")
        elif i % 5 == 0:
            print("Buzz")
        else:
            print(i)
