-- Hoisting of arrays (Note [hoisting arrays] in src/fusion/simplify.c): an array that a
-- lambda or loop body makes from values bound outside it alone, that cannot fail and
-- that nothing in the body consumes, is made once, before the SOAC or loop.
--  - batch: each row reads a table that depends on the row length n only: the table
--    (a map over iota n) is made once, not once per row, also when there is no row;
--  - buffers: each row makes a buffer from n alone too, but updates it in place (in a
--    loop, whose parameter consumes it), and makes a [2][n] table of which it updates a
--    row (a view of the table: consuming it consumes the table): both stay in the
--    lambda, fresh for every row;
--  - nested: a table made in the lambda of a map inside a map leaves both lambdas;
--  - passes: a table made in a loop body from n leaves the loop;
--  - small: a table of 4 elements stays in the lambda (kernel code keeps it in
--    registers), as the unrolled literal [1, 2, 3, 4];
--  - branch: a table made in a branch of an if stays in the branch (it is made only
--    where the branch runs), so in the lambda too;
--  - through_call: a table passed to a call leaves the lambda when the callee's result
--    is declared unique (*[n]t), so that the call cannot return the table itself.
-- After fusion, the arrays made inside lambdas or loop bodies (`inner_array` in
-- dump --structure) are the maps that compute the rows of results (batch 1, nested 2,
-- passes 1, small 1, branch 1), the buffer, the [2][n] table and the map making each of
-- its rows (3), the literal of small and the table of branch: 11 (through_call makes
-- its result in the callee). Without the hoisting, the tables of batch, nested, passes
-- and through_call would add 4 (fusion cannot put them into the maps that gather from
-- them).
-- ==
-- structure { inner_array 11 }
-- entry: through_call
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] }
-- output { [[29i64, 16i64, 3i64], [32i64, 19i64, 6i64]] }
-- input { empty([0][3]i64) } output { empty([0][3]i64) }
-- entry: batch
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] }
-- output { [[3i64, 8i64, 9i64], [12i64, 20i64, 18i64]] }
-- input { empty([0][3]i64) } output { empty([0][3]i64) }
-- input { empty([2][0]i64) } output { empty([2][0]i64) }
-- entry: buffers
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] }
-- output { [[1i64, 12i64, 23i64], [4i64, 15i64, 26i64]]
--          [[100i64, 1i64, 2i64], [100i64, 1i64, 2i64]] }
-- input { empty([0][3]i64) } output { empty([0][3]i64) empty([0][3]i64) }
-- entry: nested
-- input { [[[1i64, 2i64], [3i64, 4i64]], [[5i64, 6i64], [7i64, 8i64]]] }
-- output { [[[1i64, 3i64], [3i64, 5i64]], [[5i64, 7i64], [7i64, 9i64]]] }
-- input { empty([0][2][2]i64) } output { empty([0][2][2]i64) }
-- entry: passes
-- input { [1i64, 2i64, 3i64] 2i64 } output { [9i64, 6i64, 3i64] }
-- input { [1i64, 2i64, 3i64] 0i64 } output { [1i64, 2i64, 3i64] }
-- entry: small
-- input { [[1f64, 1f64, 1f64, 1f64, 1f64], [2f64, 2f64, 2f64, 2f64, 2f64]] }
-- output { [[1f64, 2f64, 3f64, 4f64, 1f64], [2f64, 4f64, 6f64, 8f64, 2f64]] }
-- entry: branch
-- input { [[1i64, -2i64, 3i64], [-4i64, 5i64, 6i64]] }
-- output { [[0i64, -2i64, 6i64], [-4i64, 3i64, 6i64]] }
-- input { empty([0][4]i64) } output { empty([0][4]i64) }
entry batch [m][n] (rows: [m][n]i64) =
  map (\row ->
         let t = tabulate n (\k -> (k + 1) * (n - k))
         in map2 (\x k -> x * t[n - 1 - k]) row (iota n))
      rows

entry buffers [m][n] (rows: [m][n]i64) =
  unzip (map (\row ->
                let buf = tabulate n (\k -> k * 10)
                let buf = loop buf for i < n do buf with [i] = buf[i] + row[i]
                let t = tabulate_2d 2 n (\a k -> a * k)
                let r = t[1]
                let r = r with [0] = 100
                in (buf, r))
             rows)

entry nested [m][k][n] (xsss: [m][k][n]i64) =
  map (\xss -> map (\xs -> let t = tabulate n (\j -> j)
                           in map2 (\x j -> x + t[j]) xs (iota n))
                   xss)
      xsss

entry passes [n] (xs: [n]i64) (p: i64) =
  loop ys = xs for i < p do
    let t = tabulate n (\k -> 2 * k + i * 0)
    in map2 (\y k -> t[n - 1 - k] + y) ys (iota n)

entry small [m][n] (rows: [m][n]f64) =
  map (\row ->
         let w = tabulate 4 (\k -> f64.i64 (k + 1))
         in map2 (\x k -> x * w[k % 4]) row (iota n))
      rows

entry branch [m][n] (rows: [m][n]i64) =
  map (\row ->
         map2 (\x k -> if x > 0 then (let t = tabulate n (\j -> j * 3) in t[k]) else x)
              row (iota n))
      rows

-- A function too large to inline (called twice), whose result is declared unique: the
-- call does not return the table it is given, so the table still leaves the lambda.
def reversed_sum [n] (t: [n]i64) (xs: [n]i64) : *[n]i64 =
  let s = n
  let s = s * 3 + 1
  let s = s * 3 + 2
  let s = s * 3 + 3
  let s = s * 3 + 4
  let s = s * 3 + 5
  let s = s * 3 + 6
  let s = s * 3 + 7
  let s = s * 3 + 8
  let s = s * 3 + 9
  let s = s * 3 + 10
  let s = s * 3 + 11
  let s = s * 3 + 12
  let s = s * 3 + 13
  let s = s * 3 + 14
  let s = s * 3 + 15
  let s = s * 3 + 16
  let s = s * 3 + 17
  let s = s * 3 + 18
  let s = s * 3 + 19
  let s = s * 3 + 20
  let s = s * 3 + 21
  let s = s * 3 + 22
  let s = s * 3 + 23
  let s = s * 3 + 24
  let s = s * 3 + 25
  let s = s * 3 + 26
  let s = s * 3 + 27
  let s = s * 3 + 28
  let s = s * 3 + 29
  let s = s * 3 + 30
  let s = s * 3 + 31
  let s = s * 3 + 32
  let s = s * 3 + 33
  let s = s * 3 + 34
  let s = s * 3 + 35
  let s = s * 3 + 36
  let s = s * 3 + 37
  let s = s * 3 + 38
  let s = s * 3 + 39
  let s = s * 3 + 40
  let s = s * 3 + 41
  let s = s * 3 + 42
  let s = s * 3 + 43
  let s = s * 3 + 44
  let s = s * 3 + 45
  let s = s * 3 + 46
  let s = s * 3 + 47
  let s = s * 3 + 48
  let s = s * 3 + 49
  let s = s * 3 + 50
  let s = s * 3 + 51
  let s = s * 3 + 52
  let s = s * 3 + 53
  let s = s * 3 + 54
  let s = s * 3 + 55
  let s = s * 3 + 56
  let s = s * 3 + 57
  let s = s * 3 + 58
  let s = s * 3 + 59
  let s = s * 3 + 60
  let s = s * 3 + 61
  let s = s * 3 + 62
  let s = s * 3 + 63
  let s = s * 3 + 64
  let s = s * 3 + 65
  let s = s * 3 + 66
  let s = s * 3 + 67
  let s = s * 3 + 68
  let s = s * 3 + 69
  let s = s * 3 + 70
  let s = s * 3 + 71
  let s = s * 3 + 72
  let s = s * 3 + 73
  let s = s * 3 + 74
  let s = s * 3 + 75
  let s = s * 3 + 76
  let s = s * 3 + 77
  let s = s * 3 + 78
  let s = s * 3 + 79
  let s = s * 3 + 80
  let s = s * 3 + 81
  let s = s * 3 + 82
  let s = s * 3 + 83
  let s = s * 3 + 84
  let s = s * 3 + 85
  let s = s * 3 + 86
  let s = s * 3 + 87
  let s = s * 3 + 88
  let s = s * 3 + 89
  let s = s * 3 + 90
  let s = s * 3 + 91
  let s = s * 3 + 92
  let s = s * 3 + 93
  let s = s * 3 + 94
  let s = s * 3 + 95
  let s = s * 3 + 96
  let s = s * 3 + 97
  let s = s * 3 + 98
  let s = s * 3 + 99
  let s = s * 3 + 100
  let s = s * 3 + 101
  let s = s * 3 + 102
  let s = s * 3 + 103
  let s = s * 3 + 104
  let s = s * 3 + 105
  let s = s * 3 + 106
  let s = s * 3 + 107
  let s = s * 3 + 108
  let s = s * 3 + 109
  let s = s * 3 + 110
  let s = s * 3 + 111
  let s = s * 3 + 112
  let s = s * 3 + 113
  let s = s * 3 + 114
  let s = s * 3 + 115
  let s = s * 3 + 116
  let s = s * 3 + 117
  let s = s * 3 + 118
  let s = s * 3 + 119
  let s = s * 3 + 120
  let s = s * 3 + 121
  let s = s * 3 + 122
  let s = s * 3 + 123
  let s = s * 3 + 124
  let s = s * 3 + 125
  let s = s * 3 + 126
  let s = s * 3 + 127
  let s = s * 3 + 128
  let s = s * 3 + 129
  let s = s * 3 + 130
  let s = s * 3 + 131
  let s = s * 3 + 132
  let s = s * 3 + 133
  let s = s * 3 + 134
  in map2 (\x k -> x + t[n - 1 - k] + (s & 1)) xs (iota n)

entry through_call [m][n] (rows: [m][n]i64) =
  map (\row -> let t = tabulate n (\k -> k * 7) in reversed_sum t (reversed_sum t row)) rows
