-- Most of the syntax in one program; tests/robustness/truncated.sh also compiles every
-- prefix of this file, which must be rejected with a located error or compile.
-- ==
-- input { [1f32, 2f32, 3f32] 2i64 } output { 9f32 [2i32, 2i32] }

import "complex"

-- | A record type and a module.
type point = {x: f32, y: f32}
module M = { def scale (k: f32) (p: point) : point = p with x = p.x * k }

#[inline]
local def sum [n] (xs: [n]f32) : f32 = reduce (+) 0f32 xs

entry main [n] (xs: [n]f32) (k: i64) : (f32, []i32) =
  let p = M.scale 2f32 {x = 1.5e0f32, y = 0x1.0p1f32}
  let ys = map (\x -> x * p.x / 3f32 + 0) xs |> copy
  let (a, b) = (sum ys, xs[0:k])
  let z = loop acc = 0i32 for i < i32.i64 k do acc + i
  let w = if a > 1 && !(a == 0) then z else -z
  let arr = [1i32, 2, 3] with [0] = w
  let r = match (0..2...4, "s\x41", 'c') case (_, _, #[a] 'c') -> 1 case _ -> w
  let arr = arr with [1] = (i32.u8 >-> (+ r) >-> (\x -> x - 1)) 1u8
  in (assert (a >= 0) a + sum b, map (+1) arr[0:2] ++ [])
