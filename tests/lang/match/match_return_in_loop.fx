# Pins: a return inside a match case inside a loop ends the function.
# EXPECT: 3
# EXPECT: -1
enum Item:
    Plain(v: i64)
    Marked(v: i64)

def item(i, mark):
    return Marked(i) if i == mark else Plain(i)

def first_marked(n, mark):
    for i in range(n):
        match item(i, mark):
            case Marked(v):
                return v
            case Plain(v):
                pass
    return -1

def main():
    print(first_marked(10, 3))
    print(first_marked(3, 7))
