# Pins: IEEE negative zero prints as `-0.0`, and abs of it is `0.0`.
# spec-silent: §9 does not mention -0.0; Python prints `-0.0`.
# EXPECT: -0.0
# EXPECT: -0.0
# EXPECT: 0.0
# EXPECT: True
def main():
    print(-0.0)
    print(0.0 * -1.0)
    print(abs(-0.0))
    print(-0.0 == 0.0)
