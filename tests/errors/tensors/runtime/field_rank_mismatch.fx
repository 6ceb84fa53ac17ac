# Pins: a struct field declared Tensor[f64, 2] given a tensor of unknown rank that turns out to
# have another rank is a located run-time error at the construction.
# EXIT: 2
# STDERR: error: field 'm' of Data is declared Tensor[f64, 2], found a tensor of rank 1
struct Data:
    m: Tensor[f64, 2]

def main():
    d = Data(m=loadtxt("lang/io/data/column.txt"))
    print(d.m)
