# Pins: a nested def returned without parameters still carries its captured locals.
# EXPECT: 42
def make_const(v):
    doubled = v * 2
    def get():
        return doubled
    return get

def main():
    g = make_const(21)
    print(g())
