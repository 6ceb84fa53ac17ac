# a * 2.0 does not change in the loop: it is computed once, before the while, and the loop
# body only adds it (range()'s helper graph is inlined, the state tuple stays). The loop is
# counted: its trip count, max(n, 0), is while's fourth operand (docs/ir.md).
# GOLDEN-FN: f
# IR: graph @f[f64,i64].5(%a.55 : f64, %n.56 : i64)  # function at {file}:26:1
# IR:   %init.62 = make_tuple(0.0, 0) : (f64, i64)    # 28:5
# IR:   %trips.64 = maximum(%n.56, 0) : i64           # 28:5
# IR:   %74 = mul(%a.55, 2.0) : f64                   # 29:19
# IR:   %loop.67 = while(@for_cond[(f64, i64)].7, @for_body[(f64, i64)].8, %init.62, %trips.64) : (f64, i64)  # 28:5
# IR:   %s.68 = tuple_get(%loop.67, 0) : f64          # 28:5
# IR:   return %s.68
# IR:
# IR:   graph @for_cond[(f64, i64)].7(%state.58 : (f64, i64)) in @f[f64,i64].5  # loop condition at {file}:28:5
# IR:     %i.69 = tuple_get(%state.58, 1) : i64       # 28:5
# IR:     %70 = lt(%i.69, %n.56) : bool               # 28:5
# IR:     return %70
# IR:
# IR:   graph @for_body[(f64, i64)].8(%state.59 : (f64, i64)) in @f[f64,i64].5  # loop body at {file}:28:5
# IR:     %s.71 = tuple_get(%state.59, 0) : f64       # 28:5
# IR:     %i.72 = tuple_get(%state.59, 1) : i64       # 28:5
# IR:     %next.73 = add(%i.72, 1) : i64              # 28:5
# IR:     %s.75 = add(%s.71, %74) : f64               # 29:15
# IR:     %state.76 = make_tuple(%s.75, %next.73) : (f64, i64)  # 28:5
# IR:     return %state.76
# EXPECT: 9.0 0.0
def f(a: f64, n: i64):
    s = 0.0
    for i in range(n):
        s = s + a * 2.0
    return s

def main():
    print(f(1.5, 3), f(1.5, 0))
