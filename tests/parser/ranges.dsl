-- Ranges bind more loosely than every operator and more tightly than ascription, as
-- in Futhark: 0..<n+1 is 0..<(n+1), and a range is an operand only in parentheses.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 2i64, 3i64] [1i64, 2i64] [0i64, 2i64] 10i64 }

entry main (n: i64) =
  let a = 0..<n+1
  let b = 1...n-1 : []i64
  let c = (0..2...n) with [0] = 0
  let s = i64.sum (0...n) + length (n..>0) - length (1...n)
  in (a, b, c, s + 4)
