-- Nested modules, qualified names M.N.f, and outer definitions used inside.
-- ==
-- input { 3i32 } output { 30i32 7i32 31i32 }

module A = {
  def base = 1i32
  module B = {
    def seven = base + 6
    module C = {
      def f (x: i32) = x * 10
      def g (x: i32) = f x + base
    }
  }
}

entry main (x: i32) : (i32, i32, i32) = (A.B.C.f x, A.B.seven, A.B.C.g x)
