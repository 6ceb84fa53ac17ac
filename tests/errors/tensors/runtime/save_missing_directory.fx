# Pins: save into a directory that does not exist.
# EXIT: 2
# STDERR: {file}:5:9: error: /nonexistent-fluxion-dir/x.npy: cannot create a temporary file in '/nonexistent-fluxion-dir': No such file or directory
def main():
    save("/nonexistent-fluxion-dir/x.npy", [1.0])
