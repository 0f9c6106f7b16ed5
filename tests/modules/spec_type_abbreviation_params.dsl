-- A type abbreviation with a parameter in a module type, used by later specs.
-- ==
-- input { 3i32 } output { 3i32 4i32 }

module type S = {
  type pair 'a = (a, a)
  val make: i32 -> pair i32
}

module M : S = {
  type pair 'a = (a, a)
  def make (x: i32) : pair i32 = (x, x + 1)
}

entry main (x: i32) : (i32, i32) = M.make x
