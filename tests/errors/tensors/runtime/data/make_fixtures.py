#!/usr/bin/env python3
"""Writes the bad (and a few good) tensor files that tests/errors/tensors/runtime/*.fx load.

Usage: make_fixtures.py [--check]   (--check: exit 1 if a file on disk differs)

A test can only run fluxion, so the files it reads are committed here; this script is how they
were made. Good files come from NumPy's own writer (np.save); bad ones are NumPy's bytes cut or
edited in one place, so each test exercises exactly one problem.
"""

import io
import os
import sys
import zipfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def npy(a, **kw):
    buf = io.BytesIO()
    np.save(buf, a, **kw)
    return buf.getvalue()


def npz(named):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_STORED) as zf:
        for name, data in named:
            zf.writestr(zipfile.ZipInfo(name + ".npy", date_time=(2024, 1, 1, 0, 0, 0)), data)
    return buf.getvalue()


def corrupt_npz():
    """A stored .npz whose first entry's data has one byte flipped: its CRC no longer matches."""
    good = npz([("w", npy(np.arange(4.0))), ("b", npy(np.zeros(2)))])
    data = bytearray(good)
    k = data.index(b"\x93NUMPY") + 100  # inside w's data, after its 64-byte-aligned header
    data[k] ^= 0xFF
    return bytes(data)


def files():
    six = npy(np.arange(6.0))
    header_end = six.index(b"\n") + 1
    bad_header = six.replace(b"'fortran_order': False", b"'fortran_order': Maybe")
    version9 = bytearray(six)
    version9[6] = 9
    return {
        "good.npy": six,                                   # 6 f64 values
        "truncated.npy": six[:header_end + 3 * 8],         # header says 6 elements, 3 follow
        "header_only.npy": six[:20],                       # cut inside the header
        "not_npy.npy": b"this is not a numpy file\n",
        "bad_header.npy": bad_header,                      # fortran_order is not True/False
        "version9.npy": bytes(version9),                   # format version 9.0
        "fortran.npy": npy(np.asfortranarray(np.arange(6.0).reshape(2, 3))),
        "c16.npy": npy(np.arange(2, dtype=np.complex128)), # a dtype Fluxion does not read
        "i64.npy": npy(np.arange(4, dtype=np.int64)),      # an i64 file where f64 is expected
        "scalar.npy": npy(np.float64(2.5)),                # rank 0
        "rank3.npy": npy(np.zeros((1, 4, 4))),             # rank 3 where conv2d needs 4
        "corrupt.npz": corrupt_npz(),
        "w_only.npz": npz([("w", npy(np.arange(4.0)))]),   # no entry "b"
    }


def main(argv):
    check = "--check" in argv
    stale = 0
    for name, data in sorted(files().items()):
        path = os.path.join(HERE, name)
        if check:
            try:
                with open(path, "rb") as f:
                    same = f.read() == data
            except OSError:
                same = False
            if not same:
                print(f"FAIL: {path} differs from what make_fixtures.py writes")
                stale += 1
        else:
            with open(path, "wb") as f:
                f.write(data)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
