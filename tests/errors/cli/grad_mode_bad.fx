# Pins: `--grad-mode=MODE` takes the modes there are (auto: forward mode for a gradient of one
# f64 where it may, reverse: every gradient in reverse mode; docs/opt.md); anything else, such
# as `forward` (forward mode is not a choice for every gradient), is a usage error (exit 64)
# that names them.
# RUN: args run {file} --grad-mode=forward
# EXIT: 64
# STDERR: fluxion: --grad-mode expects auto or reverse, found 'forward'
def main():
    print(grad(lambda x: x * x)(3.0))
