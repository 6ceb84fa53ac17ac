# Pins: importing a directory is a compile error at the import's path.
# EXIT: 1
# STDERR: {file}:4:8: error: cannot import '../../modules_lib': it is a directory
import "../../modules_lib"

def main():
    print(1)
