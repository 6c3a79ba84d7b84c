import pypto.language as pl


@pl.program
class Empty:
    pass
