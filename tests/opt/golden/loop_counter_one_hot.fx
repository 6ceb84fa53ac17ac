# A one_hot of a loop counter that nobody reads is deleted when the loop keeps the counter in
# its range (opt/loop_counters.cpp: k starts at 0, steps by 1, runs while k < 3, so one_hot(k, 3)
# cannot fail); tests/errors/tensors/runtime/one_hot_unread_in_loop.fx keeps it when k reaches 3.
# GOLDEN-FN: main
# IR: graph @main[].3()  # function at {file}:23:1
# IR:   %init.34 = make_tuple(0) : (i64,)             # 25:5
# IR:   %loop.37 = while(@while_cond[(i64,)].4, @while_body[(i64,)].5, %init.34) : (i64,)  # 25:5
# IR:   %k.38 = tuple_get(%loop.37, 0) : i64          # 25:5
# IR:   %39 = print(%k.38) : None                     # 28:10
# IR:   return None
# IR:
# IR:   graph @while_cond[(i64,)].4(%state.32 : (i64,)) in @main[].3  # loop condition at {file}:25:11
# IR:     %k.40 = tuple_get(%state.32, 0) : i64       # 25:5
# IR:     %41 = lt(%k.40, 3) : bool                   # 25:13
# IR:     return %41
# IR:
# IR:   graph @while_body[(i64,)].5(%state.33 : (i64,)) in @main[].3  # loop body at {file}:25:5
# IR:     %k.42 = tuple_get(%state.33, 0) : i64       # 25:5
# IR:     %k.44 = add(%k.42, 1) : i64                 # 27:15
# IR:     %state.45 = make_tuple(%k.44) : (i64,)      # 25:5
# IR:     return %state.45
# EXPECT: 3
def main():
    k = 0
    while k < 3:
        e = one_hot(k, 3)
        k = k + 1
    print(k)
