-- A val spec's result size `[]` is unknown to the module's users: it is not the size
-- of the argument.
-- ==
-- error: error_spec_existential_result\.dsl:15:3: error: the body does not have the declared return type: expected \[n\]i32, found \[.*\]i32

module type filt = {
  val positive : []i32 -> []i32
}

module m : filt = {
  def positive (xs: []i32) : []i32 = filter (> 0) xs
}

entry main [n] (xs: [n]i32) : [n]i32 =
  m.positive xs
