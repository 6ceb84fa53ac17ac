# Pins: a dtype name is not a value; it can only be astype's dtype argument.
# EXIT: 1
# STDERR: {file}:5:11: error: 'f32' is a type name; as a value it can only be the dtype of astype(x, f32)
def main():
    print(f32)
