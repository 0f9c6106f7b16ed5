-- A loop that consumes its parameter may not return for it an array bound outside
-- the loop: the next iteration would consume that array.
-- ==
-- error: error_unique_loop_result_outer\.dsl:11:16: error: the loop body consumes its parameter, but returns for it a value aliasing 'zs', which is bound outside the loop

entry main (n: i64) (xs: []i32) : []i32 =
  let zs = copy xs
  let r = loop acc = copy xs for i < n do
            let acc[0] = i32.i64 i
            let _ = acc
            in zs
  in r ++ zs
