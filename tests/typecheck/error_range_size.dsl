-- Only Futhark's cases give a range a known size: a stepped range's is existential.
-- ==
-- error: 5:32: error: .*expected \[n\]i64, found \[d[0-9]+\]i64

entry main (n: i64) : [n]i64 = 0..2..<n
