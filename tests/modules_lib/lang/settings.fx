# Constants for tests/lang/modules/constants.fx; SCALED uses another constant of this file.
SCALE = 2.5
STEPS: i64 = 4
SCALED = SCALE * 2.0
GREETING = "hello from settings"
