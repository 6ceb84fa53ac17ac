# Pins: a cycle through the file being run (it imports back_to_root.fx, which imports it) is
# reported at back_to_root.fx's import, and the cycle starts with this file.
# EXIT: 1
# STDERR-RE: modules_lib/errors/back_to_root\.fx:2:8: error: import cycle: {file} → \S*back_to_root\.fx → \S*cycle_through_root\.fx
import "../../modules_lib/errors/back_to_root.fx"

def main():
    print(helper())
