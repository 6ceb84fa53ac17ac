# Pins: a variant name repeated in one enum is an error at the second variant.
# EXIT: 1
# STDERR: {file}:8:5: error:
# STDERR-RE: error: .*(?i:duplicate|already|repeated|twice)
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)
    Leaf(value: f64)

def main():
    print(Leaf(1))
