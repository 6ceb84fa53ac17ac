# Pins: UTF-8 text in strings and comments passes through unchanged (LANGUAGE.md §1).
# EXPECT: héllo ✓ λ
# Ünïcödé in a comment — fine.
def main():
    print("héllo ✓ λ")
