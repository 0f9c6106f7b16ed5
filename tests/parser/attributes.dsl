-- Attributes on declarations and expressions: #[unroll], #[unsafe],
-- #[sequential], and attributes with arguments.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 17i32 }

#[inline]
def f (x: i32) : i32 = x + 1

#[noinline]
#[tag(first, 2, nested(1, x))]
def g (x: i32) : i32 = x * 2

entry main (xs: []i32) : i32 =
  let s = #[sequential] reduce (+) 0 xs
  let t = #[unroll] loop acc = 0 for i < 4 do acc + i
  in #[unsafe] xs[0] + s + t + f 1 + g 1
