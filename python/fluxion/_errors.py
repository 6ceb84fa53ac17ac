"""fluxion.Error: a Fluxion diagnostic with its location (docs/embedding.md)."""


class Error(Exception):
    """A compile, run-time or internal error of Fluxion.

    str(e) is the CLI's text ("FILE:LINE:COL: error: MESSAGE", the source line and a caret);
    file, line and column say where (line and column 0 when there is no source position);
    message is the text alone; kind is "compile", "runtime" or "internal".
    """

    def __init__(self, diagnostic, file="", line=0, column=0, message="", kind="compile"):
        super().__init__(diagnostic)
        self.file = file
        self.line = line
        self.column = column
        self.message = message or diagnostic
        self.kind = kind
