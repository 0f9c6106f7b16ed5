-- Columns count characters, not bytes (Note [Columns] in support/diag.c): the 3 is
-- column 13, after the two 2-byte characters of the string.
-- ==
-- error: error_column_after_multibyte\.dsl:5:13: error: unexpected integer literal '3'
import "λλ" 3
