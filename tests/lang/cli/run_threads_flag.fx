# Pins: `fluxion run FILE --threads 2` runs products of at least 2^22 multiply-adds on two
# OpenBLAS threads and smaller ones on one; the results are the same either way.
# RUN: args run {file} --threads 2
# EXPECT: 1048576.0 512.0
def main():
    big = ones((256, 256)) @ ones((256, 64))          # 2^22 multiply-adds: threaded
    small = ones((8, 8)) @ ones((8, 8))               # one thread
    print(sum(big) / 4.0, sum(small))
