"""The NumPy-written files that files/ programs read: tests/lang/tensors/data/.

np.save / np.savez / np.savez_compressed write them, so a program that loads them checks
Fluxion's reader against NumPy's writer. Writing is deterministic (fixed zip timestamps).
"""

import io
import os
import zipfile

import numpy as np

M23 = np.array([[1.5, -2.0, 3.25], [0.0, 1e-300, -7.0]])
F32 = np.array([0.1, 0.5, -3.0], dtype=np.float32)
I64 = np.array([[1, -2], [3, 2**40]], dtype=np.int64)
BOOLS = np.array([True, False, True])
W = np.arange(6.0).reshape(2, 3) / 4.0
B = np.array([-1.0, 1.0])


def npy_bytes(a):
    buf = io.BytesIO()
    np.save(buf, a)
    return buf.getvalue()


def npz_bytes(named, compressed):
    """As np.savez(_compressed), with a fixed timestamp so the bytes are reproducible."""
    buf = io.BytesIO()
    method = zipfile.ZIP_DEFLATED if compressed else zipfile.ZIP_STORED
    with zipfile.ZipFile(buf, "w", compression=method) as zf:
        for name, a in named:
            info = zipfile.ZipInfo(name + ".npy", date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = method
            zf.writestr(info, npy_bytes(a))
    return buf.getvalue()


def files():
    return {
        "m23.npy": npy_bytes(M23),
        "f32.npy": npy_bytes(F32),
        "i64.npy": npy_bytes(I64),
        "bools.npy": npy_bytes(BOOLS),
        "fortran_free_3d.npy": npy_bytes(np.arange(24.0).reshape(2, 3, 4)),
        "params_stored.npz": npz_bytes([("w", W), ("b", B)], compressed=False),
        "params_deflated.npz": npz_bytes([("w", W), ("b", B)], compressed=True),
    }


def write(directory):
    os.makedirs(directory, exist_ok=True)
    for name, data in files().items():
        with open(os.path.join(directory, name), "wb") as f:
            f.write(data)


def check(directory):
    stale = 0
    for name, data in files().items():
        path = os.path.join(directory, name)
        try:
            with open(path, "rb") as f:
                same = f.read() == data
        except OSError:
            same = False
        if not same:
            print(f"FAIL: {path} differs from what gen_expected.py writes")
            stale += 1
    return stale
