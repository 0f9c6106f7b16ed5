-- A functor is passed where the parameter's functor type promises a result the
-- functor does not give: its result has no 'f'.
-- ==
-- error: error_functor_arg_functor_mismatch\.dsl:12:21: error: the module does not define value 'f', which its module type requires

module type op = { type a  val f: a -> a }

module apply_to (F: (X: op) -> { val f: X.a -> X.a }) (A: op) = { open (F A) }

module wrong (P: op) = { def g (x: P.a) = P.f x }
module add_one = { type a = i32  def f (x: i32) = x + 1 }
module R = apply_to wrong add_one

entry main (x: i32) : i32 = x
