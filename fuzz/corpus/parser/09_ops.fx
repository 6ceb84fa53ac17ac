x: f64 = 1.0
t: (f64, i64) = 1.0, 2
a = not x < y <= z and b or c
a //= 3
a %= 2
a **= 2
a @= m
p.w = v
s = "tab\tnewline\n quote\" backslash\\" + 'single\''
