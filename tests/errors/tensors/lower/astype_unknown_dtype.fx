# Pins: astype's dtype is one of the names f64 f32 i64 bool, written as a name (not a string).
# EXIT: 1
# STDERR: {file}:6:21: error: the dtype of astype() must be one of the names f64, f32, i64, bool, found the string "f16"
def main():
    x = [1.0, 2.0]
    print(astype(x, "f16"))
