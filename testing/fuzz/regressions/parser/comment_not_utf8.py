# a comment with a byte that is not UTF-8: é
import pypto.language as pl
