# Pins: + joins two strings; str(x) writes a value as print does; f"..{expr}.." interpolates
# str(expr) ({{ and }} are braces). For paths and messages.
# EXPECT: data/points.npy
# EXPECT: 1.0|0.1|2.5e-10|42|True|nan|-0.0|inf
# EXPECT: step 3 loss 0.25 (1, 2.5)
# EXPECT: {braces} [1.0, 2.0] P(x=1.0) ab
# EXPECT: 012
# EXPECT:
# EXPECT: 5 items, last 4
struct P:
    x: f64

def label(n):
    return f"{n} items, last {n - 1}"

def main():
    d = "data"
    print(d + "/points.npy")
    print(str(1.0) + "|" + str(0.1) + "|" + str(2.5e-10) + "|" + str(42) + "|" + str(True) + "|" + str(nan) + "|" + str(-0.0) + "|" + str(inf))
    k = 3
    print(f"step {k} loss {0.5 * 0.5} {(1, 2.5)}")
    print(f"{{braces}} {[1.0, 2.0]} {P(x=1.0)} {'a' + 'b'}")
    s = ""
    for i in range(3):
        s = s + str(i)
    print(s)
    print(f"")
    print(label(5))
