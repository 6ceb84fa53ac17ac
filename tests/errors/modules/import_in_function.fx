# Pins: an import inside a function is a compile error at the import.
# EXIT: 1
# STDERR: {file}:5:5: error: import is only allowed at the top level of a file, not inside a function
def main():
    import "../../modules_lib/lang/settings.fx"
    print(SCALE)
