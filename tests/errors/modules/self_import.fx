# Pins: a file that imports itself is an import cycle of one file, at its import's path.
# EXIT: 1
# STDERR-RE: {file}:4:8: error: import cycle: \S*self_import\.fx → \S*self_import\.fx
import "self_import.fx"

def main():
    print(1)
