# Pins: a syntax error inside an imported file is reported with that file's path and line.
# EXIT: 1
# STDERR-RE: modules_lib/errors/bad_syntax\.fx:4:12: error: expected '\)' to close this '\(', found end of file
import "../../modules_lib/errors/bad_syntax.fx"

def main():
    print(broken(1.0))
