# Pins: `import` (not part of the scalar core yet) gives a clean located compile error, not a
# crash; the imported file does not exist either, so the test stays valid once imports work.
# EXIT: 1
# STDERR: {file}:6:1: error:
# STDERR-RE: error: .*(?i:import|cannot open|not found|no such file)
import "no_such_module_anywhere.fx"

def main():
    print(1)
