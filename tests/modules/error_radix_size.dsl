-- A butterfly on arrays of a size other than its module's r does not match `radix`.
-- ==
-- error: error_radix_size\.dsl:16:22: error: 'butterfly' has type .*\[2\].*but its module type requires .*\[r\]
-- error: error_radix_size\.dsl:13:3: note: the module type's 'butterfly' is here
-- error: error_radix_size\.dsl:18:7: note: the module's 'butterfly' is here

import "complex"

module c = complex64

module type radix = {
  val r: i64
  val butterfly: [r]c.t -> [r]c.t
}

module bad : radix = {
  def r = 4i64
  def butterfly (xs: [2]c.t) : [2]c.t = [xs[0] c.+ xs[1], xs[0] c.- xs[1]]
}

entry main (x: f64) : f64 = x
