-- Near misses of the self-aliasing rule: parts of a loop's initial value that the
-- loop does not consume may share an array.
-- ==
-- input { 3i64 } output { [1i64, 1i64, 2i64] }

entry main (n: i64) : []i64 =
  let y = iota n
  let (a, _, _) = loop (a, b, c) = (copy y, y, y) for i < 2 do (a with [0] = b[0] + c[1], b, c)
  in a
