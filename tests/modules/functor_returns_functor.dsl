-- A functor whose body holds a module and a functor that use the outer parameter.
-- ==
-- input { 0i32 } output { 13i32 10i32 }

module type S = { val k: i32 }

module F (P: S) = {
  module Inner = { def k2 = P.k * 10 }
  module G (Q: S) = { def both = P.k + Q.k + Inner.k2 }
}

module FA = F { def k = 1i32 }
module GB = FA.G { def k = 2i32 }

entry main (x: i32) : (i32, i32) = (GB.both + x, FA.Inner.k2)
