# Pins: imported files may have their own main (their own driver, as Python's
# `if __name__ == "__main__"`): only the main of the file given to `run` runs; the imported mains
# clash with nothing and are not callable from other files.
# EXPECT: 6.0 7.0
import "../../modules_lib/lang/with_main.fx"
import "../../modules_lib/lang/with_main_too.fx"

def main():
    print(scale(3.0), shift(3.0))
