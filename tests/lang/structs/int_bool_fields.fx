# Pins: structs with i64 and bool fields; reading them in conditions and arithmetic.
# EXPECT: 11
# EXPECT: enabled
struct Options:
    steps: i64
    enabled: bool

def main():
    o = Options(steps=10, enabled=True)
    print(o.steps + 1)
    if o.enabled:
        print("enabled")
