# Imports base.fx by another spelling of the same path: still the same file, loaded once.
import "../diamond/./base.fx"

def right(c: Counter) -> Counter:
    return bump(bump(c))

def right_name():
    return ("right", BASE_NAME)
