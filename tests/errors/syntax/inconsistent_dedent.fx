# Pins: a dedent to a column that matches no enclosing block is an error at the first token
# of that line (Python: "unindent does not match any outer indentation level").
# EXIT: 1
# STDERR: {file}:9:7: error:
# STDERR-RE: error: .*(?i:indent)
def main():
    if True:
        x = 1
      y = 2
    print(x)
