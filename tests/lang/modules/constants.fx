# Pins: top-level constants of an imported file, also annotated ones and constants computed
# from other constants of that file.
# EXPECT: 2.5 4 5.0
# EXPECT: hello from settings
# EXPECT: 10.0
import "../../modules_lib/lang/settings.fx"

TOTAL = SCALE * STEPS

def main():
    print(SCALE, STEPS, SCALED)
    print(GREETING)
    print(TOTAL)
