# Fused loops in native code (docs/codegen.md "Fused loops"): a kernel runs as one loop only
# when its tensors are f64, of one shape, rank >= 1 and contiguous. Here it also meets a value
# of unknown rank that is a number at first (the loop's accumulator), broadcasting against a
# vector, a transposed matrix and reversed or strided slices (views): those run the kernel
# unfused, with the interpreter's values (the differential test compares both engines).
# EXPECT: 1.2130613194252668
# EXPECT: 5.293516311995361
# EXPECT: 246.74377713505947
# EXPECT: [2.0, 3.0] 10.107337927389695
# EXPECT: [3.23606797749979, 4.645751311064591] 47.66801494639827
# EXPECT: [3.7335207983477243, 5.208037191512776] 82.61142765495514
# EXPECT: [[2.0, 14.7781121978613], [5.43656365691809, 40.171073846375336]] 1.903326151256065 [[36.54748188211042, 99.34635587607693], [4.946163812100385, 13.445067211014194]]
def main():
    total = 0.0
    for i in range(3):
        total = exp(total - 0.5) * 2.0 + total
        print(total)
    acc = 0.0
    for i in range(3):
        acc = sqrt(acc * 2.0 + 1.0) + [1.0, 2.0]
        print(acc, sum(exp(acc - 1.0)))
    m = [[1.0, 2.0], [3.0, 4.0]]
    print(exp(m.T - 1.0) * 2.0, sum(tanh(m[:, 1] - 0.5)), exp(m[::-1] - 0.5) * 3.0)
