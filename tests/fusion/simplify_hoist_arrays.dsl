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

-- A function kept out of line (#[noinline]), whose result is declared unique: the
-- call does not return the table it is given, so the table still leaves the lambda.
#[noinline]
def reversed_sum [n] (t: [n]i64) (xs: [n]i64) : *[n]i64 =
  map2 (\x k -> x + t[n - 1 - k]) xs (iota n)

entry through_call [m][n] (rows: [m][n]i64) =
  map (\row -> let t = tabulate n (\k -> k * 7) in reversed_sum t (reversed_sum t row)) rows
