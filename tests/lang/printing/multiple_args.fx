# Pins: print(a, b, c) separates its arguments by single spaces, any mix of kinds.
# EXPECT: 1 2.0 True
# EXPECT: a b c
# EXPECT: x= 3 (1, 2) Leaf(1)
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def main():
    print(1, 2.0, True)
    print("a", "b", "c")
    print("x=", 3, (1, 2), Leaf(1))
