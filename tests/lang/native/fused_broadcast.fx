# Fused loops in native code (docs/codegen.md "Fused loops") with an input of lower rank: a
# bias added to each row is read through a counter that wraps at its size, in the loop that
# writes the result and in the pairwise sum (several halves for 3 x 1001 elements). A shape
# that is not the result's last axes ((1,) against (3, 4)) or a transposed view runs the
# kernel unfused, with the interpreter's values.
# EXPECT: [[0.09966799462495582, -0.09966799462495582, 0.46211715726000974, 0.6043677771171636], [0.46211715726000974, 0.2913126124515909, 0.7162978701990245, 0.8004990217606297], [0.7162978701990245, 0.6043677771171636, 0.8617231593133063, 0.9051482536448664]]
# EXPECT: 9.586562169120114
# EXPECT: [[0.7615941559557649, 0.8004990217606297, 0.8336546070121552, 0.8617231593133063], [0.8853516482022625, 0.9051482536448664, 0.9216685544064713, 0.935409070603099], [0.9468060128462683, 0.9562374581277391, 0.9640275800758169, 0.9704519366134539]]
# EXPECT: 2328.932232316934 2464.691080573101
# EXPECT: [[0.7615941559557649, 0.9836748576936802, 0.9989995977858409], [0.8004990217606297, 0.9866142981514303, 0.999180865670028], [0.8336546070121552, 0.9890274022010992, 0.999329299739067], [0.8617231593133063, 0.9910074536781176, 0.9994508436877974]]
def layer(h, b):
    return tanh(h + b)

def total(h, b):
    return sum(exp(h - b) * 0.5)

def main():
    h = reshape([float(i) / 10.0 for i in range(12)], (3, 4))
    b = [0.1, -0.2, 0.3, 0.4]
    print(layer(h, b))
    print(total(h, b))
    print(layer(h, [1.0]))
    big = reshape([float(i % 13) / 7.0 for i in range(3 * 1001)], (3, 1001))
    bb = [float(i % 5) / 3.0 for i in range(1001)]
    print(total(big, bb), sum(layer(big, bb)))
    print(layer(h.T, [1.0, 2.0, 3.0]))
