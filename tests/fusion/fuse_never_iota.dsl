-- Iota fusion never drops a check: an iota of a size not known to be non-negative (a
-- plain i64 argument) leaves its check (Note [size checks of unused iotas] in
-- src/fusion/dce.c), so `iota -1` still fails at its location; an iota whose length is
-- not the width of the SOAC (here after a size coercion) stays an input.
-- ==
-- input { -1i64 }
-- error: tests/fusion/fuse_never_iota.dsl:16:14: error: negative size in iota
-- input { 3i64 } output { [1i64, 2i64, 3i64] }
-- entry: widths
-- input { [1i64, 2i64] 3i64 }
-- error: does not match the type \[n\]i64
-- input { [1i64, 2i64, 3i64] 3i64 } output { [1i64, 3i64, 5i64] }
-- structure { iota 1 }

entry main (n: i64) : []i64 =
  map (+ 1) (iota n)

entry widths [n] (xs: [n]i64) (m: i64) : []i64 =
  map2 (+) xs (iota m :> [n]i64)
