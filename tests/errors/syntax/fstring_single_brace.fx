# Pins: a lone '}' in an f-string is a compile error (write '}}'), as in Python.
# EXIT: 1
# STDERR: {file}:5:15: error: a single '}' in an f-string: write '}}' for a brace
def main():
    print(f"a } b")
