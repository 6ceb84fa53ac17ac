# Pins: a type error inside an imported function is reported with that file's path and line.
# EXIT: 1
# STDERR-RE: modules_lib/errors/bad_types\.fx:4:\d+: error:
import "../../modules_lib/errors/bad_types.fx"

def main():
    print(shout(1.0))
