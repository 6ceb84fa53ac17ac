def f(a,
      b):
    if a: return b
    pass