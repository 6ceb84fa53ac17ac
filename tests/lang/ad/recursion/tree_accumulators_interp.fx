# tree_accumulators.fx's checks in the interpreter (`run --interp` of the expanded program),
# where the recursive pullback's accumulators are added without native code's in-place updates.
# RUN: args run {file} --interp
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: loss 1.4324915942219798
# EXPECT: reverse = forward ok
# EXPECT: reverse = finite differences ok
# EXPECT: mutual recursion ok
# EXPECT: second gradient unchanged ok
import "tree_accumulators.fx"

def main():
    checks()
