-- Ranges, with Futhark's meaning: a...b (inclusive), a..<b and a..>b (exclusive),
-- and a..s...b etc., whose step is s - a. The elements have the operands' type.
-- ==
-- entry: upto
-- input { 0i64 5i64 } output { [0i64, 1i64, 2i64, 3i64, 4i64] }
-- input { 3i64 3i64 } output { empty([0]i64) }
-- input { -2i64 1i64 } output { [-2i64, -1i64, 0i64] }
-- input { 3i64 2i64 } error: 43:32: error: invalid range: a..<b goes up, but its end is below its start
-- entry: inclusive
-- input { 2i32 6i32 } output { [2i32, 3i32, 4i32, 5i32, 6i32] }
-- input { 5i32 5i32 } output { [5i32] }
-- input { 6i32 5i32 } error: invalid range: its step leads away from its end
-- entry: stepped
-- input { 1i32 3i32 7i32 } output { [1i32, 3i32, 5i32, 7i32] }
-- input { 1i32 3i32 6i32 } output { [1i32, 3i32, 5i32] }
-- input { 10i32 7i32 0i32 } output { [10i32, 7i32, 4i32, 1i32] }
-- input { 5i32 4i32 5i32 } error: invalid range
-- input { 1i32 1i32 5i32 } error: invalid range: its step is 0
-- input { 1i32 0i32 5i32 } error: invalid range
-- entry: stepped_upto
-- input { 0i8 3i8 10i8 } output { [0i8, 3i8, 6i8, 9i8] }
-- input { 0i8 3i8 9i8 } output { [0i8, 3i8, 6i8] }
-- input { 0i8 -1i8 9i8 } error: invalid range: a..<b goes up, but its step is negative
-- entry: downto
-- input { 5u16 0u16 } output { [5u16, 4u16, 3u16, 2u16, 1u16] }
-- input { 5u16 5u16 } error: invalid range: a..>b goes down, but its end is not below its start
-- entry: stepped_downto
-- input { 10i64 8i64 1i64 } output { [10i64, 8i64, 6i64, 4i64, 2i64] }
-- input { 10i64 12i64 1i64 } error: invalid range: a..>b goes down, but its step is positive
-- entry: unsigned
-- input { 250u8 252u8 255u8 } output { [250u8, 252u8, 254u8] }
-- input { 255u8 254u8 250u8 } output { [255u8, 254u8, 253u8, 252u8, 251u8, 250u8] }
-- entry: literals
-- input { } output { [1i32, 2i32, 3i32] [10i32, 9i32, 8i32, 7i32] [0u32, 5u32, 10u32] 6i64 }
-- entry: sizes
-- input { 2i64 5i64 } output { [5i64, 7i64, 9i64] [2i64, 3i64, 4i64, 5i64] [1i64, 2i64, 3i64, 4i64, 5i64] }
-- entry: in_loop
-- input { 4i32 } output { 10i32 }
-- entry: existential
-- input { 10i64 } output { 4i64 [0i64, 3i64, 6i64, 9i64] [1i32, 1i32, 1i32, 1i32] }
-- input { 0i64 } output { 0i64 empty([0]i64) empty([0]i32) }

entry upto (a: i64) (b: i64) = a..<b
entry inclusive (a: i32) (b: i32) = a...b
entry stepped (a: i32) (s: i32) (b: i32) = a..s...b
entry stepped_upto (a: i8) (s: i8) (b: i8) = a..s..<b
entry downto (a: u16) (b: u16) = a..>b
entry stepped_downto (a: i64) (s: i64) (b: i64) = a..s..>b
entry unsigned (a: u8) (s: u8) (b: u8) = a..s...b

-- An unsuffixed range takes its type from its use; ranges bind more loosely than any
-- operator, so 0..5*2 needs no parentheses.
entry literals =
  let xs = 1...3
  let ys = 10..9..>6
  let zs : []u32 = 0..5...5*2
  in (xs, ys, zs, i64.sum (0..<4))

-- Futhark's known sizes: a..<b has size b-a, a...b has b-a+1, 0..<n and 1..2...n have n.
entry sizes (a: i64) (b: i64) : ([b-a]i64, [b-a+1]i64, [b]i64) =
  (map2 (+) (a..<b) (iota (b-a) |> map (+3)), a...b, 1..2...b)

entry in_loop (n: i32) = loop acc = 0 for i in 0..<n do acc + i + 1

-- Any other range has an existential size, which let [k] can name.
entry existential (n: i64) =
  let [k] (xs: [k]i64) = 0..3..<n
  in (k, xs, replicate k 1i32)
