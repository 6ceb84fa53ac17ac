# Pins: `return` outside a function is a compile error at `return`.
# EXIT: 1
# STDERR: {file}:5:1: error:
# STDERR-RE: error: .*(?i:function|outside|top)
return 1

def main():
    pass
