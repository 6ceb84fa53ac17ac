#!/usr/bin/env python3
"""Writes the files that tests/lang/io/*.fx read (run it here; NumPy's own writers).

Usage: make_data.py
"""
import io
import os
import zipfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def npy(a):
    buf = io.BytesIO()
    np.save(buf, a)
    return buf.getvalue()


def main():
    files = {
        "i32.npy": npy(np.array([3, 0, -2, 2147483647], dtype=np.int32)),
        "i64.npy": npy(np.array([[1, -2], [3, 1 << 40]], dtype=np.int64)),
        "u8.npy": npy(np.array([0, 200, 255], dtype=np.uint8)),
        "f32.npy": npy(np.array([[0.5, -3.0], [1.25, 2.0]], dtype=np.float32)),
        "f64.npy": npy(np.array([10.0, 20.0, 30.0, 40.0])),
        "bool.npy": npy(np.array([True, False, True])),
    }
    buf = io.BytesIO()
    np.savez(buf, idx=np.array([1, 0, 1], dtype=np.int32), w=np.array([0.5, 1.5]))
    files["mixed.npz"] = buf.getvalue()
    files["table.txt"] = (b"# x y z\n"
                          b"1.0 2.0 3.0\n"
                          b"\n"
                          b"4 -5.5e1 6  # a comment\n"
                          b"  7.25\t8 inf\n")
    files["table.csv"] = b"name,a,b\n1.5, 2,3\n-4,5e-3 ,6\n"
    files["column.txt"] = b"1\n2\n3\n"
    files["ragged.txt"] = b"2 3 1\n-0.5 1e3\n\n7 8 9 10\n+1.5\n"
    files["bad_number.txt"] = b"1 2\n3 x4\n"
    files["bad_columns.txt"] = b"1 2 3\n4 5 6\n7 8\n"
    for name, data in files.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
