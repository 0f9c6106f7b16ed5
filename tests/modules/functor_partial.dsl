-- Partial application: a functor of two parameters applied to one gives a functor.
-- ==
-- input { 1i32 } output { 11i32 21i32 101i32 }

module type S = { val k: i32 }

module add (A: S) (B: S) = { def total = A.k + B.k }

module add_ten = add { def k = 10i32 }
module A = add_ten { def k = 1i32 }
module B = add_ten { def k = 11i32 }
module C = (add { def k = 100i32 }) { def k = 1i32 }

entry main (x: i32) : (i32, i32, i32) = (A.total + x - 1, B.total - x + 1, C.total + x - 1)
