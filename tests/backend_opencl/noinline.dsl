-- #[noinline] keeps a function out of the maps that call it (as in Futhark): `twice` is
-- inlined into its map, which becomes a kernel, while the map that calls `slow`, a
-- function marked #[noinline], runs on the host, calling it once per element. Both give
-- the same results on both backends.
-- ==
-- input { [1i32, 2i32, 3i32] [5i32, 6i32] }
-- output { [4i32, 8i32, 12i32] [20i32, 24i32] }
-- input { empty([0]i32) empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }
-- structure kernels { global 1 host 1 }

def twice (x: i32) : i32 =
  let a = x * 2
  let b = a + a
  let c = b - a
  let d = c * 2
  let e = d + 0
  in e + 0

#[noinline]
def slow (x: i32) : i32 = x * 4

entry main (xs: []i32) (ys: []i32) = (map twice xs, map slow ys)
