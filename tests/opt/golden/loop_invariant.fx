# a * 2.0 does not change in the loop: it is computed once, before the while, and the loop
# body only adds it (range()'s helper graph is inlined, the state tuple stays).
# GOLDEN-FN: f
# IR: graph @f[f64,i64].5(%a.50 : f64, %n.51 : i64)  # function at {file}:24:1
# IR:   %init.57 = make_tuple(0.0, 0) : (f64, i64)    # 26:5
# IR:   %67 = mul(%a.50, 2.0) : f64                   # 27:19
# IR:   %loop.60 = while(@for_cond[(f64, i64)].7, @for_body[(f64, i64)].8, %init.57) : (f64, i64)  # 26:5
# IR:   %s.61 = tuple_get(%loop.60, 0) : f64          # 26:5
# IR:   return %s.61
# IR:
# IR:   graph @for_cond[(f64, i64)].7(%state.53 : (f64, i64)) in @f[f64,i64].5  # loop condition at {file}:26:5
# IR:     %i.62 = tuple_get(%state.53, 1) : i64       # 26:5
# IR:     %63 = lt(%i.62, %n.51) : bool               # 26:5
# IR:     return %63
# IR:
# IR:   graph @for_body[(f64, i64)].8(%state.54 : (f64, i64)) in @f[f64,i64].5  # loop body at {file}:26:5
# IR:     %s.64 = tuple_get(%state.54, 0) : f64       # 26:5
# IR:     %i.65 = tuple_get(%state.54, 1) : i64       # 26:5
# IR:     %next.66 = add(%i.65, 1) : i64              # 26:5
# IR:     %s.68 = add(%s.64, %67) : f64               # 27:15
# IR:     %state.69 = make_tuple(%s.68, %next.66) : (f64, i64)  # 26:5
# IR:     return %state.69
# EXPECT: 9.0 0.0
def f(a: f64, n: i64):
    s = 0.0
    for i in range(n):
        s = s + a * 2.0
    return s

def main():
    print(f(1.5, 3), f(1.5, 0))
