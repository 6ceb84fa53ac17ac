# Source names that are C keywords, C library names, names the generated code uses itself
# (f_main, fx_rt_put_str, fx_fail), double underscores, and unicode and comment ends in strings:
# the native back end compiles and runs them as the interpreter does (docs/codegen.md "Names").
# RUN: run --native
# EXPECT: 4.0
# EXPECT: double(int=1.5, __=2) 2.5 4 3.0 */ "??=" \n ünï 3 True
struct double:
    int: f64
    __: i64

enum static:
    register(theta: f64)
    volatile

def printf(x):
    return x + 1.0

def f_main(__x):
    return __x * 2

def fx_rt_put_str(s):
    return s

def main_1():
    return 3

def theta(lam):
    def __(_):
        return lam + _
    return __

def main():
    int = double(int=1.5, __=2)
    sizeof = printf(int.int)
    fx_fail = f_main(int.__)
    while_ = theta(1.0)(2.0)
    v = register(4.0)
    match v:
        case register(w):
            print(w)
        case volatile:
            print("volatile")
    print(int, sizeof, fx_fail, while_, fx_rt_put_str("*/ \"??=\" \\n ünï"), main_1(), v == register(4.0))
