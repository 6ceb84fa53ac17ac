# Pins: load of a file that does not exist names the path and the system's reason.
# EXIT: 2
# STDERR: {file}:5:15: error: errors/tensors/runtime/data/no_such_file.npy: cannot open: No such file or directory
def main():
    print(load("errors/tensors/runtime/data/no_such_file.npy"))
