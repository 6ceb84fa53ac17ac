# Strings built at run time in native code (docs/codegen.md "Strings"): str(x) and + make new
# strings, kept in tuples, structs, enums and loop state, replaced, compared and dropped;
# constants and built strings mix freely; an error frees the strings the frames held. Native code checks that every built string is
# released when main returns (an internal error otherwise), so this program pins the counts.
# EXPECT: 0,1,2,3 4
# EXPECT: (x=1.5, 2) True False
# EXPECT: Named(name=item 7, size=2) item 7!
# EXPECT: Tag([1.0, 2.0]) [True, False]
# EXPECT: abc
# EXIT: 2
# STDERR: {file}:46:22: error: index 3 is out of range for axis 0 of size 2
struct Named:
    name: str
    size: i64

enum Label:
    Empty
    Tag(s: str)

def join(n):
    s = ""
    for i in range(n):
        if i > 0:
            s = s + ","
        s = s + str(i)
    return s

def main():
    print(join(4), len([1, 2, 3, 4]))
    t = ("x=" + str(1.5), 2)
    print(t, t[0] == "x=1.5", t[0] == "x=2")
    n = Named(name="item " + str(7), size=2)
    n2 = n
    n.name = n.name + "!"
    print(n2, n.name)
    tag = Tag(str([1.0, 2.0]))
    print(tag, str([True, False]))
    words = ("a", "b" + "c")
    print(words[0] + words[1])
    fail_after(3)

def fail_after(n):
    s = "count"
    for i in range(n):
        s = s + str(i)
    print(s, zeros(2)[n])  # fails with the built strings still held
