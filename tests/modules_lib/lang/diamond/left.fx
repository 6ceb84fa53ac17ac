import "base.fx"

def left(c: Counter) -> Counter:
    return bump(c)

def left_name():
    return ("left", BASE_NAME)

def fresh() -> Counter:
    return Counter(0)
