-- Attributes on parameters and patterns (Futhark's #[attr] pat), and on any
-- expression; attributes Prism does not know are ignored, as in Futhark.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 12i32 }

def f (#[maybe_unused] x: i32) #[trace] (y: i32) : i32 = x + y

entry main (xs: []i32) : i32 =
  let #[noalias] (a, #[unused] b) = (xs[0], xs[1])
  let g = \#[param] z -> #[made_up(1, two)] z * 2
  let s = #[incremental_flattening(only_intra)] reduce (+) 0 (map g xs)
  in #[trace(sum)] f a b + s - #[opaque] 3
