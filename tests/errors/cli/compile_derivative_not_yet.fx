# Pins: exporting a derivative by expression is accepted by the command line and typed from
# loss's annotations, but the native back end cannot emit derivatives yet: a located compile
# error in the export expression (exit 1), as `run --native` reports them.
# RUN: args compile {file} --export dloss=grad(loss) -o /nonexistent-fluxion-dir/libx.so
# EXIT: 1
# STDERR: <export dloss>:1:5: error: the native back end does not support derivatives (grad) yet
def loss(x: f64):
    return x * x

def main():
    pass
