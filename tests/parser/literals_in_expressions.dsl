-- Negative literals are negations; booleans and suffixed literals mix freely.
-- ==
-- input { 2i64 } output { -3i64 false 0.5f64 -2i8 }

entry main (x: i64) : (i64, bool, f64, i8) =
  (-x - 1, !true, -(-0.5), -2i8)
