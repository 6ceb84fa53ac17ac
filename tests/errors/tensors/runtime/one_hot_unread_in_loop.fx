# Pins: a one_hot nobody reads still checks its index (opt/loop_counters.cpp deletes it only when
# the loop keeps its counter in range; here the counter reaches 3, out of range for 3 classes).
# EXIT: 2
# STDERR: {file}:8:20: error: one_hot: index 3 is out of range for 3 classes
def main():
    k = 0
    while k < 4:
        e = one_hot(k, 3)
        k = k + 1
    print(k)
